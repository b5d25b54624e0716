import type { AccountRole, AccountUser, InvitedUser } from '@emblem/core';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';

export type { AccountUser } from '@emblem/core';

export const accountUsersKey = ['account', 'users'] as const;

export const accountUsersQuery = queryOptions({
  queryKey: accountUsersKey,
  queryFn: ({ signal }) => api<AccountUser[]>('/api/account/users', { signal }),
  staleTime: 0,
});

export function inviteUser(body: { email: string; role: AccountRole }): Promise<InvitedUser> {
  return api('/api/account/users/invite', { method: 'POST', body });
}

export function changeRole(userId: number, role: AccountRole): Promise<{ user: AccountUser }> {
  return api(`/api/account/users/${userId}`, { method: 'PATCH', body: { role } });
}

export function removeUser(userId: number): Promise<{ id: number }> {
  return api(`/api/account/users/${userId}`, { method: 'DELETE' });
}
