import {
  type AccountResponse,
  type AccountRole,
  type AccountUsage,
  type AccountUser,
  type FeatureFlag,
  isAdminRole,
  type Plan,
  TRIAL_EXTENSION_DAYS,
  trialDaysRemaining,
  trialExtensionRefusal,
} from '@emblem/core';
import { loadAccount, requireMember } from '../../access/index.js';
import type { Db } from '../../db/client.js';
import { audit } from '../../db/events.js';
import type { accounts } from '../../db/schema.js';
import type { Actor } from '../../http/actor.js';
import { ConflictError, ForbiddenError, NotFoundError } from '../../http/errors.js';
import { gravatarHash, hashPassword, sha256 } from '../../lib/secrets.js';
import { removeUserFromAccountGroups } from '../groups/public.js';
import { accountPolicy } from './policy.js';
import * as q from './queries.js';

type AccountRow = typeof accounts.$inferSelect;

export function presentAccount(row: AccountRow, role: AccountRole): AccountResponse {
  return {
    id: row.id,
    name: row.name,
    plan: row.plan as Plan,
    trial_plan: row.trialPlan as Plan,
    trial_end: row.trialEndsAt?.toISOString() ?? null,
    trial_days_remaining: trialDaysRemaining(row.trialEndsAt),
    company_size: row.companySize,
    blocked_extensions: row.blockedExtensions,
    personal_project_access: row.personalProjectAccess,
    feature_flags: row.featureFlags as FeatureFlag[],
    currentUserPermissions: { isOwner: role === 'OWNER', isSuperUser: role === 'SUPER_USER' },
  };
}

export async function getAccount(db: Db, actor: Actor) {
  return presentAccount(await loadAccount(db, actor), actor.role);
}

export async function accountFlags(db: Db, actor: Actor): Promise<string[]> {
  return (await loadAccount(db, actor)).featureFlags;
}

export async function setAccountFlag(db: Db, actor: Actor, input: { flag: FeatureFlag; enabled: boolean }) {
  accountPolicy.assertManage(actor);
  return db.transaction(async (tx) => {
    const account = await loadAccount(tx, actor);
    const flags = new Set(account.featureFlags);
    if (input.enabled) flags.add(input.flag);
    else flags.delete(input.flag);
    const next = await q.updateFlags(tx, account.id, [...flags].sort());
    await audit(tx, { accountId: account.id, userId: actor.userId }, input.enabled ? 'flag:enable' : 'flag:disable', null, {
      flag: input.flag,
    });
    return next;
  });
}

const TRIAL_REFUSALS = {
  'free-plan': new ConflictError('The account is on the free plan and has no trial to extend'),
  'trial-running': new ConflictError('The trial has not ended yet'),
  'not-allowed': new ForbiddenError('Only account admins may extend the trial'),
  'already-extended': new ConflictError('The trial has already been extended once'),
} as const;

/** An expired trial of a paid plan is extended once, by an admin. */
export async function extendTrial(db: Db, actor: Actor) {
  return db.transaction(async (tx) => {
    const account = await loadAccount(tx, actor);
    const refusal = trialExtensionRefusal(
      { plan: account.plan, trialEnd: account.trialEndsAt, trialExtendedAt: account.trialExtendedAt },
      isAdminRole(actor.role),
    );
    if (refusal) throw TRIAL_REFUSALS[refusal];
    const until = new Date(Date.now() + TRIAL_EXTENSION_DAYS * 86_400_000);
    const row = await q.extendTrial(tx, account.id, until);
    if (!row) throw TRIAL_REFUSALS['already-extended'];
    await audit(tx, { accountId: account.id, userId: actor.userId }, 'trial:extend', null, { until: until.toISOString() });
    return { trial_end: row.trialEndsAt?.toISOString() ?? null };
  });
}

export async function usage(db: Db, actor: Actor): Promise<AccountUsage> {
  const members = await q.listMembers(db, actor.accountId);
  const requests = await q.countAccessRequests(db, actor.accountId);
  const byRole = (role: string) => members.filter((m) => m.role === role).length;
  const invited = members.filter((m) => m.passwordHash === null).length;
  return {
    users: {
      total: members.length,
      active: members.length - invited,
      invited,
      owners: byRole('OWNER'),
      super_users: byRole('SUPER_USER'),
      members: byRole('MEMBER'),
    },
    access_requests: {
      pending: requests.find((r) => r.status === 'PENDING')?.n ?? 0,
      total: requests.reduce((sum, r) => sum + r.n, 0),
    },
  };
}

type MemberRow = Awaited<ReturnType<typeof q.listMembers>>[number];

export function presentMember(m: MemberRow): AccountUser {
  const invited = m.passwordHash === null;
  const expiresAt = m.invitationExpiresAt ? new Date(m.invitationExpiresAt) : null;
  return {
    id: m.id,
    name: m.name,
    email: m.email,
    role: m.role as AccountRole,
    status: invited ? ('invited' as const) : ('active' as const),
    gravatar_hash: m.gravatarHash,
    avatar: m.avatar,
    created_at: m.createdAt.toISOString(),
    invitation:
      invited && expiresAt && m.invitationSentAt
        ? {
            sent_at: new Date(m.invitationSentAt).toISOString(),
            expires_at: expiresAt.toISOString(),
            expired: expiresAt.getTime() <= Date.now(),
          }
        : null,
  };
}

