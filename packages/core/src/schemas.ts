import { z } from 'zod';
import { ACCOUNT_ROLES, FEATURE_FLAGS, LANGUAGES } from './enums.js';
import { claimOf, ID_KIND_META, type IdKind } from './ids.js';
import { blockedExtensionsSchema, downloadSizesSchema } from './settingsFields.js';

/**
 * Request schemas shared by server (validation at the edge) and web (forms).
 * Every body, query and path parameter of the API goes through one of these.
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

/** The language the settings toolkit adds to every save (`i18n`, settings-toolkit.md §7). */
export const toolkitSaveShape = { i18n: z.string().max(35).optional() };

/** A crop as the image setting saves it (settings-toolkit.md §3): reference-width pixels, null = whole image. */
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
 * The fields an image setting named `name` saves (settings-toolkit.md §3 "Image save"): `{name}` (URL or null),
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

/** `{id}` path parameters naming a record of `kind`. */
export function idParams(kind: IdKind) {
  return z.object({ id: refId(kind) }).strict();
}
export const userIdParamsSchema = z.object({ userId: refId('user') }).strict();

const email = z
  .string({ error: 'Must be a string' })
  .trim()
  .min(1, 'Is required')
  .max(254, 'Is too long')
  .email('Must be a valid e-mail address')
  .transform((v) => v.toLowerCase());
/** An e-mail address: trimmed, checked, lower-cased. */
export const emailSchema = email;

