import { defaultLoginPageSettings, type LoginPageSettings } from '@emblem/core';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Editor } from '@tiptap/core';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ANONYMOUS, acceptCookies, type FakeHandler, fakeServer, renderApp, sessionFor } from '../../test/utils';
import { stubEditorLayout } from '../../toolkit/test/layout';

/** A fake server whose sign-in page settings follow the saves (partial saves merge). */
function server(overrides: Record<string, FakeHandler> = {}, options: { admin?: boolean; shown?: boolean } = {}) {
  let settings: LoginPageSettings = defaultLoginPageSettings();
  const answer = () => ({ data: { settings, shown_on_sign_in: options.shown ?? true } });
  return fakeServer({
    'GET /api/auth/session': { data: sessionFor({ admin: options.admin ?? true }) },
    'GET /api/login-page': answer,
    'PUT /api/login-page': ({ body }) => {
      const { i18n: _language, ...changes } = body as Record<string, unknown>;
      settings = { ...settings, ...changes } as LoginPageSettings;
      return answer();
    },
    ...overrides,
  });
}

const preview = () => screen.getByRole('region', { name: 'Preview' });
const panelSetting = (label: string) =>
  document.querySelector<HTMLElement>(`.page-builder__panel .setting[data-label="${label}"]`) as HTMLElement;

beforeAll(stubEditorLayout);

