import { type AccountRole, DEFAULT_LANGUAGES, type InvitedUser, type InviteUserBody } from '@emblem/core';
import type { FastifyBaseLogger } from 'fastify';
import { loadAccount, requireMember } from '../../access/index.js';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { audit } from '../../db/events.js';
import type { Actor } from '../../http/actor.js';
import { ConflictError, ForbiddenError, TooManyRequestsError, ValidationError } from '../../http/errors.js';
import { gravatarHash, randomToken, sha256 } from '../../lib/secrets.js';
import type { Mailer, MailMessage } from '../../mail/mailer.js';
import { mailMessage } from '../../mail/templates/index.js';
import { countRecentFailures, insertFailure, oldestRecentFailure } from '../auth/public.js';
import { addInviteeToGroups, removeUserFromAccountGroups } from '../groups/public.js';
import { presentMember } from './operations.js';
import { accountPolicy } from './policy.js';
import * as q from './queries.js';

/** How long an invitation link works. */
export const INVITATION_TTL_MS = 14 * 86_400_000;
/** Invitation e-mails to one person of one account within INVITATION_MAIL_WINDOW_MS (the invite and resends). */
export const INVITATION_MAIL_MAX = 5;
export const INVITATION_MAIL_WINDOW_MS = 3_600_000;

export interface InvitationDeps {
  db: Db;
  mailer: Mailer;
  config: Pick<Config, 'publicUrl'>;
  log: FastifyBaseLogger;
}

export function invitationLink(publicUrl: string, token: string): string {
  return `${publicUrl}/auth/invitation/${token}`;
}

const mailKey = (accountId: number, userId: number) => `invitation-mail:${accountId}:${userId}`;

/** 429 once the person got INVITATION_MAIL_MAX invitation e-mails from this account within the window. */
async function throttleMail(db: Db, accountId: number, userId: number) {
  const key = mailKey(accountId, userId);
  if ((await countRecentFailures(db, key, INVITATION_MAIL_WINDOW_MS)) < INVITATION_MAIL_MAX) return;
  const oldest = await oldestRecentFailure(db, key, INVITATION_MAIL_WINDOW_MS);
  const retry = oldest ? Math.max(1, Math.ceil((oldest.getTime() + INVITATION_MAIL_WINDOW_MS - Date.now()) / 1000)) : 3600;
  throw new TooManyRequestsError('Too many invitation e-mails to this person. Try again later.', retry);
}

/** A new link for an invited person: earlier open links of theirs to this account stop working. */
async function issueInvitation(tx: Db, actor: Actor, userId: number) {
  const token = randomToken();
  const expiresAt = new Date(Date.now() + INVITATION_TTL_MS);
  await q.deleteOpenInvitations(tx, actor.accountId, userId);
  await q.insertInvitation(tx, { accountId: actor.accountId, userId, tokenHash: sha256(token), invitedBy: actor.userId, expiresAt });
  await insertFailure(tx, mailKey(actor.accountId, userId));
  return { token, expiresAt };
}

/** Sends after the commit; a failure is logged and answered as `email_sent: false` (the invitation stands). */
async function send(deps: InvitationDeps, message: MailMessage, userId: number): Promise<boolean> {
  try {
    await deps.mailer.send(message);
    return true;
  } catch (err) {
    deps.log.error({ err, userId }, 'invitation e-mail not sent');
    return false;
  }
}

async function mailContext(db: Db, actor: Actor) {
  const [account, inviter] = await Promise.all([loadAccount(db, actor), q.findUserNameAndLanguage(db, actor.userId)]);
  return {
    names: { accountName: account.name, inviterName: inviter.name },
    inviterLanguage: inviter.language,
    featureFlags: account.featureFlags,
  };
}

/** Someone new gets the language asked for, else the inviter's; a rollout language needs I18N_ROLLOUT (data-api.md §9). */
function inviteeLanguage(asked: string | undefined, context: Awaited<ReturnType<typeof mailContext>>): string {
  if (asked && !(DEFAULT_LANGUAGES as readonly string[]).includes(asked) && !context.featureFlags.includes('I18N_ROLLOUT')) {
    throw new ValidationError({ language: [`Must be one of ${DEFAULT_LANGUAGES.join(', ')}`] });
  }
  return asked ?? context.inviterLanguage;
}

/**
 * POST /api/account/users/invite: the person joins the account with the role and groups chosen. Someone new (or
 * still invited elsewhere) is a pending user with a one-time link, valid 14 days, mailed in their language;
 * someone who already signs in to Emblem joins at once and is told by e-mail, without a link (a link would let its
 * holder choose their password).
 */
