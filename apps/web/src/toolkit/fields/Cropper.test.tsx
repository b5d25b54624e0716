import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeServer } from '../../test/utils';
import { openedCropDialog, renderToolkit } from '../test/render';
import { ImageSetting } from './ImageSetting';

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

const WIDE = {
  url: '/logo.png',
  crop: null,
  ratio: 'square' as const,
  id: null,
  file_id: 'upl9upl9upl9upl9upl9up',
  width: 1600,
  height: 400,
};

describe('the crop dialog', () => {
  it('shades only the image outside the box: the shade is clipped to the image, the box itself casts none', async () => {
    const { user } = renderToolkit(<ImageSetting name="visual" label="Key visual" value={{ ...WIDE, ratio: 'original' }} api="/api/img" />);
    await user.click(screen.getByRole('button', { name: 'Crop' }));
    const dialog = await openedCropDialog('Crop image');
    const shade = within(dialog).getByTestId('crop-shade');
    const clip = shade.parentElement as HTMLElement;
    // The clip covers the stage (the image) and hides what the shade's shadow casts beyond it (its CSS:
    // cropper-css.test.ts).
    expect(clip.className).toBe('cropper__clip');
    expect(clip.parentElement?.className).toBe('cropper__stage');
    // The shade follows the box.
    const box = within(dialog).getByTestId('crop-box');
    expect(shade.getAttribute('style')).toBe(box.getAttribute('style'));
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeTruthy();
  });

  it('offers Fit (pad) first for a setting that fits: the whole image is previewed in a square and saved with {name}_fit pad', async () => {
    const { calls } = fakeServer({ 'PATCH /api/brand/4': { data: null } });
    const { user } = renderToolkit(
      <ImageSetting name="avatar" label="Avatar" value={WIDE} ratios={['square']} fits api="/api/brand/4" method="PATCH" />,
    );
    await user.click(screen.getByRole('button', { name: 'Crop' }));
    const dialog = await openedCropDialog('Fit or crop image');
    const pad = within(dialog).getByRole('radio', { name: /Fit \(pad\)/ }) as HTMLInputElement;
    expect(pad.checked).toBe(true);
    expect(within(dialog).getByTestId('fit-preview')).toBeTruthy();
    expect(within(dialog).queryByTestId('crop-box')).toBeNull();
    expect(within(dialog).queryByRole('combobox', { name: 'Aspect ratio' })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.body).toMatchObject({ avatar: '/logo.png', avatar_crop: null, avatar_fit: 'pad', file_id: WIDE.file_id });
  });

  it('crops to a square instead when Crop is chosen, saved with {name}_fit crop', async () => {
    const { calls } = fakeServer({ 'PATCH /api/brand/4': { data: null } });
    const { user } = renderToolkit(
      <ImageSetting name="avatar" label="Avatar" value={WIDE} ratios={['square']} fits api="/api/brand/4" method="PATCH" />,
    );
    await user.click(screen.getByRole('button', { name: 'Crop' }));
    const dialog = await openedCropDialog('Fit or crop image');
    await user.click(within(dialog).getByRole('radio', { name: /Crop/ }));
    expect(within(dialog).queryByTestId('fit-preview')).toBeNull();
    expect(within(dialog).getByTestId('crop-box')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    // The largest centred square of the 1600 × 400 image, against the reference width 800.
    expect(calls[0]?.body).toMatchObject({
      avatar_crop: { x: 300, y: 0, width: 200, height: 200, reference_width: 800 },
      avatar_ratio: 'square',
      avatar_fit: 'crop',
    });
  });

  it('sends no {name}_fit for settings that do not offer fitting', async () => {
    const { calls } = fakeServer({ 'POST /api/img': { data: null } });
    const { user } = renderToolkit(<ImageSetting name="visual" label="Key visual" value={{ ...WIDE, ratio: 'original' }} api="/api/img" />);
    await user.click(screen.getByRole('button', { name: 'Crop' }));
    const dialog = await openedCropDialog('Crop image');
    expect(within(dialog).queryByRole('radio')).toBeNull();
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Aspect ratio' }), 'square');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(Object.keys(calls[0]?.body as object)).not.toContain('visual_fit');
  });
});
