import {
  approvalProjectParams,
  approvalRequestParams,
  approvalRequestsQuerySchema,
  approvalReviewersBodySchema,
  approvalVoteBodySchema,
  auditTrailQuerySchema,
  createApprovalRequestBodySchema,
  idParams,
} from '@emblem/core';
import type { FastifyPluginAsync } from 'fastify';
import { ok } from '../../http/envelope.js';
import { parse } from '../../http/validate.js';
import * as op from './operations.js';

/** Approval requests and the asset audit trail (docs/api.md "Approval requests", decision 0049): under /api and /v1. */
export const approvalRoutes: FastifyPluginAsync = async (app) => {
  app.post('/project/:projectId/approval-requests', async (req, reply) => {
    const { projectId } = parse(approvalProjectParams, req.params);
    const body = parse(createApprovalRequestBodySchema, req.body);
    const made = await op.createApprovalRequest(app.db, req.user(), projectId, body);
    reply.status(201);
    return ok(made);
  });
  app.get('/asset/:id/approval-requests', async (req) => {
    const { id } = parse(idParams('asset'), req.params);
    const { status } = parse(approvalRequestsQuerySchema, req.query);
    return ok(await op.listAssetApprovalRequests(app.db, req.user(), id, status));
  });
  app.get('/approval-request/:id', async (req) => {
    const { id } = parse(approvalRequestParams, req.params);
    return ok(await op.getApprovalRequest(app.db, req.user(), id));
  });
  app.put('/approval-request/:id/vote', async (req) => {
    const { id } = parse(approvalRequestParams, req.params);
    return ok(await op.voteOnApprovalRequest(app.db, req.user(), id, parse(approvalVoteBodySchema, req.body)));
  });
  app.post('/approval-request/:id/cancel', async (req) => {
    const { id } = parse(approvalRequestParams, req.params);
    return ok(await op.cancelApprovalRequest(app.db, req.user(), id));
  });
  app.patch('/approval-request/:id/reviewers', async (req) => {
    const { id } = parse(approvalRequestParams, req.params);
    return ok(await op.changeApprovalReviewers(app.db, req.user(), id, parse(approvalReviewersBodySchema, req.body)));
  });
  app.get('/asset/:id/audit-trail', async (req) => {
    const { id } = parse(idParams('asset'), req.params);
    return ok(await op.assetAuditTrail(app.db, req.user(), id, parse(auditTrailQuerySchema, req.query)));
  });
};
