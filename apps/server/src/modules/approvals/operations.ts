import {
  type ApprovalMode,
  type ApprovalRequestResponse,
  type ApprovalResult,
  type ApprovalReviewerResponse,
  type ApprovalReviewersBody,
  type ApprovalVote,
  type ApprovalVoteBody,
  type AuditTrailPage,
  type CreateApprovalRequestBody,
  decideApproval,
  levelAtLeast,
  type ProjectLevel,
  projectChannel,
} from '@emblem/core';
import {
  type CheckedApprovalRequest,
  loadAccount,
  requireApprovalRequest,
  requireAsset,
  requireAssetsIn,
  requireCurrentReviewers,
  requireProject,
  requireReviewers,
} from '../../access/index.js';
import type { Db } from '../../db/client.js';
import { auditMany, type DataOf, type EventOf, type Who } from '../../db/events.js';
import type { Actor } from '../../http/actor.js';
import { ConflictError, ForbiddenError, ValidationError } from '../../http/errors.js';
import { notify } from '../notifications/public.js';
import { publish } from '../realtime/public.js';
import { moveToApprovedStatus } from '../workflows/public.js';
import * as q from './queries.js';

/*
 * Approval requests on workspace assets (issue 15 §3; docs/api.md "Approval requests"; decision 0049). Every
 * operation is shared by the REST routes and the GraphQL resolvers; every change is an event on each asset of the
 * request and a realtime `approval` message on the project's channel.
 */

export const APPROVALS_OFF = 'Approval requests are switched off for this account';

/** The APPROVAL_REQUESTS flag gates every approval call: off, they answer 403 (like groups without USER_GROUPS). */
async function assertFeature(db: Db, actor: Actor): Promise<void> {
  if (!(await loadAccount(db, actor)).featureFlags.includes('APPROVAL_REQUESTS')) throw new ForbiddenError(APPROVALS_OFF);
}

const assetIdsOf = async (db: Db, requestId: number) => (await q.assetIdsOf(db, [requestId])).map((r) => r.assetId);

/** Tells the project's subscribers that the request changed (ids only). */
async function announce(tx: Db, request: q.ApprovalRequestRow, assetIds: number[]): Promise<void> {
  await publish(tx, projectChannel(request.projectId), 'approval', { request_id: request.id, asset_ids: assetIds });
}

/**
 * Tells people about a request (decision 0050): `review_request` to the reviewers (on creation and when a new
 * revision clears the votes), `review_decision` to the requester (on each vote and on the result). A request has
 * one notification per recipient for its first asset; the link opens that asset.
 */
async function tell(
  tx: Db,
  who: Who,
  request: q.ApprovalRequestRow,
  assetIds: number[],
  type: 'review_request' | 'review_decision',
  data: Record<string, unknown>,
): Promise<void> {
  const recipientIds =
    type === 'review_request' ? await q.reviewingUsers(tx, request) : request.createdBy === null ? [] : [request.createdBy];
  await notify(tx, {
    recipientIds,
    type,
    actorId: who.userId,
    projectId: request.projectId,
    assetId: assetIds[0] ?? null,
    requestId: request.id,
    data: { ...data, assets: assetIds.length },
  });
}

type ApprovalEvent = 'approval:request' | 'approval:vote' | 'approval:reviewers' | 'approval:reset' | 'approval:result';

/** One event on every asset of the request. */
async function record(tx: Db, who: Who, assetIds: number[], event: EventOf<ApprovalEvent>): Promise<void> {
  await auditMany<ApprovalEvent>(
    tx,
    who,
    event.type,
    assetIds.map((subjectId) => ({ subjectId, data: event.data })),
  );
}

/** The reviewer rows that count: users who still see the project, groups with a member who does. */
async function countingIds(db: Db, request: q.ApprovalRequestRow, reviewers: q.ReviewerRow[]): Promise<Set<number>> {
  const userIds = reviewers.flatMap((r) => (r.userId === null ? [] : [r.userId]));
  const groupIds = reviewers.flatMap((r) => (r.groupId === null ? [] : [r.groupId]));
  const users = new Set(await q.usersSeeingProject(db, request.accountId, request.projectId, userIds));
  const groups = new Set(await q.groupsSeeingProject(db, request.accountId, request.projectId, groupIds));
  return new Set(reviewers.filter((r) => (r.userId !== null ? users.has(r.userId) : groups.has(r.groupId ?? 0))).map((r) => r.id));
}

