import { z } from 'zod';
import { refId } from '../shared/idSchemas.js';
import { permissionTokenSchema } from '../shares/permission-tokens.js';

/**
 * Workflow statuses of workspace projects (data-api.md §3 "Workflow status", §7.4 "Workflow"; decision 0045): an
 * ordered list per workspace, each asset of the workspace in at most one of them.
 */

/** The one trigger a status may carry; at most one status of a project has it. */
export const WORKFLOW_TRIGGERS = ['APPROVED'] as const;
export type WorkflowTrigger = (typeof WORKFLOW_TRIGGERS)[number];

export const WORKFLOW_STATUS_NAME_MAX = 60;
/** Statuses of one project. */
export const WORKFLOW_STATUSES_MAX = 30;
/** Assets moved in one request (one transaction, one event each). */
export const WORKFLOW_MOVE_MAX = 1_000;

/** What a new workspace project starts with, in order (the migration gave existing workspaces the same). */
export const DEFAULT_WORKFLOW_STATUSES: readonly { name: string; color: string; trigger: WorkflowTrigger | null }[] = [
  { name: 'Briefing', color: '#9ca3af', trigger: null },
  { name: 'In progress', color: '#3b82f6', trigger: null },
  { name: 'In review', color: '#f59e0b', trigger: null },
  { name: 'Approved', color: '#22c55e', trigger: 'APPROVED' },
];

const name = z
  .string({ error: 'Must be a string' })
  .transform((s) => s.replace(/\s+/g, ' ').trim())
  .pipe(z.string().min(1, 'Is required').max(WORKFLOW_STATUS_NAME_MAX, `At most ${WORKFLOW_STATUS_NAME_MAX} characters`));
/** `#rrggbb`, stored in lower case. */
const color = z
  .string({ error: 'Must be a string' })
  .regex(/^#[0-9A-Fa-f]{6}$/, 'Must be a colour such as #1a2b3c')
  .transform((v) => v.toLowerCase());
const trigger = z.enum(WORKFLOW_TRIGGERS, { error: 'Must be APPROVED or null' }).nullable();

/** `POST /api/project/{projectId}/status`. */
export const createWorkflowStatusBodySchema = z.object({ name, color, trigger: trigger.optional().default(null) }).strict();
export type CreateWorkflowStatusBody = z.output<typeof createWorkflowStatusBodySchema>;

/** `PATCH /api/project/status/item/{statusId}`: the fields given change. */
export const updateWorkflowStatusBodySchema = z
  .object({ name: name.optional(), color: color.optional(), trigger: trigger.optional() })
  .strict()
  .refine((b) => Object.keys(b).length > 0, { message: 'Name a field to change', path: ['name'] });
export type UpdateWorkflowStatusBody = z.output<typeof updateWorkflowStatusBodySchema>;

/** `PUT /api/project/{projectId}/status/order`: every status of the project, once each, in the new order. */
export const reorderWorkflowStatusesBodySchema = z
  .object({
    status_ids: z
      .array(refId('workflow_status'), { error: 'Must be a list of status ids' })
      .min(1, 'Name every status of the project')
      .max(WORKFLOW_STATUSES_MAX, `At most ${WORKFLOW_STATUSES_MAX} statuses`),
  })
  .strict();
export type ReorderWorkflowStatusesBody = z.output<typeof reorderWorkflowStatusesBodySchema>;

/** `DELETE /api/project/status/item/{statusId}?move_to=`. */
export const deleteWorkflowStatusQuerySchema = z.object({ move_to: refId('workflow_status').optional() }).strict();
export type DeleteWorkflowStatusQuery = z.output<typeof deleteWorkflowStatusQuerySchema>;

/** `PUT /api/workflows/status-item/status/{statusId}`: the assets to put in that status. */
export const moveToWorkflowStatusBodySchema = z
  .object({
    asset_ids: z
      .array(refId('asset'), { error: 'Must be a list of asset ids' })
      .min(1, 'Name at least one asset')
      .max(WORKFLOW_MOVE_MAX, `At most ${WORKFLOW_MOVE_MAX} assets`)
      .transform((ids) => [...new Set(ids)]),
  })
  .strict();
export type MoveToWorkflowStatusBody = z.output<typeof moveToWorkflowStatusBodySchema>;

/** `POST /api/workflow-status/list`: the statuses of the workspaces holding a permission token's assets. */
export const workflowStatusListBodySchema = z.object({ asset_permission_token: permissionTokenSchema }).strict();
export type WorkflowStatusListBody = z.output<typeof workflowStatusListBodySchema>;

/** `{statusId}` path parameters. */
export const workflowStatusParamsSchema = z.object({ statusId: refId('workflow_status') }).strict();
/** `{projectId}` path parameters. */
export const workflowProjectParamsSchema = z.object({ projectId: refId('project') }).strict();

/** Due-date filters of the board (decision 0048): past due, due within the next 7 days, without a date. */
export const BOARD_DUE_FILTERS = ['overdue', 'week', 'none'] as const;
export type BoardDueFilter = (typeof BOARD_DUE_FILTERS)[number];
/** Cards per column and page of the board. */
export const BOARD_PAGE_DEFAULT = 50;
export const BOARD_PAGE_MAX = 200;

/** `GET /api/project/{projectId}/board`: filters; `status_id` with `offset` pages one column ("load more"). */
export const boardQuerySchema = z
  .object({
    assignee_id: refId('user').optional(),
    due: z.enum(BOARD_DUE_FILTERS, { error: `Must be one of ${BOARD_DUE_FILTERS.join(', ')}` }).optional(),
    status_id: refId('workflow_status').optional(),
    offset: z.coerce
      .number({ error: 'Must be a number' })
      .int('Must be a whole number')
      .min(0, 'Must be 0 or more')
      .max(100_000)
      .optional()
      .default(0),
    limit: z.coerce
      .number({ error: 'Must be a number' })
      .int('Must be a whole number')
      .min(1, 'Must be at least 1')
      .max(BOARD_PAGE_MAX, `At most ${BOARD_PAGE_MAX}`)
      .optional()
      .default(BOARD_PAGE_DEFAULT),
  })
  .strict()
  .refine((q) => q.offset === 0 || q.status_id !== undefined, {
    message: 'An offset pages one column: name its status_id',
    path: ['offset'],
  });
export type BoardQuery = z.output<typeof boardQuerySchema>;

/** Kinds of project activity (decision 0048), each a group of event types. */
export const ACTIVITY_KINDS = ['workflow', 'comment', 'assignment', 'checklist', 'upload', 'approval'] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];
export const ACTIVITY_PAGE_DEFAULT = 50;
export const ACTIVITY_PAGE_MAX = 100;

/** `GET /api/project/{projectId}/activity`: newest first; `cursor` is the `next_cursor` of the page before. */
export const activityQuerySchema = z
  .object({
    cursor: z
      .string()
      .regex(/^[1-9][0-9]{0,15}$/, 'Must be the next_cursor of a page')
      .optional(),
    type: z.enum(ACTIVITY_KINDS, { error: `Must be one of ${ACTIVITY_KINDS.join(', ')}` }).optional(),
    actor_id: refId('user').optional(),
    limit: z.coerce
      .number({ error: 'Must be a number' })
      .int('Must be a whole number')
      .min(1, 'Must be at least 1')
      .max(ACTIVITY_PAGE_MAX, `At most ${ACTIVITY_PAGE_MAX}`)
      .optional()
      .default(ACTIVITY_PAGE_DEFAULT),
  })
  .strict();
export type ActivityQuery = z.output<typeof activityQuerySchema>;
