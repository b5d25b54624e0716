import { VALIDATION_KEYS } from '@emblem/core';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../lib/i18n';
import { pageLoader } from '../../lib/navigation';
import { fakeServer } from '../../test/utils';
import { TextSetting } from '../fields/TextSetting';
import { renderToolkit, settingRoot } from '../test/render';
import { Setting } from './Setting';
import { needsSignIn, readReply, saveSetting } from './save';
import { FLASH_MS } from './useSettingFeedback';

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

const display = (label: string) => screen.getByRole('button', { name: new RegExp(`^${label}`) });
const input = (label: string) => screen.getByRole('textbox', { name: label });

describe('the inline setting: states', () => {
  it('is idle, focused on focus, and active on click with the editor focused', async () => {
    const { user } = renderToolkit(<TextSetting name="title" label="Title" value="Hello" autosave={false} />);
    expect(settingRoot('Title').dataset.state).toBe('idle');
    act(() => display('Title').focus());
    expect(settingRoot('Title').dataset.state).toBe('focused');
    await user.click(display('Title'));
    expect(settingRoot('Title').dataset.state).toBe('active');
    expect(document.activeElement).toBe(input('Title'));
  });

  it('activates with Enter from the focused display', async () => {
    const { user } = renderToolkit(<TextSetting name="title" label="Title" value="Hello" autosave={false} />);
    act(() => display('Title').focus());
    await user.keyboard('{Enter}');
    expect(settingRoot('Title').dataset.state).toBe('active');
  });

  it('saves a changed value with Enter: POST with the fields and the language, success flash, back to focused', async () => {
    const { calls } = fakeServer({ 'POST /api/page/1': { data: null } });
    const onSaved = vi.fn();
    const { user } = renderToolkit(
      <TextSetting name="title" label="Title" value="Hello" api="/api/page/1" autosave={false} onSaved={onSaved} />,
    );
    await user.click(display('Title'));
    await user.clear(input('Title'));
    await user.type(input('Title'), 'Welcome{Enter}');
    await waitFor(() => expect(settingRoot('Title').dataset.flash).toBe('success'));
    expect(calls).toEqual([expect.objectContaining({ method: 'POST', path: '/api/page/1', body: { title: 'Welcome', i18n: 'en' } })]);
    expect(settingRoot('Title').dataset.state).toBe('focused');
    expect(document.activeElement).toBe(display('Title'));
    expect(display('Title').textContent).toContain('Welcome');
    expect(onSaved).toHaveBeenCalledWith('Welcome', expect.objectContaining({ success: true }));
    expect(screen.getByRole('status').textContent).toBe('Saved');
  });

  it('uses PUT when asked', async () => {
    const { calls } = fakeServer({ 'PUT /api/page/1': { data: null } });
    const { user } = renderToolkit(<TextSetting name="title" label="Title" value="A" api="/api/page/1" method="PUT" autosave={false} />);
    await user.click(display('Title'));
    await user.type(input('Title'), 'B{Enter}');
    await waitFor(() => expect(calls.map((c) => c.method)).toEqual(['PUT']));
  });

  it('saves only a changed value; Enter on an unchanged value just leaves', async () => {
    const { calls } = fakeServer({ 'POST /api/x': { data: null } });
    const { user } = renderToolkit(<TextSetting name="title" label="Title" value="Same" api="/api/x" autosave={false} />);
    await user.click(display('Title'));
    await user.type(input('Title'), '!{Backspace}{Enter}');
    expect(settingRoot('Title').dataset.state).toBe('focused');
    expect(settingRoot('Title').dataset.flash).toBeUndefined();
    expect(calls).toHaveLength(0);
  });

  it('leaves without saving on Escape and restores the value', async () => {
    const { calls } = fakeServer({ 'POST /api/x': { data: null } });
    const { user } = renderToolkit(<TextSetting name="title" label="Title" value="Kept" api="/api/x" autosave={false} />);
    await user.click(display('Title'));
    await user.type(input('Title'), ' changed');
    await user.keyboard('{Escape}');
    expect(settingRoot('Title').dataset.state).toBe('focused');
    expect(display('Title').textContent).toContain('Kept');
    expect(calls).toHaveLength(0);
    await user.keyboard('{Enter}');
    expect((input('Title') as HTMLInputElement).value).toBe('Kept');
  });

  it('Tab saves a valid changed value first and activates the next setting; Shift-Tab goes back', async () => {
    const { calls } = fakeServer({ 'POST /api/a': { data: null }, 'POST /api/b': { data: null } });
    const { user } = renderToolkit(
      <>
        <TextSetting name="a" label="First" value="1" api="/api/a" autosave={false} />
        <TextSetting name="b" label="Second" value="2" api="/api/b" autosave={false} />
      </>,
    );
    await user.click(display('First'));
    await user.type(input('First'), '1');
    await user.tab();
    await waitFor(() => expect(settingRoot('Second').dataset.state).toBe('active'));
    expect(calls.map((c) => [c.path, c.body])).toEqual([['/api/a', { a: '11', i18n: 'en' }]]);
    expect(settingRoot('First').dataset.state).toBe('idle');
    expect(document.activeElement).toBe(input('Second'));
    await user.tab({ shift: true });
    await waitFor(() => expect(settingRoot('First').dataset.state).toBe('active'));
    // The second was unchanged: nothing more was sent.
    expect(calls).toHaveLength(1);
  });

  it('an invalid value stays, pulses and shows the standard message; nothing is sent', async () => {
    const { calls } = fakeServer({ 'POST /api/a': { data: null } });
    const { user } = renderToolkit(
      <>
        <TextSetting name="a" label="First" value="x" api="/api/a" rules={{ required: true }} autosave={false} />
        <TextSetting name="b" label="Second" value="y" autosave={false} />
      </>,
    );
    await user.click(display('First'));
    await user.clear(input('First'));
    await user.tab();
    const root = settingRoot('First');
    expect(root.dataset.state).toBe('active');
    expect(root.dataset.pulse).toBe('true');
    expect(root.dataset.flash).toBe('error');
    expect(document.activeElement).toBe(input('First'));
    expect(input('First').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('This field is required.')).toBeTruthy();
    expect(settingRoot('Second').dataset.state).toBe('idle');
    expect(calls).toHaveLength(0);
  });

  it('the pulse wears off after its animation', async () => {
    vi.useFakeTimers();
    const { user } = renderToolkit(<TextSetting name="a" label="First" value="x" rules={{ required: true }} autosave={false} />, {
      fakeTimers: true,
    });
    await user.click(display('First'));
    await user.clear(input('First'));
    await user.keyboard('{Enter}');
    expect(settingRoot('First').dataset.pulse).toBe('true');
    act(() => vi.advanceTimersByTime(700));
    expect(settingRoot('First').dataset.pulse).toBeUndefined();
    expect(settingRoot('First').dataset.state).toBe('active');
  });

  it('moving focus elsewhere saves a valid changed value; an invalid one stays active', async () => {
    const { calls } = fakeServer({ 'POST /api/a': { data: null } });
    const { user } = renderToolkit(
      <>
        <TextSetting name="a" label="First" value="x" api="/api/a" rules={{ maxlength: 3 }} autosave={false} />
        <button type="button">Elsewhere</button>
      </>,
    );
    await user.click(display('First'));
    await user.type(input('First'), 'yyy');
    await user.click(screen.getByRole('button', { name: 'Elsewhere' }));
    expect(settingRoot('First').dataset.state).toBe('active');
    expect(settingRoot('First').dataset.pulse).toBe('true');
    expect(screen.getByText('Please enter no more than 3 characters.')).toBeTruthy();
    await user.type(input('First'), '{Backspace}{Backspace}');
    await user.click(screen.getByRole('button', { name: 'Elsewhere' }));
    await waitFor(() => expect(settingRoot('First').dataset.state).toBe('idle'));
    expect(calls.map((c) => c.body)).toEqual([{ a: 'xy', i18n: 'en' }]);
  });

  it('a readonly setting leaves at once when entered', async () => {
    const { user } = renderToolkit(<TextSetting name="a" label="Locked" value="v" readonly autosave={false} />);
    await user.click(display('Locked'));
    expect(settingRoot('Locked').dataset.state).toBe('focused');
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(display('Locked').getAttribute('aria-disabled')).toBe('true');
  });

  it('without an api path the save succeeds locally', async () => {
    const { fetchMock } = fakeServer({});
    const onSaved = vi.fn();
    const { user } = renderToolkit(<TextSetting name="a" label="Local" value="v" onSaved={onSaved} autosave={false} />);
    await user.click(display('Local'));
    await user.type(input('Local'), 'w{Enter}');
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith('vw', expect.objectContaining({ local: true, success: true })));
    expect(fetchMock).not.toHaveBeenCalled();
    expect(settingRoot('Local').dataset.flash).toBe('success');
  });
});

