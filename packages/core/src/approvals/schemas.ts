import { z } from 'zod';
import { refId } from '../shared/idSchemas.js';

/**
 * Approval requests on workspace assets (issue 15 §3; decision 0049): a requester asks reviewers (users and groups)
 * to approve assets of one workspace project; the decision mode turns the reviewers' votes into a result.
 */

export const APPROVAL_MODES = ['FIRST', 'ALL', 'MAJORITY', 'NO_REJECTION'] as const;
export type ApprovalMode = (typeof APPROVAL_MODES)[number];

/** What a reviewer answers. */
export const APPROVAL_VOTES = ['APPROVED', 'CHANGES_REQUESTED', 'REJECTED'] as const;
export type ApprovalVote = (typeof APPROVAL_VOTES)[number];

/** Where a request stands: OPEN until its mode decides it or its requester cancels it. */
export const APPROVAL_RESULTS = ['OPEN', 'APPROVED', 'CHANGES_REQUESTED', 'REJECTED', 'CANCELLED'] as const;
export type ApprovalResult = (typeof APPROVAL_RESULTS)[number];

/** Assets one request covers, and reviewers it names (users and groups together). */
export const APPROVAL_ASSETS_MAX = 100;
export const APPROVAL_REVIEWERS_MAX = 50;
export const APPROVAL_MESSAGE_MAX = 5_000;
export const APPROVAL_COMMENT_MAX = 5_000;

const text = (max: number) =>
  z
    .string({ error: 'Must be a string' })
    .transform((s) => s.trim())
    .pipe(z.string().max(max, `At most ${max} characters`));

const ids = (kind: 'user' | 'group', max: number) => z.array(refId(kind), { error: 'Must be a list of ids' }).max(max, `At most ${max}`);

/** A moment in the future, with its offset (`2026-12-01T17:00:00Z`). */
const dueAt = z
  .string({ error: 'Must be a date and time such as 2026-12-01T17:00:00Z' })
  .datetime({ offset: true, error: 'Must be a date and time such as 2026-12-01T17:00:00Z' });

/** `POST /api/project/{projectId}/approval-requests`. */
export const createApprovalRequestBodySchema = z
  .object({
    asset_ids: z
      .array(refId('asset'), { error: 'Must be a list of asset ids' })
      .min(1, 'Name at least one asset')
      .max(APPROVAL_ASSETS_MAX, `At most ${APPROVAL_ASSETS_MAX} assets`),
    user_ids: ids('user', APPROVAL_REVIEWERS_MAX).default([]),
    group_ids: ids('group', APPROVAL_REVIEWERS_MAX).default([]),
    mode: z.enum(APPROVAL_MODES, { error: 'Must be FIRST, ALL, MAJORITY or NO_REJECTION' }),
    due_at: dueAt.nullable().default(null),
    message: text(APPROVAL_MESSAGE_MAX).default(''),
  })
  .strict()
  .superRefine((b, ctx) => {
    if (b.user_ids.length + b.group_ids.length === 0)
      ctx.addIssue({ code: 'custom', path: ['user_ids'], message: 'Name at least one reviewer (a user or a group)' });
    if (b.user_ids.length + b.group_ids.length > APPROVAL_REVIEWERS_MAX)
      ctx.addIssue({ code: 'custom', path: ['user_ids'], message: `At most ${APPROVAL_REVIEWERS_MAX} reviewers` });
    if (b.mode === 'NO_REJECTION' && b.due_at === null)
      ctx.addIssue({ code: 'custom', path: ['due_at'], message: 'NO_REJECTION needs a due date' });
  });
export type CreateApprovalRequestBody = z.infer<typeof createApprovalRequestBodySchema>;

/** `PUT /api/approval-request/{id}/vote`: the caller's answer, for themselves and the groups they review for. */
export const approvalVoteBodySchema = z
  .object({
    vote: z.enum(APPROVAL_VOTES, { error: 'Must be APPROVED, CHANGES_REQUESTED or REJECTED' }),
    comment: text(APPROVAL_COMMENT_MAX).default(''),
  })
  .strict();
export type ApprovalVoteBody = z.infer<typeof approvalVoteBodySchema>;

/** `PATCH /api/approval-request/{id}/reviewers`: reviewers to add and to remove. */
export const approvalReviewersBodySchema = z
  .object({
    add_user_ids: ids('user', APPROVAL_REVIEWERS_MAX).default([]),
    add_group_ids: ids('group', APPROVAL_REVIEWERS_MAX).default([]),
    remove_user_ids: ids('user', APPROVAL_REVIEWERS_MAX).default([]),
    remove_group_ids: ids('group', APPROVAL_REVIEWERS_MAX).default([]),
  })
  .strict()
  .refine((b) => b.add_user_ids.length + b.add_group_ids.length + b.remove_user_ids.length + b.remove_group_ids.length > 0, {
    path: ['add_user_ids'],
    message: 'Name a reviewer to add or remove',
  });
export type ApprovalReviewersBody = z.infer<typeof approvalReviewersBodySchema>;

/** `GET /api/asset/{id}/approval-requests?status=`: OPEN (default) or ALL. */
export const approvalRequestsQuerySchema = z
  .object({ status: z.enum(['OPEN', 'ALL'], { error: 'Must be OPEN or ALL' }).default('OPEN') })
  .strict();

export const approvalRequestParams = z.object({ id: refId('approval_request') }).strict();
export const approvalProjectParams = z.object({ projectId: refId('project') }).strict();

/** `GET /api/asset/{id}/audit-trail?cursor=&limit=`: newest first; `cursor` is the `next_cursor` of the page before. */
export const AUDIT_TRAIL_PAGE = 50;
export const auditTrailQuerySchema = z
  .object({
    cursor: z
      .string()
      .regex(/^[1-9][0-9]{0,17}$/, 'Must be the next_cursor of the page before')
      .optional(),
    limit: z.coerce
      .number({ error: 'Must be a number' })
      .int('Must be a whole number')
      .min(1, 'Must be 1 or more')
      .max(100, 'At most 100')
      .default(AUDIT_TRAIL_PAGE),
  })
  .strict();
export type AuditTrailQuery = z.infer<typeof auditTrailQuerySchema>;
