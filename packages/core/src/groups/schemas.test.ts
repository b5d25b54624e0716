import { describe, expect, it } from 'vitest';
import { groupMembersBodySchema, nextGroupMembers } from './schemas.js';

const body = (value: unknown) => groupMembersBodySchema.parse(value);

describe('nextGroupMembers', () => {
  it('takes user_ids or selection.users as the whole list, without repeats', () => {
    expect(nextGroupMembers([1, 2], body({ user_ids: [3, 3, 4] }))).toEqual([3, 4]);
    expect(nextGroupMembers([1, 2], body({ selection: { users: [2, 5] } }))).toEqual([2, 5]);
    expect(nextGroupMembers([1, 2], body({ user_ids: [] }))).toEqual([]);
  });

  it('applies a selectionDelta to the current members, ignoring the selection beside it', () => {
    const next = nextGroupMembers(
      [1, 2, 3],
      body({ selection: { users: [9] }, selectionDelta: { add: { users: [4, 2] }, remove: { users: [1] } } }),
    );
    expect(next).toEqual([2, 3, 4]);
  });
});

describe('groupMembersBodySchema', () => {
  it('needs user_ids or a selection and refuses groups as members', () => {
    expect(groupMembersBodySchema.safeParse({}).success).toBe(false);
    expect(groupMembersBodySchema.safeParse({ selection: { users: [1], groups: [2] } }).success).toBe(false);
    expect(groupMembersBodySchema.safeParse({ selectionDelta: { add: { users: [], groups: [2] }, remove: { users: [] } } }).success).toBe(
      false,
    );
    expect(groupMembersBodySchema.safeParse({ user_ids: [1], i18n: 'de' }).success).toBe(true);
  });
});
