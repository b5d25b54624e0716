import { z } from 'zod';
import { nameSchema } from '../shared/fields.js';
import { refId } from '../shared/idSchemas.js';
import { imageSaveShape, toolkitSaveShape } from '../toolkit/saves.js';

/** Request schemas of brands. */

export const brandNameSchema = nameSchema;
export const createBrandBodySchema = z.object({ name: brandNameSchema }).strict();
export const updateBrandBodySchema = z
  .object({
    name: brandNameSchema.optional(),
    slug: z
      .string({ error: 'Must be a string' })
      .trim()
      .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Use lower-case letters, digits and hyphens')
      .max(60, 'Is too long')
      .optional(),
    ...imageSaveShape('avatar'),
    /** How a non-square avatar becomes square: `crop` (the crop box, as sent) or `pad` (the whole image, padded). */
    avatar_fit: z.enum(['crop', 'pad'], { error: 'Must be crop or pad' }).optional(),
    ...toolkitSaveShape,
  })
  .strict()
  .refine((v) => v.name !== undefined || v.slug !== undefined || v.avatar !== undefined, { message: 'Nothing to update' });

export const brandListQuerySchema = z.object({ account_id: refId('account').optional() }).strict();

export const brandIdParamsSchema = z.object({ brandId: refId('brand') }).strict();
