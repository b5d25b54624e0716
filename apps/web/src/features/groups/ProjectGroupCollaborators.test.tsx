import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { userGroup as accountGroup, accountUser, brand, folder, project, projectPermissions } from '../../test/fixtures';
import { acceptCookies, type FakeHandler, fakeServer, renderApp, sessionFor } from '../../test/utils';
import type { Collaborator, PermissionLevel, ProjectGroup } from '../projects/api';
import type { UserGroup } from './api';

const PATH = '/brands/1/projects/5/settings/collaborators';

const ACCOUNT_GROUPS = [accountGroup(10, 'Design', [2, 3]), accountGroup(11, 'Agency', [4]), accountGroup(12, 'Writers', [3])];

function projectGroup(g: UserGroup, level: PermissionLevel): ProjectGroup {
  return { id: g.id, group_id: g.id, name: g.name, level, user_ids: g.user_ids, member_count: g.member_count };
}

/** A fake server whose project groups follow the PUT and DELETE calls. */
function server(
  options: {
    flags?: string[];
    level?: PermissionLevel;
    admin?: boolean;
    people?: Collaborator[];
    groups?: ProjectGroup[];
    accountGroups?: UserGroup[];
  } = {},
  overrides: Record<string, FakeHandler> = {},
) {
  let groups = options.groups ?? [projectGroup(ACCOUNT_GROUPS[0] as UserGroup, 'EDIT')];
  const people = options.people ?? [{ user_id: 2, name: 'Bob Viewer', email: 'bob@example.com', image: null, level: 'VIEW' as const }];
  const accountGroups = options.accountGroups ?? ACCOUNT_GROUPS;
  const routes: Record<string, FakeHandler> = {
    'GET /api/auth/session': { data: sessionFor({ admin: options.admin ?? true, flags: options.flags ?? ['USER_GROUPS'] }) },
    'GET /api/brand/1': { data: brand({ id: 1, name: 'Acme' }) },
    'GET /api/project/5': {
      data: project({ id: 5, brand_id: 1, name: 'Library 5', permissions: projectPermissions(options.level ?? 'ADMIN') }),
    },
    'GET /api/project/5/set': { data: folder(0, 'Library 5') },
    'GET /api/project/5/users?groups=true': () => ({ data: { users: people, groups } }),
    'GET /api/account/users': {
      data: [accountUser({ id: 1, name: 'Ada Admin', role: 'OWNER' }), accountUser({ id: 2, name: 'Bob Viewer' })],
    },
    'GET /api/groups/list': { data: accountGroups },
  };
  for (const g of accountGroups) {
    routes[`PUT /api/project/5/group/${g.id}`] = ({ body }) => {
      const level = (body as { level: PermissionLevel }).level;
      groups = groups.some((x) => x.id === g.id)
        ? groups.map((x) => (x.id === g.id ? { ...x, level } : x))
        : [...groups, projectGroup(g, level)];
      return { data: { group_id: g.id, level } };
    };
    routes[`DELETE /api/project/5/group/${g.id}`] = () => {
      groups = groups.filter((x) => x.id !== g.id);
      return { data: { group_id: g.id } };
    };
  }
  return fakeServer({ ...routes, ...overrides });
}

