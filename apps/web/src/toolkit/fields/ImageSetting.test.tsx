import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeServer } from '../../test/utils';
import { openedCropDialog, renderToolkit } from '../test/render';
import { ImageSetting, imageSaveFields, uploadTooBig } from './ImageSetting';

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
  URL.createObjectURL = vi.fn(() => 'blob:local-image');
});

const IMAGE = {
  url: '/img.png',
  crop: null,
  ratio: 'original' as const,
  id: 5,
  file_id: 'upl9upl9upl9upl9upl9up',
  width: 1600,
  height: 900,
};
const number = (name: string) => screen.getByRole('spinbutton', { name }) as HTMLInputElement;

function fileInput(): HTMLInputElement {
  return document.querySelector('input[type="file"]') as HTMLInputElement;
}

describe('image with cropper', () => {
  it('saves {id}, {id}_crop, {id}_isWorkspaceAsset, {id}_ratio, {id}_id, file_id, payload and the language', () => {
    expect(
      imageSaveFields('visual', {
        ...IMAGE,
        ratio: 'square',
        crop: { x: 1, y: 2, width: 3, height: 4, reference_width: 800 },
        payload: { a: 1 },
      }),
    ).toEqual({
      visual: '/img.png',
      visual_crop: { x: 1, y: 2, width: 3, height: 4, reference_width: 800 },
      visual_isWorkspaceAsset: false,
      visual_ratio: 'square',
      visual_id: 5,
      file_id: 'upl9upl9upl9upl9upl9up',
      payload: { a: 1 },
    });
  });

  it('crops square: the box is clamped to the image and saved against the reference width 800', async () => {
    const { calls } = fakeServer({ 'POST /api/img': { data: null } });
    const { user } = renderToolkit(<ImageSetting name="visual" label="Key visual" value={IMAGE} api="/api/img" />);
    await user.click(screen.getByRole('button', { name: 'Crop' }));
    await openedCropDialog('Crop image');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Aspect ratio' }), 'square');
    expect([number('Left').value, number('Top').value, number('Width').value, number('Height').value]).toEqual(['350', '0', '900', '900']);
    fireEvent.change(number('Left'), { target: { value: '-40' } });
    expect(number('Left').value).toBe('0');
    fireEvent.change(number('Width'), { target: { value: '5000' } });
    // Square and inside the 1600 × 900 image: at most 900 high, so 900 wide.
    expect([number('Width').value, number('Height').value]).toEqual(['900', '900']);
    fireEvent.change(number('Width'), { target: { value: '400' } });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.body).toEqual({
      visual: '/img.png',
      visual_crop: { x: 0, y: 0, width: 200, height: 200, reference_width: 800 },
      visual_isWorkspaceAsset: false,
      visual_ratio: 'square',
      visual_id: 5,
      file_id: 'upl9upl9upl9upl9upl9up',
      payload: null,
      i18n: 'en',
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Crop image' })).toBeNull());
  });

  it('saves null as the crop when the whole image is selected', async () => {
    const { calls } = fakeServer({ 'POST /api/img': { data: null } });
    const cropped = { ...IMAGE, ratio: 'free' as const, crop: { x: 50, y: 50, width: 400, height: 200, reference_width: 800 } };
    const { user } = renderToolkit(<ImageSetting name="v" label="Key visual" value={cropped} api="/api/img" />);
    await user.click(screen.getByRole('button', { name: 'Crop' }));
    await openedCropDialog('Crop image');
    expect([number('Left').value, number('Top').value, number('Width').value, number('Height').value]).toEqual([
      '100',
      '100',
      '800',
      '400',
    ]);
    fireEvent.change(number('Left'), { target: { value: '0' } });
    fireEvent.change(number('Top'), { target: { value: '0' } });
    fireEvent.change(number('Width'), { target: { value: '1600' } });
    fireEvent.change(number('Height'), { target: { value: '900' } });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect((calls[0]!.body as Record<string, unknown>).v_crop).toBeNull();
  });

  it('refuses a file at or above maxFileSize with the file-too-big dialog', async () => {
    const upload = vi.fn();
    renderToolkit(<ImageSetting name="v" label="Key visual" value={IMAGE} maxFileSize={1000} upload={upload} />);
    fireEvent.change(fileInput(), { target: { files: [new File([new Uint8Array(1000)], 'big.png', { type: 'image/png' })] } });
    expect(await screen.findByRole('alertdialog', { name: 'File too big' })).toBeTruthy();
    expect(upload).not.toHaveBeenCalled();
    expect(uploadTooBig([{ size: 999 }], 1000)).toBe(false);
    expect(uploadTooBig([{ size: 600 }, { size: 400 }], 1000)).toBe(true);
  });

  it('uploads a replacement, then opens the cropper on it', async () => {
    const upload = vi.fn(async () => ({
      generic_url: '/new.png',
      file_id: 'upl77upl77upl77upl77up',
      id: 8,
      payload: { p: 1 },
      width: 800,
      height: 800,
    }));
    const { calls } = fakeServer({ 'POST /api/img': { data: null } });
    const { user } = renderToolkit(
      <ImageSetting name="v" label="Key visual" value={IMAGE} maxFileSize={10_000} upload={upload} api="/api/img" />,
    );
    fireEvent.change(fileInput(), { target: { files: [new File(['x'], 'small.png', { type: 'image/png' })] } });
    await openedCropDialog('Crop image');
    expect(upload).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.body).toMatchObject({ v: '/new.png', file_id: 'upl77upl77upl77upl77up', v_id: 8, payload: { p: 1 }, v_crop: null });
  });

  it('delete resets to the placeholder: DELETE for a preview endpoint, else file_id null to the api', async () => {
    const { calls } = fakeServer({ 'POST /api/img': { data: null }, 'DELETE /api/asset/3/preview': { data: null } });
    const { user } = renderToolkit(
      <>
        <ImageSetting name="a" label="First" value={IMAGE} api="/api/img" />
        <ImageSetting name="b" label="Second" value={IMAGE} api="/api/img" deleteApi="/api/asset/3/preview" />
      </>,
    );
    const [first, second] = screen.getAllByRole('button', { name: 'Delete' });
    await user.click(first as HTMLElement);
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.body).toMatchObject({ a: null, file_id: null, a_crop: null });
    await user.click(second as HTMLElement);
    await waitFor(() => expect(calls.map((c) => `${c.method} ${c.path}`)).toContain('DELETE /api/asset/3/preview'));
    await waitFor(() => expect(screen.getAllByText('No image')).toHaveLength(2));
  });

  it('a failed save resets the form to the saved image', async () => {
    fakeServer({ 'POST /api/img': { status: 500, body: { success: false, error: 'Storage down' } } });
    const { user } = renderToolkit(<ImageSetting name="v" label="Key visual" value={IMAGE} api="/api/img" />);
    await user.click(screen.getByRole('button', { name: 'Crop' }));
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Aspect ratio' }), 'square');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findAllByText('Storage down')).not.toHaveLength(0);
    expect(screen.getByRole('dialog', { name: 'Crop image' })).toBeTruthy();
    expect((document.querySelector('.image-setting__image') as HTMLImageElement).getAttribute('src')).toBe('/img.png');
  });
});