export const PASSWORD_MIN_LENGTH = 10;
export const passwordSchema = z
  .string({ error: 'Must be a string' })
  .min(PASSWORD_MIN_LENGTH, `Must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(256, 'Is too long');

export const loginBodySchema = z
  .object({
    email,
    password: z.string({ error: 'Must be a string' }).min(1, 'Is required').max(256, 'Is too long'),
  })
  .strict();
export type LoginBody = z.infer<typeof loginBodySchema>;

const name = z.string({ error: 'Must be a string' }).trim().min(1, 'Is required').max(120, 'Is too long');

export const createTokenBodySchema = z.object({ name }).strict();

export const brandNameSchema = name;
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
    ...toolkitSaveShape,
  })
  .strict()
  .refine((v) => v.name !== undefined || v.slug !== undefined || v.avatar !== undefined, { message: 'Nothing to update' });

export const brandListQuerySchema = z.object({ account_id: refId('account').optional() }).strict();

export const accountRoleSchema = z.enum(ACCOUNT_ROLES, { error: `Must be one of ${ACCOUNT_ROLES.join(', ')}` });
export const inviteUserBodySchema = z.object({ email, role: accountRoleSchema.default('MEMBER') }).strict();
export const changeRoleBodySchema = z.object({ role: accountRoleSchema }).strict();

export const acceptInvitationBodySchema = z
  .object({
    token: z.string({ error: 'Must be a string' }).min(20, 'Is invalid').max(200, 'Is invalid'),
    name,
    password: passwordSchema,
  })
  .strict();

export const featureFlagSchema = z.enum(FEATURE_FLAGS, { error: 'Unknown feature flag' });
export const setAccountFlagInputSchema = z.object({ flag: featureFlagSchema, enabled: z.boolean() }).strict();

export const errorPageCodeParamsSchema = z.object({ code: z.enum(['403', '404'], { error: 'Must be 403 or 404' }) }).strict();

export const languageSchema = z.enum(LANGUAGES);

export const createAccessRequestBodySchema = z
  .object({ message: z.string({ error: 'Must be a string' }).trim().max(1000, 'Is too long').default('') })
  .strict();
export const decideAccessRequestBodySchema = z.object({ status: z.enum(['APPROVED', 'DECLINED']) }).strict();

/* ---------- Asset libraries ---------- */
const optionalDate = z
  .union([z.string().datetime({ offset: true }), z.string().regex(/^\d{4}-\d{2}-\d{2}$/), z.null()])
  .optional()
  .refine((v) => v === undefined || v === null || !Number.isNaN(Date.parse(v)), 'Must be a date');

export const projectLevelSchema = z.enum(['VIEW', 'COMMENT', 'EDIT', 'ADMIN'], { error: 'Must be VIEW, COMMENT, EDIT or ADMIN' });

export const createProjectBodySchema = z
  .object({
    name,
    brand: refId('brand'),
    project_type: z.enum(['MEDIALIBRARY', 'LOGOLIBRARY', 'ICONLIBRARY', 'DOCUMENTLIBRARY', 'WORKSPACE'], {
      error: 'Must be MEDIALIBRARY, LOGOLIBRARY, ICONLIBRARY, DOCUMENTLIBRARY or WORKSPACE',
    }),
    description: z.string({ error: 'Must be a string' }).max(2000, 'Is too long').optional(),
    date_begin: optionalDate,
    date_end: optionalDate,
    // Accepted for compatibility with the spec's payload; they take effect in later issues.
    as_template: z.unknown().optional(),
    notify_collaborators: z.unknown().optional(),
    project_template: z.unknown().optional(),
    styleguide: z.unknown().optional(),
    metadata: z.unknown().optional(),
    template: z.unknown().optional(),
  })
  .strict();

export const updateProjectBodySchema = z
  .object({
    name: name.optional(),
    description: z.string({ error: 'Must be a string' }).max(2000, 'Is too long').optional(),
    date_begin: optionalDate,
    date_end: optionalDate,
    /** The project's own blocked extensions (the account's apply too), normalised and de-duplicated. */
    blocked_extensions: blockedExtensionsSchema.optional(),
    download_custom_sizes: downloadSizesSchema.optional(),
    ...toolkitSaveShape,
  })
  .strict();

const booleanQuery = z
  .enum(['true', 'false', '1', '0'])
  .transform((v) => v === 'true' || v === '1')
  .optional();

export const projectListQuerySchema = z
  .object({
    include_libraries: booleanQuery,
    library_types: z
      .string()
      .optional()
      .transform((v) =>
        v
          ? v
              .split(',')
              .map((s) => s.trim().toUpperCase())
              .filter(Boolean)
          : undefined,
      ),
  })
  .strict();

export const setCollaboratorBodySchema = z.object({ level: projectLevelSchema }).strict();
export const projectUserParamsSchema = z.object({ id: refId('project'), userId: refId('user') }).strict();
export const brandIdParamsSchema = z.object({ brandId: refId('brand') }).strict();
export const accountIdParamsSchema = z.object({ accountId: refId('account') }).strict();
export const projectIdParamsSchema = z.object({ projectId: refId('project') }).strict();

const color = z.string({ error: 'Must be a string' }).regex(/^#[0-9a-fA-F]{6}$/, 'Must be a colour like #EEEEEE');
/** Folder parents: 0 or null mean the project's root. */
const parentId = z.union([z.literal(0), z.null(), refId('folder')]).transform((v) => (v === 0 || v === null ? null : v));

export const createSetBodySchema = z
  .object({ name, parent: parentId.optional().default(null), color: color.optional().default('#EEEEEE') })
  .strict();
export const updateSetBodySchema = z
  .object({ name: name.optional(), color: color.optional(), parent: parentId.optional() })
  .strict()
  .refine((v) => Object.keys(v).length > 0, { message: 'Nothing to update' });
export const setListQuerySchema = z
  .object({
    recursive: booleanQuery,
    search_term: z.string().max(200).optional(),
    parent_id: z.union([z.literal('0').transform(() => 0), refId('folder')], { error: 'Must be 0 or a folder id' }).optional(),
    workflow_status_id: z.string().optional(),
    download_request: z.string().optional(),
    creator_id: z.string().optional(),
    sort_by: z.string().optional(),
  })
  .strict();

const title = z.string({ error: 'Must be a string' }).trim().min(1, 'Is required').max(500, 'Is too long');
const setRef = z.union([z.literal(0), z.null(), refId('folder')]).transform((v) => (v === 0 || v === null ? null : v));

export const createFileAssetBodySchema = z
  .object({ file_id: uploadRefSchema, project_id: refId('project'), set_id: setRef.optional().default(null), title: title.optional() })
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
    set_id: setRef.optional().default(null),
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
    set_id: setRef.optional(),
    permission_token: z.string().max(200).optional(),
    include_required_custom_metadata_property_ids_without_value: z.boolean().optional(),
    include_preview_url: z.boolean().optional(),
    include_manually_defined_preview_url: z.boolean().optional(),
    preview_width: z.number().int().min(16).max(4096).optional(),
    cursor: z.string().max(200).nullable().optional(),
    limit: z.number().int().min(1).max(200).optional(),
    sort: z.enum(['position', 'title', 'created']).optional(),
  })
  .strict()
  .refine((v) => v.ids !== undefined || v.project_id !== undefined, { message: 'Give ids or project_id', path: ['project_id'] });

export const updateAssetBodySchema = z
  .object({
    title: title.optional(),
    description: z.string({ error: 'Must be a string' }).max(10_000, 'Is too long').optional(),
    alternative_text: z.string({ error: 'Must be a string' }).max(1000, 'Is too long').optional(),
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
    target: z.object({ project: refId('project'), folder: setRef.optional() }).strict(),
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
