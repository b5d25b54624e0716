import { z } from 'zod';
import { refId } from '../shared/idSchemas.js';

/** Request schemas of comments on assets (data-api.md §3 Comment, §7.3; decision 0046). */

/** data-api.md §4 "Comment filter". */
export const COMMENT_FILTERS = ['ALL', 'OPEN', 'RESOLVED'] as const;
export type CommentFilter = (typeof COMMENT_FILTERS)[number];

export const COMMENT_MARKING_KINDS = ['PIN', 'RECTANGLE', 'PAGE', 'TIMEFRAME'] as const;
export type CommentMarkingKind = (typeof COMMENT_MARKING_KINDS)[number];

/** The longest comment accepted, before sanitising. */
export const COMMENT_MAX = 10_000;
/** The most users one comment or reply may mention. */
export const COMMENT_MENTIONS_MAX = 50;

/** A coordinate or size as a fraction of the image's width or height. */
const fraction = z.number({ error: 'Must be a number' }).min(0, 'Must be between 0 and 1').max(1, 'Must be between 0 and 1');
const count = z.number({ error: 'Must be a number' }).int('Must be a whole number').min(0, 'Must be 0 or more');
/** Where in a document or design the marking is: its order among the markings and the spread it lies on. */
const placement = { order: count.optional(), spread: count.optional() };

/**
 * Where a comment points on its revision's file: a PIN or RECTANGLE on the image (fractions of its size, from
 * the top left), a PAGE of a document, or a TIMEFRAME of a video (milliseconds, frames optional).
 */
export const commentMarkingSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('PIN'), x: fraction, y: fraction, ...placement }).strict(),
    z
      .object({ kind: z.literal('RECTANGLE'), x: fraction, y: fraction, width: fraction, height: fraction, ...placement })
      .strict()
      .refine((m) => m.x + m.width <= 1 && m.y + m.height <= 1, 'Must lie inside the image'),
    z.object({ kind: z.literal('PAGE'), page: count.min(1, 'Must be 1 or more'), ...placement }).strict(),
    z
      .object({
        kind: z.literal('TIMEFRAME'),
        start_ms: count,
        end_ms: count,
        start_frame: count.optional(),
        end_frame: count.optional(),
        ...placement,
      })
      .strict()
      .refine((m) => m.end_ms > m.start_ms, { message: 'Must end after it starts', path: ['end_ms'] })
      .refine((m) => m.start_frame === undefined || m.end_frame === undefined || m.end_frame >= m.start_frame, {
        message: 'Must not end before it starts',
        path: ['end_frame'],
      }),
  ],
  { error: 'Must be a marking of kind PIN, RECTANGLE, PAGE or TIMEFRAME' },
);
export type CommentMarking = z.infer<typeof commentMarkingSchema>;

/** Rich text (HTML, sanitised by the server to the rich-text allow-list); empty after sanitising is refused. */
const contentSchema = z
  .string({ error: 'Must be a text' })
  .min(1, 'Must not be empty')
  .max(COMMENT_MAX, `Must be at most ${COMMENT_MAX} characters`);

/** Users a comment or reply mentions; each must see the asset (checked by the server). */
const mentionsSchema = z.array(refId('user')).max(COMMENT_MENTIONS_MAX, `Must be at most ${COMMENT_MENTIONS_MAX} users`).optional();

/** POST /api/asset/{id}/comments */
export const createCommentBodySchema = z
  .object({ content: contentSchema, marking: commentMarkingSchema.nullish(), mentioned_user_ids: mentionsSchema })
  .strict();
export type CreateCommentBody = z.infer<typeof createCommentBodySchema>;

/** POST /api/comment/{id}/replies */
export const replyCommentBodySchema = z.object({ content: contentSchema, mentioned_user_ids: mentionsSchema }).strict();
export type ReplyCommentBody = z.infer<typeof replyCommentBodySchema>;

/** PATCH /api/comment/{id} */
export const editCommentBodySchema = z.object({ content: contentSchema }).strict();
export type EditCommentBody = z.infer<typeof editCommentBodySchema>;

/** PUT /api/comment/{id}/resolved */
export const resolveCommentBodySchema = z.object({ is_resolved: z.boolean({ error: 'Must be true or false' }) }).strict();
export type ResolveCommentBody = z.infer<typeof resolveCommentBodySchema>;

/** GET /api/asset/{id}/comments?filter= */
export const commentsQuerySchema = z
  .object({ filter: z.enum(COMMENT_FILTERS, { error: 'Must be ALL, OPEN or RESOLVED' }).default('ALL') })
  .strict();
