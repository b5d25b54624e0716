import { loadAccount, requireGroup } from '../../access/index.js';
import type { Db } from '../../db/client.js';
import { audit } from '../../db/events.js';
import type { Actor } from '../../http/actor.js';
import { groupPolicy } from './policy.js';
import * as q from './queries.js';

/**
 * Puts a person being invited into groups of the caller's account (an admin's invitation, USER_GROUPS on). The
 * invited person is already a member of the account, so the group membership is stored as any other; it gives
 * access once the invitation is accepted, since nobody can sign in as them before.
 */
export async function addInviteeToGroups(db: Db, actor: Actor, groupIds: readonly number[], userId: number): Promise<void> {
  if (groupIds.length === 0) return;
  groupPolicy.assertManage(actor);
  groupPolicy.assertFeature((await loadAccount(db, actor)).featureFlags);
  for (const id of groupIds) {
    await requireGroup(db, actor, id, 'group.manage');
    await q.addMembers(db, id, [userId]);
    await audit(db, actor, 'group:members', id, { added: [userId], removed: [] });
  }
}
