import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeServer } from '../../test/utils';
import { renderToolkit, settingRoot } from '../test/render';
import { CheckboxGroupSetting, RadioSetting } from './ChoiceGroupSettings';
import {
  ChooserSetting,
  DropdownSetting,
  HeaderSizeSetting,
  PositionSetting,
  RatioSetting,
  RoleSetting,
  ToggleSetting,
} from './ChoiceSettings';
import { SearchChooserSetting } from './SearchChooserSetting';

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

const bodies = (calls: { body: unknown }[]) => calls.map((c) => c.body);

describe('toggle', () => {
  it('saves at once, with custom true and false values', async () => {
    const { calls } = fakeServer({ 'POST /api/t': { data: null } });
    const { user } = renderToolkit(
      <ToggleSetting<'yes' | 'no'> name="t" label="News" value="no" trueValue="yes" falseValue="no" api="/api/t" />,
    );
    const toggle = screen.getByRole('switch', { name: 'News' });
    expect((toggle as HTMLInputElement).checked).toBe(false);
    await user.click(toggle);
    await waitFor(() => expect(bodies(calls)).toEqual([{ t: 'yes', i18n: 'en' }]));
    await user.click(toggle);
    await waitFor(() =>
      expect(bodies(calls)).toEqual([
        { t: 'yes', i18n: 'en' },
        { t: 'no', i18n: 'en' },
      ]),
    );
  });

  it('does not change when readonly', async () => {
    const { fetchMock } = fakeServer({});
    const { user } = renderToolkit(<ToggleSetting name="t" label="Locked" value={false} readonly api="/api/t" />);
    await user.click(screen.getByRole('switch', { name: 'Locked' }));
    expect((screen.getByRole('switch', { name: 'Locked' }) as HTMLInputElement).checked).toBe(false);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('dropdown and role', () => {
  it('a dropdown choice is saved at once', async () => {
    const { calls } = fakeServer({ 'POST /api/d': { data: null } });
    const { user } = renderToolkit(
      <DropdownSetting<string>
        name="d"
        label="Layout"
        value="grid"
        api="/api/d"
        options={[
          { value: 'grid', label: 'Grid' },
          { value: 'list', label: 'List' },
        ]}
      />,
    );
    await user.click(screen.getByRole('button', { name: /Layout/ }));
    await user.click(await screen.findByRole('option', { name: 'List' }));
    await waitFor(() => expect(bodies(calls)).toEqual([{ d: 'list', i18n: 'en' }]));
  });

  it('a role change is saved 100 ms after the last change', async () => {
    vi.useFakeTimers();
    const { calls } = fakeServer({ 'POST /api/r': { data: null } });
    const { user } = renderToolkit(<RoleSetting name="role" label="Role" value="MEMBER" api="/api/r" />, { fakeTimers: true });
    await user.click(screen.getByRole('button', { name: /Role/ }));
    await user.click(await screen.findByRole('option', { name: 'Owner' }));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(99);
    });
    expect(calls).toHaveLength(0);
    await act(async () => {
      vi.advanceTimersByTime(1);
    });
    await vi.waitFor(() => expect(bodies(calls)).toEqual([{ role: 'OWNER', i18n: 'en' }]));
  });
});

describe('choosers: cards, ratio, position, header size (saved at once)', () => {
  it('a chooser saves the chosen card; a disabled card cannot be chosen', async () => {
    const { calls } = fakeServer({ 'POST /api/c': { data: null } });
    const { user } = renderToolkit(
      <ChooserSetting<string>
        name="theme"
        label="Theme"
        value="light"
        api="/api/c"
        options={[
          { value: 'light', label: 'Light' },
          { value: 'dark', label: 'Dark' },
          { value: 'brand', label: 'Brand', disabled: true },
        ]}
      />,
    );
    expect((screen.getByRole('radio', { name: 'Brand' }) as HTMLInputElement).disabled).toBe(true);
    await user.click(screen.getByRole('radio', { name: 'Dark' }));
    await waitFor(() => expect(bodies(calls)).toEqual([{ theme: 'dark', i18n: 'en' }]));
    await waitFor(() => expect(settingRoot('Theme').dataset.flash).toBe('success'));
  });

  it('ratio, position and header size save at once', async () => {
    const { calls } = fakeServer({ 'POST /api/x': { data: null } });
    const { user } = renderToolkit(
      <>
        <RatioSetting name="ratio" label="Ratio" value="16:9" api="/api/x" />
        <PositionSetting name="position" label="Position" value="center" api="/api/x" />
        <HeaderSizeSetting name="size" label="Header size" value="medium" api="/api/x" />
      </>,
    );
    await user.click(screen.getByRole('radio', { name: '4:3' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    await user.click(screen.getByRole('radio', { name: 'Top left' }));
    await waitFor(() => expect(calls).toHaveLength(2));
    await user.click(screen.getByRole('radio', { name: 'Extra large' }));
    await waitFor(() =>
      expect(bodies(calls)).toEqual([
        { ratio: '4:3', i18n: 'en' },
        { position: 'top-left', i18n: 'en' },
        { size: 'xlarge', i18n: 'en' },
      ]),
    );
  });
});

describe('checkbox group', () => {
  const options = [
    { value: 'web', label: 'Web' },
    { value: 'print', label: 'Print' },
    { value: 'social', label: 'Social' },
  ];
  const box = (name: string) => screen.getByRole('checkbox', { name }) as HTMLInputElement;

  it('at min, the ticked boxes are disabled; at max, the unticked ones', async () => {
    const { calls } = fakeServer({ 'POST /api/g': { data: null } });
    const { user } = renderToolkit(
      <CheckboxGroupSetting<string> name="g" label="Channels" value={['web']} min={1} max={2} options={options} api="/api/g" />,
    );
    expect(box('Web').disabled).toBe(true);
    expect(box('Print').disabled).toBe(false);
    await user.click(box('Print'));
    await waitFor(() => expect(bodies(calls)).toEqual([{ g: ['web', 'print'], i18n: 'en' }]));
    // Two ticked = max: Social cannot be ticked; above min again: Web and Print can be unticked.
    expect(box('Social').disabled).toBe(true);
    expect(box('Web').disabled).toBe(false);
    expect(box('Print').disabled).toBe(false);
    expect(screen.getByText('Choose between 1 and 2.')).toBeTruthy();
  });

  it('a radio value of the text null is saved as null', async () => {
    const { calls } = fakeServer({ 'POST /api/r': { data: null } });
    const { user } = renderToolkit(
      <RadioSetting
        name="align"
        label="Alignment"
        value="left"
        api="/api/r"
        options={[
          { value: 'null', label: 'Default' },
          { value: 'left', label: 'Left' },
        ]}
      />,
    );
    await user.click(screen.getByRole('radio', { name: 'Default' }));
    await waitFor(() => expect(bodies(calls)).toEqual([{ align: null, i18n: 'en' }]));
    expect((screen.getByRole('radio', { name: 'Default' }) as HTMLInputElement).checked).toBe(true);
  });
});

describe('search chooser', () => {
  const options = Array.from({ length: 15 }, (_, i) => ({ value: `v${i}`, label: `Option ${String(i).padStart(2, '0')}` }));

  it('filters, moves with the arrow keys, scrolls only past index 7 going down and below 4 going up, and saves on Enter', async () => {
    const scrolled: string[] = [];
    const scrollIntoView = vi.fn(function (this: HTMLElement) {
      scrolled.push(this.textContent ?? '');
    });
    Element.prototype.scrollIntoView = scrollIntoView;
    const { calls } = fakeServer({ 'POST /api/s': { data: null } });
    const { user } = renderToolkit(<SearchChooserSetting<string> name="s" label="Option" value="v0" options={options} api="/api/s" />);
    const input = screen.getByRole('combobox', { name: 'Option' });
    await user.click(input);
    for (let i = 0; i < 9; i += 1) await user.keyboard('{ArrowDown}');
    // Indexes 0…8 were highlighted: only 8 is above 7.
    expect(scrolled).toEqual(['Option 08']);
    expect(input.getAttribute('aria-activedescendant')).toMatch(/option-8$/);
    for (let i = 0; i < 5; i += 1) await user.keyboard('{ArrowUp}');
    // 7, 6, 5, 4, 3: only 3 is below 4.
    expect(scrolled).toEqual(['Option 08', 'Option 03']);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(bodies(calls)).toEqual([{ s: 'v3', i18n: 'en' }]));

    await user.type(input, '1');
    const list = screen.getByRole('listbox', { name: 'Option' });
    expect(
      within(list)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Option 01', 'Option 10', 'Option 11', 'Option 12', 'Option 13', 'Option 14']);
    await user.click(within(list).getByRole('option', { name: 'Option 12' }));
    await waitFor(() => expect(bodies(calls)).toHaveLength(2));
    expect(bodies(calls)[1]).toEqual({ s: 'v12', i18n: 'en' });
  });
});
