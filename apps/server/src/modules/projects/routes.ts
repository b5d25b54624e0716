import {
  accountIdParamsSchema,
  brandIdParamsSchema,
  createProjectBodySchema,
  idParams,
  projectListQuerySchema,
  projectUserParamsSchema,
  projectUsersQuerySchema,
  setCollaboratorBodySchema,
  updateProjectBodySchema,
} from '@emblem/core';
import type { FastifyPluginAsync } from 'fastify';
import { ok } from '../../http/envelope.js';
import { parse } from '../../http/validate.js';
import { listProjectGroups } from '../groups/public.js';
import * as op from './operations.js';
import { projectSettingsRoutes } from './settings-routes.js';

export const projectRoutes: FastifyPluginAsync = async (app) => {
  await app.register(projectSettingsRoutes);
  app.post('/project/add', async (req, reply) => {
    const body = parse(createProjectBodySchema, req.body);
    reply.status(201);
    return ok(await op.createProject(app.db, req.user(), body));
  });
  app.get('/project/list/:accountId', async (req) => {
    const { accountId } = parse(accountIdParamsSchema, req.params);
    const query = parse(projectListQuerySchema, req.query);
    return ok(
      await op.listProjects(app.db, req.user(), {
        accountId,
        includeLibraries: query.include_libraries,
        libraryTypes: query.library_types,
      }),
    );
  });
  app.get('/brand/:brandId/projects', async (req) => {
    const { brandId } = parse(brandIdParamsSchema, req.params);
    return ok(await op.listProjects(app.db, req.user(), { brandId }));
  });
  app.get('/project/:id', async (req) => {
    const { id } = parse(idParams('project'), req.params);
    return ok(await op.getProject(app.db, req.user(), id));
  });
  app.patch('/project/:id', async (req) => {
    const { id } = parse(idParams('project'), req.params);
    return ok(await op.updateProject(app.db, req.user(), id, parse(updateProjectBodySchema, req.body)));
  });
  app.delete('/project/:id', async (req) => {
    const { id } = parse(idParams('project'), req.params);
    await op.deleteProject(app.db, req.user(), id);
    return ok({ id });
  });
  app.get('/project/:id/users', async (req) => {
    const { id } = parse(idParams('project'), req.params);
    const query = parse(projectUsersQuerySchema, req.query);
    const users = await op.listCollaborators(app.db, req.user(), id);
    // ?groups=true: the groups that collaborate on the project come along (docs/api.md).
    return ok(query.groups ? { users, groups: await listProjectGroups(app.db, req.user(), id) } : users);
  });
  app.put('/project/:id/user/:userId', async (req) => {
    const { id, userId } = parse(projectUserParamsSchema, req.params);
    const { level } = parse(setCollaboratorBodySchema, req.body);
    return ok(await op.setCollaborator(app.db, req.user(), id, userId, level));
  });
  app.delete('/project/:id/user/:userId', async (req) => {
    const { id, userId } = parse(projectUserParamsSchema, req.params);
    return ok(await op.removeCollaborator(app.db, req.user(), id, userId));
  });
  app.get('/project/:id/download-custom-sizes', async (req) => {
    const { id } = parse(idParams('project'), req.params);
    return ok(await op.downloadCustomSizes(app.db, req.user(), id));
  });
  app.get('/project/:id/asset-extension', async (req) => {
    const { id } = parse(idParams('project'), req.params);
    return ok(await op.assetExtensions(app.db, req.user(), id));
  });
};