beforeEach(() => {
  acceptCookies();
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

describe('login-page builder', () => {
  it('needs a signed-in user: visitors go to sign in and come back', async () => {
    fakeServer({ 'GET /api/auth/session': { data: ANONYMOUS }, 'GET /api/login-page': { data: { settings: defaultLoginPageSettings() } } });
    const { router } = renderApp('/loginpagebuilder');
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
    expect(router.state.location.search).toBe(`?referer=${encodeURIComponent('/loginpagebuilder')}`);
  });

  it('shows the translated defaults; editing the button label updates the preview at once and saves on Enter', async () => {
    const { calls } = server();
    renderApp('/loginpagebuilder');
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign-in page builder' })).toBeTruthy();
    expect(within(preview()).getByRole('heading', { level: 3, name: 'Sign in to Emblem' })).toBeTruthy();
    expect(within(preview()).getByTestId('preview-submit').textContent).toBe('Sign in');

    const label = panelSetting('Sign-in button label');
    await user.click(within(label).getByRole('button'));
    const input = within(label).getByRole('textbox');
    await user.clear(input);
    await user.type(input, 'Enter the hub');
    expect(within(preview()).getByTestId('preview-submit').textContent).toBe('Enter the hub');
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([{ buttonLabel: 'Enter the hub', i18n: 'en' }]),
    );
    await waitFor(() => expect(label.getAttribute('data-state')).toBe('focused'));
  });

  it('hides an emptied subline and refuses an empty title', async () => {
    const { calls } = server();
    renderApp('/loginpagebuilder');
    const user = userEvent.setup();
    await screen.findByRole('heading', { level: 1, name: 'Sign-in page builder' });
    const subline = panelSetting('Subline');
    await user.click(within(subline).getByRole('button'));
    await user.clear(within(subline).getByRole('textbox'));
    await user.keyboard('{Control>}{Enter}{/Control}');
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([{ description: '', i18n: 'en' }]));
    await waitFor(() => expect(within(preview()).queryByText(/Use the e-mail address and password/)).toBeNull());

    const title = panelSetting('Title');
    await user.click(within(title).getByRole('button'));
    await user.clear(within(title).getByRole('textbox'));
    await user.keyboard('{Enter}');
    expect(within(title).getByText('This field is required.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1);
  });

  it('saves the button style and applies it to the preview button', async () => {
    const { calls } = server();
    renderApp('/loginpagebuilder');
    const user = userEvent.setup();
    await screen.findByRole('heading', { level: 1, name: 'Sign-in page builder' });
    const style = panelSetting('Sign-in button style');
    await user.click(within(style).getAllByRole('button')[0] as HTMLElement);
    await user.click(within(style).getByRole('checkbox', { name: 'Uppercase' }));
    const radius = within(style).getByLabelText('Radius');
    await user.clear(radius);
    await user.type(radius, '20{Enter}');
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    const sent = calls.find((c) => c.method === 'PUT')?.body as { buttonStyle: Record<string, unknown> };
    expect(sent.buttonStyle).toMatchObject({ uppercase: true, border_radius: 20 });
    await waitFor(() => {
      const page = preview().querySelector<HTMLElement>('.login-page');
      expect(page?.classList.contains('login-page--styled-button')).toBe(true);
      expect(page?.style.getPropertyValue('--login-button-transform')).toBe('uppercase');
      expect(page?.style.getPropertyValue('--login-button-radius')).toBe('20px');
    });
  });

  it('edits the help text as rich text: the preview follows at once, leaving the editor saves the HTML', async () => {
    // The server answers what it stored (its sanitiser adds rel to links that open a new window).
    const stored =
      '<p><strong>No account?</strong> <a href="https://it.acme.example" target="_blank" rel="noopener noreferrer">Ask IT</a></p>';
    let settings = defaultLoginPageSettings();
    const { calls } = server({
      'PUT /api/login-page': () => {
        settings = { ...settings, helpText: stored };
        return { data: { settings, shown_on_sign_in: true } };
      },
      'GET /api/login-page': () => ({ data: { settings, shown_on_sign_in: true } }),
    });
    renderApp('/loginpagebuilder');
    const user = userEvent.setup();
    await screen.findByRole('heading', { level: 1, name: 'Sign-in page builder' });
    const help = panelSetting('Help text');
    // The teaser tools: marks, link, colour, clear; no paragraph styles or lists on a sign-in page.
    const tools = within(help).getByRole('toolbar', { name: 'Formatting for Help text' });
    const names = within(tools)
      .getAllByRole('button')
      .map((b) => b.textContent?.trim());
    expect(names).toEqual(['BBold', 'IItalic', 'UUnderline', 'Link', 'AColour', '⌫Clear formatting']);
    expect(within(tools).queryByRole('combobox', { name: 'Text style' })).toBeNull();

    const dom = within(help).getByRole('textbox', { name: 'Help text' });
    const editor = (dom as HTMLElement & { editor?: Editor }).editor as Editor;
    expect(editor).toBeTruthy();
    await user.click(dom);
    act(() => void editor.commands.insertContent('No account? Ask IT'));
    // Live: the preview shows the text before anything is saved.
    expect(within(preview()).getByText('No account? Ask IT')).toBeTruthy();

    act(() => void editor.commands.setTextSelection({ from: 1, to: 12 }));
    await user.click(within(tools).getByRole('button', { name: 'Bold' }));
    act(() => void editor.commands.setTextSelection({ from: 13, to: 19 }));
    await user.click(within(tools).getByRole('button', { name: 'Link' }));
    const form = within(help).getByRole('form', { name: 'Link' });
    await user.type(within(form).getByRole('textbox', { name: 'Link' }), 'it.acme.example');
    await user.click(within(form).getByRole('checkbox', { name: 'Open in a new window' }));
    await user.click(within(form).getByRole('button', { name: 'Apply' }));
    const live = within(preview()).getByRole('link', { name: 'Ask IT' });
    expect(live.getAttribute('href')).toBe('https://it.acme.example');
    expect(within(preview()).getByText('No account?').tagName).toBe('STRONG');
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);

    // Focus leaves the editor: it saves the HTML (with the language of a toolkit save).
    await user.click(screen.getByRole('heading', { level: 1, name: 'Sign-in page builder' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1));
    const sent = calls.find((c) => c.method === 'PUT')?.body as { helpText: string; i18n: string };
    expect(Object.keys(sent).sort()).toEqual(['helpText', 'i18n']);
    expect(sent.i18n).toBe('en');
    expect(sent.helpText).toMatch(/^<p><strong>No account\?<\/strong> <a [^>]*href="https:\/\/it\.acme\.example"[^>]*>Ask IT<\/a><\/p>$/);
    expect(sent.helpText).toContain('target="_blank"');
    // The preview now shows what the server stored.
    await waitFor(() => expect(within(preview()).getByRole('link', { name: 'Ask IT' }).getAttribute('rel')).toBe('noopener noreferrer'));
    expect(within(preview()).getByRole('link', { name: 'Ask IT' }).getAttribute('target')).toBe('_blank');
  });

  it("shows the server's refusal of the help text at the field", async () => {
    server({
      'PUT /api/login-page': {
        status: 400,
        body: { success: false, error: 'Validation failed', errors: { helpText: ['Must be at most 5000 characters'] } },
      },
    });
    renderApp('/loginpagebuilder');
    const user = userEvent.setup();
    await screen.findByRole('heading', { level: 1, name: 'Sign-in page builder' });
    const help = panelSetting('Help text');
    const dom = within(help).getByRole('textbox', { name: 'Help text' });
    await user.click(dom);
    act(() => void (dom as HTMLElement & { editor: Editor }).editor.commands.insertContent('Too long'));
    await user.click(screen.getByRole('heading', { level: 1, name: 'Sign-in page builder' }));
    expect(await within(help).findByText('Must be at most 5000 characters')).toBeTruthy();
    expect(within(help).getByRole('textbox', { name: 'Help text' }).getAttribute('aria-invalid')).toBe('true');
  });

  it('lets members look but not change anything', async () => {
    const { calls } = server({}, { admin: false });
    renderApp('/loginpagebuilder');
    expect(await screen.findByText(/Only admins of your account can change the sign-in page/)).toBeTruthy();
    const label = panelSetting('Sign-in button label');
    expect(within(label).getByRole('button').getAttribute('aria-disabled')).toBe('true');
    await userEvent.setup().click(within(label).getByRole('button'));
    expect(within(label).queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Upload image' })).toBeNull();
    // The help text's editor is disabled: no toolbar, its empty state instead of a text area.
    const help = panelSetting('Help text');
    expect(within(help).getByText('No help text')).toBeTruthy();
    expect(within(help).queryByRole('toolbar')).toBeNull();
    expect(within(help).queryByRole('textbox')).toBeNull();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it("tells an admin when the sign-in page shows another account's settings", async () => {
    server({}, { shown: false });
    renderApp('/loginpagebuilder');
    expect(await screen.findByText(/shows the settings of its first account/)).toBeTruthy();
  });

  it('shows the full-page preview with the saved settings and a way back', async () => {
    server({
      'GET /api/login-page': {
        data: {
          settings: { ...defaultLoginPageSettings(), title: 'Acme brand portal', buttonLabel: 'Go', helpText: 'Ask IT.' },
          shown_on_sign_in: true,
        },
      },
    });
    renderApp('/loginpagebuilder/preview');
    expect(await screen.findByRole('heading', { level: 1, name: 'Acme brand portal' })).toBeTruthy();
    expect(screen.getByTestId('preview-submit').textContent).toBe('Go');
    expect(screen.getByText('Ask IT.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the builder' }).getAttribute('href')).toBe('/loginpagebuilder');
  });
});
