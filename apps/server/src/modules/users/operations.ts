import type { AccountRole, ChangePasswordBody, EmailVerificationRequestBody, SessionUser, UserInfo, VerifiedEmail } from '@emblem/core';
import { DEFAULT_LANGUAGES, isAdminRole } from '@emblem/core';
import type { FastifyBaseLogger } from 'fastify';
import { requireScoped } from '../../access/index.js';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { audit } from '../../db/events.js';
import { type Actor, requireSession } from '../../http/actor.js';
import { AppError, ConflictError, ForbiddenError, NotFoundError, TooManyRequestsError, ValidationError } from '../../http/errors.js';
import { isUniqueViolation } from '../../lib/postgres-errors.js';
import { gravatarHash, hashPassword, randomToken, sha256, verifyPassword } from '../../lib/secrets.js';
import type { Mailer } from '../../mail/mailer.js';
import { accountFlags } from '../accounts/public.js';
import * as authQ from '../auth/public.js';
import { LOGIN_MAX_FAILURES, LOGIN_WINDOW_MS } from '../auth/public.js';
import { type ImageDeps, type ImageSave, resolveImageSave } from '../images/public.js';
import { verificationLink, verificationMessage } from './mail.js';
import { userPolicy } from './policy.js';
import * as q from './queries.js';

/** How long an e-mail verification link works. */
export const EMAIL_VERIFICATION_TTL_MS = 24 * 3_600_000;
/** At most this many verification e-mails per user within EMAIL_VERIFICATION_WINDOW_MS (429 above). */
export const EMAIL_VERIFICATION_MAX = 5;
export const EMAIL_VERIFICATION_WINDOW_MS = 3_600_000;

async function load(db: Db, actor: Actor, userId: number) {
  const row = await q.findUserInAccount(db, userId, actor.accountId);
  return requireScoped('user', userId, row && userPolicy.canView(actor, row) ? row : null);
}

export async function currentUser(db: Db, actor: Actor): Promise<UserInfo> {
  const u = await load(db, actor, actor.userId);
  const pending = await q.findPendingEmail(db, u.id, u.email);
  return {
    id: u.id,
    name: u.name,
    email: u.email,
    email_verified_at: u.emailVerifiedAt?.toISOString() ?? null,
    /** The address of an open change request: it replaces `email` once its link is opened. */
    pending_email: pending?.email ?? null,
    language: u.language,
    avatar: u.avatar,
    gravatar_hash: u.gravatarHash,
    created_at: u.createdAt.toISOString(),
    role: u.role as AccountRole,
    organization: { id: u.accountId, name: u.accountName },
    permissions: { analyticsDashboard: { canView: isAdminRole(actor.role) } },
  };
}

/** What the avatar popup of a user shows: only for people in the caller's account. */
export async function userInfo(db: Db, actor: Actor, userId: number) {
  const u = await load(db, actor, userId);
  return {
    id: u.id,
    name: u.name,
    email: u.email,
    role: u.role,
    organization: u.accountName,
    preview_url_without_placeholder: u.avatar,
    gravatar_hash: u.gravatarHash,
  };
}

export async function sessionUser(db: Db, actor: Actor): Promise<SessionUser> {
  const u = await load(db, actor, actor.userId);
  return { id: u.id, name: u.name, email: u.email, language: u.language, avatar: u.avatar, gravatar_hash: u.gravatarHash };
}

/** 429 once `key` has `max` entries within `windowMs`, with the seconds until the oldest one leaves the window. */
async function limit(db: Db, key: string, max: number, windowMs: number, message: string) {
  if ((await authQ.countRecentFailures(db, key, windowMs)) < max) return;
  const oldest = await authQ.oldestRecentFailure(db, key, windowMs);
  const retry = oldest ? Math.max(1, Math.ceil((oldest.getTime() + windowMs - Date.now()) / 1000)) : Math.ceil(windowMs / 1000);
  throw new TooManyRequestsError(message, retry);
}

export interface ProfileUpdate {
  name?: string;
  language?: string;
  avatar?: ImageSave;
}

/** PUT /api/user/profile: one's own name, language and avatar (rendered from an upload through the cropper). */
export async function updateProfile(deps: ImageDeps, actor: Actor, input: ProfileUpdate) {
  await load(deps.db, actor, actor.userId);
  // The rollout languages are offered only where the account has the I18N_ROLLOUT flag (data-api.md §9).
  const offered: readonly string[] = DEFAULT_LANGUAGES;
  if (input.language && !offered.includes(input.language) && !(await accountFlags(deps.db, actor)).includes('I18N_ROLLOUT')) {
    throw new ValidationError({ language: [`Must be one of ${DEFAULT_LANGUAGES.join(', ')}`] });
  }
  const avatar = input.avatar ? await resolveImageSave(deps, actor, input.avatar, 'avatar') : undefined;
  const values = { name: input.name, language: input.language, avatar };
  return deps.db.transaction(async (tx) => {
    await q.updateUser(tx, actor.userId, values);
    await audit(tx, actor, 'user:update', actor.userId, Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)));
    return currentUser(tx, actor);
  });
}

/**
 * PUT /api/user/password: the current password is checked (argon2) and wrong ones are throttled like sign-in
 * (LOGIN_MAX_FAILURES per user within LOGIN_WINDOW_MS → 429); the new one replaces it and every other session
 * of the user is revoked.
 */
