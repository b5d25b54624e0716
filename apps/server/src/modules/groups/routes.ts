import {
  createGroupBodySchema,
  groupMembersBodySchema,
  idParams,
  projectGroupParamsSchema,
  renameGroupBodySchema,
  setProjectGroupBodySchema,
} from '@emblem/core';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { ok } from '../../http/envelope.js';
import { parse } from '../../http/validate.js';
import * as op from './operations.js';

export const groupRoutes: FastifyPluginAsync = async (app) => {
  app.get('/groups/list', async (req) => ok(await op.listGroups(app.db, req.user())));
  app.get('/groups/:id', async (req) => {
    const { id } = parse(idParams('group'), req.params);
    return ok(await op.getGroup(app.db, req.user(), id));
  });
  app.post('/groups', { config: { access: 'admin' } }, async (req, reply) => {
    const { name } = parse(createGroupBodySchema, req.body);
    reply.status(201);
    return ok(await op.createGroup(app.db, req.user(), { name }));
  });
  // PATCH for API clients, PUT for the settings toolkit (which saves with POST or PUT).
  const rename = async (req: FastifyRequest) => {
    const { id } = parse(idParams('group'), req.params);
    const { name } = parse(renameGroupBodySchema, req.body);
    return ok(await op.renameGroup(app.db, req.user(), id, { name }));
  };
  app.patch('/groups/:id', { config: { access: 'admin' } }, rename);
  app.put('/groups/:id', { config: { access: 'admin' } }, rename);
  app.delete('/groups/:id', { config: { access: 'admin' } }, async (req) => {
    const { id } = parse(idParams('group'), req.params);
    await op.deleteGroup(app.db, req.user(), id);
    return ok({ id });
  });
  app.put('/groups/:id/members', { config: { access: 'admin' } }, async (req) => {
    const { id } = parse(idParams('group'), req.params);
    return ok(await op.setGroupMembers(app.db, req.user(), id, parse(groupMembersBodySchema, req.body)));
  });

  app.put('/project/:id/group/:groupId', async (req) => {
    const { id, groupId } = parse(projectGroupParamsSchema, req.params);
    const { level } = parse(setProjectGroupBodySchema, req.body);
    return ok(await op.setProjectGroup(app.db, req.user(), id, groupId, level));
  });
  app.delete('/project/:id/group/:groupId', async (req) => {
    const { id, groupId } = parse(projectGroupParamsSchema, req.params);
    return ok(await op.removeProjectGroup(app.db, req.user(), id, groupId));
  });
};
