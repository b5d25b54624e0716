import {
  APPROVAL_MODES,
  APPROVAL_RESULTS,
  APPROVAL_VOTES,
  type ApprovalRequestResponse,
  type ApprovalReviewerResponse,
  type ApprovalUser,
  type AuditTrailEntry,
  type AuditTrailPage,
  approvalRequestsQuerySchema,
  approvalReviewersBodySchema,
  approvalVoteBodySchema,
  auditTrailQuerySchema,
  createApprovalRequestBodySchema,
  encodeBase64Id,
} from '@emblem/core';
import { actorOf, builder, numericId } from '../../graphql/builder.js';
import { parse } from '../../http/validate.js';
import { AssetRef } from '../assets/public.js';
import * as op from './operations.js';

/*
 * Approval requests and the asset audit trail in GraphQL: each resolver parses its input with the REST schema and
 * calls the same operation, so permissions, refusals, events and realtime messages are those of the REST routes.
 */
export function approvalsGraphql(): void {
  const requestId = (id: string | number) => numericId(id, 'ApprovalRequest');
  const ids = (list: readonly (string | number)[] | null | undefined, type: 'User' | 'UserGroup') =>
    (list ?? []).map((id) => numericId(id, type));

  const Mode = builder.enumType('ApprovalMode', { values: APPROVAL_MODES });
  const Vote = builder.enumType('ApprovalVote', { values: APPROVAL_VOTES });
  const Result = builder.enumType('ApprovalResult', { values: APPROVAL_RESULTS });

  const UserRef = builder.objectRef<ApprovalUser>('ApprovalUser').implement({
    fields: (t) => ({
      id: t.id({ resolve: (u) => encodeBase64Id('User', u.id) }),
      name: t.string({ nullable: true, resolve: (u) => u.name }),
    }),
  });
  const GroupRef = builder.objectRef<{ id: number; name: string }>('ApprovalGroup').implement({
    fields: (t) => ({
      id: t.id({ resolve: (g) => encodeBase64Id('UserGroup', g.id) }),
      name: t.exposeString('name'),
    }),
  });
  const Reviewer = builder.objectRef<ApprovalReviewerResponse>('ApprovalReviewer').implement({
    fields: (t) => ({
      user: t.field({ type: UserRef, nullable: true, resolve: (r) => r.user }),
      group: t.field({ type: GroupRef, nullable: true, resolve: (r) => r.group }),
      vote: t.field({ type: Vote, nullable: true, resolve: (r) => r.vote }),
      comment: t.string({ nullable: true, resolve: (r) => r.comment }),
      votedBy: t.field({ type: UserRef, nullable: true, resolve: (r) => r.voted_by }),
      votedAt: t.string({ nullable: true, resolve: (r) => r.voted_at }),
      /** False for a reviewer who lost access to the project: their vote does not count. */
      counts: t.exposeBoolean('counts'),
    }),
  });
  const Request = builder.objectRef<ApprovalRequestResponse>('ApprovalRequest').implement({
    fields: (t) => ({
      id: t.id({ resolve: (r) => encodeBase64Id('ApprovalRequest', r.id) }),
      projectId: t.id({ resolve: (r) => encodeBase64Id('Project', r.project_id) }),
      assetIds: t.idList({ resolve: (r) => r.asset_ids.map((id) => encodeBase64Id('Asset', id)) }),
      mode: t.field({ type: Mode, resolve: (r) => r.mode }),
      status: t.field({ type: Result, resolve: (r) => r.status }),
      message: t.exposeString('message'),
      dueAt: t.string({ nullable: true, resolve: (r) => r.due_at }),
      createdAt: t.exposeString('created_at'),
      resolvedAt: t.string({ nullable: true, resolve: (r) => r.resolved_at }),
      requester: t.field({ type: UserRef, nullable: true, resolve: (r) => r.requester }),
      reviewers: t.field({ type: [Reviewer], resolve: (r) => r.reviewers }),
      canVote: t.boolean({ resolve: (r) => r.permissions.vote }),
      canManage: t.boolean({ resolve: (r) => r.permissions.manage }),
    }),
  });
  const Entry = builder.objectRef<AuditTrailEntry>('AuditTrailEntry').implement({
    fields: (t) => ({
      id: t.id({ resolve: (e) => String(e.id) }),
      type: t.exposeString('type'),
      createdAt: t.exposeString('created_at'),
      actor: t.field({ type: UserRef, nullable: true, resolve: (e) => e.actor }),
      /** The event's details as JSON text (their shape depends on `type`; docs/api.md). */
      data: t.string({ resolve: (e) => JSON.stringify(e.data) }),
    }),
  });
  const TrailPage = builder.objectRef<AuditTrailPage>('AuditTrailPage').implement({
    fields: (t) => ({
      entries: t.field({ type: [Entry], resolve: (p) => p.entries }),
      nextCursor: t.string({ nullable: true, resolve: (p) => p.next_cursor }),
    }),
  });

  builder.objectField(AssetRef, 'approvalRequests', (t) =>
    t.field({
      type: [Request],
      description: "The asset's approval requests, newest first (VIEW), as GET /api/asset/{id}/approval-requests.",
      args: { onlyOpen: t.arg.boolean({ required: false }) },
      resolve: (asset, args, ctx) => {
        const { status } = parse(approvalRequestsQuerySchema, { status: args.onlyOpen === false ? 'ALL' : 'OPEN' });
        return op.listAssetApprovalRequests(ctx.db, actorOf(ctx), asset.id, status);
      },
    }),
  );
  builder.objectField(AssetRef, 'auditTrail', (t) =>
    t.field({
      type: TrailPage,
      description: "The asset's events, newest first (VIEW), as GET /api/asset/{id}/audit-trail.",
      args: { cursor: t.arg.string({ required: false }), limit: t.arg.int({ required: false }) },
      resolve: (asset, args, ctx) => {
        const query = parse(auditTrailQuerySchema, { cursor: args.cursor ?? undefined, limit: args.limit ?? undefined });
        return op.assetAuditTrail(ctx.db, actorOf(ctx), asset.id, query);
      },
    }),
  );

  builder.queryFields((t) => ({
    /** One approval request, as GET /api/approval-request/{id}. */
    approvalRequest: t.field({
      type: Request,
      args: { id: t.arg.id({ required: true }) },
      resolve: (_r, args, ctx) => {
        const actor = actorOf(ctx);
        return op.getApprovalRequest(ctx.db, actor, requestId(args.id));
      },
    }),
  }));

  const CreateInput = builder.inputType('CreateApprovalRequestInput', {
    fields: (t) => ({
      projectId: t.id({ required: true }),
      assetIds: t.idList({ required: true }),
      userIds: t.idList({ required: false }),
      groupIds: t.idList({ required: false }),
      mode: t.field({ type: Mode, required: true }),
      dueAt: t.string({ required: false }),
      message: t.string({ required: false }),
    }),
  });
  const VoteInput = builder.inputType('VoteOnApprovalRequestInput', {
    fields: (t) => ({
      requestId: t.id({ required: true }),
      vote: t.field({ type: Vote, required: true }),
      comment: t.string({ required: false }),
    }),
  });
  const ReviewersInput = builder.inputType('ChangeApprovalReviewersInput', {
    fields: (t) => ({
      requestId: t.id({ required: true }),
      addUserIds: t.idList({ required: false }),
      addGroupIds: t.idList({ required: false }),
      removeUserIds: t.idList({ required: false }),
      removeGroupIds: t.idList({ required: false }),
    }),
  });
  const Payload = builder.objectRef<{ request: ApprovalRequestResponse }>('ApprovalRequestPayload').implement({
    fields: (t) => ({ request: t.field({ type: Request, resolve: (p) => p.request }) }),
  });

  builder.mutationFields((t) => ({
    createApprovalRequest: t.field({
      type: Payload,
      args: { input: t.arg({ type: CreateInput, required: true }) },
      resolve: async (_r, { input }, ctx) => {
        const actor = actorOf(ctx);
        const projectId = numericId(input.projectId, 'Project');
        const body = parse(createApprovalRequestBodySchema, {
          asset_ids: input.assetIds.map((id) => numericId(id, 'Asset')),
          user_ids: ids(input.userIds, 'User'),
          group_ids: ids(input.groupIds, 'UserGroup'),
          mode: input.mode,
          due_at: input.dueAt ?? null,
          message: input.message ?? '',
        });
        return { request: await op.createApprovalRequest(ctx.db, actor, projectId, body) };
      },
    }),
    voteOnApprovalRequest: t.field({
      type: Payload,
      args: { input: t.arg({ type: VoteInput, required: true }) },
      resolve: async (_r, { input }, ctx) => {
        const actor = actorOf(ctx);
        const body = parse(approvalVoteBodySchema, { vote: input.vote, comment: input.comment ?? '' });
        return { request: await op.voteOnApprovalRequest(ctx.db, actor, requestId(input.requestId), body) };
      },
    }),
    cancelApprovalRequest: t.field({
      type: Payload,
      args: { requestId: t.arg.id({ required: true }) },
      resolve: async (_r, args, ctx) => {
        const actor = actorOf(ctx);
        return { request: await op.cancelApprovalRequest(ctx.db, actor, requestId(args.requestId)) };
      },
    }),
    changeApprovalReviewers: t.field({
      type: Payload,
      args: { input: t.arg({ type: ReviewersInput, required: true }) },
      resolve: async (_r, { input }, ctx) => {
        const actor = actorOf(ctx);
        const body = parse(approvalReviewersBodySchema, {
          add_user_ids: ids(input.addUserIds, 'User'),
          add_group_ids: ids(input.addGroupIds, 'UserGroup'),
          remove_user_ids: ids(input.removeUserIds, 'User'),
          remove_group_ids: ids(input.removeGroupIds, 'UserGroup'),
        });
        return { request: await op.changeApprovalReviewers(ctx.db, actor, requestId(input.requestId), body) };
      },
    }),
  }));
}
