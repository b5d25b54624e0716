import { z } from 'zod';
import { booleanQuery, folderRefSchema, nameSchema } from '../shared/fields.js';
import { refId } from '../shared/idSchemas.js';

/** Request schemas of folders (sets). Parents of 0 or null mean the project's root. */

const color = z.string({ error: 'Must be a string' }).regex(/^#[0-9a-fA-F]{6}$/, 'Must be a colour like #EEEEEE');

export const createSetBodySchema = z
  .object({ name: nameSchema, parent: folderRefSchema.optional().default(null), color: color.optional().default('#EEEEEE') })
  .strict();
export const updateSetBodySchema = z
  .object({ name: nameSchema.optional(), color: color.optional(), parent: folderRefSchema.optional() })
  .strict()
  .refine((v) => Object.keys(v).length > 0, { message: 'Nothing to update' });
/**
 * Orders of the flat folder list: `position` (the default) keeps the folders' own order, then their names;
 * `name` is alphabetical, ignoring case; `created` puts the newest first.
 */
export const SET_LIST_SORTS = ['position', 'name', 'created'] as const;
export type SetListSort = (typeof SET_LIST_SORTS)[number];

export const setListQuerySchema = z
  .object({
    recursive: booleanQuery,
    search_term: z.string().max(200).optional(),
    parent_id: z.union([z.literal('0').transform(() => 0), refId('folder')], { error: 'Must be 0 or a folder id' }).optional(),
    /** Only folders holding a live asset in this workflow status (of the same workspace; decision 0048). */
    workflow_status_id: refId('workflow_status').optional(),
    // Folders have no download requests yet: naming them is refused rather than ignored.
    download_request: z.undefined({ error: 'Is not supported yet: folders have no download requests' }).optional(),
    creator_id: refId('user').optional(),
    sort_by: z.enum(SET_LIST_SORTS, { error: `Must be one of ${SET_LIST_SORTS.join(', ')}` }).optional(),
  })
  .strict();
