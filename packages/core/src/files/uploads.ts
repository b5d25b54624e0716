import { z } from 'zod';
import { idSchema, refId } from '../shared/idSchemas.js';

/** Schemas of uploads (docs/api.md "Uploads"). */

/** Multipart form fields of `POST /api/upload` (values arrive as strings; other fields are ignored). */
export const uploadFieldsSchema = z.object({
  project_id: refId('project'),
  brand_id: idSchema.optional(),
  screen_id: idSchema.optional(),
  dashboard_id: idSchema.optional(),
});

/** The extension in `/api/file-icon/file-{ext}.svg`. */
export const fileIconNameSchema = z
  .string()
  .regex(/^file-[a-z0-9]{1,10}\.svg$/, 'Must look like file-png.svg')
  .transform((v) => v.slice(5, -4));

export const tusUploadParamsSchema = z.object({ uploadId: z.string().regex(/^[a-zA-Z0-9_-]{8,128}$/, 'Invalid upload id') }).strict();
