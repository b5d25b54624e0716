import {
  accountExtensionParamsSchema,
  addBlockedExtensionBodySchema,
  changeRoleBodySchema,
  featureFlagSchema,
  inviteUserBodySchema,
  listPositionBodySchema,
  replaceBlockedExtensionBodySchema,
  setFlagBodySchema,
  updateAccountBodySchema,
  userIdParamsSchema,
} from '@emblem/core';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ok } from '../../http/envelope.js';
import { parse } from '../../http/validate.js';
import { isReorder } from '../../lib/toolkit-list.js';
import * as invitations from './invitations.js';
import * as op from './operations.js';
import * as settings from './settings.js';

const flagParams = z.object({ flag: featureFlagSchema }).strict();

export const accountRoutes: FastifyPluginAsync = async (app) => {
  app.get('/account', async (req) => ok(await op.getAccount(app.db, req.user())));
  app.get('/account/trial-extend', async (req) => ok(await op.extendTrial(app.db, req.user())));
  app.get('/account/usage', async (req) => ok(await op.usage(app.db, req.user())));

  // Account settings (admins): name and blocked extensions; the list routes follow the toolkit list contract.
  app.patch('/account', { config: { access: 'admin' } }, async (req) => {
    const body = parse(updateAccountBodySchema, req.body);
    return ok(await settings.updateAccount(app.db, req.user(), { name: body.name, blocked_extensions: body.blocked_extensions }));
  });
  app.post('/account/blocked-extensions', { config: { access: 'admin' } }, async (req, reply) => {
    const { extension } = parse(addBlockedExtensionBodySchema, req.body);
    const { data, savedEntry } = await settings.blockedExtensions(app.db, req.user()).add(extension.label);
    reply.status(201);
    return { ...ok(data), savedEntry };
  });
  app.put('/account/blocked-extensions/:extension', { config: { access: 'admin' } }, async (req) => {
    const { extension } = parse(accountExtensionParamsSchema, req.params);
    const list = settings.blockedExtensions(app.db, req.user());
    if (isReorder(extension, req.body)) return ok(await list.reorder(parse(listPositionBodySchema, req.body).items));
    const { label } = parse(replaceBlockedExtensionBodySchema, req.body);
    const { data, savedEntry } = await list.replace(extension, label);
    return { ...ok(data), savedEntry };
  });
  app.delete('/account/blocked-extensions/:extension', { config: { access: 'admin' } }, async (req) => {
    const { extension } = parse(accountExtensionParamsSchema, req.params);
    return ok(await settings.blockedExtensions(app.db, req.user()).remove(extension));
  });

  // PUT turns a flag on, or off with {"enabled": false} (the toolkit's toggle saves with PUT); DELETE turns it off.
  app.put('/development/flag/:flag', async (req) => {
    const { flag } = parse(flagParams, req.params);
    const { enabled } = parse(setFlagBodySchema, req.body);
    return ok({ feature_flags: await op.setAccountFlag(app.db, req.user(), { flag, enabled: enabled ?? true }) });
  });
  app.delete('/development/flag/:flag', async (req) => {
    const { flag } = parse(flagParams, req.params);
    return ok({ feature_flags: await op.setAccountFlag(app.db, req.user(), { flag, enabled: false }) });
  });

  app.get('/account/users', { config: { access: 'admin' } }, async (req) => ok(await op.listMembers(app.db, req.user())));
  // Invitations are mailed (docs/decisions/0002-admin-section-route-and-invitations.md).
  const mail = (req: FastifyRequest): invitations.InvitationDeps => ({ db: app.db, mailer: app.mailer, config: app.config, log: req.log });
  app.post('/account/users/invite', { config: { access: 'admin' } }, async (req, reply) => {
    const body = parse(inviteUserBodySchema, req.body);
    const answer = await invitations.inviteMember(mail(req), req.user(), body);
    reply.status(201);
    return ok(answer);
  });
  app.post('/account/users/:userId/invitation', { config: { access: 'admin' } }, async (req) => {
    const { userId } = parse(userIdParamsSchema, req.params);
    return ok(await invitations.resendInvitation(mail(req), req.user(), userId));
  });
  app.delete('/account/users/:userId/invitation', { config: { access: 'admin' } }, async (req) => {
    const { userId } = parse(userIdParamsSchema, req.params);
    await invitations.revokeInvitation(app.db, req.user(), userId);
    return ok({ id: userId });
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
