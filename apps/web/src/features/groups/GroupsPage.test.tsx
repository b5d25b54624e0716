import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { accountUser, userGroup as group } from '../../test/fixtures';
import { acceptCookies, type FakeHandler, fakeServer, renderApp, sessionFor } from '../../test/utils';
import type { UserGroup } from './api';

const PATH = '/admin/groups';
const errorPage403 = { data: { title: 'No entry here', description: 'Ask your admin.' } };

const people = [
  accountUser({ id: 1, name: 'Ada Admin', email: 'ada@example.com', role: 'OWNER' }),
  accountUser({ id: 2, name: 'Bob Designer', email: 'bob@example.com' }),
  accountUser({ id: 3, name: 'Cleo Writer', email: 'cleo@example.com' }),
];

/** A fake server whose group list follows the calls made to it. */
function server(initial: UserGroup[], overrides: Record<string, FakeHandler> = {}) {
  let groups = initial;
  const routes: Record<string, FakeHandler> = {
    'GET /api/auth/session': { data: sessionFor({ flags: ['USER_GROUPS'] }) },
    'GET /api/groups/list': () => ({ data: groups }),
    'GET /api/account/users': { data: people },
    'GET /api/error-page/403': errorPage403,
    'POST /api/groups': ({ body }) => {
      const created = group(20, (body as { name: string }).name);
      groups = [...groups, created];
      return { status: 201, data: created };
    },
  };
  for (const g of initial) {
    routes[`PUT /api/groups/${g.id}`] = ({ body }) => {
      const name = (body as { name: string }).name;
      groups = groups.map((x) => (x.id === g.id ? { ...x, name } : x));
      return { data: groups.find((x) => x.id === g.id) };
    };
    routes[`PUT /api/groups/${g.id}/members`] = ({ body }) => {
      const users = (body as { selection: { users: number[] } }).selection.users;
      groups = groups.map((x) => (x.id === g.id ? { ...x, user_ids: users, member_count: users.length } : x));
      return { data: groups.find((x) => x.id === g.id) };
    };
    routes[`DELETE /api/groups/${g.id}`] = () => {
      groups = groups.filter((x) => x.id !== g.id);
      return { data: { id: g.id } };
    };
  }
  return fakeServer({ ...routes, ...overrides });
}

const card = (name: string) => screen.getByRole('region', { name });

