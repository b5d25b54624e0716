import type { UserGroup } from '@emblem/core';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';
import type { PickerUserEntry } from '../../toolkit';
import type { AccountUser } from '../admin-users/api';

/** A user group (GET /api/groups/list, docs/api.md); it is also a toolkit picker group. */
export type { UserGroup } from '@emblem/core';

export const groupKeys = {
  all: ['groups'] as const,
  list: ['groups', 'list'] as const,
};

/** Every group of the account; members of the account may list them while the USER_GROUPS flag is on. */
export const groupsQuery = queryOptions({
  queryKey: groupKeys.list,
  queryFn: ({ signal }) => api<UserGroup[]>('/api/groups/list', { signal }),
  staleTime: 0,
});

export function createGroup(name: string): Promise<UserGroup> {
  return api<UserGroup>('/api/groups', { method: 'POST', body: { name } });
}

/** The settings toolkit saves a group's name here with PUT ({name, i18n}). */
export const groupApi = (id: number) => `/api/groups/${id}`;
/** The toolkit user list saves the members here with PUT ({selection, selectionDelta, i18n}). */
export const groupMembersApi = (id: number) => `/api/groups/${id}/members`;

/** The account's people as the toolkit pickers want them (user_id → id, avatar → image). */
export function pickerUsers(users: readonly AccountUser[]): PickerUserEntry[] {
  return users.map((u) => ({ id: u.id, name: u.name, email: u.email, image: u.avatar }));
}
