import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { brand, portal } from '../../test/fixtures';
import { acceptCookies, type FakeHandler, fakeServer, renderApp, sessionFor } from '../../test/utils';

const TOKEN = 'AAAAAAAAAAAAAAAAAAAAAA';
const NEW_TOKEN = 'BBBBBBBBBBBBBBBBBBBBBB';

beforeEach(() => {
  acceptCookies();
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

/** An account admin (or a member with `admin: false`) on brand 4, with the given portal routes. */
function server(routes: Record<string, FakeHandler>, options: { admin?: boolean } = {}) {
  const admin = options.admin ?? true;
  return fakeServer({
    'GET /api/auth/session': { data: sessionFor({ admin }) },
    'GET /api/brand/4': { data: brand({ id: 4, name: 'Acme', permissions: { canEdit: admin, canDelete: admin } }) },
    // Each portal lists its documents (documents/PortalDocuments.test.tsx tests them).
    'GET /api/portal/1/documents': { data: [] },
    'GET /api/portal/2/documents': { data: [] },
    'GET /api/portal/7/documents': { data: [] },
    ...routes,
  });
}

const listOf = (calls: { method: string; path: string }[]) => calls.filter((c) => c.path.startsWith('/api/portal?'));

describe('guideline portals of a brand', () => {
  it('empty, for an editor: says what a portal is and offers to create one', async () => {
    server({ 'GET /api/portal?brand_id=4': { data: [] } });
    renderApp('/brands/4/guidelines');
    expect(await screen.findByRole('heading', { level: 1, name: 'Guidelines' })).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'No guideline portals yet' })).toBeTruthy();
    expect(screen.getByText(/Create a portal to publish this brand's guidelines/)).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'New portal' })).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Back to Acme' }).getAttribute('href')).toBe('/brands/4');
    await waitFor(() => expect(document.title).toBe('Guidelines · Acme · Emblem'));
  });

  it('empty, for a member: asks for an account admin and offers no creation', async () => {
    server({ 'GET /api/portal?brand_id=4': { data: [] } }, { admin: false });
    renderApp('/brands/4/guidelines');
    expect(await screen.findByRole('heading', { name: 'No guideline portals yet' })).toBeTruthy();
    expect(screen.getByText(/Ask an account admin to create one\./)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'New portal' })).toBeNull();
  });

  it('lists the portals with their visibility; members get no controls', async () => {
    const readOnly = { permissions: { canEdit: false } };
    server(
      {
        'GET /api/portal?brand_id=4': {
          data: [
            portal({ id: 1, brand_id: 4, title: 'Brand book', visibility: 'PUBLIC', ...readOnly }),
            portal({ id: 2, brand_id: 4, title: 'Internal', visibility: 'ACCOUNT', ...readOnly }),
          ],
        },
      },
      { admin: false },
    );
    renderApp('/brands/4/guidelines');
    const list = await screen.findByRole('list', { name: 'Guideline portals' });
    const items = within(list).getAllByRole('article');
    expect(items.map((item) => within(item).getByRole('heading', { level: 2 }).textContent)).toEqual(['Brand book', 'Internal']);
    expect(within(items[0]!).getByText('Public')).toBeTruthy();
    expect(within(items[0]!).getByText('Anyone with the link')).toBeTruthy();
    expect(within(items[1]!).getByText('Account')).toBeTruthy();
    expect(within(items[1]!).getByText('Signed-in members of the account')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Visibility/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Rename/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /link/i })).toBeNull();
    expect(screen.queryByRole('button', { name: 'New portal' })).toBeNull();
  });

  it('creates a portal: the title is checked first, then POST /api/portal and the list is asked again', async () => {
    let portals = [portal({ id: 1, brand_id: 4, title: 'Brand book' })];
    const { calls } = server({
      'GET /api/portal?brand_id=4': () => ({ data: portals }),
      'POST /api/portal': ({ body }) => {
        const created = portal({ id: 2, brand_id: 4, title: (body as { title: string }).title, visibility: 'EDITORS' });
        portals = [...portals, created];
        return { status: 201, data: created };
      },
    });
    renderApp('/brands/4/guidelines');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'New portal' }));
    const dialog = await screen.findByRole('dialog', { name: 'New portal' });
    await user.click(within(dialog).getByRole('button', { name: 'Create portal' }));
    expect(await within(dialog).findByText('Is required')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await user.type(within(dialog).getByRole('textbox', { name: 'Title' }), '  Acme guidelines {Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([{ brand_id: 4, title: 'Acme guidelines' }]);
    const list = screen.getByRole('list', { name: 'Guideline portals' });
    expect(within(list).getByRole('heading', { name: 'Acme guidelines' })).toBeTruthy();
    expect(listOf(calls)).toHaveLength(2);
    expect(screen.getByText('Portal “Acme guidelines” created.')).toBeTruthy();
  });

  it('a refused creation shows the server message in the dialog', async () => {
    server({
      'GET /api/portal?brand_id=4': { data: [] },
      'POST /api/portal': { status: 403, body: { success: false, error: 'Only account admins may create portals' } },
    });
    renderApp('/brands/4/guidelines');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'New portal' }));
    const dialog = await screen.findByRole('dialog', { name: 'New portal' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Title' }), 'Acme{Enter}');
    expect(await within(dialog).findByRole('alert')).toHaveProperty('textContent', 'Only account admins may create portals');
  });

  it('changes the visibility with PATCH /api/portal/{id}; once public the link can be copied', async () => {
    let current = portal({ id: 7, brand_id: 4, title: 'Brand book', visibility: 'EDITORS' });
    const { calls } = server({
      'GET /api/portal?brand_id=4': () => ({ data: [current] }),
      'PATCH /api/portal/7': ({ body }) => {
        current = { ...current, ...(body as object) };
        return { data: current };
      },
      'GET /api/portal/7/token': { data: { token: TOKEN } },
    });
    renderApp('/brands/4/guidelines');
    const user = userEvent.setup();
    const card = await screen.findByRole('article', { name: 'Brand book' });
    expect(within(card).getByText('The link works once the portal is public.')).toBeTruthy();
    expect(within(card).queryByRole('button', { name: 'Copy public link' })).toBeNull();
    expect(calls.some((c) => c.path === '/api/portal/7/token')).toBe(false);

    await user.click(within(card).getByRole('button', { name: /Visibility/ }));
    const option = await screen.findByRole('option', { name: /^Public/ });
    expect(option.textContent).toContain('Anyone with the link');
    await user.click(option);
    await waitFor(() => expect(calls.filter((c) => c.method === 'PATCH').map((c) => c.body)).toEqual([{ visibility: 'PUBLIC' }]));
    expect(await within(card).findByRole('button', { name: 'Copy public link' })).toBeTruthy();
    expect(within(card).getByText('Visibility:', { exact: false }).parentElement?.textContent).toBe('Visibility: Public');
    expect(within(card).getByRole('textbox', { name: 'Public link' })).toHaveProperty('value', `${window.location.origin}/d/${TOKEN}`);
  });

  it('copies the public address and announces it', async () => {
    server({
      'GET /api/portal?brand_id=4': { data: [portal({ id: 7, brand_id: 4, title: 'Brand book', visibility: 'PUBLIC' })] },
      'GET /api/portal/7/token': { data: { token: TOKEN } },
    });
    renderApp('/brands/4/guidelines');
    // user-event provides the clipboard.
    const user = userEvent.setup();
    const card = await screen.findByRole('article', { name: 'Brand book' });
    await user.click(await within(card).findByRole('button', { name: 'Copy public link' }));
    expect(await navigator.clipboard.readText()).toBe(`${window.location.origin}/d/${TOKEN}`);
    const status = within(card)
      .getAllByRole('status')
      .find((s) => s.textContent === 'Link copied');
    expect(status).toBeTruthy();
  });

  it('creates a new link only after confirmation; the copied address is then the new one', async () => {
    const { calls } = server({
      'GET /api/portal?brand_id=4': { data: [portal({ id: 7, brand_id: 4, title: 'Brand book', visibility: 'PUBLIC' })] },
      'GET /api/portal/7/token': { data: { token: TOKEN } },
      'POST /api/portal/7/token': { data: { token: NEW_TOKEN } },
    });
    renderApp('/brands/4/guidelines');
    const user = userEvent.setup();
    const card = await screen.findByRole('article', { name: 'Brand book' });
    await within(card).findByRole('button', { name: 'Copy public link' });
    await user.click(within(card).getByRole('button', { name: 'Create new link…' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Create a new link for Brand book?' });
    expect(within(dialog).getByText(/The old link stops working/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await user.click(within(card).getByRole('button', { name: 'Create new link…' }));
    dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Create new link' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['/api/portal/7/token']);
    expect(within(card).getByText('A new link was created. The old link no longer works.')).toBeTruthy();
    await user.click(within(card).getByRole('button', { name: 'Copy public link' }));
    expect(await navigator.clipboard.readText()).toBe(`${window.location.origin}/d/${NEW_TOKEN}`);
  });

  it('renames in a dialog with PATCH /api/portal/{id}', async () => {
    let current = portal({ id: 7, brand_id: 4, title: 'Brand book' });
    const { calls } = server({
      'GET /api/portal?brand_id=4': () => ({ data: [current] }),
      'PATCH /api/portal/7': ({ body }) => {
        current = { ...current, ...(body as object) };
        return { data: current };
      },
    });
    renderApp('/brands/4/guidelines');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Rename Brand book' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename portal' });
    const title = within(dialog).getByRole('textbox', { name: 'Title' });
    await user.clear(title);
    await user.type(title, 'Acme brand book{Enter}');
    expect(await screen.findByRole('article', { name: 'Acme brand book' })).toBeTruthy();
    expect(calls.filter((c) => c.method === 'PATCH').map((c) => c.body)).toEqual([{ title: 'Acme brand book' }]);
  });

  it('a refused change shows the server message at the portal', async () => {
    server({
      'GET /api/portal?brand_id=4': { data: [portal({ id: 7, brand_id: 4, title: 'Brand book', visibility: 'ACCOUNT' })] },
      'PATCH /api/portal/7': { status: 403, body: { success: false, error: 'You may not change this portal' } },
    });
    renderApp('/brands/4/guidelines');
    const user = userEvent.setup();
    const card = await screen.findByRole('article', { name: 'Brand book' });
    await user.click(within(card).getByRole('button', { name: /Visibility/ }));
    await user.click(await screen.findByRole('option', { name: /^Editors/ }));
    expect(await within(card).findByRole('alert')).toHaveProperty('textContent', 'You may not change this portal');
    expect(within(card).getByText('Visibility:', { exact: false }).parentElement?.textContent).toBe('Visibility: Account');
  });

  it('a brand that does not exist shows the not-found page', async () => {
    server({
      'GET /api/brand/99': { status: 404, body: { success: false, error: 'Not found' } },
      'GET /api/error-page/404': { data: { title: 'Nothing here', description: 'Try the home page.' } },
    });
    renderApp('/brands/99/guidelines');
    expect(await screen.findByRole('heading', { name: 'Nothing here' })).toBeTruthy();
  });
});
