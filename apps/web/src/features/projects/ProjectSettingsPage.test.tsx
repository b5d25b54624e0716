import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { accountUser, brand, folder, project, projectPermissions } from '../../test/fixtures';
import { acceptCookies, type FakeHandler, fakeServer, renderApp, sessionFor } from '../../test/utils';
import type { Collaborator, PermissionLevel } from './api';

const PATH = '/brands/1/projects/5/settings/collaborators';

function collaborator(id: number, name: string, level: PermissionLevel): Collaborator {
  return { user_id: id, name, email: `${name.toLowerCase().split(' ')[0]}@example.com`, image: null, level };
}

/** A fake server whose collaborator list follows the PUT and DELETE calls. */
function server(
  options: { level?: PermissionLevel; admin?: boolean; people?: Collaborator[] } = {},
  overrides: Record<string, FakeHandler> = {},
) {
  let people = options.people ?? [collaborator(2, 'Bob Viewer', 'VIEW'), collaborator(3, 'Cleo Editor', 'EDIT')];
  const routes: Record<string, FakeHandler> = {
    'GET /api/auth/session': { data: sessionFor({ admin: options.admin ?? true }) },
    'GET /api/brand/1': { data: brand({ id: 1, name: 'Acme' }) },
    'GET /api/project/5': {
      data: project({ id: 5, brand_id: 1, name: 'Library 5', permissions: projectPermissions(options.level ?? 'ADMIN') }),
    },
    'GET /api/project/5/set': { data: folder(0, 'Library 5') },
    'GET /api/project/5/users?groups=true': () => ({ data: { users: people, groups: [] } }),
    'GET /api/account/users':
      options.admin === false
        ? { status: 403, body: { success: false, error: 'Forbidden' } }
        : {
            data: [
              accountUser({ id: 1, name: 'Ada Admin', role: 'OWNER' }),
              accountUser({ id: 2, name: 'Bob Viewer' }),
              accountUser({ id: 3, name: 'Cleo Editor' }),
              accountUser({ id: 4, name: 'Dan Newcomer', email: 'dan@example.com' }),
            ],
          },
    'GET /api/error-page/404': { data: { title: 'Nothing here', description: 'Try the home page.' } },
  };
  for (const id of [2, 3, 4]) {
    routes[`PUT /api/project/5/user/${id}`] = ({ body }) => {
      const level = (body as { level: PermissionLevel }).level;
      const existing = people.find((p) => p.user_id === id);
      people = existing
        ? people.map((p) => (p.user_id === id ? { ...p, level } : p))
        : [...people, collaborator(id, 'Dan Newcomer', level)];
      return { data: { user_id: id, level } };
    };
    routes[`DELETE /api/project/5/user/${id}`] = () => {
      people = people.filter((p) => p.user_id !== id);
      return { data: { user_id: id } };
    };
  }
  return fakeServer({ ...routes, ...overrides });
}