describe('autosave', () => {
  it('saves a text after 800 ms without typing, not before, and stays active', async () => {
    vi.useFakeTimers();
    const { calls } = fakeServer({ 'POST /api/a': { data: null } });
    const { user } = renderToolkit(<TextSetting name="a" label="Auto" value="" api="/api/a" />, { fakeTimers: true });
    await user.click(display('Auto'));
    await user.type(input('Auto'), 'abc');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(799);
    });
    expect(calls).toHaveLength(0);
    await act(async () => {
      vi.advanceTimersByTime(1);
    });
    await vi.waitFor(() => expect(calls.map((c) => c.body)).toEqual([{ a: 'abc', i18n: 'en' }]));
    expect(settingRoot('Auto').dataset.state).toBe('active');
  });

  it('does not autosave an invalid draft', async () => {
    vi.useFakeTimers();
    const { calls } = fakeServer({ 'POST /api/a': { data: null } });
    const { user } = renderToolkit(<TextSetting name="a" label="Auto" value="" api="/api/a" rules={{ email: true }} />, {
      fakeTimers: true,
    });
    await user.click(display('Auto'));
    await user.type(input('Auto'), 'not-an-email');
    await act(async () => {
      vi.advanceTimersByTime(2000);
    });
    expect(calls).toHaveLength(0);
    expect(settingRoot('Auto').dataset.pulse).toBeUndefined();
  });
});

