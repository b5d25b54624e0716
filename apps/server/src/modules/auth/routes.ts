import {
  acceptInvitationBodySchema,
  idParams,
  type LoginResponse,
  loginBodySchema,
  type PasswordResetDone,
  type PasswordResetRequested,
  passwordResetConfirmBodySchema,
  passwordResetRequestBodySchema,
  type SessionResponse,
  trialExtensionRefusal,
} from '@emblem/core';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { loadAccount } from '../../access/index.js';
import { isAdmin } from '../../http/actor.js';
import { SESSION_COOKIE, sessionCookieOptions } from '../../http/auth.js';
import { ok } from '../../http/envelope.js';
import { parse } from '../../http/validate.js';
import { acceptInvitation, describeInvitation, presentAccount } from '../accounts/public.js';
import { sessionUser } from '../users/public.js';
import * as op from './operations.js';
import { confirmPasswordReset, requestPasswordReset } from './password-reset.js';

const tokenParams = z.object({ token: z.string().min(20).max(200) }).strict();

function client(req: FastifyRequest): op.Client {
  return { ip: req.ip ?? null, userAgent: req.headers['user-agent'] ?? null };
}

/** Sign-in, sign-out and the session: cookie-based, so only under /api. */
export const authRoutes: FastifyPluginAsync = async (app) => {
  /** Sets the session cookie and answers like a sign-in. */
  const signedIn = (req: FastifyRequest, reply: FastifyReply, session: op.NewSession) => {
    reply.setCookie(SESSION_COOKIE, session.token, sessionCookieOptions(app.config, req, session.expiresAt));
    return ok<LoginResponse>({ user: session.user, csrfToken: session.csrfToken });
  };

  app.post('/auth/login', { config: { access: 'public' } }, async (req, reply) => {
    const body = parse(loginBodySchema, req.body);
    return signedIn(req, reply, await op.login(app.db, body, client(req), app.config.sessionTtlMs));
  });

  app.post('/auth/logout', { config: { access: 'public' } }, async (req, reply) => {
    if (req.actor) await op.logout(app.db, req.actor);
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return ok({});
  });

  app.get('/auth/session', { config: { access: 'public' } }, async (req) => {
    const actor = req.actor;
    if (!actor) return ok<SessionResponse>({ user: null, csrfToken: null, account: null });
    const [user, account] = await Promise.all([sessionUser(app.db, actor), loadAccount(app.db, actor)]);
    const a = presentAccount(account, actor.role);
    return ok<SessionResponse>({
      user,
      csrfToken: req.csrfToken,
      account: {
        id: a.id,
        name: a.name,
        role: actor.role,
        is_admin: isAdmin(actor),
        plan: a.plan,
        trial_end: a.trial_end,
        trial_days_remaining: a.trial_days_remaining,
        trial_extension_available:
          trialExtensionRefusal(
            { plan: account.plan, trialEnd: account.trialEndsAt, trialExtendedAt: account.trialExtendedAt },
            isAdmin(actor),
          ) === null,
        feature_flags: a.feature_flags,
      },
    });
  });

  app.get('/auth/sessions', async (req) => ok(await op.listSessions(app.db, req.user())));
  app.delete('/auth/sessions/:id', async (req) => {
    const { id } = parse(idParams('session'), req.params);
    await op.revokeSession(app.db, req.user(), id);
    return ok({ id });
  });

  app.get('/auth/invitation/:token', { config: { access: 'public' } }, async (req) => {
    const { token } = parse(tokenParams, req.params);
    return ok(await describeInvitation(app.db, token));
  });
  app.post('/auth/invitation/accept', { config: { access: 'public' } }, async (req, reply) => {
    const body = parse(acceptInvitationBodySchema, req.body);
    const user = await acceptInvitation(app.db, body);
    const session = await op.createSession(app.db, user.id, client(req), app.config.sessionTtlMs);
    return signedIn(req, reply, { ...session, user });
  });

  // "Forgot password?" (public): the same answer whether or not the address belongs to someone.
  app.post('/auth/password-reset', { config: { access: 'public' } }, async (req) => {
    const body = parse(passwordResetRequestBodySchema, req.body);
    await requestPasswordReset({ db: app.db, mailer: app.mailer, config: app.config, log: req.log }, body, client(req));
    return ok<PasswordResetRequested>({});
  });
  app.post('/auth/password-reset/confirm', { config: { access: 'public' } }, async (req) => {
    const body = parse(passwordResetConfirmBodySchema, req.body);
    return ok<PasswordResetDone>(await confirmPasswordReset(app.db, body));
  });
};
