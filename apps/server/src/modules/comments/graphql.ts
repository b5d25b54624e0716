import {
  COMMENT_FILTERS,
  COMMENT_MARKING_KINDS,
  type CommentMarking,
  type CommentResponse,
  type CommentUser,
  commentsQuerySchema,
  createCommentBodySchema,
  editCommentBodySchema,
  encodeBase64Id,
  replyCommentBodySchema,
  resolveCommentBodySchema,
} from '@emblem/core';
import { actorOf, builder, numericId } from '../../graphql/builder.js';
import { parse } from '../../http/validate.js';
import { AssetRef } from '../assets/public.js';
import * as op from './operations.js';

/*
 * Comments in GraphQL (data-api.md §3 Comment, §7.3): each resolver parses its input with the REST schema and
 * calls the same operation, so permissions, refusals and audit events are those of the REST routes.
 */

type MarkingField = 'x' | 'y' | 'width' | 'height' | 'page' | 'order' | 'spread';
const numberOf = (m: CommentMarking, key: string): number | null => ((m as Record<string, unknown>)[key] as number | undefined) ?? null;

/** Adds the comments domain's GraphQL types and fields to the schema (called once, by graphql/schema.ts). */
export function commentGraphql(): void {
  const commentId = (id: string | number) => numericId(id, 'Comment');

  const CommentFilterRef = builder.enumType('CommentFilter', { values: COMMENT_FILTERS });
  const MarkingKindRef = builder.enumType('CommentMarkingKind', { values: COMMENT_MARKING_KINDS });

  const CommentUserRef = builder.objectRef<CommentUser>('CommentUser').implement({
    fields: (t) => ({
      id: t.id({ resolve: (u) => encodeBase64Id('User', u.id) }),
      name: t.string({ nullable: true, resolve: (u) => u.name }),
    }),
  });

  const number = (key: MarkingField) => (m: CommentMarking) => numberOf(m, key);
  const MarkingRef = builder.objectRef<CommentMarking>('CommentMarking').implement({
    description: 'Where a comment points on its revision: coordinates and sizes are fractions (0..1) of the image.',
    fields: (t) => ({
      kind: t.field({ type: MarkingKindRef, resolve: (m) => m.kind }),
      x: t.float({ nullable: true, resolve: number('x') }),
      y: t.float({ nullable: true, resolve: number('y') }),
      width: t.float({ nullable: true, resolve: number('width') }),
      height: t.float({ nullable: true, resolve: number('height') }),
      page: t.int({ nullable: true, resolve: number('page') }),
      startMs: t.int({ nullable: true, resolve: (m) => numberOf(m, 'start_ms') }),
      endMs: t.int({ nullable: true, resolve: (m) => numberOf(m, 'end_ms') }),
      startFrame: t.int({ nullable: true, resolve: (m) => numberOf(m, 'start_frame') }),
      endFrame: t.int({ nullable: true, resolve: (m) => numberOf(m, 'end_frame') }),
      order: t.int({ nullable: true, resolve: number('order') }),
      spread: t.int({ nullable: true, resolve: number('spread') }),
    }),
  });

  const CommentRef = builder.objectRef<CommentResponse>('Comment');
  CommentRef.implement({
    fields: (t) => ({
      id: t.id({ resolve: (c) => encodeBase64Id('Comment', c.id) }),
      /** Sanitised rich text (HTML). */
      content: t.exposeString('content'),
      createdAt: t.exposeString('created_at'),
      editedAt: t.string({ nullable: true, resolve: (c) => c.edited_at }),
      isResolved: t.exposeBoolean('is_resolved'),
      resolvedAt: t.string({ nullable: true, resolve: (c) => c.resolved_at }),
      resolvedBy: t.field({ type: CommentUserRef, nullable: true, resolve: (c) => c.resolved_by }),
      creator: t.field({ type: CommentUserRef, nullable: true, resolve: (c) => c.creator }),
      marking: t.field({ type: MarkingRef, nullable: true, resolve: (c) => c.marking }),
      /** The revision (file version) the comment was made on; null for assets without a file. */
      revisionId: t.int({ nullable: true, resolve: (c) => c.revision_id }),
      replies: t.field({ type: [CommentRef], resolve: (c) => c.replies }),
      mentionedUsers: t.field({ type: [CommentUserRef], resolve: (c) => c.mentioned_users }),
    }),
  });

  builder.objectField(AssetRef, 'comments', (t) =>
    t.field({
      type: [CommentRef],
      description: 'The comments of the asset with their replies, oldest first (VIEW), as GET /api/asset/{id}/comments.',
      args: { filter: t.arg({ type: CommentFilterRef, required: false }) },
      resolve: (asset, args, ctx) => {
        const { filter } = parse(commentsQuerySchema, args.filter ? { filter: args.filter } : {});
        return op.listComments(ctx.db, actorOf(ctx), asset.id, filter);
      },
    }),
  );

  const MarkingInput = builder.inputType('CommentMarkingInput', {
    fields: (t) => ({
      kind: t.field({ type: MarkingKindRef, required: true }),
      x: t.float({ required: false }),
      y: t.float({ required: false }),
      width: t.float({ required: false }),
      height: t.float({ required: false }),
      page: t.int({ required: false }),
      startMs: t.int({ required: false }),
      endMs: t.int({ required: false }),
      startFrame: t.int({ required: false }),
      endFrame: t.int({ required: false }),
      order: t.int({ required: false }),
      spread: t.int({ required: false }),
    }),
  });
  const CreateInput = builder.inputType('CreateCommentInput', {
    fields: (t) => ({
      assetId: t.id({ required: true }),
      content: t.string({ required: true }),
      marking: t.field({ type: MarkingInput, required: false }),
      mentionedUserIds: t.idList({ required: false }),
    }),
  });
  const ReplyInput = builder.inputType('ReplyToCommentInput', {
    fields: (t) => ({
      commentId: t.id({ required: true }),
      content: t.string({ required: true }),
      mentionedUserIds: t.idList({ required: false }),
    }),
  });
  const EditInput = builder.inputType('EditCommentInput', {
    fields: (t) => ({ commentId: t.id({ required: true }), content: t.string({ required: true }) }),
  });
  const DeleteInput = builder.inputType('DeleteCommentInput', { fields: (t) => ({ commentId: t.id({ required: true }) }) });
  const ResolveInput = builder.inputType('ResolveCommentInput', {
    fields: (t) => ({ commentId: t.id({ required: true }), isResolved: t.boolean({ required: true }) }),
  });

  const Payload = builder.objectRef<{ comment: CommentResponse }>('CommentPayload').implement({
    fields: (t) => ({ comment: t.field({ type: CommentRef, resolve: (p) => p.comment }) }),
  });
  const DeletePayload = builder.objectRef<{ id: number }>('DeleteCommentPayload').implement({
    fields: (t) => ({ id: t.id({ resolve: (p) => encodeBase64Id('Comment', p.id) }), success: t.boolean({ resolve: () => true }) }),
  });

  /** The REST field of mentioned users, from their global ids. */
  const mentionsBody = (ids: readonly (string | number)[] | null | undefined) =>
    ids ? { mentioned_user_ids: ids.map((u) => numericId(u, 'User')) } : {};

  /** The REST body of a marking: camelCase names in snake_case, absent fields left out. */
  const markingBody = (m: Record<string, unknown>) => {
    const names: Record<string, string> = { startMs: 'start_ms', endMs: 'end_ms', startFrame: 'start_frame', endFrame: 'end_frame' };
    return Object.fromEntries(Object.entries(m).flatMap(([k, v]) => (v == null ? [] : [[names[k] ?? k, v]])));
  };

  builder.mutationFields((t) => ({
    createComment: t.field({
      type: Payload,
      args: { input: t.arg({ type: CreateInput, required: true }) },
      resolve: async (_r, { input }, ctx) => {
        const actor = actorOf(ctx);
        const assetId = numericId(input.assetId, 'Asset');
        const body = parse(createCommentBodySchema, {
          content: input.content,
          ...(input.marking ? { marking: markingBody(input.marking) } : {}),
          ...mentionsBody(input.mentionedUserIds),
        });
        return { comment: await op.createComment(ctx.db, actor, assetId, body) };
      },
    }),
    replyToComment: t.field({
      type: Payload,
      args: { input: t.arg({ type: ReplyInput, required: true }) },
      resolve: async (_r, { input }, ctx) => {
        const actor = actorOf(ctx);
        const id = commentId(input.commentId);
        const body = parse(replyCommentBodySchema, {
          content: input.content,
          ...mentionsBody(input.mentionedUserIds),
        });
        return { comment: await op.replyToComment(ctx.db, actor, id, body) };
      },
    }),
    editComment: t.field({
      type: Payload,
      args: { input: t.arg({ type: EditInput, required: true }) },
      resolve: async (_r, { input }, ctx) => {
        const actor = actorOf(ctx);
        const id = commentId(input.commentId);
        const body = parse(editCommentBodySchema, { content: input.content });
        return { comment: await op.editComment(ctx.db, actor, id, body) };
      },
    }),
    deleteComment: t.field({
      type: DeletePayload,
      args: { input: t.arg({ type: DeleteInput, required: true }) },
      resolve: (_r, { input }, ctx) => {
        const actor = actorOf(ctx);
        return op.deleteComment(ctx.db, actor, commentId(input.commentId));
      },
    }),
    resolveComment: t.field({
      type: Payload,
      args: { input: t.arg({ type: ResolveInput, required: true }) },
      resolve: async (_r, { input }, ctx) => {
        const actor = actorOf(ctx);
        const id = commentId(input.commentId);
        const body = parse(resolveCommentBodySchema, { is_resolved: input.isResolved });
        return { comment: await op.resolveComment(ctx.db, actor, id, body) };
      },
    }),
  }));
}
