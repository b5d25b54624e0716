import { z } from 'zod';
import { refId } from '../shared/idSchemas.js';

/**
 * Assignments on assets of workspace projects (issue 15 §2; data-api.md §3 "Workflow checklist preset", §7.3;
 * decision 0048): an assignee, a due date and an ordered checklist per asset, and checklist presets per project.
 */

/** Items of one asset's checklist. */
export const CHECKLIST_ITEMS_MAX = 100;
export const CHECKLIST_CONTENT_MAX = 500;
export const CHECKLIST_PRESET_NAME_MAX = 100;
/** Presets of one project. */
export const CHECKLIST_PRESETS_MAX = 50;
/** Assets a preset is applied to in one request. */
export const CHECKLIST_APPLY_MAX = 200;

const content = z
  .string({ error: 'Must be a string' })
  .transform((s) => s.replace(/\s+/g, ' ').trim())
  .pipe(z.string().min(1, 'Is required').max(CHECKLIST_CONTENT_MAX, `At most ${CHECKLIST_CONTENT_MAX} characters`));
const userOrNull = refId('user').nullable();

/** `PATCH /api/asset/{id}/assignment`: the fields given change; null clears. */
export const updateAssignmentBodySchema = z
  .object({
    assignee_id: userOrNull.optional(),
    due_at: z.iso.datetime({ offset: true, error: 'Must be a date and time such as 2026-05-01T17:00:00Z' }).nullable().optional(),
  })
  .strict()
  .refine((b) => b.assignee_id !== undefined || b.due_at !== undefined, { message: 'Name a field to change', path: ['assignee_id'] });
export type UpdateAssignmentBody = z.output<typeof updateAssignmentBodySchema>;

/** `POST /api/asset/{id}/checklist`: a new item at the end. */
export const createChecklistItemBodySchema = z.object({ content, assigned_user_id: userOrNull.optional().default(null) }).strict();
export type CreateChecklistItemBody = z.output<typeof createChecklistItemBodySchema>;

/** `PATCH /api/checklist-item/{id}`: edits the text, ticks or unticks, (un)assigns. */
export const updateChecklistItemBodySchema = z
  .object({
    content: content.optional(),
    done: z.boolean({ error: 'Must be true or false' }).optional(),
    assigned_user_id: userOrNull.optional(),
  })
  .strict()
  .refine((b) => Object.keys(b).length > 0, { message: 'Name a field to change', path: ['content'] });
export type UpdateChecklistItemBody = z.output<typeof updateChecklistItemBodySchema>;

/** `PUT /api/asset/{id}/checklist/order`: every item of the checklist, once each, in the new order. */
export const reorderChecklistBodySchema = z
  .object({
    item_ids: z
      .array(refId('checklist_item'), { error: 'Must be a list of checklist item ids' })
      .min(1, 'Name every item of the checklist')
      .max(CHECKLIST_ITEMS_MAX, `At most ${CHECKLIST_ITEMS_MAX} items`),
  })
  .strict();
export type ReorderChecklistBody = z.output<typeof reorderChecklistBodySchema>;

const presetItem = z.object({ content, assigned_user_id: userOrNull.optional().default(null) }).strict();
const presetName = z
  .string({ error: 'Must be a string' })
  .transform((s) => s.replace(/\s+/g, ' ').trim())
  .pipe(z.string().min(1, 'Is required').max(CHECKLIST_PRESET_NAME_MAX, `At most ${CHECKLIST_PRESET_NAME_MAX} characters`));
const presetItems = z
  .array(presetItem, { error: 'Must be a list of items' })
  .min(1, 'Name at least one item')
  .max(CHECKLIST_ITEMS_MAX, `At most ${CHECKLIST_ITEMS_MAX} items`);

/** `POST /api/project/{projectId}/checklist-presets`. */
export const createChecklistPresetBodySchema = z.object({ name: presetName, items: presetItems }).strict();
export type CreateChecklistPresetBody = z.output<typeof createChecklistPresetBodySchema>;

/** `PATCH /api/checklist-preset/{id}`: the fields given replace the stored ones. */
export const updateChecklistPresetBodySchema = z
  .object({ name: presetName.optional(), items: presetItems.optional() })
  .strict()
  .refine((b) => b.name !== undefined || b.items !== undefined, { message: 'Name a field to change', path: ['name'] });
export type UpdateChecklistPresetBody = z.output<typeof updateChecklistPresetBodySchema>;

/** `POST /api/checklist-preset/{id}/apply`: appends the preset's items to each asset's checklist. */
export const applyChecklistPresetBodySchema = z
  .object({
    asset_ids: z
      .array(refId('asset'), { error: 'Must be a list of asset ids' })
      .min(1, 'Name at least one asset')
      .max(CHECKLIST_APPLY_MAX, `At most ${CHECKLIST_APPLY_MAX} assets`)
      .transform((ids) => [...new Set(ids)]),
  })
  .strict();
export type ApplyChecklistPresetBody = z.output<typeof applyChecklistPresetBodySchema>;

export const checklistItemParamsSchema = z.object({ id: refId('checklist_item') }).strict();
export const checklistPresetParamsSchema = z.object({ id: refId('checklist_preset') }).strict();
