import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { brand, project, projectPermissions } from '../../test/fixtures';
import { acceptCookies, type FakeHandler, fakeServer, renderApp, sessionFor } from '../../test/utils';
import type { PermissionLevel, ProjectContext } from './api';

const PATH = '/brands/1/projects/5/settings/general';

/** A fake server whose project follows PATCH /api/project/5 and the list calls, like the real one. */
function server(
  options: { type?: ProjectContext['project_type']; level?: PermissionLevel } = {},
  overrides: Record<string, FakeHandler> = {},
) {
  let state = project({
    id: 5,
    brand_id: 1,
    name: 'Summer campaign',
    description: 'Beach shots',
    project_type: options.type ?? 'WORKSPACE',
    permissions: projectPermissions(options.level ?? 'ADMIN'),
    begins_at: '2025-06-01T00:00:00.000Z',
    ends_at: null,
    download_custom_sizes: [{ name: 'Web', width: 1200, height: null, format: 'jpeg' }],
    blocked_extensions: ['exe'],
  });
  const routes: Record<string, FakeHandler> = {
    'GET /api/auth/session': { data: sessionFor() },
    'GET /api/brand/1': { data: brand({ id: 1, name: 'Acme' }) },
    'GET /api/project/5': () => ({ data: state }),
    'GET /api/account': { data: { blocked_extensions: ['bat', 'cmd'] } },
    'PATCH /api/project/5': ({ body }) => {
      const b = body as Record<string, string | null>;
      state = {
        ...state,
        ...(b.name !== undefined ? { name: String(b.name) } : {}),
        ...(b.description !== undefined ? { description: b.description ?? '' } : {}),
        ...(b.date_begin !== undefined ? { begins_at: b.date_begin && `${b.date_begin}T00:00:00.000Z` } : {}),
        ...(b.date_end !== undefined ? { ends_at: b.date_end && `${b.date_end}T00:00:00.000Z` } : {}),
      };
      return { data: state };
    },
    'POST /api/project/5/download-custom-sizes': ({ body }) => {
      const size = (body as { size: { label: string } }).size;
      return { status: 201, body: { success: true, data: [], savedEntry: { id: size.label, value: size.label } } };
    },
    'POST /api/project/5/blocked-extensions': ({ body }) => {
      const ext = (body as { extension: { label: string } }).extension.label;
      return { status: 201, body: { success: true, data: {}, savedEntry: { id: ext, value: ext } } };
    },
  };
  return fakeServer({ ...routes, ...overrides });
}

const section = (name: string) => screen.getByRole('region', { name });

