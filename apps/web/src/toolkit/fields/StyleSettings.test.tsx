import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeServer } from '../../test/utils';
import { renderToolkit } from '../test/render';
import { type ButtonStyle, ButtonStyleSetting } from './ButtonStyleSetting';
import { serialiseTypography, type TypographyStyle, TypographyStyleSetting } from './TypographyStyleSetting';

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

const STYLE: TypographyStyle = {
  family: 'system-ui',
  family_css: 'system-ui, sans-serif',
  provider: 'system',
  weight: 400,
  size: '16px',
  line_height: '1.5',
  color: null,
  uppercase: false,
  italic: false,
  underline: false,
  letterspacing: 'normal',
};

const FONTS = [
  { family_name: 'system-ui', display_name: 'System UI', provider: 'system', css: 'system-ui, sans-serif' },
  { family_name: 'Inter', display_name: 'Inter', provider: 'Google', css: '"Inter", sans-serif' },
];

describe('typography style', () => {
  it('normalises the letter spacing on save and lower-cases the provider', async () => {
    const { calls } = fakeServer({ 'POST /api/t': { data: null } });
    const { user } = renderToolkit(<TypographyStyleSetting name="h1" label="Heading" value={STYLE} fonts={FONTS} api="/api/t" />);
    await user.click(screen.getByRole('button', { name: /^Heading/ }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Letter spacing' }), { target: { value: '2pt' } });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Font' }), 'Inter');
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'Size' }), { key: 'Enter' });
    await waitFor(() => expect(calls).toHaveLength(1));
    const sent = (calls[0]!.body as { h1: TypographyStyle }).h1;
    expect(sent.letterspacing).toBe('2px');
    expect(sent.provider).toBe('google');
    expect(sent.family_css).toBe('"Inter", sans-serif');
  });

  it('offers weights 100–900 for Google fonts only', async () => {
    const { user } = renderToolkit(<TypographyStyleSetting name="h1" label="Heading" value={STYLE} fonts={FONTS} />);
    await user.click(screen.getByRole('button', { name: /^Heading/ }));
    const weights = () =>
      within(screen.getByRole('combobox', { name: 'Weight' }))
        .getAllByRole('option')
        .map((o) => o.textContent);
    expect(weights()).toEqual(['400', '700']);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Font' }), 'Inter');
    expect(weights()).toEqual(['100', '200', '300', '400', '500', '600', '700', '800', '900']);
  });

  it('the link variant edits hover and active, saved as _hover and _active fields', async () => {
    const { calls } = fakeServer({ 'POST /api/l': { data: null } });
    const { user } = renderToolkit(<TypographyStyleSetting name="link" label="Link" link value={STYLE} fonts={FONTS} api="/api/l" />);
    await user.click(screen.getByRole('button', { name: /^Link/ }));
    await user.click(screen.getByRole('tab', { name: 'Hover' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Letter spacing' }), { target: { value: '0.1em' } });
    await user.click(screen.getByRole('checkbox', { name: 'Underline' }));
    await user.click(screen.getByRole('tab', { name: 'Active' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Weight' }), '700');
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'Size' }), { key: 'Enter' });
    await waitFor(() => expect(calls).toHaveLength(1));
    const sent = (calls[0]!.body as { link: TypographyStyle }).link;
    expect(sent).toMatchObject({ letterspacing_hover: '0.1em', underline_hover: true, weight_active: 700, weight: 400, underline: false });
  });

  it('serialiseTypography normalises every letter spacing', () => {
    expect(serialiseTypography({ ...STYLE, letterspacing: '3', letterspacing_hover: '', letterspacing_active: 'wide' })).toMatchObject({
      letterspacing: '3px',
      letterspacing_hover: 'normal',
      letterspacing_active: '0px',
    });
  });
});

describe('button style', () => {
  const style: ButtonStyle = {
    family: 'system-ui',
    family_css: 'system-ui',
    provider: 'system',
    color: { rgb: 'rgb(255, 255, 255)', alpha: 100 },
    color_hover: { rgb: 'rgb(0, 0, 0)', alpha: 100 },
    weight: 700,
    size: '16px',
    line_height: '1.2',
    uppercase: false,
    italic: false,
    border_width: 1,
    border_radius: 4,
    border_color: null,
    border_color_hover: null,
    frame: { top: 8, right: 16, bottom: 8, left: 16 },
    background_color: { rgb: 'rgb(10, 20, 30)', alpha: 100 },
    background_color_hover: { rgb: 'rgb(200, 0, 0)', alpha: 100 },
  };

  it('the preview follows the Default and Hover tabs', async () => {
    const { user } = renderToolkit(<ButtonStyleSetting name="b" label="Button" value={style} />);
    await user.click(screen.getByRole('button', { name: /^Button/ }));
    const preview = () => document.querySelector<HTMLElement>('.tabs__panel:not([inert]) .button-preview');
    expect(preview()?.dataset.previewState).toBe('default');
    expect(preview()?.style.backgroundColor).toBe('rgb(10, 20, 30)');
    await user.click(screen.getByRole('tab', { name: 'Hover' }));
    expect(preview()?.dataset.previewState).toBe('hover');
    expect(preview()?.style.backgroundColor).toBe('rgb(200, 0, 0)');
    expect(preview()?.style.color).toBe('rgb(0, 0, 0)');
  });

  it('saves the whole style, the hover colours included', async () => {
    const { calls } = fakeServer({ 'POST /api/b': { data: null } });
    const { user } = renderToolkit(<ButtonStyleSetting name="b" label="Button" value={style} api="/api/b" />);
    await user.click(screen.getByRole('button', { name: /^Button/ }));
    fireEvent.change(screen.getByRole('spinbutton', { name: 'Radius' }), { target: { value: '12' } });
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'Size' }), { key: 'Enter' });
    await waitFor(() => expect(calls).toHaveLength(1));
    expect((calls[0]!.body as { b: ButtonStyle }).b).toMatchObject({
      border_radius: 12,
      background_color_hover: style.background_color_hover,
    });
  });
});
