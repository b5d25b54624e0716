import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { brand, folder, project, projectSummary } from '../../test/fixtures';
import { acceptCookies, fakeServer, renderApp, sessionFor } from '../../test/utils';

beforeEach(() => {
  acceptCookies();
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

describe('libraries and projects on the brand home', () => {
  it('lists them with type and asset count', async () => {
    fakeServer({
      'GET /api/auth/session': { data: sessionFor() },
      'GET /api/brand/1': { data: brand({ id: 1, name: 'Acme' }) },
      'GET /api/brand/1/projects': {
        data: [
          projectSummary({ id: 5, name: 'Photos', asset_count: 12 }),
          projectSummary({ id: 6, name: 'Launch', project_type: 'WORKSPACE', asset_count: 1 }),
        ],
      },
    });
    renderApp('/brands/1');
    const section = await screen.findByRole('region', { name: 'Libraries and projects' });
    const photos = await within(section).findByRole('link', { name: 'Photos' });
    expect(photos.getAttribute('href')).toBe('/brands/1/projects/5');
    expect(within(section).getByText('Media library')).toBeTruthy();
    expect(within(section).getByText('12 assets')).toBeTruthy();
    expect(within(section).getByText('Workspace project')).toBeTruthy();
    expect(within(section).getByText('1 asset')).toBeTruthy();
  });

  it('an admin creates a media library; field errors from the server show at the field; the new library opens', async () => {
    let attempt = 0;
    const { calls } = fakeServer({
      'GET /api/auth/session': { data: sessionFor() },
      'GET /api/brand/1': { data: brand({ id: 1, name: 'Acme' }) },
      'GET /api/brand/1/projects': { data: [] },
      'POST /api/project/add/': () => {
        attempt += 1;
        return attempt === 1
          ? { status: 400, body: { success: false, error: 'Validation failed', errors: { name: ['Is too long'] } } }
          : { status: 201, data: project({ id: 9, brand_id: 1, name: 'Photos' }) };
      },
      'GET /api/project/9': { data: project({ id: 9, brand_id: 1, name: 'Photos' }) },
      'GET /api/project/9/set': { data: folder(0, 'Photos') },
      'POST /api/asset/list': { data: { items: [], next_cursor: null, total: 0 } },
    });
    const { router } = renderApp('/brands/1');
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { name: 'No libraries or projects yet' })).toBeTruthy();
    await user.click(screen.getAllByRole('button', { name: 'New library or project' })[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'New library or project' });
    expect(within(dialog).getAllByRole('radio')).toHaveLength(5);
    expect(within(dialog).getByRole('radio', { name: /Media library/ })).toHaveProperty('checked', true);

    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('Is required')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await user.type(within(dialog).getByLabelText(/^Name/), 'Photos');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('Is too long')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/brands/1/projects/9'));
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { name: 'Photos', brand: 1, project_type: 'MEDIALIBRARY' },
      { name: 'Photos', brand: 1, project_type: 'MEDIALIBRARY' },
    ]);
  });

  it('a member may only create a workspace project', async () => {
    const { calls } = fakeServer({
      'GET /api/auth/session': { data: sessionFor({ admin: false }) },
      'GET /api/brand/1': { data: brand({ id: 1, name: 'Acme', permissions: { canEdit: false, canDelete: false } }) },
      'GET /api/brand/1/projects': { data: [] },
      'POST /api/project/add/': { status: 500, body: { success: false, error: 'Something went wrong. Please try again.' } },
    });
    renderApp('/brands/1');
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'No libraries or projects yet' });
    expect(screen.getByText(/Libraries are set up by the admins/)).toBeTruthy();
    await user.click(screen.getAllByRole('button', { name: 'New library or project' })[0]!);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryAllByRole('radio')).toHaveLength(0);
    await user.type(within(dialog).getByLabelText(/^Name/), 'Our campaign');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('Something went wrong. Please try again.')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ name: 'Our campaign', brand: 1, project_type: 'WORKSPACE' });
  });
});
