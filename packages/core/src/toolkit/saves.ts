import { z } from 'zod';
import { idSchema, uploadRefSchema } from '../shared/idSchemas.js';

/** What every toolkit save sends besides its fields, and the fields of an image save (crop, upload). */

/** The interface language the settings toolkit adds to every save (`i18n`); servers accept and ignore it. */
export const toolkitSaveShape = { i18n: z.string().max(35).optional() };

/** A crop as the image setting saves it: reference-width pixels, null = whole image. */
export const cropSaveSchema = z
  .object({
    x: z.number().finite().min(0),
    y: z.number().finite().min(0),
    width: z.number().finite().positive(),
    height: z.number().finite().positive(),
    reference_width: z.number().finite().positive(),
  })
  .strict()
  .nullable();

/**
 * The fields an image setting named `name` saves: `{name}` (URL or null),
 * `{name}_crop`, `{name}_isWorkspaceAsset`, `{name}_ratio`, `{name}_id`, `file_id`, `payload`. Spread into a
 * body schema; the server renders the crop of `file_id` (or re-crops the image behind the URL).
 */
export function imageSaveShape<N extends string>(name: N) {
  const url = z.string({ error: 'Must be an image URL or null' }).max(2000).nullable().optional();
  const shape = {
    [name]: url,
    [`${name}_crop`]: cropSaveSchema.optional(),
    [`${name}_isWorkspaceAsset`]: z.boolean().optional(),
    [`${name}_ratio`]: z.string().max(20).optional(),
    [`${name}_id`]: idSchema.nullable().optional(),
    file_id: uploadRefSchema.nullable().optional(),
    payload: z.unknown().optional(),
  };
  return shape as Record<N, typeof url> & Record<string, z.ZodType>;
}