/**
 * Applies the request's mode to the votes of the reviewers that count (in the order they were cast), inside the
 * caller's transaction with the request locked. A decision is stored and recorded; APPROVED moves the assets to the
 * project's APPROVED status (when it has one) through the workflows module, which writes the move events.
 */
async function settle(
  tx: Db,
  who: Who,
  request: q.ApprovalRequestRow,
  by: DataOf<'approval:result'>['by'],
  now = new Date(),
): Promise<ApprovalResult> {
  const reviewers = (await q.reviewersOf(tx, [request.id])).map((r) => r.reviewer);
  const counting = await countingIds(tx, request, reviewers);
  const votes = reviewers
    .filter((r) => counting.has(r.id))
    .sort((a, b) => (a.votedAt?.getTime() ?? Number.POSITIVE_INFINITY) - (b.votedAt?.getTime() ?? Number.POSITIVE_INFINITY))
    .map((r) => r.vote as ApprovalVote | null);
  const due = request.dueAt !== null && request.dueAt.getTime() <= now.getTime();
  const result = decideApproval(request.mode as ApprovalMode, votes, due);
  if (result === 'OPEN') return result;
  await q.setResult(tx, request.id, result, now);
  const assetIds = await assetIdsOf(tx, request.id);
  const moved = result === 'APPROVED' ? await moveToApprovedStatus(tx, who, request.projectId, assetIds) : null;
  await record(tx, who, assetIds, {
    type: 'approval:result',
    data: { request_id: request.id, result, by: due && by === 'access' ? 'due' : by, moved_to: moved?.id ?? null },
  });
  await tell(tx, who, request, assetIds, 'review_decision', { decision: result });
  return result;
}

/** Requests as the API answers them, in the order given, with the caller's permissions on each. */
async function present(db: Db, actor: Actor, requests: q.ApprovalRequestRow[], level: ProjectLevel): Promise<ApprovalRequestResponse[]> {
  const ids = requests.map((r) => r.id);
  const assets = await q.assetIdsOf(db, ids);
  const reviewers = await q.reviewersOf(db, ids);
  const groupIds = [...new Set(reviewers.flatMap((r) => (r.reviewer.groupId === null ? [] : [r.reviewer.groupId])))];
  const myGroups = new Set(await q.groupsOfUser(db, actor.userId, groupIds));
  const userIds = new Set<number>();
  for (const r of requests) if (r.createdBy) userIds.add(r.createdBy);
  for (const { reviewer } of reviewers) if (reviewer.votedBy) userIds.add(reviewer.votedBy);
  const names = new Map((await q.userNames(db, [...userIds])).map((u) => [u.id, u]));
  const user = (id: number | null) => (id === null ? null : (names.get(id) ?? { id, name: null }));
  const out: ApprovalRequestResponse[] = [];
  for (const request of requests) {
    const own = reviewers.filter((r) => r.reviewer.requestId === request.id);
    const counting = await countingIds(
      db,
      request,
      own.map((r) => r.reviewer),
    );
    const mine = own.some((r) => r.reviewer.userId === actor.userId || (r.reviewer.groupId !== null && myGroups.has(r.reviewer.groupId)));
    const open = request.status === 'OPEN';
    out.push({
      id: request.id,
      project_id: request.projectId,
      asset_ids: assets.filter((a) => a.requestId === request.id).map((a) => a.assetId),
      mode: request.mode as ApprovalMode,
      status: request.status as ApprovalResult,
      message: request.message,
      due_at: request.dueAt?.toISOString() ?? null,
      created_at: request.createdAt.toISOString(),
      requester: user(request.createdBy),
      resolved_at: request.resolvedAt?.toISOString() ?? null,
      reviewers: own.map(
        ({ reviewer: r, userName, groupName }): ApprovalReviewerResponse => ({
          id: r.id,
          user: r.userId === null ? null : { id: r.userId, name: userName },
          group: r.groupId === null ? null : { id: r.groupId, name: groupName ?? '' },
          vote: r.vote as ApprovalVote | null,
          comment: r.comment,
          voted_by: user(r.votedBy),
          voted_at: r.votedAt?.toISOString() ?? null,
          counts: counting.has(r.id),
        }),
      ),
      permissions: { vote: open && mine, manage: open && mayManage(actor, request, level) },
    });
  }
  return out;
}

