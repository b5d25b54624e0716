import {
  activityQuerySchema,
  boardQuerySchema,
  createWorkflowStatusBodySchema,
  deleteWorkflowStatusQuerySchema,
  moveToWorkflowStatusBodySchema,
  reorderWorkflowStatusesBodySchema,
  updateWorkflowStatusBodySchema,
  workflowProjectParamsSchema,
  workflowStatusListBodySchema,
  workflowStatusParamsSchema,
} from '@emblem/core';
import type { FastifyPluginAsync } from 'fastify';
import { ok } from '../../http/envelope.js';
import { parse } from '../../http/validate.js';
import * as op from './operations.js';

/** Workflow statuses (docs/api.md "Workflow statuses", decision 0045): under /api and /v1. */
export const workflowRoutes: FastifyPluginAsync = async (app) => {
  app.get('/project/status/:projectId', async (req) => {
    const { projectId } = parse(workflowProjectParamsSchema, req.params);
    return ok(await op.listStatuses(app.db, req.user(), projectId));
  });
  app.get('/project/:projectId/board', async (req) => {
    const { projectId } = parse(workflowProjectParamsSchema, req.params);
    return ok(await op.board(app.db, app.config.sessionSecret, req.user(), projectId, parse(boardQuerySchema, req.query)));
  });
  app.get('/project/:projectId/activity', async (req) => {
    const { projectId } = parse(workflowProjectParamsSchema, req.params);
    return ok(await op.activity(app.db, req.user(), projectId, parse(activityQuerySchema, req.query)));
  });
  // A permission token is the credential: no session needed (as POST /api/asset/list with a token).
  app.post('/workflow-status/list', { config: { access: 'public' } }, async (req) =>
    ok(await op.listStatusesByToken(app.db, parse(workflowStatusListBodySchema, req.body))),
  );
  app.put('/workflows/status-item/status/:statusId', async (req) => {
    const { statusId } = parse(workflowStatusParamsSchema, req.params);
    return ok(await op.moveAssetsToStatus(app.db, req.user(), statusId, parse(moveToWorkflowStatusBodySchema, req.body)));
  });
  app.post('/project/:projectId/status', async (req, reply) => {
    const { projectId } = parse(workflowProjectParamsSchema, req.params);
    const body = parse(createWorkflowStatusBodySchema, req.body);
    reply.status(201);
    return ok(await op.createStatus(app.db, req.user(), projectId, body));
  });
  app.patch('/project/status/item/:statusId', async (req) => {
    const { statusId } = parse(workflowStatusParamsSchema, req.params);
    return ok(await op.updateStatus(app.db, req.user(), statusId, parse(updateWorkflowStatusBodySchema, req.body)));
  });
  app.put('/project/:projectId/status/order', async (req) => {
    const { projectId } = parse(workflowProjectParamsSchema, req.params);
    return ok(await op.reorderStatuses(app.db, req.user(), projectId, parse(reorderWorkflowStatusesBodySchema, req.body)));
  });
  app.delete('/project/status/item/:statusId', async (req) => {
    const { statusId } = parse(workflowStatusParamsSchema, req.params);
    return ok(await op.deleteStatus(app.db, req.user(), statusId, parse(deleteWorkflowStatusQuerySchema, req.query)));
  });
};
