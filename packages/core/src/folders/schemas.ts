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
export const setListQuerySchema = z
  .object({
    recursive: booleanQuery,
    search_term: z.string().max(200).optional(),
    parent_id: z.union([z.literal('0').transform(() => 0), refId('folder')], { error: 'Must be 0 or a folder id' }).optional(),
    workflow_status_id: z.string().optional(),
    download_request: z.string().optional(),
    creator_id: z.string().optional(),
    sort_by: z.string().optional(),
  })
  .strict();