beforeEach(() => {
  acceptCookies();
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

describe('project settings: collaborators', () => {
  it('is reached from the library toolbar and lists the collaborators and the account admins sentence', async () => {
    server();
    const { router } = renderApp('/brands/1/projects/5');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('link', { name: 'Settings' }));
    // General is the first section; collaborators is the next tab.
    await waitFor(() => expect(router.state.location.pathname).toBe('/brands/1/projects/5/settings/general'));
    await user.click(
      within(await screen.findByRole('navigation', { name: 'Settings sections' })).getByRole('link', { name: 'Collaborators' }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe(PATH));

    expect(await screen.findByRole('heading', { level: 1, name: 'Collaborators' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Collaborators of Library 5' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(within(rows[0] as HTMLElement).getByText('Bob Viewer')).toBeTruthy();
    expect(within(rows[0] as HTMLElement).getByText('bob@example.com')).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByText('Cleo Editor')).toBeTruthy();
    expect(screen.getByText(/Admins of the account have full access/)).toBeTruthy();
    expect(screen.getByRole('button', { name: /Access for Bob Viewer/ }).textContent).toContain('View');
  });

  it('adds a person of the account with a level (PUT body) and lists them', async () => {
    const { calls } = server();
    renderApp(PATH);
    const user = userEvent.setup();
    await screen.findByRole('table');
    const form = screen.getByRole('region', { name: 'Add a person' });

    // Nothing chosen yet: the form says so and sends nothing.
    await user.click(within(form).getByRole('button', { name: 'Add' }));
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    await user.click(within(form).getByRole('button', { name: /Person/ }));
    // People who already collaborate are not offered.
    expect(screen.queryByRole('option', { name: 'Bob Viewer' })).toBeNull();
    await user.click(await screen.findByRole('option', { name: 'Dan Newcomer' }));
    await user.click(within(form).getByRole('button', { name: /Access/ }));
    await user.click(await screen.findByRole('option', { name: 'Edit' }));
    await user.click(within(form).getByRole('button', { name: 'Add' }));

    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')).toMatchObject({ path: '/api/project/5/user/4', body: { level: 'EDIT' } }),
    );
    expect(await screen.findByText('Dan Newcomer was added with Edit access.')).toBeTruthy();
    expect(await screen.findByRole('button', { name: /Access for Dan Newcomer/ })).toBeTruthy();
  });

  it('changes a level inline', async () => {
    const { calls } = server();
    renderApp(PATH);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /Access for Bob Viewer/ }));
    await user.click(await screen.findByRole('option', { name: 'Comment' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')).toMatchObject({ path: '/api/project/5/user/2', body: { level: 'COMMENT' } }),
    );
    expect(await screen.findByText('Bob Viewer now has Comment access.')).toBeTruthy();
  });

  it('shows a refused change clearly', async () => {
    server({}, { 'PUT /api/project/5/user/2': { status: 403, body: { success: false, error: 'You cannot change this' } } });
    renderApp(PATH);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /Access for Bob Viewer/ }));
    await user.click(await screen.findByRole('option', { name: 'Admin' }));
    expect((await screen.findByRole('alert')).textContent).toContain('You cannot change this');
  });

  it('removes a collaborator after a confirmation', async () => {
    const { calls } = server();
    renderApp(PATH);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Remove Cleo Editor' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove Cleo Editor?' });
    // Cancelling removes nothing.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Remove Cleo Editor' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Remove collaborator' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'DELETE')?.path).toBe('/api/project/5/user/3'));
    expect(await screen.findByText('Cleo Editor was removed.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Remove Cleo Editor' })).toBeNull());
  });

  it('a project admin who is not an account admin is told why people cannot be listed, and can still change levels', async () => {
    server({ admin: false });
    renderApp(PATH);
    expect(await screen.findByText(/Only admins of the account can list its people/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Person/ })).toBeNull();
    expect(screen.getByRole('button', { name: /Access for Bob Viewer/ })).toBeTruthy();
  });

  it('someone who may only view sees the list without editing controls', async () => {
    const { calls } = server({ level: 'EDIT', admin: false });
    renderApp(PATH);
    const table = await screen.findByRole('table');
    expect(within(table).getByText('View')).toBeTruthy();
    expect(screen.getByText('Only admins of this project can change its collaborators.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Access for/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Remove/ })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Add a person' })).toBeNull();
    expect(calls.some((c) => c.path === '/api/account/users')).toBe(false);
  });

  it('an empty list says what to do', async () => {
    server({ people: [] });
    renderApp(PATH);
    expect(await screen.findByRole('heading', { name: 'No collaborators yet' })).toBeTruthy();
    expect(screen.getByText('Add people of your account below to let them work in this project.')).toBeTruthy();
  });

  it('an unknown setting is not found', async () => {
    const { calls } = server();
    renderApp('/brands/1/projects/5/settings/billing');
    expect(await screen.findByRole('heading', { name: 'Nothing here' })).toBeTruthy();
    expect(calls.some((c) => c.path.startsWith('/api/project/5/users'))).toBe(false);
  });
});
