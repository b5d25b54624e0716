import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeServer } from '../../test/utils';
import { renderToolkit } from '../test/render';
import { FrameSetting, HotspotSetting, LogoSetting } from './GeometrySettings';
import { BorderSetting, MeasureSetting } from './MeasureSettings';
import { editMultivalue, MultivalueSetting } from './MultivalueSetting';

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

const bodies = (calls: { body: unknown }[]) => calls.map((c) => c.body);
const number = (name: string) => screen.getByRole('spinbutton', { name }) as HTMLInputElement;
const change = (el: HTMLElement, value: string) => fireEvent.change(el, { target: { value } });

describe('measure', () => {
  it('saves value and unit; min and max are checked on save', async () => {
    const { calls } = fakeServer({ 'POST /api/m': { data: null } });
    const { user } = renderToolkit(<MeasureSetting name="m" label="Spacing" value="24px" min={0} max={100} api="/api/m" />);
    await user.click(screen.getByRole('button', { name: /^Spacing/ }));
    change(number('Value'), '120');
    fireEvent.keyDown(number('Value'), { key: 'Enter' });
    expect(await screen.findByText('Please enter a value less than or equal to 100.')).toBeTruthy();
    expect(calls).toHaveLength(0);
    change(number('Value'), '2');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Unit' }), 'rem');
    fireEvent.keyDown(number('Value'), { key: 'Enter' });
    await waitFor(() => expect(bodies(calls)).toEqual([{ m: '2rem', i18n: 'en' }]));
  });
});

describe('multivalue', () => {
  const value = {
    items: [
      { id: 'a', label: 'Small', value: 10 },
      { id: 'b', label: 'Large', value: 50 },
    ],
    locked: false,
  };

  it('clamps numbers into min and max, and applies a locked edit to all', () => {
    expect(editMultivalue(value, 'a', '500', 0, 100).items.map((i) => i.value)).toEqual([100, 50]);
    expect(editMultivalue(value, 'a', '-3', 0, 100).items.map((i) => i.value)).toEqual([0, 50]);
    expect(editMultivalue({ ...value, locked: true }, 'a', '30', 0, 100).items.map((i) => i.value)).toEqual([30, 30]);
  });

  it('saves the clamped values 1000 ms after the last input', async () => {
    vi.useFakeTimers();
    const { calls } = fakeServer({ 'POST /api/mv': { data: null } });
    renderToolkit(<MultivalueSetting name="mv" label="Sizes" variant="toggles" min={0} max={100} value={value} api="/api/mv" />, {
      fakeTimers: true,
    });
    change(number('Value of Small'), '1');
    change(number('Value of Small'), '150');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(999);
    });
    expect(calls).toHaveLength(0);
    await act(async () => {
      vi.advanceTimersByTime(1);
    });
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    expect((calls[0]!.body as { mv: typeof value }).mv.items.map((i) => i.value)).toEqual([100, 50]);
  });
});

describe('border', () => {
  it('saves width, radius and colour', async () => {
    const { calls } = fakeServer({ 'POST /api/b': { data: null } });
    const { user } = renderToolkit(
      <BorderSetting name="border" label="Border" value={{ width: 1, radius: 4, color: null }} api="/api/b" />,
    );
    await user.click(screen.getByRole('button', { name: /^Border/ }));
    change(number('Width'), '3');
    change(number('Radius'), '-2');
    fireEvent.keyDown(number('Width'), { key: 'Enter' });
    await waitFor(() => expect(bodies(calls)).toEqual([{ border: { width: 3, radius: 0, color: null }, i18n: 'en' }]));
  });
});

describe('frame and hotspot', () => {
  it('counts an empty frame side as 0 and saves 100 ms after the last change', async () => {
    vi.useFakeTimers();
    const { calls } = fakeServer({ 'POST /api/f': { data: null } });
    renderToolkit(<FrameSetting name="frame" label="Frame" value={{ top: 8, right: 8, bottom: 8, left: 8 }} api="/api/f" />, {
      fakeTimers: true,
    });
    change(number('Top'), '');
    change(number('Left'), '12');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(99);
    });
    expect(calls).toHaveLength(0);
    await act(async () => {
      vi.advanceTimersByTime(1);
    });
    await vi.waitFor(() => expect(bodies(calls)).toEqual([{ frame: { top: 0, right: 8, bottom: 8, left: 12 }, i18n: 'en' }]));
  });

  it('a hotspot with a locked ratio recomputes the other side; values are rounded integers', async () => {
    vi.useFakeTimers();
    const { calls } = fakeServer({ 'POST /api/h': { data: null } });
    renderToolkit(
      <HotspotSetting name="h" label="Hotspot" value={{ x: 0, y: 0, width: 200, height: 100 }} lockAspectRatio api="/api/h" />,
      { fakeTimers: true },
    );
    change(number('Width'), '301');
    expect(number('Height').value).toBe('151');
    change(number('X'), '4.6');
    await act(async () => {
      vi.advanceTimersByTime(100);
    });
    await vi.waitFor(() => expect(bodies(calls)).toEqual([{ h: { x: 5, y: 0, width: 301, height: 151 }, i18n: 'en' }]));
  });

  it('without the lock, the sides are independent', () => {
    renderToolkit(<HotspotSetting name="h" label="Hotspot" value={{ x: 0, y: 0, width: 200, height: 100 }} />);
    change(number('Width'), '300');
    expect(number('Height').value).toBe('100');
  });
});

describe('logo', () => {
  it('keeps auto for a side and only recomputes numbers with the ratio locked', async () => {
    vi.useFakeTimers();
    const { calls } = fakeServer({ 'POST /api/l': { data: null } });
    renderToolkit(
      <LogoSetting name="logo" label="Logo" value={{ x: 0, y: 0, width: 120, height: 'auto' }} aspectRatio={3} api="/api/l" />,
      { fakeTimers: true },
    );
    const width = screen.getByRole('textbox', { name: 'Width' }) as HTMLInputElement;
    const height = screen.getByRole('textbox', { name: 'Height' }) as HTMLInputElement;
    expect(height.value).toBe('auto');
    expect(height.disabled).toBe(true);
    change(width, '150');
    expect(height.value).toBe('auto');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Auto height' }));
    expect(height.value).toBe('150');
    change(width, '300');
    expect(height.value).toBe('100');
    await act(async () => {
      vi.advanceTimersByTime(100);
    });
    await vi.waitFor(() => expect(bodies(calls).at(-1)).toEqual({ logo: { x: 0, y: 0, width: 300, height: 100 }, i18n: 'en' }));
  });
});
