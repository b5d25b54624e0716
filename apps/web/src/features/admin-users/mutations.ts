import type { AccountRole, InviteUserBody } from '@emblem/core';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/api';
import { useWrite } from '../../lib/mutation';
import { sessionQueryKey } from '../../lib/session';
import { groupKeys } from '../groups/api';
import { usageKeys } from '../usage/api';
import {
  type AccountUser,
  accountUsersKey,
  changeRole,
  inviteUser,
  removeUser,
  resendInvitation,
  revokeInvitation,
  setGroupMembership,
} from './api';

/** POST /api/account/users/invite; the people, the groups and the usage figures refresh in the background. */
export function useInviteUser() {
  return useWrite({
    mutationFn: (body: InviteUserBody) => inviteUser(body),
    refreshes: () => [accountUsersKey, usageKeys.usage, groupKeys.all],
  });
}

/** POST /api/account/users/{id}/invitation: the list shows the new expiry once refetched. */
export function useResendInvitation(user: AccountUser) {
  return useWrite({
    mutationFn: () => resendInvitation(user.id),
    invalidates: () => [accountUsersKey],
  });
}

/** DELETE /api/account/users/{id}/invitation: the people are refetched before it counts as done. */
export function useRevokeInvitation(user: AccountUser) {
  return useWrite({
    mutationFn: () => revokeInvitation(user.id),
    invalidates: () => [accountUsersKey],
    refreshes: () => [usageKeys.usage, groupKeys.all],
  });
}

/**
 * PATCH /api/account/users/{id} with a new role. `onFailure` gets the page-level message (null when a change starts);
 * a change of one's own role also refreshes the session.
 */
export function useChangeUserRole(
  user: AccountUser,
  { isSelf, onFailure }: { isSelf: boolean; onFailure: (message: string | null) => void },
) {
  const { t } = useTranslation();
  const name = user.name || user.email;
  return useWrite({
    mutationFn: (next: AccountRole) => changeRole(user.id, next),
    onMutate: () => onFailure(null),
    refreshes: () => [accountUsersKey, usageKeys.usage, ...(isSelf ? [sessionQueryKey] : [])],
    onError: (error) => onFailure(t('adminUsers.roleFailed', { name, reason: errorMessage(error, t('common.tryAgainLater')) })),
  });
}

/** DELETE /api/account/users/{id}: the people are refetched before it counts as done, the usage figures after. */
export function useRemoveUser(user: AccountUser) {
  return useWrite({
    mutationFn: () => removeUser(user.id),
    invalidates: () => [accountUsersKey],
    refreshes: () => [usageKeys.usage],
  });
}

/**
 * The groups of one person (an invited one: the toolkit's pickers cannot tick pending invitations): one call per
 * group that changes, then the groups are refetched.
 */
export function useSetUserGroups(user: AccountUser) {
  return useWrite({
    mutationFn: async (changes: { groupId: number; member: boolean }[]) => {
      for (const change of changes) await setGroupMembership(change.groupId, user.id, change.member);
    },
    invalidates: () => [groupKeys.all],
  });
}
