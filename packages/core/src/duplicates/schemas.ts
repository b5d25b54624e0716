import { z } from 'zod';
import { refId } from '../shared/idSchemas.js';

/** Request schemas of duplicate detection (decision 0042; routes-access-shell.md §2.3 duplicate-detection). */

export const DUPLICATE_KINDS = ['EXACT', 'SIMILAR'] as const;
export type DuplicateKind = (typeof DUPLICATE_KINDS)[number];

export const DUPLICATE_ACTIONS = ['delete', 'merge'] as const;
export type DuplicateAction = (typeof DUPLICATE_ACTIONS)[number];

/** Groups on one page of GET /api/project/{id}/duplicates, by default and at most. */
export const DUPLICATE_PAGE_DEFAULT = 20;
export const DUPLICATE_PAGE_MAX = 50;

/**
 * A group id, derived from the content so it stays the same while the group does: `e-<sha256>` for the exact copies
 * of one file, `s-<lowest asset id>` for a group of similar images.
 */
export const DUPLICATE_GROUP_ID = /^(?:e-[0-9a-f]{64}|s-[1-9][0-9]{0,9})$/;

export const duplicateGroupIdSchema = z
  .string({ error: 'Must be a string' })
  .regex(DUPLICATE_GROUP_ID, 'Must be a duplicate group id (e-<sha256> or s-<asset id>)');

/** `{id}/{groupId}` path parameters: the library, then a group of it. */
export const duplicateGroupParamsSchema = z.object({ id: refId('project'), groupId: duplicateGroupIdSchema }).strict();

export const duplicatesQuerySchema = z
  .object({
    cursor: z
      .string({ error: 'Must be a string' })
      .regex(/^[ES]-[1-9][0-9]{0,9}$/, 'Is not a cursor of this list')
      .optional(),
    limit: z.coerce
      .number({ error: 'Must be a number' })
      .int('Must be a whole number')
      .min(1, 'At least 1')
      .max(DUPLICATE_PAGE_MAX, `At most ${DUPLICATE_PAGE_MAX}`)
      .optional(),
  })
  .strict();

/**
 * POST /api/project/{id}/duplicates/{groupId}/resolve: keep one asset of the group; the others go to the library's
 * trash, and with `merge` the kept asset first takes their MANUAL tags, the custom metadata values it lacks and
 * their collection memberships.
 */
export const resolveDuplicatesBodySchema = z
  .object({
    keep_asset_id: refId('asset'),
    action: z.enum(DUPLICATE_ACTIONS, { error: 'Must be delete or merge' }),
  })
  .strict();

export type DuplicatesQuery = z.infer<typeof duplicatesQuerySchema>;
export type ResolveDuplicatesBody = z.infer<typeof resolveDuplicatesBodySchema>;