async function presentOne(db: Db, actor: Actor, checked: CheckedApprovalRequest): Promise<ApprovalRequestResponse> {
  const request = (await q.findRequest(db, checked.request.id)) ?? checked.request;
  const [one] = await present(db, actor, [request], checked.level);
  return one!;
}

/** The requester (still an editor) or a project admin may cancel a request and change its reviewers. */
function mayManage(actor: Actor, request: q.ApprovalRequestRow, level: ProjectLevel): boolean {
  return level === 'ADMIN' || (request.createdBy === actor.userId && levelAtLeast(level, 'EDIT'));
}

/** Locks the request and refuses a change to one that is no longer open (409). */
async function lockOpen(tx: Db, id: number): Promise<q.ApprovalRequestRow> {
  const request = await q.lockRequest(tx, id);
  if (request?.status !== 'OPEN')
    throw new ConflictError('The approval request is no longer open', { status: [`Is ${request?.status ?? 'gone'}`] });
  return request;
}

/**
 * POST /api/project/{projectId}/approval-requests, `createApprovalRequest` (EDIT on a workspace): asks the reviewers
 * to approve live assets of the project.
 */
export async function createApprovalRequest(
  db: Db,
  actor: Actor,
  projectId: number,
  body: CreateApprovalRequestBody,
): Promise<ApprovalRequestResponse> {
  await assertFeature(db, actor);
  const checked = await requireProject(db, actor, projectId, 'project.edit');
  if (checked.project.projectType !== 'WORKSPACE')
    throw new ValidationError({ projectId: ['Only workspace assets take approval requests'] });
  const assetIds = [...new Set(body.asset_ids)];
  await requireAssetsIn(db, checked, assetIds);
  const reviewers = await requireReviewers(
    db,
    checked.project,
    { userIds: body.user_ids, groupIds: body.group_ids },
    { users: 'user_ids', groups: 'group_ids' },
  );
  const dueAt = body.due_at === null ? null : new Date(body.due_at);
  if (dueAt && dueAt.getTime() <= Date.now()) throw new ValidationError({ due_at: ['Must lie in the future'] });
  const id = await db.transaction(async (tx) => {
    const request = await q.insertRequest(tx, {
      accountId: checked.project.accountId,
      projectId: checked.project.id,
      mode: body.mode,
      message: body.message,
      dueAt,
      createdBy: actor.userId,
    });
    await q.insertRequestAssets(tx, request.id, assetIds);
    await q.insertReviewers(tx, request.id, reviewers.userIds, reviewers.groupIds);
    await record(tx, actor, assetIds, {
      type: 'approval:request',
      data: {
        request_id: request.id,
        mode: body.mode,
        due_at: dueAt?.toISOString() ?? null,
        user_ids: reviewers.userIds,
        group_ids: reviewers.groupIds,
      },
    });
    await tell(tx, actor, request, assetIds, 'review_request', { mode: body.mode, due_at: dueAt?.toISOString() ?? null });
    await announce(tx, request, assetIds);
    return request.id;
  });
  const [made] = await present(db, actor, await q.requestsByIds(db, [id]), checked.level);
  return made!;
}

/** GET /api/approval-request/{id}, `approvalRequest` (VIEW on its project). */
export async function getApprovalRequest(db: Db, actor: Actor, id: number): Promise<ApprovalRequestResponse> {
  await assertFeature(db, actor);
  return presentOne(db, actor, await requireApprovalRequest(db, actor, id, 'project.view'));
}

/** GET /api/asset/{id}/approval-requests?status=, `Asset.approvalRequests` (VIEW): the asset's requests, newest first. */
export async function listAssetApprovalRequests(
  db: Db,
  actor: Actor,
  assetId: number,
  status: 'OPEN' | 'ALL',
): Promise<ApprovalRequestResponse[]> {
  await assertFeature(db, actor);
  const { asset, level } = await requireAsset(db, actor, assetId, 'asset.view');
  const ids = await q.requestIdsOfAsset(db, asset.id, status === 'OPEN');
  return present(db, actor, await q.requestsByIds(db, ids), level);
}

