import {
  type AssignmentResponse,
  type AssignmentUser,
  applyChecklistPresetBodySchema,
  type ChecklistItemResponse,
  type ChecklistPresetResponse,
  createChecklistItemBodySchema,
  createChecklistPresetBodySchema,
  encodeBase64Id,
  reorderChecklistBodySchema,
  updateAssignmentBodySchema,
  updateChecklistItemBodySchema,
  updateChecklistPresetBodySchema,
} from '@emblem/core';
import { actorOf, builder, type GqlContext, numericId } from '../../graphql/builder.js';
import { parse } from '../../http/validate.js';
import { AssetRef } from '../assets/public.js';
import * as op from './operations.js';

/*
 * Assignments in GraphQL (data-api.md §3 "Workflow checklist preset", §7.3): `Asset.assignee`, `dueAt` and
 * `checklist`, and mutations calling the REST operations, so permissions, refusals and events are the same.
 */

/** Absent GraphQL arguments are left out of the REST body; an explicit null stays (it clears). */
const present = <T extends Record<string, unknown>>(o: T) =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
const userId = (id: string | number | null | undefined) => (id == null ? id : numericId(id, 'User'));

export function assignmentsGraphql(): void {
  const UserRef = builder.objectRef<AssignmentUser>('AssignmentUser').implement({
    fields: (t) => ({
      id: t.id({ resolve: (u) => encodeBase64Id('User', u.id) }),
      name: t.string({ nullable: true, resolve: (u) => u.name }),
    }),
  });
  const ItemRef = builder.objectRef<ChecklistItemResponse>('ChecklistItem').implement({
    fields: (t) => ({
      id: t.id({ resolve: (i) => encodeBase64Id('ChecklistItem', i.id) }),
      content: t.exposeString('content'),
      done: t.exposeBoolean('done'),
      doneAt: t.string({ nullable: true, resolve: (i) => i.done_at }),
      assignedUser: t.field({ type: UserRef, nullable: true, resolve: (i) => i.assigned_user }),
    }),
  });
  const AssignmentRef = builder.objectRef<AssignmentResponse>('AssetAssignment').implement({
    fields: (t) => ({
      assetId: t.id({ resolve: (a) => encodeBase64Id('Asset', a.asset_id) }),
      assignee: t.field({ type: UserRef, nullable: true, resolve: (a) => a.assignee }),
      dueAt: t.string({ nullable: true, resolve: (a) => a.due_at }),
      checklist: t.field({ type: [ItemRef], resolve: (a) => a.checklist }),
    }),
  });
  const PresetItemRef = builder.objectRef<ChecklistPresetResponse['items'][number]>('WorkflowChecklistPresetItem').implement({
    fields: (t) => ({
      content: t.exposeString('content'),
      assignedUser: t.field({ type: UserRef, nullable: true, resolve: (i) => i.assigned_user }),
    }),
  });
  const PresetRef = builder.objectRef<ChecklistPresetResponse>('WorkflowChecklistPreset').implement({
    fields: (t) => ({
      id: t.id({ resolve: (p) => encodeBase64Id('WorkflowChecklistPreset', p.id) }),
      name: t.exposeString('name'),
      items: t.field({ type: [PresetItemRef], resolve: (p) => p.items }),
    }),
  });

  // The three asset fields share one read per request and asset (VIEW; null and empty for a library's asset).
  const reads = new WeakMap<object, Map<number, Promise<AssignmentResponse | null>>>();
  const assignmentOf = (ctx: GqlContext, assetId: number) => {
    const perRequest = reads.get(ctx) ?? new Map<number, Promise<AssignmentResponse | null>>();
    reads.set(ctx, perRequest);
    const read = perRequest.get(assetId) ?? op.findAssignment(ctx.db, actorOf(ctx), assetId);
    perRequest.set(assetId, read);
    return read;
  };
  builder.objectFields(AssetRef, (t) => ({
    assignee: t.field({
      type: UserRef,
      nullable: true,
      description: 'Who works on the asset (workspace assets).',
      resolve: async (asset, _a, ctx) => (await assignmentOf(ctx, asset.id))?.assignee ?? null,
    }),
    dueAt: t.string({
      nullable: true,
      description: 'When the work on the asset is due (workspace assets).',
      resolve: async (asset, _a, ctx) => (await assignmentOf(ctx, asset.id))?.due_at ?? null,
    }),
    checklist: t.field({
      type: [ItemRef],
      description: 'The checklist of the asset, in order (workspace assets; empty elsewhere).',
      resolve: async (asset, _a, ctx) => (await assignmentOf(ctx, asset.id))?.checklist ?? [],
    }),
  }));

  builder.queryFields((t) => ({
    /** A workspace's checklist presets, as GET /api/project/{projectId}/checklist-presets. */
    workflowChecklistPresets: t.field({
      type: [PresetRef],
      args: { projectId: t.arg.id({ required: true }) },
      resolve: (_r, args, ctx) => op.listPresets(ctx.db, actorOf(ctx), numericId(args.projectId, 'Project')),
    }),
  }));

  const PresetItemInput = builder.inputType('WorkflowChecklistPresetItemInput', {
    fields: (t) => ({ content: t.string({ required: true }), assignedUserId: t.id({ required: false }) }),
  });
  const items = (list: { content: string; assignedUserId?: string | number | null }[]) =>
    list.map((i) => ({ content: i.content, assigned_user_id: userId(i.assignedUserId) ?? null }));
  const DeletePayload = builder.objectRef<{ id: number }>('DeleteWorkflowChecklistPresetPayload').implement({
    fields: (t) => ({
      id: t.id({ resolve: (p) => encodeBase64Id('WorkflowChecklistPreset', p.id) }),
      success: t.boolean({ resolve: () => true }),
    }),
  });
  const ApplyPayload = builder.objectRef<{ added: number; asset_ids: number[] }>('ApplyWorkflowChecklistPresetPayload').implement({
    fields: (t) => ({
      added: t.exposeInt('added'),
      assetIds: t.idList({ resolve: (p) => p.asset_ids.map((id) => encodeBase64Id('Asset', id)) }),
    }),
  });

  builder.mutationFields((t) => ({
    /** Sets or clears an asset's assignee and due date, as PATCH /api/asset/{id}/assignment. */
    updateAssetAssignment: t.field({
      type: AssignmentRef,
      args: { assetId: t.arg.id({ required: true }), assigneeId: t.arg.id({ required: false }), dueAt: t.arg.string({ required: false }) },
      resolve: (_r, args, ctx) => {
        const actor = actorOf(ctx);
        const body = parse(updateAssignmentBodySchema, present({ assignee_id: userId(args.assigneeId), due_at: args.dueAt }));
        return op.updateAssignment(ctx.db, actor, numericId(args.assetId, 'Asset'), body);
      },
    }),
    addChecklistItem: t.field({
      type: AssignmentRef,
      args: {
        assetId: t.arg.id({ required: true }),
        content: t.arg.string({ required: true }),
        assignedUserId: t.arg.id({ required: false }),
      },
      resolve: (_r, args, ctx) => {
        const actor = actorOf(ctx);
        const body = parse(
          createChecklistItemBodySchema,
          present({ content: args.content, assigned_user_id: userId(args.assignedUserId) }),
        );
        return op.addChecklistItem(ctx.db, actor, numericId(args.assetId, 'Asset'), body);
      },
    }),
    updateChecklistItem: t.field({
      type: AssignmentRef,
      args: {
        itemId: t.arg.id({ required: true }),
        content: t.arg.string({ required: false }),
        done: t.arg.boolean({ required: false }),
        assignedUserId: t.arg.id({ required: false }),
      },
      resolve: (_r, args, ctx) => {
        const actor = actorOf(ctx);
        const body = parse(
          updateChecklistItemBodySchema,
          present({ content: args.content ?? undefined, done: args.done ?? undefined, assigned_user_id: userId(args.assignedUserId) }),
        );
        return op.updateChecklistItem(ctx.db, actor, numericId(args.itemId, 'ChecklistItem'), body);
      },
    }),
    deleteChecklistItem: t.field({
      type: AssignmentRef,
      args: { itemId: t.arg.id({ required: true }) },
      resolve: (_r, args, ctx) => op.deleteChecklistItem(ctx.db, actorOf(ctx), numericId(args.itemId, 'ChecklistItem')),
    }),
    reorderChecklist: t.field({
      type: AssignmentRef,
      args: { assetId: t.arg.id({ required: true }), itemIds: t.arg.idList({ required: true }) },
      resolve: (_r, args, ctx) => {
        const actor = actorOf(ctx);
        const body = parse(reorderChecklistBodySchema, { item_ids: args.itemIds.map((id) => numericId(id, 'ChecklistItem')) });
        return op.reorderChecklist(ctx.db, actor, numericId(args.assetId, 'Asset'), body);
      },
    }),
    /** data-api.md §7.3 "workflow checklist preset": as POST /api/project/{projectId}/checklist-presets. */
    createWorkflowChecklistPreset: t.field({
      type: PresetRef,
      args: {
        projectId: t.arg.id({ required: true }),
        name: t.arg.string({ required: true }),
        items: t.arg({ type: [PresetItemInput], required: true }),
      },
      resolve: (_r, args, ctx) => {
        const actor = actorOf(ctx);
        const body = parse(createChecklistPresetBodySchema, { name: args.name, items: items(args.items) });
        return op.createPreset(ctx.db, actor, numericId(args.projectId, 'Project'), body);
      },
    }),
    updateWorkflowChecklistPreset: t.field({
      type: PresetRef,
      args: {
        presetId: t.arg.id({ required: true }),
        name: t.arg.string({ required: false }),
        items: t.arg({ type: [PresetItemInput], required: false }),
      },
      resolve: (_r, args, ctx) => {
        const actor = actorOf(ctx);
        const body = parse(
          updateChecklistPresetBodySchema,
          present({ name: args.name ?? undefined, items: args.items ? items(args.items) : undefined }),
        );
        return op.updatePreset(ctx.db, actor, numericId(args.presetId, 'WorkflowChecklistPreset'), body);
      },
    }),
    deleteWorkflowChecklistPreset: t.field({
      type: DeletePayload,
      args: { presetId: t.arg.id({ required: true }) },
      resolve: (_r, args, ctx) => op.deletePreset(ctx.db, actorOf(ctx), numericId(args.presetId, 'WorkflowChecklistPreset')),
    }),
    applyWorkflowChecklistPreset: t.field({
      type: ApplyPayload,
      args: { presetId: t.arg.id({ required: true }), assetIds: t.arg.idList({ required: true }) },
      resolve: (_r, args, ctx) => {
        const actor = actorOf(ctx);
        const body = parse(applyChecklistPresetBodySchema, { asset_ids: args.assetIds.map((id) => numericId(id, 'Asset')) });
        return op.applyPreset(ctx.db, actor, numericId(args.presetId, 'WorkflowChecklistPreset'), body);
      },
    }),
  }));
}