beforeEach(() => {
  acceptCookies();
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

describe('project settings: groups as collaborators', () => {
  it('lists the groups with their members and access next to the people', async () => {
    server();
    renderApp(PATH);
    const table = await screen.findByRole('table', { name: 'Groups with access to Library 5' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(1);
    expect(within(rows[0] as HTMLElement).getByText('Design')).toBeTruthy();
    expect(within(rows[0] as HTMLElement).getByText('2 members')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Access for the group Design/ }).textContent).toContain('Edit');
    expect(screen.getByRole('table', { name: 'Collaborators of Library 5' })).toBeTruthy();
  });

  it('adds groups with a level through the add dialog (groups tab only, listed groups left out)', async () => {
    const { calls } = server();
    renderApp(PATH);
    const user = userEvent.setup();
    const region = await screen.findByRole('region', { name: 'Add groups' });
    await user.click(await within(region).findByRole('button', { name: /Access for the added groups/ }));
    await user.click(await screen.findByRole('option', { name: 'Comment' }));
    await user.click(within(region).getByRole('button', { name: 'Choose groups' }));

    const dialog = await screen.findByRole('dialog', { name: 'Add groups with Comment access' });
    expect(
      within(dialog)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['Groups2']);
    expect(within(dialog).queryByRole('checkbox', { name: /Design/ })).toBeNull();
    await user.click(within(dialog).getByRole('checkbox', { name: /Agency/ }));
    await user.click(within(dialog).getByRole('checkbox', { name: /Writers/ }));
    // The label counts the members of the ticked groups.
    await user.click(within(dialog).getByRole('button', { name: 'Add 2 users' }));

    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(2));
    expect(calls.filter((c) => c.method === 'PUT').map((c) => [c.path, c.body])).toEqual([
      ['/api/project/5/group/11', { level: 'COMMENT' }],
      ['/api/project/5/group/12', { level: 'COMMENT' }],
    ]);
    expect(await screen.findByText('2 groups were added with Comment access.')).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Groups with access to Library 5' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(4));
    expect(await screen.findByText('Every group of your account already has access.')).toBeTruthy();
  });

  it('changes a group’s level inline and removes a group after a confirmation', async () => {
    const { calls } = server();
    renderApp(PATH);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /Access for the group Design/ }));
    await user.click(await screen.findByRole('option', { name: 'Admin' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')).toMatchObject({ path: '/api/project/5/group/10', body: { level: 'ADMIN' } }),
    );
    expect(await screen.findByText('Members of Design now have Admin access.')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Remove the group Design' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove the group Design?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Remove the group Design' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Remove group' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'DELETE')?.path).toBe('/api/project/5/group/10'));
    expect(await screen.findByText('The group Design was removed.')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('table', { name: 'Groups with access to Library 5' })).toBeNull());
  });

  it('shows a refused removal in the dialog', async () => {
    server({}, { 'DELETE /api/project/5/group/10': { status: 403, body: { success: false, error: 'Only project admins may do this' } } });
    renderApp(PATH);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Remove the group Design' }));
    const dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Remove group' }));
    expect(await within(dialog).findByText('Only project admins may do this')).toBeTruthy();
  });

  it('without USER_GROUPS keeps existing groups listed and removable, but offers no adding or level change', async () => {
    const { calls } = server({ flags: [] });
    renderApp(PATH);
    const table = await screen.findByRole('table', { name: 'Groups with access to Library 5' });
    expect(within(table).getByText('Edit')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Access for the group Design/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Remove the group Design' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Add groups' })).toBeNull();
    expect(calls.some((c) => c.path === '/api/groups/list')).toBe(false);
  });

  it('someone who may only view sees the groups without controls', async () => {
    const { calls } = server({ level: 'EDIT', admin: false });
    renderApp(PATH);
    const table = await screen.findByRole('table', { name: 'Groups with access to Library 5' });
    expect(within(table).getByText('Edit')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /group Design/ })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Add groups' })).toBeNull();
    expect(calls.some((c) => c.path === '/api/groups/list')).toBe(false);
  });

  it('a project admin who is not an account admin can add groups (members may list them)', async () => {
    const { calls } = server({ admin: false });
    renderApp(PATH);
    const user = userEvent.setup();
    const region = await screen.findByRole('region', { name: 'Add groups' });
    await user.click(await within(region).findByRole('button', { name: 'Choose groups' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add groups with View access' });
    await user.click(within(dialog).getByRole('checkbox', { name: /Agency/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Add 1 user' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')).toMatchObject({ path: '/api/project/5/group/11', body: { level: 'VIEW' } }),
    );
    expect(await screen.findByText('Agency was added with View access.')).toBeTruthy();
  });

  it('tells an admin where to create groups when the account has none; a project with only groups is not empty', async () => {
    server({ accountGroups: [], people: [] });
    renderApp(PATH);
    const region = await screen.findByRole('region', { name: 'Add groups' });
    expect(await within(region).findByText(/Your account has no user groups yet/)).toBeTruthy();
    expect(within(region).getByRole('link', { name: 'Create groups' }).getAttribute('href')).toBe('/admin/groups');
    expect(screen.queryByRole('heading', { name: 'No collaborators yet' })).toBeNull();
  });

  it('an empty project with no groups still says what to do', async () => {
    server({ people: [], groups: [] });
    renderApp(PATH);
    expect(await screen.findByRole('heading', { name: 'No collaborators yet' })).toBeTruthy();
    expect(screen.queryByRole('table', { name: 'Groups with access to Library 5' })).toBeNull();
  });
});