/**
 * PUT /api/approval-request/{id}/vote, `voteOnApprovalRequest`: the caller answers for themselves and for every
 * group reviewer they belong to (decision 0049), and may change the answer while the request is open. Not a
 * reviewer: 403.
 */
export async function voteOnApprovalRequest(db: Db, actor: Actor, id: number, body: ApprovalVoteBody): Promise<ApprovalRequestResponse> {
  await assertFeature(db, actor);
  const checked = await requireApprovalRequest(db, actor, id, 'project.view');
  await db.transaction(async (tx) => {
    const request = await lockOpen(tx, checked.request.id);
    const reviewers = (await q.reviewersOf(tx, [request.id])).map((r) => r.reviewer);
    const groupIds = reviewers.flatMap((r) => (r.groupId === null ? [] : [r.groupId]));
    const myGroups = new Set(await q.groupsOfUser(tx, actor.userId, groupIds));
    const mine = reviewers.filter((r) => r.userId === actor.userId || (r.groupId !== null && myGroups.has(r.groupId)));
    if (!mine.length) throw new ForbiddenError('You are not a reviewer of this request');
    await q.setVote(
      tx,
      mine.map((r) => r.id),
      { vote: body.vote, comment: body.comment || null, votedBy: actor.userId, votedAt: new Date() },
    );
    const assetIds = await assetIdsOf(tx, request.id);
    await record(tx, actor, assetIds, {
      type: 'approval:vote',
      data: {
        request_id: request.id,
        vote: body.vote,
        reviewer_ids: mine.map((r) => r.id),
        group_ids: mine.flatMap((r) => (r.groupId === null ? [] : [r.groupId])),
      },
    });
    const result = await settle(tx, actor, request, 'vote');
    // The result tells the requester already; a vote that decides nothing is told on its own.
    if (result === 'OPEN') await tell(tx, actor, request, assetIds, 'review_decision', { vote: body.vote });
    await announce(tx, request, assetIds);
  });
  return presentOne(db, actor, checked);
}

/** POST /api/approval-request/{id}/cancel, `cancelApprovalRequest`: the requester (EDIT) or a project ADMIN. */
export async function cancelApprovalRequest(db: Db, actor: Actor, id: number): Promise<ApprovalRequestResponse> {
  await assertFeature(db, actor);
  const checked = await requireApprovalRequest(db, actor, id, 'project.view');
  if (!mayManage(actor, checked.request, checked.level))
    throw new ForbiddenError('Only the requester or a project admin may cancel an approval request');
  await db.transaction(async (tx) => {
    const request = await lockOpen(tx, checked.request.id);
    await q.setResult(tx, request.id, 'CANCELLED', new Date());
    const assetIds = await assetIdsOf(tx, request.id);
    await record(tx, actor, assetIds, {
      type: 'approval:result',
      data: { request_id: request.id, result: 'CANCELLED', by: 'cancel', moved_to: null },
    });
    await announce(tx, request, assetIds);
  });
  return presentOne(db, actor, checked);
}

/**
 * PATCH /api/approval-request/{id}/reviewers, `changeApprovalReviewers`: adds and removes reviewers (the requester
 * or a project ADMIN). A removed reviewer's vote goes with them and the result is computed again; at least one
 * reviewer stays.
 */
