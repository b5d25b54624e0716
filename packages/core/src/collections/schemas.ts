import { z } from 'zod';
import { nameSchema } from '../shared/fields.js';
import { refId } from '../shared/idSchemas.js';

/** Request schemas of collections: curated, ordered sets of a brand's assets (decision 0029). */

const description = z.string({ error: 'Must be a string' }).trim().max(2000, 'Is too long');
const collectionAssetIds = z
  .array(refId('asset'), { error: 'Must be a list of asset ids' })
  .min(1, 'Is required')
  .max(500, 'At most 500 ids');
/** Where assets go in the collection's order: 0 is first; left out, or past the end, means at the end. */
const position = z.number({ error: 'Must be a number' }).int('Must be a whole number').min(0, 'Must be 0 or more');

export const createCollectionBodySchema = z.object({ name: nameSchema, description: description.optional().default('') }).strict();

export const updateCollectionBodySchema = z
  .object({ name: nameSchema.optional(), description: description.optional(), position: position.optional() })
  .strict()
  .refine((v) => Object.keys(v).length > 0, { message: 'Nothing to update' });

export const collectionAssetsBodySchema = z.object({ asset_ids: collectionAssetIds, position: position.optional() }).strict();
export const removeCollectionAssetsBodySchema = z.object({ asset_ids: collectionAssetIds }).strict();

export const collectionAssetsQuerySchema = z
  .object({
    cursor: z.string().max(200).optional(),
    limit: z.coerce.number({ error: 'Must be a number' }).int().min(1, 'At least 1').max(200, 'At most 200').optional(),
    preview_width: z.coerce.number({ error: 'Must be a number' }).int().min(16).max(2000).optional(),
  })
  .strict();

export type CreateCollectionBody = z.infer<typeof createCollectionBodySchema>;
export type UpdateCollectionBody = z.infer<typeof updateCollectionBodySchema>;
export type CollectionAssetsBody = z.infer<typeof collectionAssetsBodySchema>;
export type CollectionAssetsQuery = z.infer<typeof collectionAssetsQuerySchema>;
