import {
  type CommentFilter,
  type CommentMarking,
  type CommentResponse,
  type CommentUser,
  type CreateCommentBody,
  type EditCommentBody,
  levelAtLeast,
  projectChannel,
  type ReplyCommentBody,
  type ResolveCommentBody,
} from '@emblem/core';
import { requireAsset, requireComment, requireMentionable, usersWhoSee } from '../../access/index.js';
import type { Db } from '../../db/client.js';
import { audit } from '../../db/events.js';
import type { Actor } from '../../http/actor.js';
import { ForbiddenError, ValidationError } from '../../http/errors.js';
import { richTextOf } from '../../lib/rich-text.js';
import { notify } from '../notifications/public.js';
import { publish } from '../realtime/public.js';
import * as q from './queries.js';

/*
 * Comments on assets (data-api.md §3 Comment, §7.3; decision 0046). Every operation is shared by the REST routes
 * and the GraphQL resolvers: reading needs VIEW on the asset's project, writing needs COMMENT, only the author
 * edits, the author or a project ADMIN deletes. Assets in the trash are not found.
 */

/** Tells the asset's project channel that one of its comments changed (inside the operation's transaction). */
function announce(tx: Db, asset: { id: number; projectId: number }, commentId: number) {
  return publish(tx, projectChannel(asset.projectId), 'comment', { asset_id: asset.id, comment_id: commentId });
}

/** The content as stored: sanitised to the rich-text allow-list; nothing left to read is 400. */
function cleanContent(content: string): string {
  const html = richTextOf(content);
  const text = html
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;|&#160;/g, ' ')
    .trim();
  if (!text && !/<img\s/i.test(html)) throw new ValidationError({ content: ['Must not be empty'] });
  return html;
}

/**
 * Comments and replies as the API answers them: top-level comments with their replies, oldest first (a reply
 * whose comment is not among `rows` stands alone).
 */
async function present(db: Db, rows: q.CommentRow[]): Promise<CommentResponse[]> {
  const userIds = new Set<number>();
  for (const r of rows) {
    if (r.createdBy) userIds.add(r.createdBy);
    if (r.resolvedBy) userIds.add(r.resolvedBy);
    for (const id of r.mentionedUserIds) userIds.add(id);
  }
  const names = new Map((await q.userNames(db, [...userIds])).map((u) => [u.id, u]));
  const user = (id: number | null): CommentUser | null => (id === null ? null : (names.get(id) ?? null));
  const one = (r: q.CommentRow): CommentResponse => ({
    id: r.id,
    asset_id: r.assetId,
    parent_id: r.parentId,
    revision_id: r.revisionId,
    content: r.content,
    created_at: r.createdAt.toISOString(),
    edited_at: r.editedAt?.toISOString() ?? null,
    is_resolved: r.isResolved,
    resolved_at: r.resolvedAt?.toISOString() ?? null,
    resolved_by: user(r.resolvedBy),
    creator: user(r.createdBy),
    marking: (r.marking as CommentMarking | null) ?? null,
    mentioned_users: r.mentionedUserIds.map(user).filter((u): u is CommentUser => u !== null),
    replies: [],
  });
  const top = new Map<number, CommentResponse>();
  const replies: CommentResponse[] = [];
  for (const r of rows) {
    if (r.parentId === null) top.set(r.id, one(r));
    else replies.push(one(r));
  }
  for (const reply of replies) {
    const parent = reply.parent_id === null ? undefined : top.get(reply.parent_id);
    if (parent) parent.replies.push(reply);
    else top.set(reply.id, reply);
  }
  return [...top.values()];
}

async function presentOne(db: Db, id: number): Promise<CommentResponse> {
  const [comment] = await present(db, await q.commentThread(db, id));
  return comment!;
}

/** GET /api/asset/{id}/comments?filter=, and `Asset.comments(filter)` (VIEW): top-level comments with their replies. */
export async function listComments(db: Db, actor: Actor, assetId: number, filter: CommentFilter): Promise<CommentResponse[]> {
  const { asset } = await requireAsset(db, actor, assetId, 'asset.view');
  const all = await present(db, await q.commentsOfAsset(db, asset.id));
  if (filter === 'ALL') return all;
  return all.filter((c) => c.is_resolved === (filter === 'RESOLVED'));
}

/**
 * POST /api/asset/{id}/comments, `createComment` (COMMENT): made on the asset's current revision; mentioned users
 * must see the asset and are notified.
 */
export async function createComment(db: Db, actor: Actor, assetId: number, body: CreateCommentBody): Promise<CommentResponse> {
  const { asset } = await requireAsset(db, actor, assetId, 'asset.comment');
  const content = cleanContent(body.content);
  const mentioned = await requireMentionable(db, asset, body.mentioned_user_ids ?? [], 'mentioned_user_ids');
  const row = await db.transaction(async (tx) => {
    const comment = await q.insertComment(tx, {
      accountId: asset.accountId,
      assetId: asset.id,
      revisionId: asset.currentRevisionId,
      content,
      marking: body.marking ?? null,
      mentionedUserIds: mentioned,
      createdBy: actor.userId,
    });
    await audit(tx, actor, 'comment:create', asset.id, {
      comment_id: comment.id,
      marking: body.marking?.kind ?? null,
      mentioned_user_ids: mentioned,
    });
    const about = { actorId: actor.userId, projectId: asset.projectId, assetId: asset.id, commentId: comment.id };
    await notify(tx, { ...about, type: 'mention', recipientIds: mentioned });
    await announce(tx, asset, comment.id);
    return comment;
  });
  return presentOne(db, row.id);
}

