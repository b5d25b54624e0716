import { z } from 'zod';
import { brandNameSchema } from '../brands/schemas.js';
import { refId } from '../shared/idSchemas.js';
import { toolkitSaveShape } from '../toolkit/saves.js';
import { blockedExtensionSchema, blockedExtensionsSchema, downloadSizeNameSchema, downloadSizeShape } from './fields.js';

/**
 * Request schemas of the account settings and of the toolkit list endpoints for blocked extensions and custom
 * download sizes (docs/api.md "Account and project settings"). The list bodies follow the toolkit list contract
 * of every list setting: POST {api} sends `{ [name]: entry }`, PUT {api}/{id} sends the entry itself,
 * PUT {api}/position sends `{ items }`. Entries carry the toolkit's bookkeeping (`id`, `value`, `visible`),
 * which is accepted and ignored; `label` is the extension or the size's name.
 */

const listBookkeeping = { id: z.unknown().optional(), value: z.unknown().optional(), visible: z.unknown().optional() };

/** PATCH /api/account (admins): the account's name and its whole list of blocked extensions. */
export const updateAccountBodySchema = z
  .object({ name: brandNameSchema.optional(), blocked_extensions: blockedExtensionsSchema.optional(), ...toolkitSaveShape })
  .strict()
  .refine((v) => v.name !== undefined || v.blocked_extensions !== undefined, { message: 'Nothing to update' });
export type UpdateAccountBody = z.infer<typeof updateAccountBodySchema>;

/** PUT /api/development/flag/{flag}: `enabled: false` turns the flag off (the toggle setting saves with PUT). */
export const setFlagBodySchema = z
  .object({ enabled: z.boolean({ error: 'Must be true or false' }).optional(), ...toolkitSaveShape })
  .strict();

/** A list entry of a blocked extension; a plain string is taken as its label. */
const extensionEntry = z.preprocess(
  (v) => (typeof v === 'string' ? { label: v } : v),
  z.object({ label: blockedExtensionSchema, ...listBookkeeping }, { error: 'Must be an extension' }).strict(),
);

/** POST …/blocked-extensions: one extension to block. */
export const addBlockedExtensionBodySchema = z.object({ extension: extensionEntry, ...toolkitSaveShape }).strict();
/** PUT …/blocked-extensions/{extension}: the entry with its new label. */
export const replaceBlockedExtensionBodySchema = z
  .object({ label: blockedExtensionSchema, ...listBookkeeping, ...toolkitSaveShape })
  .strict();

/** PUT …/position: the entries' ids (extensions or size names) in their new order. */
export const listPositionBodySchema = z
  .object({
    items: z.array(z.union([z.string(), z.number()]).transform(String), { error: 'Must be a list of ids' }).max(1000, 'Is too long'),
    ...toolkitSaveShape,
  })
  .strict();

/** The size entry of the toolkit list: `label` is the size's name (`name` is taken as well). */
const sizeEntryObject = z.object({ label: downloadSizeNameSchema, ...downloadSizeShape, ...listBookkeeping }).strict();
const withLabel = (v: unknown) => {
  if (typeof v !== 'object' || v === null || Array.isArray(v) || !('name' in v) || 'label' in v) return v;
  const { name, ...rest } = v as Record<string, unknown>;
  return { ...rest, label: name };
};
export const downloadSizeEntrySchema = z.preprocess(withLabel, sizeEntryObject);

/** POST /api/project/{id}/download-custom-sizes: one size to add. */
export const addDownloadSizeBodySchema = z.object({ size: downloadSizeEntrySchema, ...toolkitSaveShape }).strict();
/** PUT /api/project/{id}/download-custom-sizes/{name}: the entry with its new values. */
export const replaceDownloadSizeBodySchema = z.preprocess(withLabel, sizeEntryObject.extend(toolkitSaveShape).strict());

/** The extension in a path: normalised the same way, so `.PSD` finds `psd`. */
const extensionParam = z.string().max(100, 'Is too long');
export const accountExtensionParamsSchema = z.object({ extension: extensionParam }).strict();
export const projectExtensionParamsSchema = z.object({ id: refId('project'), extension: extensionParam }).strict();
export const projectSizeParamsSchema = z.object({ id: refId('project'), size: z.string().min(1).max(200, 'Is too long') }).strict();