export async function changePassword(db: Db, actor: Actor, input: ChangePasswordBody) {
  // A leaked API token must not be able to take the account over.
  requireSession(actor, 'The password can only be changed');
  const key = `password:${actor.userId}`;
  await limit(db, key, LOGIN_MAX_FAILURES, LOGIN_WINDOW_MS, 'Too many wrong passwords. Try again later.');
  const user = await q.findCredentials(db, actor.userId);
  if (!user) throw new NotFoundError();
  if (!(await verifyPassword(user.passwordHash, input.password))) {
    await authQ.insertFailure(db, key);
    throw new AppError(400, 'The current password is wrong', { password: ['The current password is wrong'] }, 'WRONG_PASSWORD');
  }
  const passwordHash = await hashPassword(input.password_new);
  return db.transaction(async (tx) => {
    await q.setPasswordHash(tx, actor.userId, passwordHash);
    const revoked = await q.revokeOtherSessions(tx, actor.userId, actor.sessionId);
    await audit(tx, actor, 'user:password-change', actor.userId, { revoked_sessions: revoked });
    return { revoked_sessions: revoked };
  });
}

export interface MailDeps {
  db: Db;
  mailer: Mailer;
  config: Pick<Config, 'publicUrl'>;
  log: FastifyBaseLogger;
}

/**
 * POST /api/user/{id}/email-verification: only for oneself. Another address than the current one is a change
 * (409 when another user has it); the current, unverified one gets a new link. The request is stored (the
 * SHA-256 of a 256-bit token, 24 h) and committed, then the link is mailed; when the mail cannot be sent the
 * request is removed again and the caller gets 503.
 */
export async function requestEmailVerification(deps: MailDeps, actor: Actor, userId: number, input: EmailVerificationRequestBody) {
  requireSession(actor, 'The e-mail address can only be changed');
  const target = await load(deps.db, actor, userId);
  if (target.id !== actor.userId) throw new ForbiddenError('You can only verify your own e-mail address');
  const email = input.email;
  const change = target.email.toLowerCase() !== email;
  if (!change && target.emailVerifiedAt)
    throw new ConflictError('This e-mail address is already verified', { email: ['Is already verified'] });
  if (change && (await q.emailTakenByOther(deps.db, email, target.id))) {
    throw new ConflictError('This e-mail address is used by another user', { email: ['Is used by another user'] });
  }
  const key = `email-verification:${target.id}`;
  await limit(deps.db, key, EMAIL_VERIFICATION_MAX, EMAIL_VERIFICATION_WINDOW_MS, 'Too many verification e-mails. Try again later.');

  const token = randomToken();
  const expiresAt = new Date(Date.now() + EMAIL_VERIFICATION_TTL_MS);
  const row = await deps.db.transaction(async (tx) => {
    await q.deleteUnusedVerifications(tx, target.id);
    const inserted = await q.insertVerification(tx, { userId: target.id, email, tokenHash: sha256(token), expiresAt });
    await authQ.insertFailure(tx, key);
    await audit(tx, actor, 'user:email-verification-request', target.id, { email, change });
    return inserted;
  });

  const message = verificationMessage({
    to: email,
    name: target.name,
    link: verificationLink(deps.config.publicUrl, token),
    change,
    validHours: EMAIL_VERIFICATION_TTL_MS / 3_600_000,
  });
  try {
    await deps.mailer.send(message);
  } catch (err) {
    deps.log.error({ err, userId: target.id }, 'verification e-mail not sent');
    await q.deleteVerification(deps.db, row.id);
    throw new AppError(503, 'The verification e-mail could not be sent. Please try again later.', undefined, 'MAIL_FAILED');
  }
  return { email, change, expires_at: expiresAt.toISOString() };
}

const ADDRESS_TAKEN = () => new ConflictError('This e-mail address is used by another user', { email: ['Is used by another user'] });

/**
 * POST /api/user/email-verification: the token of a link (public: the link may be opened on another device).
 * Unknown → 404; used or expired → 400; otherwise the address becomes the user's verified address, once.
 */
export async function confirmEmailVerification(db: Db, token: string): Promise<VerifiedEmail> {
  const found = await q.findVerificationByHash(db, sha256(token));
  if (!found) throw new NotFoundError('This verification link is not valid. Request a new one from your profile.');
  const used = () => new AppError(400, 'This verification link was already used.', undefined, 'TOKEN_USED');
  if (found.usedAt) throw used();
  if (found.expired)
    throw new AppError(400, 'This verification link has expired. Request a new one from your profile.', undefined, 'TOKEN_EXPIRED');
  try {
    return await db.transaction(async (tx) => {
      if (!(await q.consumeVerification(tx, found.id))) throw used();
      if (await q.emailTakenByOther(tx, found.email, found.userId)) throw ADDRESS_TAKEN();
      const user = await q.findCredentials(tx, found.userId);
      const saved = await q.setVerifiedEmail(tx, found.userId, found.email, gravatarHash(found.email));
      await q.retireVerifications(tx, found.userId);
      const membership = await authQ.findPrimaryMembership(tx, found.userId);
      await audit(tx, { accountId: membership?.accountId ?? null, userId: found.userId }, 'user:email-verified', found.userId, {
        email: found.email,
        previous: user?.email ?? null,
      });
      return { user_id: found.userId, email: saved.email, email_verified_at: saved.emailVerifiedAt?.toISOString() ?? null };
    });
  } catch (error) {
    // Another user took the address between the check and the update: the unique index refuses it.
    if (isUniqueViolation(error)) throw ADDRESS_TAKEN();
    throw error;
  }
}
