import type { AccountRole, AccountUser, InvitedUser, InviteUserBody } from '@emblem/core';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';

export type { AccountUser } from '@emblem/core';

export const accountUsersKey = ['account', 'users'] as const;

export const accountUsersQuery = queryOptions({
  queryKey: accountUsersKey,
  queryFn: ({ signal }) => api<AccountUser[]>('/api/account/users', { signal }),
  staleTime: 0,
});

export type { InvitedUser } from '@emblem/core';

export function inviteUser(body: InviteUserBody): Promise<InvitedUser> {
  return api('/api/account/users/invite', { method: 'POST', body });
}

/** A new invitation link and expiry, mailed; the old link stops working. */
export function resendInvitation(userId: number): Promise<InvitedUser> {
  return api(`/api/account/users/${userId}/invitation`, { method: 'POST' });
}

/** Withdraws a pending invitation: the invited person leaves the account. */
export function revokeInvitation(userId: number): Promise<{ id: number }> {
  return api(`/api/account/users/${userId}/invitation`, { method: 'DELETE' });
}

export function changeRole(userId: number, role: AccountRole): Promise<{ user: AccountUser }> {
  return api(`/api/account/users/${userId}`, { method: 'PATCH', body: { role } });
}

export function removeUser(userId: number): Promise<{ id: number }> {
  return api(`/api/account/users/${userId}`, { method: 'DELETE' });
}

/** Adds one person to a group or takes them out (PUT /api/groups/{id}/members with the toolkit's delta). */
export function setGroupMembership(groupId: number, userId: number, member: boolean): Promise<unknown> {
  const change = { users: [userId], groups: [] };
  const none = { users: [], groups: [] };
  return api(`/api/groups/${groupId}/members`, {
    method: 'PUT',
    body: { selectionDelta: member ? { add: change, remove: none } : { add: none, remove: change } },
  });
}
