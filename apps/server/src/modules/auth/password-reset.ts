import type { PasswordResetConfirmBody, PasswordResetDone, PasswordResetRequestBody } from '@emblem/core';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { audit } from '../../db/events.js';
import { AppError, TooManyRequestsError } from '../../http/errors.js';
import { hashPassword, randomToken, sha256 } from '../../lib/secrets.js';
import type { Mailer } from '../../mail/mailer.js';
import { mailMessage } from '../../mail/templates/index.js';
import type { Client } from './operations.js';
import * as q from './queries.js';

/** How long a reset link works. */
export const PASSWORD_RESET_TTL_MS = 60 * 60_000;
/** Requests per address and per IP within PASSWORD_RESET_WINDOW_MS; more are refused with 429. */
export const PASSWORD_RESET_MAX_PER_ADDRESS = 5;
export const PASSWORD_RESET_MAX_PER_IP = 20;
export const PASSWORD_RESET_WINDOW_MS = 60 * 60_000;

const TOO_MANY = 'Too many password reset requests. Try again later.';

export interface PasswordResetDeps {
  db: Db;
  mailer: Mailer;
  config: Pick<Config, 'publicUrl'>;
  log: FastifyBaseLogger;
}

/** The web app's page that takes the token (apps/web features/auth). */
export function passwordResetLink(publicUrl: string, token: string): string {
  return `${publicUrl}/auth/password-reset/${encodeURIComponent(token)}`;
}

/** 429 once `key` has `max` entries in the window, with the seconds until the oldest leaves it. */
async function throttle(db: Db, key: string, max: number) {
  if ((await q.countRecentFailures(db, key, PASSWORD_RESET_WINDOW_MS)) < max) return;
  const oldest = await q.oldestRecentFailure(db, key, PASSWORD_RESET_WINDOW_MS);
  const retry = oldest ? Math.max(1, Math.ceil((oldest.getTime() + PASSWORD_RESET_WINDOW_MS - Date.now()) / 1000)) : 3600;
  throw new TooManyRequestsError(TOO_MANY, retry);
}

/**
 * POST /api/auth/password-reset: mails a one-time link to the address when it belongs to someone who can sign in
 * (a password is set). Every request counts towards the limits of its address and its IP (the same records as
 * failed sign-ins), known address or not, and the answer is the same either way. The message is sent after the
 * answer, so how long the mail server takes does not tell whether the address exists.
 */
export async function requestPasswordReset(deps: PasswordResetDeps, input: PasswordResetRequestBody, client: Client): Promise<void> {
  const { db } = deps;
  const ipKey = `password-reset:ip:${client.ip ?? '-'}`;
  const addressKey = `password-reset:email:${input.email}`;
  await throttle(db, ipKey, PASSWORD_RESET_MAX_PER_IP);
  await throttle(db, addressKey, PASSWORD_RESET_MAX_PER_ADDRESS);
  await q.insertFailure(db, ipKey);
  await q.insertFailure(db, addressKey);
  if (Math.random() < 0.01) await q.pruneStalePasswordResets(db);

  const user = await q.findUserByEmail(db, input.email);
  const membership = user?.passwordHash ? await q.findPrimaryMembership(db, user.id) : null;
  if (!user || !membership) return;

  const token = randomToken();
  const expiresAt = new Date(Date.now() + PASSWORD_RESET_TTL_MS);
  await db.transaction(async (tx) => {
    await q.insertPasswordReset(tx, { userId: user.id, email: user.email, tokenHash: sha256(token), expiresAt });
    await audit(tx, { accountId: membership.accountId, userId: user.id }, 'auth:password-reset-request', user.id, { ip: client.ip });
  });
  const message = mailMessage('passwordReset', user.email, user.language, {
    name: user.name,
    link: passwordResetLink(deps.config.publicUrl, token),
    validMinutes: PASSWORD_RESET_TTL_MS / 60_000,
  });
  deps.mailer.send(message).catch((err: unknown) => deps.log.error({ err, userId: user.id }, 'password reset e-mail not sent'));
}

const refused = (message: string, code: string) => new AppError(400, message, undefined, code);
const INVALID = () =>
  refused('This password reset link is not valid. Ask for a new one with "Forgot password?" on the sign-in page.', 'TOKEN_INVALID');
const USED = () =>
  refused('This password reset link was already used. Ask for a new one with "Forgot password?" on the sign-in page.', 'TOKEN_USED');
const EXPIRED = () =>
  refused('This password reset link has expired. Ask for a new one with "Forgot password?" on the sign-in page.', 'TOKEN_EXPIRED');

/**
 * POST /api/auth/password-reset/confirm: sets the new password once per link. Unknown, used and expired links are
 * 400, as is a link mailed to an address the user no longer has. Afterwards every session of the user has ended
 * and every other open link of theirs is dead.
 */
export async function confirmPasswordReset(db: Db, input: PasswordResetConfirmBody): Promise<PasswordResetDone> {
  const found = await q.findPasswordReset(db, sha256(input.token));
  if (!found?.hasPassword || found.currentEmail.toLowerCase() !== found.email.toLowerCase()) throw INVALID();
  if (found.usedAt) throw USED();
  if (found.expired) throw EXPIRED();
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    if (!(await q.consumePasswordReset(tx, found.id))) throw USED();
    await q.setPasswordFromReset(tx, found.userId, passwordHash);
    await q.retirePasswordResets(tx, found.userId);
    const revoked = await q.revokeAllSessionsOfUser(tx, found.userId);
    const membership = await q.findPrimaryMembership(tx, found.userId);
    await audit(tx, { accountId: membership?.accountId ?? null, userId: found.userId }, 'auth:password-reset', found.userId, {
      revoked_sessions: revoked,
    });
    return { email: found.currentEmail };
  });
}