export async function listMembers(db: Db, actor: Actor) {
  accountPolicy.assertManage(actor);
  return (await q.listMembers(db, actor.accountId)).map(presentMember);
}

function loadMember(db: Db, actor: Actor, userId: number) {
  return requireMember(db, actor, userId, 'user.view', 'Not found');
}

export async function changeRole(db: Db, actor: Actor, userId: number, role: AccountRole) {
  return db.transaction(async (tx) => {
    const member = await loadMember(tx, actor, userId);
    accountPolicy.assertChangeRole(actor, member.role as AccountRole, role);
    if (member.role === 'OWNER' && role !== 'OWNER' && (await q.countOwners(tx, actor.accountId)) <= 1) {
      throw new ConflictError('The account needs at least one owner', { role: ['The last owner keeps the owner role'] });
    }
    await q.updateRole(tx, actor.accountId, userId, role);
    await audit(tx, actor, 'user:role', userId, { from: member.role, to: role });
    return { user: presentMember({ ...member, role }) };
  });
}

/** Removes a member; a user left in no account is deleted with their sessions and tokens. */
export async function removeMember(db: Db, actor: Actor, userId: number) {
  await db.transaction(async (tx) => {
    const member = await loadMember(tx, actor, userId);
    accountPolicy.assertRemove(actor, { id: member.id, role: member.role as AccountRole });
    if (member.role === 'OWNER' && (await q.countOwners(tx, actor.accountId)) <= 1) {
      throw new ConflictError('The account needs at least one owner');
    }
    await q.deleteMembership(tx, actor.accountId, userId);
    await q.deleteOpenInvitations(tx, actor.accountId, userId);
    await removeUserFromAccountGroups(tx, actor.accountId, userId);
    if ((await q.countMemberships(tx, userId)) === 0) await q.deleteUser(tx, userId);
    await audit(tx, actor, 'user:remove', userId);
  });
}

const INVITATION_INVALID = () => new NotFoundError('This invitation is invalid or has expired');

export async function describeInvitation(db: Db, token: string) {
  const inv = await q.findOpenInvitation(db, sha256(token));
  if (!inv) throw INVITATION_INVALID();
  return { email: inv.email, account_name: inv.accountName };
}

/** Accepts an invitation: sets name and password, and returns the user for signing in. */
export async function acceptInvitation(db: Db, input: { token: string; name: string; password: string }) {
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const inv = await q.findOpenInvitation(tx, sha256(input.token));
    if (!inv || !(await q.acceptInvitation(tx, inv.id))) throw INVITATION_INVALID();
    // Never overwrites a password: an invitation only sets up someone who has none.
    if (!(await q.setUserCredentials(tx, inv.userId, { name: input.name, passwordHash }))) throw INVITATION_INVALID();
    await audit(tx, { accountId: inv.accountId, userId: inv.userId }, 'user:join', inv.userId);
    return { id: inv.userId, name: input.name, email: inv.email };
  });
}

/** Creates an account with its owner (first start, and tests). */
export async function createAccountWithOwner(
  db: Db,
  input: {
    accountName: string;
    owner: { name: string; email: string; password: string };
    plan?: string;
    trialEndsAt?: Date | null;
    featureFlags?: FeatureFlag[];
  },
) {
  const passwordHash = await hashPassword(input.owner.password);
  return db.transaction(async (tx) => {
    if (await q.findUserByEmail(tx, input.owner.email)) throw new ConflictError('A user with this e-mail exists', { email: ['Is taken'] });
    const account = await q.insertAccount(tx, {
      name: input.accountName,
      plan: input.plan ?? 'FREE',
      trialEndsAt: input.trialEndsAt ?? null,
      featureFlags: input.featureFlags ?? [],
    });
    const user = await q.insertUser(tx, {
      name: input.owner.name,
      email: input.owner.email.toLowerCase(),
      passwordHash,
      gravatarHash: gravatarHash(input.owner.email),
    });
    await q.insertMembership(tx, { accountId: account.id, userId: user.id, role: 'OWNER' });
    await audit(tx, { accountId: account.id, userId: user.id }, 'account:create', account.id);
    const actor: Actor = { userId: user.id, accountId: account.id, role: 'OWNER', via: 'session', sessionId: null, tokenId: null };
    return { account, user, actor };
  });
}

/** Adds an existing or new active user to an account (tests and seed). */
export async function addActiveMember(
  db: Db,
  accountId: number,
  input: { name: string; email: string; password: string; role: AccountRole },
) {
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const user = await q.insertUser(tx, {
      name: input.name,
      email: input.email.toLowerCase(),
      passwordHash,
      gravatarHash: gravatarHash(input.email),
    });
    await q.insertMembership(tx, { accountId, userId: user.id, role: input.role });
    await audit(tx, { accountId, userId: user.id }, 'user:join', user.id);
    const actor: Actor = { userId: user.id, accountId, role: input.role, via: 'session', sessionId: null, tokenId: null };
    return { user, actor };
  });
}

export const countAccounts = q.countAccounts;
