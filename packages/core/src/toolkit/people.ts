/** The avatar hover popup shows only for a user id that is a number of at least 1 and not the current user. */
export function avatarPopupAllowed(userId: unknown, currentUserId: number | null | undefined): boolean {
  const id = typeof userId === 'number' ? userId : typeof userId === 'string' && /^\d+$/.test(userId.trim()) ? Number(userId) : Number.NaN;
  if (!Number.isInteger(id) || id < 1) return false;
  return id !== currentUserId;
}

export interface PickerUser {
  id: number;
  name: string | null;
  email?: string;
  /** communication_setting.subscribed in the pickers. */
  subscribed?: boolean;
}

/** A pending invitation (null name) or an unsubscribed user cannot be ticked. */
export function userTickable(user: PickerUser): boolean {
  return user.name !== null && user.subscribed !== false;
}

/**
 * How many users an add dialog adds: the ticked users plus the members of the ticked groups, each user
 * once.
 */
export function addDialogCount(tickedUserIds: readonly number[], tickedGroups: readonly { user_ids?: readonly number[] }[]): number {
  const ids = new Set(tickedUserIds);
  for (const group of tickedGroups) for (const id of group.user_ids ?? []) ids.add(id);
  return ids.size;
}

export interface UserGroupSelection {
  users: number[];
  groups: number[];
}

export interface UserGroupDelta {
  add: UserGroupSelection;
  remove: UserGroupSelection;
}

/** selectionDelta: what was added and removed compared with the initial selection. */
export function selectionDelta(initial: UserGroupSelection, current: UserGroupSelection): UserGroupDelta {
  const diff = (a: number[], b: number[]) => a.filter((id) => !b.includes(id));
  return {
    add: { users: diff(current.users, initial.users), groups: diff(current.groups, initial.groups) },
    remove: { users: diff(initial.users, current.users), groups: diff(initial.groups, current.groups) },
  };
}
