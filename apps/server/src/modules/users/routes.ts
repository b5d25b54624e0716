import {
  changePasswordBodySchema,
  emailVerificationConfirmBodySchema,
  emailVerificationRequestBodySchema,
  updateProfileBodySchema,
  userIdParamsSchema,
} from '@emblem/core';
import type { FastifyPluginAsync } from 'fastify';
import { ok } from '../../http/envelope.js';
import { parse } from '../../http/validate.js';
import { readImageSave } from '../images/public.js';
import * as op from './operations.js';

export const userRoutes: FastifyPluginAsync = async (app) => {
  app.get('/user/info', async (req) => ok(await op.currentUser(app.db, req.user())));
  app.get('/user/info/:userId', async (req) => {
    const { userId } = parse(userIdParamsSchema, req.params);
    return ok(await op.userInfo(app.db, req.user(), userId));
  });

  // The profile (docs/decisions/0010-profile-and-email-verification.md).
  app.put('/user/profile', async (req) => {
    const actor = req.user();
    const body = parse(updateProfileBodySchema, req.body);
    return ok(await op.updateProfile(app, actor, { name: body.name, language: body.language, avatar: readImageSave(body, 'avatar') }));
  });
  app.put('/user/password', async (req) => {
    const actor = req.user();
    const body = parse(changePasswordBodySchema, req.body);
    return ok(await op.changePassword(app.db, actor, body));
  });
  app.post('/user/:userId/email-verification', async (req) => {
    const actor = req.user();
    const { userId } = parse(userIdParamsSchema, req.params);
    const body = parse(emailVerificationRequestBodySchema, req.body);
    return ok(await op.requestEmailVerification({ db: app.db, mailer: app.mailer, config: app.config, log: req.log }, actor, userId, body));
  });
  // Public: the token is the credential, and the link may be opened in another browser than the one signed in.
  app.post('/user/email-verification', { config: { access: 'public' } }, async (req) => {
    const body = parse(emailVerificationConfirmBodySchema, req.body);
    return ok(await op.confirmEmailVerification(app.db, body.email_verification_token));
  });
};
