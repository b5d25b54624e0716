import { describe, expect, it } from 'vitest';
import { addDialogCount, avatarPopupAllowed, fontWeightsFor, selectionDelta, userTickable } from './index.js';

describe('users, groups and avatars', () => {
  it('shows the avatar popup only for other users with a numeric id ≥ 1', () => {
    expect(avatarPopupAllowed(5, 1)).toBe(true);
    expect(avatarPopupAllowed('5', 1)).toBe(true);
    expect(avatarPopupAllowed(1, 1)).toBe(false);
    expect(avatarPopupAllowed(0, 1)).toBe(false);
    expect(avatarPopupAllowed('abc', 1)).toBe(false);
    expect(avatarPopupAllowed(undefined, 1)).toBe(false);
  });
  it('does not let pending invitations or unsubscribed users be ticked', () => {
    expect(userTickable({ id: 1, name: 'Ada' })).toBe(true);
    expect(userTickable({ id: 2, name: null })).toBe(false);
    expect(userTickable({ id: 3, name: 'Bob', subscribed: false })).toBe(false);
  });
  it('counts ticked users plus members of ticked groups once each', () => {
    expect(addDialogCount([1, 2], [{ user_ids: [2, 3] }, { user_ids: [4] }])).toBe(4);
    expect(addDialogCount([], [])).toBe(0);
  });
  it('computes the selection delta', () => {
    expect(selectionDelta({ users: [1, 2], groups: [5] }, { users: [2, 3], groups: [] })).toEqual({
      add: { users: [3], groups: [] },
      remove: { users: [1], groups: [5] },
    });
  });
  it('offers weights 100–900 for Google fonts only', () => {
    expect(fontWeightsFor('Google')).toHaveLength(9);
    expect(fontWeightsFor('custom')).toEqual([400, 700]);
  });
});
