import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeServer } from '../../test/utils';
import { renderToolkit, settingRoot } from '../test/render';
import { DateSetting } from './DateSetting';

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

const TODAY = new Date(2026, 5, 15);
const display = (label: string) => screen.getByRole('button', { name: new RegExp(`^${label}`) });
const box = (label: string) => screen.getByRole('textbox', { name: label });

describe('date', () => {
  it('shows DD/MM/YYYY and saves the value format', async () => {
    const { calls } = fakeServer({ 'POST /api/d': { data: null } });
    const onSaved = vi.fn();
    const { user } = renderToolkit(<DateSetting name="d" label="Launch" value="2026-07-01" today={TODAY} api="/api/d" onSaved={onSaved} />);
    expect(display('Launch').textContent).toContain('01/07/2026');
    await user.click(display('Launch'));
    await user.clear(box('Launch'));
    await user.type(box('Launch'), '24/12/2026{Enter}');
    await waitFor(() => expect(calls.map((c) => c.body)).toEqual([{ d: '2026-12-24', i18n: 'en' }]));
    expect(onSaved).toHaveBeenCalledWith('2026-12-24');
  });

  it('refuses a date before the minimum (today by default)', async () => {
    const { calls } = fakeServer({ 'POST /api/d': { data: null } });
    const { user } = renderToolkit(<DateSetting name="d" label="Launch" value={null} today={TODAY} api="/api/d" />);
    await user.click(display('Launch'));
    await user.type(box('Launch'), '14/06/2026');
    fireEvent.keyDown(box('Launch'), { key: 'Enter' });
    expect(await screen.findByText('Please enter 15/06/2026 or later.')).toBeTruthy();
    expect(settingRoot('Launch').dataset.pulse).toBe('true');
    expect(calls).toHaveLength(0);
  });

  it('takes any date with noMinDate, and a custom format', async () => {
    const { calls } = fakeServer({ 'POST /api/d': { data: null } });
    const { user } = renderToolkit(
      <DateSetting name="d" label="Founded" value={null} noMinDate format="YYYY-MM-DD" today={TODAY} api="/api/d" />,
    );
    await user.click(display('Founded'));
    await user.type(box('Founded'), '1998-03-14{Enter}');
    await waitFor(() => expect(calls.map((c) => c.body)).toEqual([{ d: '1998-03-14', i18n: 'en' }]));
  });

  it('refuses a day that does not exist', async () => {
    const { user } = renderToolkit(<DateSetting name="d" label="Launch" value={null} noMinDate today={TODAY} />);
    await user.click(display('Launch'));
    await user.type(box('Launch'), '31/02/2027');
    fireEvent.keyDown(box('Launch'), { key: 'Enter' });
    expect(await screen.findByText('Please enter a valid date (DD/MM/YYYY).')).toBeTruthy();
  });

  it('shows the server error at the field', async () => {
    fakeServer({ 'POST /api/d': { status: 422, body: { success: false, errors: { d: ['The date is taken'] } } } });
    const { user } = renderToolkit(<DateSetting name="d" label="Launch" value={null} noMinDate today={TODAY} api="/api/d" />);
    await user.click(display('Launch'));
    await user.type(box('Launch'), '01/01/2030{Enter}');
    expect(await screen.findByText('The date is taken')).toBeTruthy();
    expect(box('Launch').getAttribute('aria-invalid')).toBe('true');
  });
});
