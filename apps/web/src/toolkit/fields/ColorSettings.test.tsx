import { act, fireEvent, renderHook, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeServer } from '../../test/utils';
import { renderToolkit } from '../test/render';
import { ColorListSetting } from './ColorListSetting';
import { InlineColorPicker, useThrottle } from './ColorPicker';
import { ColorSetting } from './ColorSettings';

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

const bodies = (calls: { body: unknown }[]) => calls.map((c) => c.body);

describe('colour', () => {
  it('shows an unparsable colour as transparent white', () => {
    renderToolkit(<ColorSetting name="c" label="Accent" value={{ rgb: 'nonsense' }} />);
    expect(screen.getByRole('button', { name: /Accent/ }).textContent).toContain('#FFFFFF · 0%');
  });

  it('saves rgb, hex and alpha 0–100 when the picker closes', async () => {
    const { calls } = fakeServer({ 'POST /api/c': { data: null } });
    const { user } = renderToolkit(
      <>
        <ColorSetting name="c" label="Accent" value={{ rgb: 'rgb(0, 0, 0)', alpha: 100 }} api="/api/c" />
        <button type="button">Elsewhere</button>
      </>,
    );
    await user.click(screen.getByRole('button', { name: /Accent/ }));
    const hex = await screen.findByRole('textbox', { name: 'Hex' });
    await user.clear(hex);
    await user.type(hex, '#1d5fd1');
    await user.clear(screen.getByRole('spinbutton', { name: 'Opacity (0–100)' }));
    await user.type(screen.getByRole('spinbutton', { name: 'Opacity (0–100)' }), '250');
    expect((screen.getByRole('spinbutton', { name: 'Opacity (0–100)' }) as HTMLInputElement).value).toBe('100');
    await user.clear(screen.getByRole('spinbutton', { name: 'Opacity (0–100)' }));
    await user.type(screen.getByRole('spinbutton', { name: 'Opacity (0–100)' }), '40');
    expect(calls).toHaveLength(0);
    await user.click(document.body);
    await waitFor(() => expect(bodies(calls)).toEqual([{ c: { rgb: 'rgba(29, 95, 209, 0.4)', hex: '#1D5FD1', alpha: 40 }, i18n: 'en' }]));
  });

  it('Escape closes the picker without saving', async () => {
    const { calls } = fakeServer({ 'POST /api/c': { data: null } });
    const { user } = renderToolkit(<ColorSetting name="c" label="Accent" value={{ rgb: 'rgb(0, 0, 0)', alpha: 100 }} api="/api/c" />);
    await user.click(screen.getByRole('button', { name: /Accent/ }));
    const hex = await screen.findByRole('textbox', { name: 'Hex' });
    await user.clear(hex);
    await user.type(hex, 'ff0000');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('textbox', { name: 'Hex' })).toBeNull());
    expect(screen.getByRole('button', { name: /Accent/ }).textContent).toContain('#000000');
    expect(calls).toHaveLength(0);
  });

  it('applies a pasted hex value after 10 ms', async () => {
    vi.useFakeTimers();
    const onChange = vi.fn();
    renderToolkit(<InlineColorPicker label="Pick" value="rgb(0, 0, 0)" onChange={onChange} />, { fakeTimers: true });
    const hex = screen.getByRole('textbox', { name: 'Hex' });
    fireEvent.paste(hex, { clipboardData: { getData: () => '#00FF00' } });
    act(() => vi.advanceTimersByTime(9));
    expect(onChange).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onChange).toHaveBeenCalledWith({ rgb: 'rgb(0, 255, 0)', hex: '#00FF00', alpha: 100 });
  });

  it('throttles picker changes to one per 50 ms (leading and trailing)', () => {
    vi.useFakeTimers();
    const fn = vi.fn();
    const { result } = renderHook(() => useThrottle(fn, 50));
    act(() => {
      result.current(1);
      result.current(2);
      result.current(3);
    });
    expect(fn.mock.calls).toEqual([[1]]);
    act(() => vi.advanceTimersByTime(49));
    expect(fn.mock.calls).toEqual([[1]]);
    act(() => vi.advanceTimersByTime(1));
    expect(fn.mock.calls).toEqual([[1], [3]]);
  });
});

describe('colour list', () => {
  it('reads palettes from GET /api/color/library/{paletteId}, ignores duplicates and saves at once', async () => {
    const { calls } = fakeServer({
      'GET /api/color/library/7': {
        body: {
          success: true,
          palettes: [
            {
              name: 'Brand',
              colors: [
                { id: 1, name: 'Blue', css_value: '#1b3a6b' },
                { id: 2, name: 'Sun', css_value: 'rgb(244, 197, 66)' },
              ],
            },
          ],
        },
      },
      'POST /api/list': { data: null },
    });
    const { user } = renderToolkit(
      <ColorListSetting name="colors" label="Colours" value={[{ rgb: 'rgb(27, 58, 107)', alpha: 100 }]} paletteId={7} api="/api/list" />,
    );
    await user.click(await screen.findByRole('button', { name: 'Add Blue' }));
    // Blue is already in the list: nothing changes, nothing is saved.
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Add Sun' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    expect((calls.find((c) => c.method === 'POST')!.body as { colors: unknown[] }).colors).toEqual([
      { rgb: 'rgb(27, 58, 107)', hex: '#1B3A6B', alpha: 100 },
      { rgb: 'rgb(244, 197, 66)', hex: '#F4C542', alpha: 100 },
    ]);
    expect(screen.getByRole('button', { name: 'Add Sun' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('says when there are no palettes, and when there is no style guide', async () => {
    fakeServer({ 'GET /api/color/library/3': { body: { success: true, palettes: [] } } });
    renderToolkit(
      <>
        <ColorListSetting name="a" label="A" value={[]} paletteId={3} />
        <ColorListSetting name="b" label="B" value={[]} paletteId={4} noStyleguide />
      </>,
    );
    expect(await screen.findByText('There are no color palettes defined yet.')).toBeTruthy();
    expect(screen.getByText('There is no styleguide defined yet.')).toBeTruthy();
  });

  it('with restrictions offers only the allowed colours and no define mode', () => {
    renderToolkit(
      <ColorListSetting name="r" label="R" value={[]} restrictions={{ allowed: [{ id: 1, css_value: '#ff0000', name: 'Red' }] }} />,
    );
    expect(screen.getByRole('button', { name: 'Add Red' })).toBeTruthy();
    expect((screen.getByRole('radio', { name: 'Define' }) as HTMLInputElement).disabled).toBe(true);
  });

  it('defines a new colour and removes one', async () => {
    const { calls } = fakeServer({ 'POST /api/l': { data: null } });
    const { user } = renderToolkit(<ColorListSetting name="l" label="L" value={[{ rgb: 'rgb(0, 0, 0)', alpha: 100 }]} api="/api/l" />);
    const hex = screen.getByRole('textbox', { name: 'Hex' });
    await user.clear(hex);
    await user.type(hex, '00ff00');
    await user.click(screen.getByRole('button', { name: 'Add colour' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: 'Remove #000000 · 100%' }));
    await waitFor(() => expect(calls).toHaveLength(2));
    expect((calls[1]!.body as { l: unknown[] }).l).toEqual([{ rgb: 'rgb(0, 255, 0)', hex: '#00FF00', alpha: 100 }]);
  });
});
