import { z } from 'zod';
import { claimOf, ID_KIND_META, type IdKind } from './ids.js';

/**
 * The id primitives of every request schema: ids in paths, queries and bodies, the ids that name a record (claims
 * the server must check, ids.ts) and the random tokens that name an upload.
 */

/** The largest id: ids are PostgreSQL `integer` columns. */
const ID_MAX = 2_147_483_647;
/** The one text form of an id (path and query values are strings): decimal digits, no sign, no leading zero. */
const DECIMAL_ID = /^[1-9][0-9]{0,9}$/;

/** Why `text` is not an id; numeric-looking forms other than plain digits (`0x10`, `1e3`, ` 16`, `016`, `+16`, `16.0`) are refused. */
function idTextProblem(text: string): string {
  if (/^[1-9][0-9]{10,}$/.test(text)) return 'Is too large';
  const value = Number(text);
  if (text.trim() === '' || !Number.isFinite(value)) return 'Must be a number';
  if (value <= 0) return 'Must be a positive number';
  return 'Must be a whole number in plain decimal digits';
}

/**
 * A REST id: a JSON number that is a positive integer up to ID_MAX, or a string of plain decimal digits naming
 * one. Only canonical forms are ids, so `DELETE /api/asset/0x10` never reaches asset 16 (security issue #9).
 */
export const idSchema = z.preprocess(
  (value, ctx) => {
    if (typeof value !== 'string') return value;
    if (DECIMAL_ID.test(value)) return Number(value);
    ctx.issues.push({ code: 'custom', message: idTextProblem(value), input: value });
    return value;
  },
  z.number({ error: 'Must be a number' }).int('Must be a whole number').positive('Must be a positive number').max(ID_MAX, 'Is too large'),
);

/** An id field naming a record of `kind`: parsed like `idSchema`, reported as a claim the server must check (ids.ts). */
export function refId(kind: IdKind) {
  return idSchema.transform(claimOf<number>(kind)).meta({ [ID_KIND_META]: kind });
}

/** An unused upload, named by the random token `POST /api/upload` answered as `file_id` (never a row id). */
export const uploadRefSchema = z
  .string({ error: 'Must be the file_id of an upload' })
  .regex(/^[A-Za-z0-9_-]{22,64}$/, 'Must be the file_id of an upload')
  .transform(claimOf<string>('upload'))
  .meta({ [ID_KIND_META]: 'upload' });

/** `{id}` path parameters naming a record of `kind`. */
export function idParams(kind: IdKind) {
  return z.object({ id: refId(kind) }).strict();
}