describe('saving: the answer', () => {
  it('shows the errors map at the field and stays active with an error flash', async () => {
    fakeServer({ 'POST /api/a': { status: 422, body: { success: false, errors: { a: ['Name taken'] } } } });
    const { user } = renderToolkit(<TextSetting name="a" label="Name" value="x" api="/api/a" autosave={false} />);
    await user.click(display('Name'));
    await user.type(input('Name'), 'y{Enter}');
    expect(await screen.findByText('Name taken')).toBeTruthy();
    expect(settingRoot('Name').dataset.state).toBe('active');
    expect(settingRoot('Name').dataset.flash).toBe('error');
    expect(input('Name').getAttribute('aria-invalid')).toBe('true');
  });

  it('a 200 answer with success false is a failure; its error is translated when it is a key', async () => {
    fakeServer({ 'POST /api/a': { body: { success: false, error: 'toolkit.validation.https' } } });
    const { user } = renderToolkit(<TextSetting name="a" label="Site" value="x" api="/api/a" autosave={false} />);
    await user.click(display('Site'));
    await user.type(input('Site'), 'y{Enter}');
    expect(await screen.findByText('Please enter an address that starts with https://.')).toBeTruthy();
  });

  it('a failure without a message shows the generic one', async () => {
    fakeServer({ 'POST /api/a': { status: 500, body: 'oops' } });
    const { user } = renderToolkit(<TextSetting name="a" label="Site" value="x" api="/api/a" autosave={false} />);
    await user.click(display('Site'));
    await user.type(input('Site'), 'y{Enter}');
    expect(await screen.findByText('This could not be saved. Please try again.')).toBeTruthy();
  });

  it('reads success, errors, error, savedEntry and data', async () => {
    expect(readReply({ success: true, savedEntry: { id: 3 }, data: { x: 1 } }, 200)).toMatchObject({
      success: true,
      savedEntry: { id: 3 },
      data: { x: 1 },
      errors: {},
    });
    expect(readReply({ success: false, error: 'E', errors: { a: 'one', b: ['two', 'three'] } }, 200)).toMatchObject({
      success: false,
      error: 'E',
      errors: { a: 'one', b: 'two' },
    });
    expect(readReply({ error: 'E' }, 409).success).toBe(false);
    const local = await saveSetting({ fields: { a: 1 }, language: 'en' });
    expect(local).toMatchObject({ success: true, local: true });
  });

  it('a 401 or an invalid CSRF token sends the visitor to sign in; a needed password reset does not', async () => {
    const assign = vi.spyOn(pageLoader, 'assign').mockImplementation(() => {});
    fakeServer({ 'POST /api/a': { status: 401, body: { success: false, error: 'Not signed in' } } });
    const reply = await saveSetting({ api: '/api/a', fields: {}, language: 'en' });
    expect(reply.success).toBe(false);
    expect(assign).toHaveBeenCalledWith(`/auth?referer=${encodeURIComponent(window.location.pathname + window.location.search)}`);
    expect(needsSignIn(401, 'needs_password_reset')).toBe(false);
    expect(needsSignIn(403, 'Invalid CSRF token')).toBe(true);
    expect(needsSignIn(403, 'Forbidden')).toBe(false);
    expect(needsSignIn(500, undefined)).toBe(false);
  });

  it('takes the saved value from the answer when asked (savedEntry)', async () => {
    fakeServer({ 'POST /api/a': { body: { success: true, savedEntry: { name: 'Trimmed' } } } });
    const { user } = renderToolkit(
      <TextSetting
        name="a"
        label="Name"
        value="x"
        api="/api/a"
        autosave={false}
        fromReply={(reply) => (reply.savedEntry as { name: string }).name}
      />,
    );
    await user.click(display('Name'));
    await user.type(input('Name'), ' padded {Enter}');
    await waitFor(() => expect(display('Name').textContent).toContain('Trimmed'));
  });
});