beforeEach(() => {
  acceptCookies();
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

describe('project settings: general', () => {
  it('is the first section and shows name, description, dates, download sizes and blocked extensions', async () => {
    server();
    renderApp(PATH);
    expect(await screen.findByRole('heading', { level: 1, name: 'General' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('General · Summer campaign · Emblem'));
    const tabs = within(screen.getByRole('navigation', { name: 'Settings sections' })).getAllByRole('link');
    expect(tabs.map((a) => [a.textContent, a.getAttribute('aria-current')])).toEqual([
      ['General', 'page'],
      ['Collaborators', null],
    ]);
    expect(screen.getByRole('button', { name: /^Name Summer campaign/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: /^Description Beach shots/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: /^Begins on 01\/06\/2025/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: /^Ends on Not set/ })).toBeTruthy();
    expect(within(section('Custom download sizes')).getByText('1200 px wide · JPEG')).toBeTruthy();
    expect(within(section('Blocked file extensions')).getByText('.exe')).toBeTruthy();
    expect(await screen.findByText('Blocked in the whole account as well: .bat, .cmd.')).toBeTruthy();
  });

  it('a library has no dates', async () => {
    server({ type: 'MEDIALIBRARY' });
    renderApp(PATH);
    expect(await screen.findByRole('heading', { level: 1, name: 'General' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Dates' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Begins on/ })).toBeNull();
    expect(screen.getByText(/^The project's name and description, the sizes/)).toBeTruthy();
    expect(screen.queryByText(/its dates/)).toBeNull();
  });

  it('renames with PATCH /api/project/{id} and saves the description with Ctrl+Enter', async () => {
    const { calls } = server();
    renderApp(PATH);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /^Name Summer campaign/ }));
    const name = screen.getByRole('textbox', { name: 'Name' });
    await user.clear(name);
    await user.type(name, 'Winter campaign{Enter}');
    expect(await screen.findByRole('button', { name: /^Name Winter campaign/ })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: /^Description/ }));
    await user.type(screen.getByRole('textbox', { name: 'Description' }), ' and sunsets{Control>}{Enter}{/Control}');
    expect(await screen.findByRole('button', { name: /^Description Beach shots and sunsets/ })).toBeTruthy();
    expect(calls.filter((c) => c.method === 'PATCH').map((c) => c.body)).toEqual([
      { name: 'Winter campaign', i18n: 'en' },
      { description: 'Beach shots and sunsets', i18n: 'en' },
    ]);
  });

  it('saves the end date as YYYY-MM-DD and refuses an end before the begin without sending it', async () => {
    const { calls } = server();
    renderApp(PATH);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /^Ends on/ }));
    const end = screen.getByRole('textbox', { name: 'Ends on' });
    await user.type(end, '31/05/2025{Enter}');
    expect(await screen.findByText('Please enter 01/06/2025 or later.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'PATCH')).toEqual([]);
    await user.clear(end);
    await user.type(end, '31/08/2025{Enter}');
    expect(await screen.findByRole('button', { name: /^Ends on 31\/08\/2025/ })).toBeTruthy();
    expect(calls.filter((c) => c.method === 'PATCH').map((c) => c.body)).toEqual([{ date_end: '2025-08-31', i18n: 'en' }]);
  });

  it("shows the server's refusal of a date at the date", async () => {
    server(
      {},
      {
        'PATCH /api/project/5': {
          status: 400,
          body: { success: false, error: 'Validation failed', errors: { date_end: ['Must be on or after the begin date'] } },
        },
      },
    );
    renderApp(PATH);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /^Begins on/ }));
    const begin = screen.getByRole('textbox', { name: 'Begins on' });
    await user.clear(begin);
    await user.type(begin, '01/01/2030{Enter}');
    expect(await screen.findByText('Must be on or after the begin date')).toBeTruthy();
  });

  it('adds a custom download size with its width, height and format', async () => {
    const { calls } = server();
    renderApp(PATH);
    const user = userEvent.setup();
    const sizes = await screen.findByRole('region', { name: 'Custom download sizes' });
    const form = within(sizes).getByRole('group', { name: 'Add a download size' });
    await user.type(within(form).getByRole('textbox', { name: 'Size name' }), 'Square');
    await user.click(within(sizes).getByRole('button', { name: 'Add' }));
    expect(await within(form).findByText('This field is required.')).toBeTruthy();
    await user.type(within(form).getByRole('spinbutton', { name: 'Width (px)' }), '600');
    await user.type(within(form).getByRole('spinbutton', { name: 'Height (px)' }), '600');
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Format' }), 'png');
    await user.selectOptions(within(form).getByRole('combobox', { name: 'With width and height' }), 'pad');
    await user.click(within(sizes).getByRole('button', { name: 'Add' }));
    expect(await within(sizes).findByText('600 × 600 px · Pad to fit · PNG')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST').map((c) => [c.path, c.body])).toEqual([
      [
        '/api/project/5/download-custom-sizes',
        { size: { label: 'Square', visible: true, value: '1-square', width: 600, height: 600, format: 'png', fit: 'pad' }, i18n: 'en' },
      ],
    ]);
    // The viewer's download menu reads the sizes again.
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/project/5').length).toBeGreaterThan(1));
  });

  it('blocks an extension for the project', async () => {
    const { calls } = server();
    renderApp(PATH);
    const user = userEvent.setup();
    const uploads = await screen.findByRole('region', { name: 'Blocked file extensions' });
    await user.type(within(uploads).getByRole('textbox', { name: 'Extensions to block in this project' }), '.PSD{Enter}');
    expect(await within(uploads).findByText('.psd')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      extension: { label: 'psd', visible: true, value: '1-psd' },
      i18n: 'en',
    });
  });

  it('is read-only below ADMIN on the project', async () => {
    const { calls } = server({ level: 'EDIT' });
    renderApp(PATH);
    expect(await screen.findByText('Only admins of this project can change these settings.')).toBeTruthy();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /^Name Summer campaign/ }));
    expect(screen.queryByRole('textbox', { name: 'Name' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Remove exe' })).toBeNull();
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);
  });
});