/** POST /api/comment/{id}/replies, `replyToComment` (COMMENT): one level only; mentioned users must see the asset. */
export async function replyToComment(db: Db, actor: Actor, commentId: number, body: ReplyCommentBody): Promise<CommentResponse> {
  const { comment, asset } = await requireComment(db, actor, commentId, 'asset.comment');
  if (comment.parentId !== null) throw new ValidationError({ comment_id: ['A reply cannot be replied to; reply to its comment'] });
  const content = cleanContent(body.content);
  const mentioned = await requireMentionable(db, asset, body.mentioned_user_ids ?? [], 'mentioned_user_ids');
  // The comment's author and whoever replied before hear of the reply, while they still see the asset; a
  // mention wins over a reply for the same person.
  const wrote = (await q.commentThread(db, comment.id)).flatMap((c) => (c.createdBy === null ? [] : [c.createdBy]));
  const repliedTo = (await usersWhoSee(db, asset, wrote)).filter((id) => !mentioned.includes(id));
  const row = await db.transaction(async (tx) => {
    const reply = await q.insertComment(tx, {
      accountId: asset.accountId,
      assetId: asset.id,
      revisionId: comment.revisionId,
      parentId: comment.id,
      content,
      mentionedUserIds: mentioned,
      createdBy: actor.userId,
    });
    await audit(tx, actor, 'comment:reply', asset.id, { comment_id: reply.id, parent_id: comment.id, mentioned_user_ids: mentioned });
    const about = { actorId: actor.userId, projectId: asset.projectId, assetId: asset.id, commentId: reply.id };
    await notify(tx, { ...about, type: 'mention', recipientIds: mentioned });
    await notify(tx, { ...about, type: 'comment_reply', recipientIds: repliedTo });
    await announce(tx, asset, reply.id);
    return reply;
  });
  const [reply] = await present(db, [row]);
  return reply!;
}

/** PATCH /api/comment/{id}, `editComment`: only its author, who still holds COMMENT. */
export async function editComment(db: Db, actor: Actor, commentId: number, body: EditCommentBody): Promise<CommentResponse> {
  const { comment, asset } = await requireComment(db, actor, commentId, 'asset.comment');
  if (comment.createdBy !== actor.userId) throw new ForbiddenError('Only the author may edit a comment');
  const content = cleanContent(body.content);
  await db.transaction(async (tx) => {
    await q.updateComment(tx, comment.id, { content, editedAt: new Date() });
    await audit(tx, actor, 'comment:edit', asset.id, { comment_id: comment.id });
    await announce(tx, asset, comment.id);
  });
  return presentOne(db, comment.id);
}

/** DELETE /api/comment/{id}, `deleteComment`: its author (with COMMENT) or a project ADMIN; its replies go with it. */
export async function deleteComment(db: Db, actor: Actor, commentId: number): Promise<{ id: number; deleted: true }> {
  const { comment, asset, level } = await requireComment(db, actor, commentId, 'asset.view');
  const mayDelete = level === 'ADMIN' || (comment.createdBy === actor.userId && levelAtLeast(level, 'COMMENT'));
  if (!mayDelete) throw new ForbiddenError('Only the author or a project admin may delete a comment');
  await db.transaction(async (tx) => {
    const rows = await q.deleteComment(tx, comment.id);
    await audit(tx, actor, 'comment:delete', asset.id, { comment_id: comment.id, parent_id: comment.parentId, replies: rows - 1 });
    await announce(tx, asset, comment.id);
  });
  return { id: comment.id, deleted: true };
}

/** PUT /api/comment/{id}/resolved, `resolveComment` (COMMENT): resolves or reopens a top-level comment. */
export async function resolveComment(db: Db, actor: Actor, commentId: number, body: ResolveCommentBody): Promise<CommentResponse> {
  const { comment, asset } = await requireComment(db, actor, commentId, 'asset.comment');
  if (comment.parentId !== null) throw new ValidationError({ comment_id: ['Only a comment, not a reply, is resolved'] });
  if (comment.isResolved !== body.is_resolved) {
    await db.transaction(async (tx) => {
      await q.updateComment(tx, comment.id, {
        isResolved: body.is_resolved,
        resolvedBy: body.is_resolved ? actor.userId : null,
        resolvedAt: body.is_resolved ? new Date() : null,
      });
      await audit(tx, actor, body.is_resolved ? 'comment:resolve' : 'comment:reopen', asset.id, { comment_id: comment.id });
      await announce(tx, asset, comment.id);
    });
  }
  return presentOne(db, comment.id);
}
