import { z } from 'zod';
import { booleanQuery, folderRefSchema } from '../shared/fields.js';
import { refId, uploadRefSchema } from '../shared/idSchemas.js';
import { assetExpiresAtSchema, assetExpiryFilterSchema } from './expiry.js';
import { ASSET_SORTS, SORT_ORDERS } from './sort.js';
import { assetSubmittedFilterSchema } from './submitted.js';

/** Request schemas of assets, their revisions and attachments, and transfers between projects. */

const title = z.string({ error: 'Must be a string' }).trim().min(1, 'Is required').max(500, 'Is too long');

export const createFileAssetBodySchema = z
  .object({
    file_id: uploadRefSchema,
    project_id: refId('project'),
    set_id: folderRefSchema.optional().default(null),
    title: title.optional(),
  })
  .strict();
export const createUrlAssetBodySchema = z
  .object({
    object_type: z.literal('URL'),
    external_url: z
      .string({ error: 'Must be a string' })
      .url('Must be a valid URL')
      .max(2048, 'Is too long')
      .refine((u) => /^https?:\/\//i.test(u), 'Must be an http or https URL'),
    title,
    project_id: refId('project'),
    set_id: folderRefSchema.optional().default(null),
    allow_interactions: z.boolean().optional(),
  })
  .strict();
export const createAssetBodySchema = z.union([createFileAssetBodySchema, createUrlAssetBodySchema]);
/** The schema for a create-asset body: link assets say object_type URL, everything else is a file asset. */
export function createAssetSchemaFor(body: unknown) {
  const isUrl = typeof body === 'object' && body !== null && (body as Record<string, unknown>).object_type !== undefined;
  return isUrl ? createUrlAssetBodySchema : createFileAssetBodySchema;
}
export type CreateAssetBody = z.infer<typeof createAssetBodySchema>;

export const assetQuerySchema = z
  .object({ include_urls: booleanQuery, preview_width: z.coerce.number().int().min(16).max(4096).optional() })
  .strict();

export const assetListBodySchema = z
  .object({
    ids: z.array(refId('asset')).max(1000, 'At most 1000 ids').optional(),
    project_id: refId('project').optional(),
    set_id: folderRefSchema.optional(),
    include_required_custom_metadata_property_ids_without_value: z.boolean().optional(),
    include_preview_url: z.boolean().optional(),
    include_manually_defined_preview_url: z.boolean().optional(),
    preview_width: z.number().int().min(16).max(4096).optional(),
    cursor: z.string().max(200).nullable().optional(),
    limit: z.number().int().min(1).max(200).optional(),
    sort: z.enum(ASSET_SORTS, { error: `Must be one of ${ASSET_SORTS.join(', ')}` }).optional(),
    /** The direction; without it, the sort's own (DEFAULT_SORT_ORDER). */
    order: z.enum(SORT_ORDERS, { error: 'Must be asc or desc' }).optional(),
    /** A folder page of only the assets expiring within 30 days, or only the expired ones (decision 0033). */
    expiry: assetExpiryFilterSchema.optional(),
    /** A folder page of only the submitted assets waiting for an editor, or of all but those (decision 0035). */
    submitted: assetSubmittedFilterSchema.optional(),
  })
  .strict()
  .refine((v) => v.ids !== undefined || v.project_id !== undefined, { message: 'Give ids or project_id', path: ['project_id'] })
  // Filters narrow a folder page; a list of ids answers exactly those ids.
  .refine((v) => v.ids === undefined || v.expiry === undefined, { message: 'Filters apply to a folder page, not to ids', path: ['expiry'] })
  .refine((v) => v.ids === undefined || v.submitted === undefined, {
    message: 'Filters apply to a folder page, not to ids',
    path: ['submitted'],
  });

export const updateAssetBodySchema = z
  .object({
    title: title.optional(),
    description: z.string({ error: 'Must be a string' }).max(10_000, 'Is too long').optional(),
    alternative_text: z.string({ error: 'Must be a string' }).max(1000, 'Is too long').optional(),
    /** When the asset stops being shown to visitors, share links and public pages; null clears it (decision 0033). */
    expires_at: assetExpiresAtSchema.optional(),
  })
  .strict()
  .refine((v) => Object.keys(v).length > 0, { message: 'Nothing to update' });

export const deleteAssetsBodySchema = z
  .object({ asset_ids: z.array(refId('asset')).min(1, 'Is required').max(1000, 'At most 1000 ids') })
  .strict();
export const sortAssetBodySchema = z.object({ new_position: z.number({ error: 'Must be a number' }).int().min(0) }).strict();
export const revisionBodySchema = z.object({ file_id: uploadRefSchema }).strict();

export const transferBodySchema = z
  .object({
    source: z.object({ project: refId('project') }).strict(),
    target: z.object({ project: refId('project'), folder: folderRefSchema.optional() }).strict(),
    folders: z.array(refId('folder')).max(1000).default([]),
    assets: z.array(refId('asset')).max(5000).default([]),
    metadata: z.boolean().default(true),
    mode: z.enum(['move', 'copy']).default('move'),
  })
  .strict()
  .refine((v) => v.folders.length + v.assets.length > 0, { message: 'Nothing to transfer', path: ['assets'] });

export const createAttachmentBodySchema = z
  .object({ asset_id: refId('asset'), file_id: uploadRefSchema, color_space: z.string().max(40).optional() })
  .strict();
export const updateAttachmentBodySchema = z.object({ title }).strict();

/** How long deleted assets and folders stay in their library's trash (decision 0025). */
export const LIBRARY_TRASH_DAYS = 30;

/** POST /api/project/{id}/trash/restore: assets and folders of the library's trash to bring back (at least one). */
export const restoreTrashBodySchema = z
  .object({
    asset_ids: z.array(refId('asset')).max(1000, 'At most 1000 ids').default([]),
    set_ids: z.array(refId('folder')).max(1000, 'At most 1000 ids').default([]),
  })
  .strict()
  .refine((b) => b.asset_ids.length + b.set_ids.length > 0, { message: 'Name at least one asset or folder', path: ['asset_ids'] });
export type RestoreTrashBody = z.infer<typeof restoreTrashBodySchema>;
