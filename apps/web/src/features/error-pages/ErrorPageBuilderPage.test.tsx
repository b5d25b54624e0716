import { defaultErrorPageSettings, type ErrorPageSettings } from '@emblem/core';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { acceptCookies, type FakeHandler, fakeServer, renderApp, sessionFor } from '../../test/utils';

/** A fake server whose 404 settings follow the saves, like the real one (partial saves merge). */
function server(overrides: Record<string, FakeHandler> = {}, options: { admin?: boolean } = {}) {
  let state: ErrorPageSettings = { ...defaultErrorPageSettings('404'), title: 'Gone fishing', description: 'Nothing lives here.' };
  const result = fakeServer({
    'GET /api/auth/session': { data: sessionFor({ admin: options.admin ?? true }) },
    'GET /api/error-page/404': () => ({ data: state }),
    'GET /api/error-page/403': { data: { ...defaultErrorPageSettings('403'), title: 'No entry here' } },
    'PUT /api/error-page/404': ({ body }) => {
      const { i18n: _language, ...changes } = body as Record<string, unknown>;
      state = { ...state, ...changes } as ErrorPageSettings;
      return { data: state };
    },
    ...overrides,
  });
  return { ...result, state: () => state };
}

const puts = (calls: { method: string; path: string; body: unknown }[]) =>
  calls.filter((c) => c.method === 'PUT' && c.path === '/api/error-page/404').map((c) => c.body);

const preview = () => screen.getByRole('region', { name: 'Preview' });
const panelSetting = (label: string) => document.querySelector<HTMLElement>(`.page-builder__panel .setting[data-label="${label}"]`);