beforeEach(() => {
  acceptCookies();
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

describe('admin section "groups"', () => {
  it('is forbidden (403 page) without the USER_GROUPS flag, and for a member with it; nothing is loaded', async () => {
    const { calls } = fakeServer({ 'GET /api/auth/session': { data: sessionFor({ flags: [] }) }, 'GET /api/error-page/403': errorPage403 });
    const { unmount } = renderApp(PATH);
    expect(await screen.findByRole('heading', { name: 'No entry here' })).toBeTruthy();
    unmount();
    fakeServer({
      'GET /api/auth/session': { data: sessionFor({ admin: false, flags: ['USER_GROUPS'] }) },
      'GET /api/error-page/403': errorPage403,
    });
    renderApp(PATH);
    expect(await screen.findByRole('heading', { name: 'No entry here' })).toBeTruthy();
    expect(calls.some((c) => c.path === '/api/groups/list')).toBe(false);
  });

  it('is in the main navigation for admins of an account with the flag', async () => {
    server([]);
    renderApp(PATH);
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Groups' }).getAttribute('href')).toBe('/admin/groups');
  });

  it('says what to do when there are no groups, and creates one (POST {name})', async () => {
    const { calls } = server([]);
    renderApp(PATH);
    expect(await screen.findByRole('heading', { name: 'No groups yet' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('User groups · Emblem'));
    const user = userEvent.setup();
    // The empty state has its own button besides the header's.
    await user.click(screen.getAllByRole('button', { name: 'New group' })[1] as HTMLElement);
    const dialog = await screen.findByRole('dialog', { name: 'New group' });

    // An empty name is refused before anything is sent.
    await user.click(within(dialog).getByRole('button', { name: 'Create group' }));
    expect(within(dialog).getByLabelText(/^Name/).getAttribute('aria-invalid')).toBe('true');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await user.type(within(dialog).getByLabelText(/^Name/), '  Design team ');
    await user.click(within(dialog).getByRole('button', { name: 'Create group' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ name: 'Design team' });
    expect(await screen.findByText('The group Design team was created. Add its members below.')).toBeTruthy();
    expect(await screen.findByRole('region', { name: 'Design team' })).toBeTruthy();
  });

  it('shows a taken name at the field (409)', async () => {
    server([group(10, 'Design')], {
      'POST /api/groups': {
        status: 409,
        body: { success: false, error: 'A group with this name already exists', errors: { name: ['Is used by another group'] } },
      },
    });
    renderApp(PATH);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'New group' }));
    const dialog = await screen.findByRole('dialog', { name: 'New group' });
    await user.type(within(dialog).getByLabelText(/^Name/), 'design');
    await user.click(within(dialog).getByRole('button', { name: 'Create group' }));
    expect(await within(dialog).findByText('Another group already has this name.')).toBeTruthy();
    expect(within(dialog).getByLabelText(/^Name/).getAttribute('aria-invalid')).toBe('true');
  });

  it('lists each group with its members and renames it inline (PUT {name, i18n})', async () => {
    const { calls } = server([group(10, 'Design', [2]), group(11, 'Writers', [])]);
    renderApp(PATH);
    const design = await screen.findByRole('region', { name: 'Design' });
    expect(within(design).getByText('1 member')).toBeTruthy();
    expect(within(design).getByRole('button', { name: 'Remove Bob Designer' })).toBeTruthy();
    expect(within(card('Writers')).getByText('0 members')).toBeTruthy();
    expect(within(card('Writers')).getByText('Nobody is added yet.')).toBeTruthy();

    const user = userEvent.setup();
    await user.click(within(design).getByRole('button', { name: /^Name/ }));
    const input = within(design).getByRole('textbox', { name: 'Name' });
    await user.clear(input);
    await user.type(input, 'Brand design{Enter}');
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT' && c.path === '/api/groups/10')?.body).toEqual({ name: 'Brand design', i18n: 'en' }),
    );
    expect(await screen.findByRole('region', { name: 'Brand design' })).toBeTruthy();
  });

  it('adds and removes members with the user list (users only) and sends the selection and delta', async () => {
    const { calls } = server([group(10, 'Design', [2])]);
    renderApp(PATH);
    const design = await screen.findByRole('region', { name: 'Design' });
    const user = userEvent.setup();
    await user.click(within(design).getByRole('button', { name: 'Add users' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add users' });
    // Groups cannot be members of a group: the dialog has no groups tab; members are not offered again.
    expect(
      within(dialog)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['Users2']);
    expect(within(dialog).queryByRole('checkbox', { name: /Bob Designer/ })).toBeNull();
    await user.click(within(dialog).getByRole('checkbox', { name: /Cleo Writer/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Add 1 user' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT' && c.path === '/api/groups/10/members')?.body).toEqual({
        selection: { users: [2, 3], groups: [] },
        selectionDelta: { add: { users: [3], groups: [] }, remove: { users: [], groups: [] } },
        i18n: 'en',
      }),
    );
    expect(await within(card('Design')).findByText('2 members')).toBeTruthy();

    await user.click(within(card('Design')).getByRole('button', { name: 'Remove Bob Designer' }));
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/groups/10/members')).toHaveLength(2));
    expect(calls.filter((c) => c.path === '/api/groups/10/members')[1]?.body).toMatchObject({
      selection: { users: [3], groups: [] },
      selectionDelta: { remove: { users: [2], groups: [] } },
    });
  });

  it('shows a refused member change at the list', async () => {
    server([group(10, 'Design', [])], {
      'PUT /api/groups/10/members': {
        status: 400,
        body: { success: false, error: 'Validation failed', errors: { members: ['Not members of this account: 3'] } },
      },
    });
    renderApp(PATH);
    const design = await screen.findByRole('region', { name: 'Design' });
    const user = userEvent.setup();
    await user.click(within(design).getByRole('button', { name: 'Add users' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add users' });
    await user.click(within(dialog).getByRole('checkbox', { name: /Cleo Writer/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Add 1 user' }));
    expect(await within(design).findByText('Not members of this account: 3')).toBeTruthy();
  });

  it('deletes a group from its "More actions" menu after a confirmation', async () => {
    const { calls } = server([group(10, 'Design', [2]), group(11, 'Writers')]);
    renderApp(PATH);
    const design = await screen.findByRole('region', { name: 'Design' });
    const user = userEvent.setup();
    // No red Delete button on the card: Delete is an item of the card's menu.
    expect(within(design).queryByRole('button', { name: /Delete/ })).toBeNull();
    const more = within(design).getByRole('button', { name: 'More actions for Design' });
    await user.click(more);
    await user.click(await screen.findByRole('menuitem', { name: 'Delete group…' }));
    expect(within(design).getByRole('group', { name: /Delete Design\?/ })).toBeTruthy();
    expect(document.activeElement).toBe(within(design).getByRole('button', { name: 'Cancel' }));
    // Cancelling deletes nothing and gives the focus back to the menu button.
    await user.click(within(design).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    expect(within(design).queryByRole('group', { name: /Delete Design\?/ })).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(more));
    // With the keyboard: Enter opens the menu, Enter chooses Delete.
    await user.keyboard('{Enter}');
    await screen.findByRole('menu');
    await user.keyboard('{Enter}');
    expect(within(design).getByRole('group', { name: /Delete Design\?/ })).toBeTruthy();
    await user.click(within(design).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'DELETE')?.path).toBe('/api/groups/10'));
    expect(await screen.findByText('The group Design was deleted.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Design' })).toBeNull());
    expect(card('Writers')).toBeTruthy();
  });

  it('shows a refused load with its reason and a retry', async () => {
    let fail = true;
    server([], {
      'GET /api/groups/list': () =>
        fail
          ? { status: 403, body: { success: false, error: 'User groups are not enabled for this account' } }
          : { data: [group(10, 'Design')] },
    });
    renderApp(PATH);
    expect(await screen.findByText('The groups could not be loaded.')).toBeTruthy();
    expect(screen.getByText('User groups are not enabled for this account')).toBeTruthy();
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('region', { name: 'Design' })).toBeTruthy();
  });
});
