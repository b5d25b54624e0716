import {
  applyChecklistPresetBodySchema,
  checklistItemParamsSchema,
  checklistPresetParamsSchema,
  createChecklistItemBodySchema,
  createChecklistPresetBodySchema,
  idParams,
  reorderChecklistBodySchema,
  updateAssignmentBodySchema,
  updateChecklistItemBodySchema,
  updateChecklistPresetBodySchema,
  workflowProjectParamsSchema,
} from '@emblem/core';
import type { FastifyPluginAsync } from 'fastify';
import { ok } from '../../http/envelope.js';
import { parse } from '../../http/validate.js';
import * as op from './operations.js';

/** Assignments and checklists of workspace assets, checklist presets (docs/api.md "Assignments"; decision 0048). */
export const assignmentRoutes: FastifyPluginAsync = async (app) => {
  app.get('/asset/:id/assignment', async (req) => {
    const { id } = parse(idParams('asset'), req.params);
    return ok(await op.getAssignment(app.db, req.user(), id));
  });
  app.patch('/asset/:id/assignment', async (req) => {
    const { id } = parse(idParams('asset'), req.params);
    return ok(await op.updateAssignment(app.db, req.user(), id, parse(updateAssignmentBodySchema, req.body)));
  });
  app.post('/asset/:id/checklist', async (req, reply) => {
    const { id } = parse(idParams('asset'), req.params);
    const body = parse(createChecklistItemBodySchema, req.body);
    const answer = await op.addChecklistItem(app.db, req.user(), id, body);
    reply.status(201);
    return ok(answer);
  });
  app.put('/asset/:id/checklist/order', async (req) => {
    const { id } = parse(idParams('asset'), req.params);
    return ok(await op.reorderChecklist(app.db, req.user(), id, parse(reorderChecklistBodySchema, req.body)));
  });
  app.patch('/checklist-item/:id', async (req) => {
    const { id } = parse(checklistItemParamsSchema, req.params);
    return ok(await op.updateChecklistItem(app.db, req.user(), id, parse(updateChecklistItemBodySchema, req.body)));
  });
  app.delete('/checklist-item/:id', async (req) => {
    const { id } = parse(checklistItemParamsSchema, req.params);
    return ok(await op.deleteChecklistItem(app.db, req.user(), id));
  });
  app.get('/project/:projectId/checklist-presets', async (req) => {
    const { projectId } = parse(workflowProjectParamsSchema, req.params);
    return ok(await op.listPresets(app.db, req.user(), projectId));
  });
  app.post('/project/:projectId/checklist-presets', async (req, reply) => {
    const { projectId } = parse(workflowProjectParamsSchema, req.params);
    const body = parse(createChecklistPresetBodySchema, req.body);
    const preset = await op.createPreset(app.db, req.user(), projectId, body);
    reply.status(201);
    return ok(preset);
  });
  app.patch('/checklist-preset/:id', async (req) => {
    const { id } = parse(checklistPresetParamsSchema, req.params);
    return ok(await op.updatePreset(app.db, req.user(), id, parse(updateChecklistPresetBodySchema, req.body)));
  });
  app.delete('/checklist-preset/:id', async (req) => {
    const { id } = parse(checklistPresetParamsSchema, req.params);
    return ok(await op.deletePreset(app.db, req.user(), id));
  });
  app.post('/checklist-preset/:id/apply', async (req) => {
    const { id } = parse(checklistPresetParamsSchema, req.params);
    return ok(await op.applyPreset(app.db, req.user(), id, parse(applyChecklistPresetBodySchema, req.body)));
  });
};