beforeEach(() => {
  acceptCookies();
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

describe('error-page builder', () => {
  it('is for admins: a member gets the forbidden page', async () => {
    const { calls } = server({}, { admin: false });
    renderApp('/errorpagebuilder/1/404');
    expect(await screen.findByRole('heading', { level: 1, name: 'No entry here' })).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it("is not found for another account's id or an id that is not a number", async () => {
    server();
    const other = renderApp('/errorpagebuilder/2/404');
    expect(await screen.findByRole('heading', { level: 1, name: 'Gone fishing' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Error page builder' })).toBeNull();
    other.unmount();
    renderApp('/errorpagebuilder/abc/403');
    expect(await screen.findByRole('heading', { level: 1, name: 'Gone fishing' })).toBeTruthy();
  });

  it('shows the live preview with sample hub links and links to the other code', async () => {
    server();
    renderApp('/errorpagebuilder/1/404');
    expect(await screen.findByRole('heading', { level: 1, name: 'Error page builder' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('404 Page not found · Error page builder · Emblem'));
    const region = preview();
    expect(within(region).getByRole('button', { name: /Title \(in the preview\).*Gone fishing/ })).toBeTruthy();
    expect(within(region).getByRole('navigation', { name: 'Recently visited guidelines' }).textContent).toContain('Brand guidelines');
    const codes = screen.getByRole('navigation', { name: 'Error pages' });
    expect(within(codes).getByRole('link', { name: '404 Page not found' }).getAttribute('aria-current')).toBe('page');
    expect(within(codes).getByRole('link', { name: '403 Access denied' }).getAttribute('href')).toBe('/errorpagebuilder/1/403');
  });

  it('edits the title inline: Enter saves it with PUT and the preview shows the answer', async () => {
    const { calls } = server();
    renderApp('/errorpagebuilder/1/404');
    const user = userEvent.setup();
    await user.click(await within(await screen.findByRole('region', { name: 'Preview' })).findByRole('button', { name: /Gone fishing/ }));
    const input = within(preview()).getByRole('textbox', { name: 'Title (in the preview)' });
    await user.clear(input);
    await user.type(input, 'Lost at sea{Enter}');
    await waitFor(() => expect(puts(calls)).toEqual([{ title: 'Lost at sea', i18n: 'en' }]));
    expect(await within(preview()).findByRole('button', { name: /Lost at sea/ })).toBeTruthy();
    // The panel's title follows the saved value.
    await waitFor(() => expect(panelSetting('Title')?.textContent).toContain('Lost at sea'));
  });

  it('shows a draft in the preview while it is typed, and drops it on Escape without saving', async () => {
    const { calls } = server();
    renderApp('/errorpagebuilder/1/404');
    const user = userEvent.setup();
    await screen.findByRole('heading', { level: 1, name: 'Error page builder' });
    const panelTitle = panelSetting('Title') as HTMLElement;
    await user.click(within(panelTitle).getByRole('button'));
    const input = within(panelTitle).getByRole('textbox', { name: 'Title' });
    await user.clear(input);
    await user.type(input, 'Draft title');
    expect(within(preview()).getByRole('button', { name: /Draft title/ })).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(within(preview()).getByRole('button', { name: /Gone fishing/ })).toBeTruthy();
    expect(puts(calls)).toEqual([]);
  });

  it('keeps an empty title active with the required message and sends nothing', async () => {
    const { calls } = server();
    renderApp('/errorpagebuilder/1/404');
    const user = userEvent.setup();
    await user.click(await within(await screen.findByRole('region', { name: 'Preview' })).findByRole('button', { name: /Gone fishing/ }));
    await user.clear(within(preview()).getByRole('textbox', { name: 'Title (in the preview)' }));
    await user.keyboard('{Tab}');
    const root = preview().querySelector('.setting[data-setting="title"]') as HTMLElement;
    expect(root.getAttribute('data-state')).toBe('active');
    expect(root.getAttribute('data-pulse')).toBe('true');
    expect(within(root).getByText('This field is required.')).toBeTruthy();
    expect(puts(calls)).toEqual([]);
  });

  it('shows a refusal of the server at the field', async () => {
    server({
      'PUT /api/error-page/404': {
        status: 400,
        body: { success: false, error: 'Validation failed', errors: { buttonLabel: ['Must be at most 40 characters'] } },
      },
    });
    renderApp('/errorpagebuilder/1/404');
    const user = userEvent.setup();
    await screen.findByRole('heading', { level: 1, name: 'Error page builder' });
    const label = panelSetting('Button label') as HTMLElement;
    await user.click(within(label).getByRole('button'));
    await user.type(within(label).getByRole('textbox'), ' now{Enter}');
    expect(await within(label).findByText('Must be at most 40 characters')).toBeTruthy();
    expect(label.getAttribute('data-state')).toBe('active');
  });

  it('saves a toggle at once; the preview hides the subline after the answer', async () => {
    const { calls } = server();
    renderApp('/errorpagebuilder/1/404');
    const user = userEvent.setup();
    await screen.findByRole('heading', { level: 1, name: 'Error page builder' });
    expect(within(preview()).getByText('Nothing lives here.')).toBeTruthy();
    await user.click(screen.getByRole('switch', { name: 'Show the subline' }));
    await waitFor(() => expect(puts(calls)).toEqual([{ sublineEnabled: false, i18n: 'en' }]));
    await waitFor(() => expect(within(preview()).queryByText('Nothing lives here.')).toBeNull());
    // Its colour is not offered while it is off.
    expect(panelSetting('Subline colour')).toBeNull();
  });

  it('chooses a font: a preset saves its stack as a system font; "custom" opens a font-family field', async () => {
    const { calls } = server();
    renderApp('/errorpagebuilder/1/404');
    const user = userEvent.setup();
    await screen.findByRole('heading', { level: 1, name: 'Error page builder' });
    await user.click(screen.getByRole('button', { name: /^System \(default\)/ }));
    await user.click(await screen.findByRole('option', { name: 'Monospace' }));
    await waitFor(() => expect(puts(calls)).toHaveLength(1));
    expect(puts(calls)[0]).toMatchObject({ fontProvider: 'SYSTEM', fontFamilyName: expect.stringContaining('monospace') });
    await waitFor(() => expect((preview().querySelector('.error-page') as HTMLElement).style.fontFamily).toContain('monospace'));

    await user.click(screen.getByRole('button', { name: /^Monospace/ }));
    await user.click(await screen.findByRole('option', { name: 'Custom font…' }));
    const custom = await waitFor(() => panelSetting('Custom font family') as HTMLElement);
    await user.click(within(custom).getByRole('button'));
    const input = within(custom).getByRole('textbox');
    await user.clear(input);
    await user.type(input, 'Acme; color: red{Enter}');
    expect(within(custom).getByText('Use font names, quotes, commas and spaces only.')).toBeTruthy();
    await user.clear(input);
    await user.type(input, '"Acme Sans", sans-serif{Enter}');
    await waitFor(() =>
      expect(puts(calls).at(-1)).toEqual({ fontFamilyName: '"Acme Sans", sans-serif', fontProvider: 'CUSTOM', i18n: 'en' }),
    );
  });

  it('saves a measure as text with its unit and refuses one out of range', async () => {
    const { calls } = server();
    renderApp('/errorpagebuilder/1/404');
    const user = userEvent.setup();
    await screen.findByRole('heading', { level: 1, name: 'Error page builder' });
    const radius = panelSetting('Button corner radius') as HTMLElement;
    await user.click(within(radius).getByRole('button'));
    const value = within(radius).getByRole('spinbutton', { name: 'Value' });
    fireEvent.change(value, { target: { value: '500' } });
    await user.keyboard('{Enter}');
    expect(radius.getAttribute('data-state')).toBe('active');
    fireEvent.change(value, { target: { value: '12' } });
    await act(async () => {
      fireEvent.keyDown(value, { key: 'Enter' });
    });
    await waitFor(() => expect(puts(calls)).toEqual([{ buttonRadius: '12px', i18n: 'en' }]));
    await waitFor(() =>
      expect((preview().querySelector('.error-page') as HTMLElement).style.getPropertyValue('--error-page-button-radius')).toBe('12px'),
    );
  });

  it('offers a retry when the settings cannot be loaded', async () => {
    let fail = true;
    server({
      'GET /api/error-page/404': () =>
        fail ? { status: 500, body: { success: false, error: 'Something went wrong' } } : { data: defaultErrorPageSettings('404') },
    });
    renderApp('/errorpagebuilder/1/404');
    expect(await screen.findByText('The error page settings could not be loaded')).toBeTruthy();
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(
      await within(await screen.findByRole('region', { name: 'Preview' })).findByRole('button', { name: /Page not found/ }),
    ).toBeTruthy();
  });
});