export async function inviteMember(deps: InvitationDeps, actor: Actor, input: InviteUserBody): Promise<InvitedUser> {
  accountPolicy.assertManage(actor);
  if (input.role === 'OWNER' && actor.role !== 'OWNER') throw new ForbiddenError('Only owners may grant or take the owner role');
  const done = await deps.db.transaction(async (tx) => {
    const context = await mailContext(tx, actor);
    const language = inviteeLanguage(input.language, context);
    let user = await q.findUserByEmail(tx, input.email);
    if (user && (await q.findMember(tx, actor.accountId, user.id))) {
      throw new ConflictError('This person is already a member of the account', { email: ['Is already a member'] });
    }
    const existing = Boolean(user?.passwordHash);
    user ??= await q.insertUser(tx, {
      name: null,
      email: input.email,
      passwordHash: null,
      gravatarHash: gravatarHash(input.email),
      language,
    });
    await q.insertMembership(tx, { accountId: actor.accountId, userId: user.id, role: input.role });
    await addInviteeToGroups(tx, actor, input.group_ids, user.id);
    const link = existing ? null : await issueInvitation(tx, actor, user.id);
    await audit(tx, actor, 'user:invite', user.id, { role: input.role, group_ids: input.group_ids, existing });
    const member = await q.findMember(tx, actor.accountId, user.id);
    if (!member) throw new Error('member vanished');
    return { member, link, context };
  });
  const { member, link, context } = done;
  const message = link
    ? mailMessage('invitation', member.email, member.language, {
        ...context.names,
        link: invitationLink(deps.config.publicUrl, link.token),
        expiresAt: link.expiresAt,
      })
    : mailMessage('addedToAccount', member.email, member.language, {
        ...context.names,
        name: member.name,
        signInUrl: `${deps.config.publicUrl}/auth`,
      });
  return {
    user: presentMember(member),
    invitation_url: link ? invitationLink(deps.config.publicUrl, link.token) : null,
    expires_at: link?.expiresAt.toISOString() ?? null,
    email_sent: await send(deps, message, member.id),
  };
}

const ALREADY_JOINED = (what: string) => new ConflictError(`This person has already joined the account: ${what}`);

/**
 * POST /api/account/users/{id}/invitation: a new link with a new expiry is mailed, and the earlier link stops
 * working. Only for someone still invited (409 once they joined); at most INVITATION_MAIL_MAX e-mails an hour.
 */
export async function resendInvitation(deps: InvitationDeps, actor: Actor, userId: number): Promise<InvitedUser> {
  accountPolicy.assertManage(actor);
  const { member, link, context } = await deps.db.transaction(async (tx) => {
    const found = await requireMember(tx, actor, userId, 'user.manage');
    if (found.passwordHash !== null) throw ALREADY_JOINED('there is no invitation to resend');
    await throttleMail(tx, actor.accountId, userId);
    const issued = await issueInvitation(tx, actor, userId);
    await audit(tx, actor, 'user:invitation-resend', userId);
    const member = await q.findMember(tx, actor.accountId, userId);
    if (!member) throw new Error('member vanished');
    return { member, link: issued, context: await mailContext(tx, actor) };
  });
  const url = invitationLink(deps.config.publicUrl, link.token);
  const message = mailMessage('invitation', member.email, member.language, { ...context.names, link: url, expiresAt: link.expiresAt });
  return {
    user: presentMember(member),
    invitation_url: url,
    expires_at: link.expiresAt.toISOString(),
    email_sent: await send(deps, message, member.id),
  };
}

/**
 * DELETE /api/account/users/{id}/invitation: withdraws a pending invitation. The invited person leaves the account
 * and its groups, the link stops working, and a user left in no account is deleted. 409 once they joined (removing
 * a member is DELETE /api/account/users/{id}), so a stale screen cannot remove someone who just accepted.
 */
export async function revokeInvitation(db: Db, actor: Actor, userId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const member = await requireMember(tx, actor, userId, 'user.manage');
    if (member.passwordHash !== null) throw ALREADY_JOINED('remove them instead');
    accountPolicy.assertRemove(actor, { id: member.id, role: member.role as AccountRole });
    await q.deleteMembership(tx, actor.accountId, userId);
    await q.deleteOpenInvitations(tx, actor.accountId, userId);
    await removeUserFromAccountGroups(tx, actor.accountId, userId);
    if ((await q.countMemberships(tx, userId)) === 0) await q.deleteUser(tx, userId);
    await audit(tx, actor, 'user:invitation-revoke', userId);
  });
}