describe('validation', () => {
  it('has a message for every standard key', () => {
    for (const key of VALIDATION_KEYS) {
      expect(i18n.exists(`toolkit.validation.${key}`), key).toBe(true);
    }
  });

  it('ignores hidden fields unless the setting validates hidden fields', async () => {
    const render = (validateHidden: boolean) =>
      renderToolkit(
        <Setting<{ title: string; subtitle: string }>
          name={`pair-${validateHidden}`}
          label={`Pair ${validateHidden}`}
          value={{ title: 'a', subtitle: '' }}
          serialise={(v) => v}
          fieldRules={{ subtitle: { required: true } }}
          hiddenFields={['subtitle']}
          validateHidden={validateHidden}
          renderValue={(v) => v.title}
        >
          {(s) => (
            <input
              aria-label={`Title ${validateHidden}`}
              value={s.draft.title}
              onChange={(e) => s.setDraft({ ...s.draft, title: e.target.value })}
            />
          )}
        </Setting>,
      );
    const first = render(false);
    await first.user.click(display('Pair false'));
    await first.user.type(screen.getByRole('textbox', { name: 'Title false' }), 'b{Enter}');
    await waitFor(() => expect(settingRoot('Pair false').dataset.flash).toBe('success'));
    first.unmount();

    const second = render(true);
    await second.user.click(display('Pair true'));
    await second.user.type(screen.getByRole('textbox', { name: 'Title true' }), 'b{Enter}');
    expect(settingRoot('Pair true').dataset.flash).toBe('error');
    expect(screen.getByText('This field is required.')).toBeTruthy();
  });

  it('validates on submit, not while typing or on focus', async () => {
    const { user } = renderToolkit(<TextSetting name="a" label="Mail" value="" rules={{ email: true }} autosave={false} />);
    await user.click(display('Mail'));
    await user.type(input('Mail'), 'nope');
    expect(screen.queryByText('Please enter a valid e-mail address.')).toBeNull();
    fireEvent.keyDown(input('Mail'), { key: 'Enter' });
    expect(await screen.findByText('Please enter a valid e-mail address.')).toBeTruthy();
  });
});

