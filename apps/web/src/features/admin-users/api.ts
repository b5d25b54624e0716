import type { AccountRole } from '@emblem/core';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';

/** GET /api/account/users (docs/api.md). */
export interface AccountUser {
  id: number;
  /** null until an invited person accepts and chooses a name. */
  name: string | null;
  email: string;
  role: AccountRole;
  status: 'active' | 'invited';
  gravatar_hash: string | null;
  avatar: string | null;
  created_at: string;
}

export const accountUsersKey = ['account', 'users'] as const;

export const accountUsersQuery = queryOptions({
  queryKey: accountUsersKey,
  queryFn: ({ signal }) => api<AccountUser[]>('/api/account/users', { signal }),
  staleTime: 0,
});

export function inviteUser(body: { email: string; role: AccountRole }): Promise<{ user: AccountUser; invitation_url: string }> {
  return api('/api/account/users/invite', { method: 'POST', body });
}

export function changeRole(userId: number, role: AccountRole): Promise<{ user: AccountUser }> {
  return api(`/api/account/users/${userId}`, { method: 'PATCH', body: { role } });
}

export function removeUser(userId: number): Promise<{ id: number }> {
  return api(`/api/account/users/${userId}`, { method: 'DELETE' });
}
