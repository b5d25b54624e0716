import { z } from 'zod';

/**
 * Fields of the account and project settings: blocked extensions and custom download sizes, with
 * the pure list rules their list endpoints share. A leaf module (zod only), so every domain's schemas can use it.
 * Decisions: docs/decisions/0009-account-and-project-settings.md.
 */

/* ---------- Blocked extensions ---------- */

export const BLOCKED_EXTENSION_PATTERN = /^[a-z0-9]{1,16}$/;
export const MAX_BLOCKED_EXTENSIONS = 200;
export const BLOCKED_EXTENSION_MESSAGE = 'Use 1 to 16 letters or digits, like psd';

/** `" *.PSD "` → `"psd"`: trimmed, lower-case, without a leading `*` and dots. */
export function normaliseExtension(raw: string): string {
  return raw
    .trim()
    .toLowerCase()
    .replace(/^\*?\.+/, '');
}

/** One blocked extension, normalised, then checked against [a-z0-9]{1,16}. */
export const blockedExtensionSchema = z
  .string({ error: 'Must be a string' })
  .max(100, 'Is too long')
  .transform(normaliseExtension)
  .pipe(z.string().regex(BLOCKED_EXTENSION_PATTERN, BLOCKED_EXTENSION_MESSAGE));

/** A whole list: every entry normalised, duplicates dropped (first one kept), at most MAX_BLOCKED_EXTENSIONS. */
export const blockedExtensionsSchema = z
  .array(blockedExtensionSchema, { error: 'Must be a list of extensions' })
  .max(MAX_BLOCKED_EXTENSIONS * 2, `At most ${MAX_BLOCKED_EXTENSIONS} extensions`)
  .transform((list) => [...new Set(list)])
  .refine((list) => list.length <= MAX_BLOCKED_EXTENSIONS, `At most ${MAX_BLOCKED_EXTENSIONS} extensions`);

/* ---------- Custom download sizes ---------- */

/** The formats a custom size converts to: the image formats media delivery renders (MEDIA_FORMATS). */
export const DOWNLOAD_SIZE_FORMATS = ['jpeg', 'png', 'webp', 'avif'] as const;
export type DownloadSizeFormat = (typeof DOWNLOAD_SIZE_FORMATS)[number];
export const MAX_DOWNLOAD_SIZES = 30;
export const MAX_DOWNLOAD_SIZE_DIMENSION = 10_000;
export const DOWNLOAD_SIZE_NAME_MAX = 60;
/**
 * How a size with both sides meets them: `crop` covers the box and cuts what sticks out around the focal point;
 * `pad` fits the whole image inside and fills the rest (transparent in PNG, WebP and AVIF, white in JPEG).
 */
export const DOWNLOAD_SIZE_FITS = ['crop', 'pad'] as const;
export type DownloadSizeFit = (typeof DOWNLOAD_SIZE_FITS)[number];

/** One size as stored on the project and answered by GET /api/project/{id}/download-custom-sizes. */
export interface DownloadCustomSize {
  name: string;
  width: number;
  /** null: the height follows the aspect ratio. */
  height: number | null;
  format: DownloadSizeFormat;
  /** Sizes saved before fits existed have none: they crop. */
  fit?: DownloadSizeFit;
}

/** The fit of a size; `crop` when it has none (saved before fits existed). */
export function downloadSizeFit(size: { fit?: string | null }): DownloadSizeFit {
  return size.fit === 'pad' ? 'pad' : 'crop';
}

export const downloadSizeNameSchema = z
  .string({ error: 'Must be a string' })
  .trim()
  .min(1, 'Is required')
  .max(DOWNLOAD_SIZE_NAME_MAX, 'Is too long');

const dimension = z
  .number({ error: 'Must be a number' })
  .int('Must be a whole number')
  .min(1, 'Must be at least 1')
  .max(MAX_DOWNLOAD_SIZE_DIMENSION, `Must be at most ${MAX_DOWNLOAD_SIZE_DIMENSION}`);

/** Lower-case; `jpg` is `jpeg`. */
export const downloadSizeFormatSchema = z
  .string({ error: 'Must be a string' })
  .transform((v) => {
    const f = v.trim().toLowerCase();
    return f === 'jpg' ? 'jpeg' : f;
  })
  .pipe(z.enum(DOWNLOAD_SIZE_FORMATS, { error: `Must be ${DOWNLOAD_SIZE_FORMATS.join(', ')}` }));

/** `crop` (the default) or `pad`, case-insensitively. */
export const downloadSizeFitSchema = z
  .string({ error: 'Must be a string' })
  .nullish()
  .transform((v) => (v ?? 'crop').trim().toLowerCase())
  .pipe(z.enum(DOWNLOAD_SIZE_FITS, { error: `Must be ${DOWNLOAD_SIZE_FITS.join(' or ')}` }));

/** The parts of a size after its name, shared by the stored shape and the toolkit list entry. */
export const downloadSizeShape = {
  width: dimension,
  height: dimension
    .nullable()
    .optional()
    .transform((v) => v ?? null),
  format: downloadSizeFormatSchema,
  fit: downloadSizeFitSchema,
};

export const downloadSizeSchema = z.object({ name: downloadSizeNameSchema, ...downloadSizeShape }).strict();

/** The key two sizes may not share: the download looks a size up by its name, case-insensitively. */
export const downloadSizeKey = (name: string) => name.trim().toLowerCase();

/** A whole list: names unique case-insensitively, at most MAX_DOWNLOAD_SIZES. */
export const downloadSizesSchema = z
  .array(downloadSizeSchema, { error: 'Must be a list of sizes' })
  .max(MAX_DOWNLOAD_SIZES, `At most ${MAX_DOWNLOAD_SIZES} sizes`)
  .superRefine((list, ctx) => {
    const seen = new Set<string>();
    list.forEach((size, index) => {
      const key = downloadSizeKey(size.name);
      if (seen.has(key)) ctx.addIssue({ code: 'custom', path: [index, 'name'], message: 'Is already the name of another size' });
      seen.add(key);
    });
  });
