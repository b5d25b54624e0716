import { z } from 'zod';
import { consentTokenSchema } from '../licences/schemas.js';
import { folderRefSchema } from '../shared/fields.js';
import { idSchema, refId } from '../shared/idSchemas.js';

/** Schemas of media delivery and downloads (docs/api.md "Media delivery and downloads"). */

export const MEDIA_FORMATS = ['webp', 'avif', 'jpeg', 'png'] as const;
export type MediaFormat = (typeof MEDIA_FORMATS)[number];
export const MEDIA_TRANSFORMATIONS = ['resize', 'crop', 'focus', 'max', 'cover-max', 'colorize', 'page'] as const;
export type MediaTransformation = (typeof MEDIA_TRANSFORMATIONS)[number];

const dimension = z.coerce.number({ error: 'Must be a number' }).int('Must be a whole number').min(1, 'Must be at least 1').max(100_000);

function numberList(count: number, message: string) {
  return z.string().transform((v, ctx) => {
    const parts = v.split(',').map((p) => Number(p.trim()));
    if (parts.length !== count || parts.some((p) => !Number.isFinite(p))) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return parts;
  });
}

/**
 * Query of a signed media URL (`/media/{assetToken}/{revisionId}`). Unknown parameters are ignored (they are
 * covered by the signature, so only the server can add them).
 */
export const mediaQuerySchema = z.object({
  width: dimension.optional(),
  height: dimension.optional(),
  crop: numberList(4, 'Must be x,y,width,height')
    .refine((c) => c[0]! >= 0 && c[1]! >= 0 && c[2]! > 0 && c[3]! > 0, 'Must be x,y,width,height with a positive size')
    .optional(),
  reference_width: dimension.optional(),
  focus: numberList(2, 'Must be x,y between 0 and 1')
    .refine((f) => f.every((n) => n >= 0 && n <= 1), 'Must be x,y between 0 and 1')
    .optional(),
  fit: z
    .string()
    .transform((v) => v.toUpperCase())
    .pipe(z.enum(['FILL', 'FIT'], { error: 'Must be FILL or FIT' }))
    .optional(),
  format: z.enum([...MEDIA_FORMATS, 'auto'], { error: 'Must be webp, avif, jpeg, png or auto' }).optional(),
  quality: z.coerce.number({ error: 'Must be a number' }).int('Must be a whole number').min(1).max(100).optional(),
  page: z.coerce.number({ error: 'Must be a number' }).int('Must be a whole number').min(1).max(100_000).optional(),
  transformation: z
    .string()
    .transform((v, ctx) => {
      const list = v
        .split(',')
        .map((s) => s.trim().toLowerCase())
        .filter(Boolean);
      const unknown = list.filter((t) => !(MEDIA_TRANSFORMATIONS as readonly string[]).includes(t));
      if (unknown.length) {
        ctx.addIssue({ code: 'custom', message: `Unknown transformation: ${unknown.join(', ')}` });
        return z.NEVER;
      }
      return list as MediaTransformation[];
    })
    .optional(),
  color: z
    .string()
    .regex(/^#?([0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/, 'Must be a hex colour like ff0000')
    .transform((v) => v.replace(/^#/, '').toLowerCase())
    .optional(),
  sig: z.string().optional(),
});
export type MediaQuery = z.infer<typeof mediaQuerySchema>;

/**
 * The largest width or height of a converted download asked for by size (an image transform renders at most
 * this; a server configured with a smaller transform limit refuses more with the same 400).
 */
export const MAX_DOWNLOAD_DIMENSION = 4096;
/** The formats a person picks for a download in another size or format (AVIF stays available to the API). */
export const DOWNLOAD_PICK_FORMATS = ['jpeg', 'png', 'webp'] as const;
export const DOWNLOAD_FITS = ['crop', 'pad'] as const;
export type DownloadFit = (typeof DOWNLOAD_FITS)[number];

/** An empty field (a form left blank, `width=`) is no value. */
const blankless = (v: unknown) => (v === '' || v === null ? undefined : v);
const downloadDimension = z.preprocess(
  blankless,
  z.coerce
    .number({ error: 'Must be a number' })
    .int('Must be a whole number')
    .min(1, 'Must be at least 1')
    .max(MAX_DOWNLOAD_DIMENSION, `Must be at most ${MAX_DOWNLOAD_DIMENSION} pixels`)
    .optional(),
);
const lowerCase = (v: unknown) => (typeof v === 'string' ? v.trim().toLowerCase() : blankless(v));

/**
 * `GET /api/asset/{id}/download`: the original, one of the project's custom sizes (`size`), or an ad-hoc size
 * and format (`width`, `height`, either may be left out to keep the ratio; `format`, `jpg` read as `jpeg`; `fit`
 * when both sides are given). A size and ad-hoc values together are refused. The viewer's form checks its fields
 * with this schema too.
 */
export const downloadQuerySchema = z
  .object({
    revision: idSchema.optional(),
    size: z.string().min(1).max(100).optional(),
    width: downloadDimension,
    height: downloadDimension,
    format: z.preprocess((v) => {
      const f = lowerCase(v);
      return f === 'jpg' ? 'jpeg' : f || undefined;
    }, z.enum(MEDIA_FORMATS, { error: 'Must be jpg, png, webp or avif' }).optional()),
    fit: z.preprocess((v) => lowerCase(v) || undefined, z.enum(DOWNLOAD_FITS, { error: 'Must be crop or pad' }).optional()),
    /** A usage-consent token (POST /api/asset/consent) for assets whose download waits for one (decision 0031). */
    consent: consentTokenSchema.optional(),
  })
  .strict()
  .refine(
    (v) => v.size === undefined || (v.width === undefined && v.height === undefined && v.format === undefined && v.fit === undefined),
    {
      message: 'Give either a custom size or width, height and format',
      path: ['size'],
    },
  );
export type DownloadQuery = z.infer<typeof downloadQuerySchema>;

export const bulkDownloadBodySchema = z
  .object({
    asset_ids: z.array(refId('asset')).min(1, 'Is required').max(10_000, 'At most 10000 assets').optional(),
    project_id: refId('project').optional(),
    set_id: folderRefSchema.optional(),
    /** A usage-consent token covering the assets that need one (decision 0031). */
    consent_token: consentTokenSchema.optional(),
  })
  .strict()
  .refine((v) => (v.asset_ids === undefined) !== (v.project_id === undefined), {
    message: 'Give either asset_ids or project_id',
    path: ['asset_ids'],
  })
  .refine((v) => v.set_id === undefined || v.project_id !== undefined, { message: 'set_id needs project_id', path: ['set_id'] });

export const downloadTokenParamsSchema = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'Invalid token') }).strict();
