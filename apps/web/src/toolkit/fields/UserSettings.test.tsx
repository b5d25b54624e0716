import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, sessionFor } from '../../test/utils';
import { renderToolkit } from '../test/render';
import type { PickerGroup, PickerUserEntry } from '../widgets/UserGroupAddDialog';
import { GroupsSetting, UserCheckboxListSetting, UserGroupListSetting } from './UserSettings';

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

const USERS: PickerUserEntry[] = [
  { id: 2, name: 'Bea Brand', email: 'bea@example.com' },
  { id: 3, name: 'Carl Creative', email: 'carl@example.com' },
  { id: 4, name: null, email: 'pending@example.com' },
  { id: 5, name: 'Dora', email: 'dora@example.com', subscribed: false },
];
const GROUPS: PickerGroup[] = [{ id: 10, name: 'Design', user_ids: [2, 3] }];

describe('user and group list', () => {
  it('shows a blank slate, adds through the dialog and saves the selection and the delta', async () => {
    const { calls } = fakeServer({ 'GET /api/auth/session': { data: sessionFor() }, 'POST /api/reviewers': { data: null } });
    const { user } = renderToolkit(
      <UserGroupListSetting
        name="reviewers"
        label="Reviewers"
        value={{ users: [], groups: [] }}
        users={USERS}
        groups={GROUPS}
        api="/api/reviewers"
      />,
    );
    expect(screen.getByText('Nobody is added yet. Add users or groups to give them access.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Add users or groups' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add users and groups' });
    await user.click(within(dialog).getByRole('checkbox', { name: /Bea Brand/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Add 1 user' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      selection: { users: [2], groups: [] },
      selectionDelta: { add: { users: [2], groups: [] }, remove: { users: [], groups: [] } },
      i18n: 'en',
    });
    await user.click(screen.getByRole('button', { name: 'Remove Bea Brand' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(2));
    // The delta is against what the server has now.
    expect(calls.filter((c) => c.method === 'POST')[1]?.body).toMatchObject({
      selection: { users: [], groups: [] },
      selectionDelta: { add: { users: [], groups: [] }, remove: { users: [2], groups: [] } },
    });
  });

  it('a required list fails with its message when nothing is left', async () => {
    const { calls } = fakeServer({ 'GET /api/auth/session': { data: sessionFor() }, 'POST /api/r': { data: null } });
    const { user } = renderToolkit(
      <UserGroupListSetting
        name="r"
        label="Reviewers"
        value={{ users: [2], groups: [] }}
        users={USERS}
        groups={GROUPS}
        required
        requiredMessage="Choose a reviewer"
        api="/api/r"
      />,
    );
    expect(document.querySelector('[data-required-counter]')?.getAttribute('data-required-counter')).toBe('1');
    await user.click(screen.getByRole('button', { name: 'Remove Bea Brand' }));
    expect(await screen.findByText('Choose a reviewer')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    expect(document.querySelector('.setting')?.getAttribute('data-flash')).toBe('error');
  });

  it('readonly hides add and remove', () => {
    fakeServer({ 'GET /api/auth/session': { data: sessionFor() } });
    renderToolkit(
      <UserGroupListSetting name="r" label="Owners" value={{ users: [3], groups: [10] }} users={USERS} groups={GROUPS} readonly />,
    );
    expect(screen.getAllByText('Carl Creative').length).toBeGreaterThan(0);
    expect(screen.getByText('Design')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Add users/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Remove/ })).toBeNull();
  });

  it('loads users and groups from their apis (collaborators / data, user_id and group_id renamed to id)', async () => {
    fakeServer({
      'GET /api/auth/session': { data: sessionFor() },
      'GET /api/collaborator/list/4': { body: { success: true, collaborators: [{ user_id: 7, name: 'Gus', email: 'gus@example.com' }] } },
      'GET /api/groups/list': { body: { success: true, data: [{ group_id: 12, name: 'Ops', user_ids: [7] }] } },
    });
    renderToolkit(
      <UserGroupListSetting
        name="r"
        label="Team"
        value={{ users: [7], groups: [12] }}
        usersApi="/api/collaborator/list/4"
        groupsApi="/api/groups/list"
      />,
    );
    expect((await screen.findAllByText('Gus')).length).toBeGreaterThan(0);
    expect(await screen.findByText('Ops')).toBeTruthy();
  });
});

describe('user checkbox list and groups', () => {
  it('pending invitations and unsubscribed users cannot be ticked; a tick saves at once', async () => {
    const { calls } = fakeServer({ 'POST /api/n': { data: null } });
    const { user } = renderToolkit(<UserCheckboxListSetting name="notify" label="Notify" value={[]} users={USERS} api="/api/n" />);
    expect((screen.getByRole('checkbox', { name: /pending@example.com/ }) as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByRole('checkbox', { name: /Dora/ }) as HTMLInputElement).disabled).toBe(true);
    await user.click(screen.getByRole('checkbox', { name: /Carl Creative/ }));
    await waitFor(() => expect(calls.map((c) => c.body)).toEqual([{ notify: [3], i18n: 'en' }]));
  });

  it('groups are read from GET /api/groups/list and saved as group_ids', async () => {
    const { calls } = fakeServer({
      'GET /api/groups/list': { body: { success: true, data: [{ id: 10, name: 'Design', user_ids: [1, 2] }] } },
      'POST /api/project/3/groups': { data: null },
    });
    const { user } = renderToolkit(<GroupsSetting name="groups" label="Groups" value={[]} api="/api/project/3/groups" />);
    await user.click(await screen.findByRole('checkbox', { name: /Design/ }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([{ group_ids: [10], i18n: 'en' }]));
  });
});