describe('direct settings (choosers and ratios save at once)', () => {
  it('saves every change at once', async () => {
    const { calls } = fakeServer({ 'POST /api/c': { data: null } });
    const { user } = renderToolkit(
      <Setting<string> name="c" label="Choice" value="a" api="/api/c" mode="direct">
        {(s) => (
          <button type="button" onClick={() => s.change('b')}>
            Pick b
          </button>
        )}
      </Setting>,
    );
    await user.click(screen.getByRole('button', { name: 'Pick b' }));
    await waitFor(() => expect(calls.map((c) => c.body)).toEqual([{ c: 'b', i18n: 'en' }]));
    await waitFor(() => expect(settingRoot('Choice').dataset.flash).toBe('success'));
  });
});

describe('the inline setting: how it looks and what it says', () => {
  it('shows its idle value as an editable field: a pencil and the word Edit in its name', () => {
    renderToolkit(<TextSetting name="title" label="Title" value="Hello" autosave={false} />);
    const face = display('Title');
    expect(face.getAttribute('aria-disabled')).toBeNull();
    expect(face.querySelector('.setting__affordance svg')).not.toBeNull();
    expect(face.textContent).toBe('Hello Edit');
  });

  it('a read-only setting has no pencil and no Edit', () => {
    renderToolkit(<TextSetting name="title" label="Title" value="Hello" readonly autosave={false} />);
    expect(display('Title').querySelector('.setting__affordance')).toBeNull();
    expect(display('Title').textContent).toBe('Hello');
  });

  it('says Saving… while the save runs, then Saved, in a visible live region beside the label', async () => {
    let answer: (response: Response) => void = () => {};
    vi.stubGlobal(
      'fetch',
      vi.fn(
        () =>
          new Promise<Response>((resolve) => {
            answer = resolve;
          }),
      ),
    );
    const { user } = renderToolkit(<TextSetting name="title" label="Title" value="A" api="/api/page/1" autosave={false} />);
    const status = () => within(settingRoot('Title')).getByRole('status');
    expect(status().textContent).toBe('');
    await user.click(display('Title'));
    await user.type(input('Title'), 'B{Enter}');
    await waitFor(() => expect(status().textContent).toBe('Saving…'));
    expect(status().dataset.status).toBe('saving');
    expect(status().closest('.setting__header')).not.toBeNull();
    await act(async () => {
      answer(new Response(JSON.stringify({ success: true, data: null }), { headers: { 'Content-Type': 'application/json' } }));
    });
    await waitFor(() => expect(status().textContent).toBe('Saved'));
    expect(status().dataset.status).toBe('saved');
  });

  it('says Not saved when the server refuses, with the message at the field', async () => {
    fakeServer({ 'POST /api/page/1': { status: 400, body: { success: false, errors: { title: 'Taken' } } } });
    const { user } = renderToolkit(<TextSetting name="title" label="Title" value="A" api="/api/page/1" autosave={false} />);
    await user.click(display('Title'));
    await user.type(input('Title'), 'B{Enter}');
    const status = within(settingRoot('Title')).getByRole('status');
    await waitFor(() => expect(status.textContent).toBe('Not saved'));
    expect(within(settingRoot('Title')).getByText('Taken')).toBeTruthy();
  });

  it('keeps Saved after the flash wore off, and clears it when editing again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fakeServer({ 'POST /api/page/1': { data: null } });
    const { user } = renderToolkit(<TextSetting name="title" label="Title" value="A" api="/api/page/1" autosave={false} />, {
      fakeTimers: true,
    });
    await user.click(display('Title'));
    await user.type(input('Title'), 'B{Enter}');
    const status = () => within(settingRoot('Title')).getByRole('status');
    await waitFor(() => expect(settingRoot('Title').dataset.flash).toBe('success'));
    act(() => vi.advanceTimersByTime(FLASH_MS + 10));
    expect(settingRoot('Title').dataset.flash).toBeUndefined();
    expect(status().textContent).toBe('Saved');
    await user.click(display('Title'));
    expect(status().textContent).toBe('');
  });
});
