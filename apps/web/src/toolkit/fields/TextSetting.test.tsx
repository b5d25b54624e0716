import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeServer } from '../../test/utils';
import { renderToolkit, settingRoot } from '../test/render';
import { SnippetTextSetting, TextSetting, TimeSetting } from './TextSetting';

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

const display = (label: string) => screen.getByRole('button', { name: new RegExp(`^${label}`) });
const box = (label: string) => screen.getByRole('textbox', { name: label });

describe('text', () => {
  it('a multi-line text keeps Enter for new lines and saves with Ctrl+Enter', async () => {
    const onSaved = vi.fn();
    const { user } = renderToolkit(<TextSetting name="t" label="Body" value="a" multiline autosave={false} onSaved={onSaved} />);
    await user.click(display('Body'));
    await user.type(box('Body'), '{Enter}b');
    expect(onSaved).not.toHaveBeenCalled();
    expect(settingRoot('Body').dataset.state).toBe('active');
    await user.keyboard('{Control>}{Enter}{/Control}');
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith('a\nb', expect.anything()));
  });
});

describe('snippet text', () => {
  it('autosaves 800 ms after typing stops', async () => {
    vi.useFakeTimers();
    const { calls } = fakeServer({ 'POST /api/s': { data: null } });
    const { user } = renderToolkit(<SnippetTextSetting name="s" label="Snippet" value="" api="/api/s" />, { fakeTimers: true });
    await user.click(display('Snippet'));
    await user.type(box('Snippet'), 'Hi');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(500);
    });
    await user.type(box('Snippet'), '!');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(799);
    });
    expect(calls).toHaveLength(0);
    await act(async () => {
      vi.advanceTimersByTime(1);
    });
    await vi.waitFor(() => expect(calls.map((c) => c.body)).toEqual([{ s: 'Hi!', i18n: 'en' }]));
  });

  it('autosaves after 600 ms in source mode', async () => {
    vi.useFakeTimers();
    const { calls } = fakeServer({ 'POST /api/s': { data: null } });
    const { user } = renderToolkit(<SnippetTextSetting name="s" label="Source" value="" api="/api/s" sourceMode />, { fakeTimers: true });
    await user.click(display('Source'));
    await user.type(box('Source'), '<b>');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(599);
    });
    expect(calls).toHaveLength(0);
    await act(async () => {
      vi.advanceTimersByTime(1);
    });
    await vi.waitFor(() => expect(calls).toHaveLength(1));
  });
});

describe('time', () => {
  it('shows mm:ss up to a maximum of 3600 s and hh:mm:ss above', () => {
    renderToolkit(
      <>
        <TimeSetting name="a" label="Short" value={95} maxValueInSeconds={3600} />
        <TimeSetting name="b" label="Long" value={95} maxValueInSeconds={3601} />
      </>,
    );
    expect(display('Short').textContent).toContain('01:35');
    expect(display('Long').textContent).toContain('00:01:35');
  });

  it('saves the number of seconds, clamped to the maximum', async () => {
    const { calls } = fakeServer({ 'POST /api/t': { data: null } });
    const onSaved = vi.fn();
    const { user } = renderToolkit(
      <TimeSetting name="t" label="Length" value={10} maxValueInSeconds={300} api="/api/t" onSaved={onSaved} />,
    );
    await user.click(display('Length'));
    await user.clear(box('Length'));
    await user.type(box('Length'), '09:00{Enter}');
    await waitFor(() => expect(calls.map((c) => c.body)).toEqual([{ t: 300, i18n: 'en' }]));
    expect(onSaved).toHaveBeenCalledWith(300);
    expect(display('Length').textContent).toContain('05:00');
  });

  it('keeps post-decimal digits', async () => {
    const { calls } = fakeServer({ 'POST /api/t': { data: null } });
    const { user } = renderToolkit(<TimeSetting name="t" label="Start" value={0} postDecimalDigits={2} api="/api/t" />);
    expect(display('Start').textContent).toContain('00:00.00');
    await user.click(display('Start'));
    await user.clear(box('Start'));
    await user.type(box('Start'), '01:02.25{Enter}');
    await waitFor(() => expect(calls.map((c) => c.body)).toEqual([{ t: 62.25, i18n: 'en' }]));
  });

  it('refuses text that is neither mm:ss nor hh:mm:ss, and stays', async () => {
    const { calls } = fakeServer({ 'POST /api/t': { data: null } });
    const { user } = renderToolkit(<TimeSetting name="t" label="Length" value={10} api="/api/t" />);
    await user.click(display('Length'));
    await user.clear(box('Length'));
    await user.type(box('Length'), '90');
    fireEvent.keyDown(box('Length'), { key: 'Enter' });
    expect(await screen.findByText('Use the form 00:00.')).toBeTruthy();
    expect(settingRoot('Length').dataset.pulse).toBe('true');
    expect(calls).toHaveLength(0);
  });

  it('an equal time written differently is not a change', async () => {
    const { calls } = fakeServer({ 'POST /api/t': { data: null } });
    const { user } = renderToolkit(<TimeSetting name="t" label="Length" value={65} api="/api/t" />);
    await user.click(display('Length'));
    await user.clear(box('Length'));
    await user.type(box('Length'), '1:05{Enter}');
    expect(settingRoot('Length').dataset.state).toBe('focused');
    expect(calls).toHaveLength(0);
  });
});
