import { changeRoleBodySchema, featureFlagSchema, inviteUserBodySchema, userIdParamsSchema } from '@emblem/core';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { ok } from '../../http/envelope.js';
import { parse } from '../../http/validate.js';
import * as op from './operations.js';

const flagParams = z.object({ flag: featureFlagSchema }).strict();

export const accountRoutes: FastifyPluginAsync = async (app) => {
  app.get('/account', async (req) => ok(await op.getAccount(app.db, req.user())));
  app.get('/account/trial-extend', async (req) => ok(await op.extendTrial(app.db, req.user())));
  app.get('/account/usage', async (req) => ok(await op.usage(app.db, req.user())));

  app.put('/development/flag/:flag', async (req) => {
    const { flag } = parse(flagParams, req.params);
    return ok({ feature_flags: await op.setAccountFlag(app.db, req.user(), { flag, enabled: true }) });
  });
  app.delete('/development/flag/:flag', async (req) => {
    const { flag } = parse(flagParams, req.params);
    return ok({ feature_flags: await op.setAccountFlag(app.db, req.user(), { flag, enabled: false }) });
  });

  app.get('/account/users', { config: { access: 'admin' } }, async (req) => ok(await op.listMembers(app.db, req.user())));
  app.post('/account/users/invite', { config: { access: 'admin' } }, async (req, reply) => {
    const body = parse(inviteUserBodySchema, req.body);
    reply.status(201);
    return ok(await op.inviteMember(app.db, req.user(), body, app.config.publicUrl));
  });
  app.patch('/account/users/:userId', { config: { access: 'admin' } }, async (req) => {
    const { userId } = parse(userIdParamsSchema, req.params);
    const { role } = parse(changeRoleBodySchema, req.body);
    return ok(await op.changeRole(app.db, req.user(), userId, role));
  });
  app.delete('/account/users/:userId', { config: { access: 'admin' } }, async (req) => {
    const { userId } = parse(userIdParamsSchema, req.params);
    await op.removeMember(app.db, req.user(), userId);
    return ok({ id: userId });
  });
};