export async function changeApprovalReviewers(
  db: Db,
  actor: Actor,
  id: number,
  body: ApprovalReviewersBody,
): Promise<ApprovalRequestResponse> {
  await assertFeature(db, actor);
  const checked = await requireApprovalRequest(db, actor, id, 'project.view');
  if (!mayManage(actor, checked.request, checked.level))
    throw new ForbiddenError('Only the requester or a project admin may change the reviewers');
  const added = await requireReviewers(
    db,
    checked.project,
    { userIds: body.add_user_ids, groupIds: body.add_group_ids },
    { users: 'add_user_ids', groups: 'add_group_ids' },
  );
  await db.transaction(async (tx) => {
    const request = await lockOpen(tx, checked.request.id);
    const current = (await q.reviewersOf(tx, [request.id])).map((r) => r.reviewer);
    const removed = requireCurrentReviewers(
      current,
      { userIds: body.remove_user_ids, groupIds: body.remove_group_ids },
      { users: 'remove_user_ids', groups: 'remove_group_ids' },
    );
    const gone = await q.deleteReviewers(tx, request.id, removed.userIds, removed.groupIds);
    const addUsers = added.userIds.filter((u) => !current.some((r) => r.userId === u) || removed.userIds.includes(u));
    const addGroups = added.groupIds.filter((g) => !current.some((r) => r.groupId === g) || removed.groupIds.includes(g));
    await q.insertReviewers(tx, request.id, addUsers, addGroups);
    if (current.length - gone.length + addUsers.length + addGroups.length === 0)
      throw new ValidationError({ remove_user_ids: ['A request keeps at least one reviewer'] });
    const assetIds = await assetIdsOf(tx, request.id);
    await record(tx, actor, assetIds, {
      type: 'approval:reviewers',
      data: {
        request_id: request.id,
        added_user_ids: addUsers,
        added_group_ids: addGroups,
        removed_user_ids: removed.userIds,
        removed_group_ids: removed.groupIds,
      },
    });
    await settle(tx, actor, request, 'reviewers');
    await announce(tx, request, assetIds);
  });
  return presentOne(db, actor, checked);
}

/**
 * A new revision of an asset (assets module, inside its transaction): every open request covering the asset loses
 * its votes, and the reset is recorded on each of its assets. Reviewers answer again.
 */
export async function resetVotesForRevision(tx: Db, who: Who, assetId: number, revision: number): Promise<void> {
  for (const requestId of await q.requestIdsOfAsset(tx, assetId, true)) {
    const request = await q.lockRequest(tx, requestId);
    if (request?.status !== 'OPEN') continue;
    const votes = await q.resetVotes(tx, request.id);
    const assetIds = await assetIdsOf(tx, request.id);
    await record(tx, who, assetIds, { type: 'approval:reset', data: { request_id: request.id, revision, votes } });
    await tell(tx, who, request, assetIds, 'review_request', { revision });
    await announce(tx, request, assetIds);
  }
}

/** Requests looked at per batch by the job. */
const SETTLE_BATCH = 200;

/**
 * The recurring job's work: settles every open request again, so those past their due date resolve by their mode
 * and those whose reviewers lost access to the project are decided without them. Answers how many were decided.
 */
export async function settleOpenRequests(db: Db, now = new Date()): Promise<number> {
  let decided = 0;
  let afterId = 0;
  for (;;) {
    const ids = await q.openRequestIds(db, { afterId, limit: SETTLE_BATCH });
    if (!ids.length) break;
    afterId = ids[ids.length - 1]!;
    for (const id of ids) {
      const result = await db.transaction(async (tx) => {
        const request = await q.lockRequest(tx, id);
        if (request?.status !== 'OPEN') return 'OPEN';
        const outcome = await settle(tx, { accountId: request.accountId, userId: null }, request, 'access', now);
        if (outcome !== 'OPEN') await announce(tx, request, await assetIdsOf(tx, request.id));
        return outcome;
      });
      if (result !== 'OPEN') decided++;
    }
  }
  return decided;
}

/** GET /api/asset/{id}/audit-trail?cursor=&limit=, `Asset.auditTrail` (VIEW): the asset's events, newest first. */
export async function assetAuditTrail(
  db: Db,
  actor: Actor,
  assetId: number,
  query: { cursor?: string | undefined; limit: number },
): Promise<AuditTrailPage> {
  const { asset } = await requireAsset(db, actor, assetId, 'asset.view');
  const rows = await q.assetEvents(db, asset.id, { beforeId: query.cursor ? Number(query.cursor) : null, limit: query.limit + 1 });
  const page = rows.slice(0, query.limit);
  return {
    entries: page.map((r) => ({
      id: r.id,
      type: r.type,
      created_at: r.createdAt.toISOString(),
      actor: r.actorId === null ? null : { id: r.actorId, name: r.actorName },
      data: r.data,
    })),
    next_cursor: rows.length > query.limit ? String(page[page.length - 1]!.id) : null,
  };
}
