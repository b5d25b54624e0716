import { encodeBase64Id, moveToWorkflowStatusBodySchema, type WorkflowMoveResponse, type WorkflowStatusResponse } from '@emblem/core';
import { actorOf, builder, numericId } from '../../graphql/builder.js';
import { parse } from '../../http/validate.js';
import { AssetRef } from '../assets/public.js';
import * as op from './operations.js';

/*
 * Workflow statuses in GraphQL (data-api.md §3 "Workflow status"): the resolvers call the REST operations, so
 * permissions, refusals and events are the same (decision 0045).
 */
export function workflowsGraphql(): void {
  const Status = builder.objectRef<WorkflowStatusResponse>('WorkflowStatus').implement({
    fields: (t) => ({
      id: t.id({ resolve: (s) => encodeBase64Id('WorkflowStatus', s.id) }),
      name: t.exposeString('name'),
      color: t.exposeString('color'),
      /** True for the project's APPROVED status. */
      trigger: t.exposeBoolean('trigger'),
    }),
  });
  const MoveResult = builder.objectRef<WorkflowMoveResponse>('WorkflowStatusMoveResult').implement({
    fields: (t) => ({
      statusId: t.id({ resolve: (r) => encodeBase64Id('WorkflowStatus', r.status_id) }),
      moved: t.exposeInt('moved'),
      assetIds: t.idList({ resolve: (r) => r.asset_ids.map((id) => encodeBase64Id('Asset', id)) }),
    }),
  });

  /** The asset's status, as `workflow_status` of its REST answer (null for none and in libraries). */
  builder.objectField(AssetRef, 'workflowStatus', (t) => t.field({ type: Status, nullable: true, resolve: (a) => a.workflow_status }));
  builder.queryFields((t) => ({
    /** A project's statuses in order, as GET /api/project/status/{projectId}. */
    workflowStatuses: t.field({
      type: [Status],
      args: { projectId: t.arg.id({ required: true }) },
      resolve: (_r, args, ctx) => op.listStatuses(ctx.db, actorOf(ctx), numericId(args.projectId, 'Project')),
    }),
  }));
  builder.mutationFields((t) => ({
    /** Puts assets in a status, as PUT /api/workflows/status-item/status/{statusId}. */
    moveAssetsToWorkflowStatus: t.field({
      type: MoveResult,
      args: { statusId: t.arg.id({ required: true }), assetIds: t.arg.idList({ required: true }) },
      resolve: (_r, args, ctx) => {
        const actor = actorOf(ctx);
        const statusId = numericId(args.statusId, 'WorkflowStatus');
        const body = parse(moveToWorkflowStatusBodySchema, { asset_ids: args.assetIds.map((id) => numericId(id, 'Asset')) });
        return op.moveAssetsToStatus(ctx.db, actor, statusId, body);
      },
    }),
  }));
}
