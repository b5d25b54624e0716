import { z } from 'zod';
import { refId } from './idSchemas.js';
import { LANGUAGES } from './languages.js';

/** Field schemas that several domains' request schemas share. */

const email = z
  .string({ error: 'Must be a string' })
  .trim()
  .min(1, 'Is required')
  .max(254, 'Is too long')
  .email('Must be a valid e-mail address')
  .transform((v) => v.toLowerCase());
/** An e-mail address: trimmed, checked, lower-cased. */
export const emailSchema = email;

/** A display name (brands, projects, folders, API tokens, invited people): trimmed, 1–120 characters. */
export const nameSchema = z.string({ error: 'Must be a string' }).trim().min(1, 'Is required').max(120, 'Is too long');

/** A boolean query parameter: true, false, 1 or 0. */
export const booleanQuery = z
  .enum(['true', 'false', '1', '0'])
  .transform((v) => v === 'true' || v === '1')
  .optional();

/** An optional date: an ISO date-time with offset, a plain YYYY-MM-DD day, or null. */
export const optionalDate = z
  .union([z.string().datetime({ offset: true }), z.string().regex(/^\d{4}-\d{2}-\d{2}$/), z.null()])
  .optional()
  .refine((v) => v === undefined || v === null || !Number.isNaN(Date.parse(v)), 'Must be a date');

/** A folder reference where 0 or null mean the project's root (read as null). */
export const folderRefSchema = z.union([z.literal(0), z.null(), refId('folder')]).transform((v) => (v === 0 || v === null ? null : v));

export const languageSchema = z.enum(LANGUAGES);
