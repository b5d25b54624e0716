import { z } from 'zod';
import { refId } from '../shared/idSchemas.js';
import { checkPropertyDefinition } from './rules.js';

/**
 * Request schemas of custom metadata (data-api.md §3 "Custom metadata property", §7.2, §7.3; decision 0040).
 * Values travel as: TEXT, LONGTEXT, URL and DATE (YYYY-MM-DD) a string; NUMBER a number; SELECT one option id;
 * MULTISELECT a list of option ids. (Stored in `asset_custom_metadata.value` as the same, except that SELECT is
 * stored as a one-element list of option ids, like MULTISELECT, so both select types read the same in SQL.)
 */

export const CUSTOM_METADATA_TYPES = ['DATE', 'LONGTEXT', 'MULTISELECT', 'NUMBER', 'SELECT', 'TEXT', 'URL'] as const;
export type CustomMetadataType = (typeof CUSTOM_METADATA_TYPES)[number];
export const SELECT_TYPES: readonly CustomMetadataType[] = ['SELECT', 'MULTISELECT'];
export function isSelectType(type: string): type is 'SELECT' | 'MULTISELECT' {
  return type === 'SELECT' || type === 'MULTISELECT';
}

/** Subject groups of BASIC permission rows (data-api.md enumerations). */
export const SUBJECT_GROUPS = ['ADMIN', 'EDITOR', 'EVERYONE', 'INTERNAL'] as const;
export type SubjectGroup = (typeof SUBJECT_GROUPS)[number];

/** EDIT: may set values on assets; ADMIN: that, and may change or delete the property. */
export const METADATA_PERMISSION_LEVELS = ['EDIT', 'ADMIN'] as const;
export type MetadataPermissionLevel = (typeof METADATA_PERMISSION_LEVELS)[number];

export const DEPENDENCY_TYPES = ['IS_ONE_OF'] as const;
export type DependencyType = (typeof DEPENDENCY_TYPES)[number];

export const METADATA_VALUE_ACTIONS = ['add', 'set', 'remove'] as const;
export type MetadataValueAction = (typeof METADATA_VALUE_ACTIONS)[number];

export const METADATA_NAME_MAX = 120;
export const METADATA_HELP_TEXT_MAX = 1_000;
export const METADATA_UNIT_MAX = 20;
export const METADATA_TEXT_MAX = 1_000;
export const METADATA_LONGTEXT_MAX = 20_000;
export const METADATA_URL_MAX = 2_000;
export const METADATA_OPTION_MAX = 200;
export const METADATA_OPTIONS_MAX = 500;
export const METADATA_PERMISSIONS_MAX = 200;
/** Assets named in one value change or selection (one transaction). */
export const METADATA_ASSETS_MAX = 5_000;
/** Property values in one value change. */
export const METADATA_VALUES_MAX = 50;

const bool = z.boolean({ error: 'Must be true or false' });
const nameField = z
  .string({ error: 'Must be a string' })
  .trim()
  .min(1, 'Is required')
  .max(METADATA_NAME_MAX, `At most ${METADATA_NAME_MAX} characters`);
const helpText = z.string({ error: 'Must be a string' }).trim().max(METADATA_HELP_TEXT_MAX, `At most ${METADATA_HELP_TEXT_MAX} characters`);
const typeField = z.enum(CUSTOM_METADATA_TYPES, { error: `Must be one of ${CUSTOM_METADATA_TYPES.join(', ')}` });
const unit = z
  .string({ error: 'Must be a string' })
  .trim()
  .max(METADATA_UNIT_MAX, `At most ${METADATA_UNIT_MAX} characters`)
  .nullable()
  .transform((v) => (v ? v : null));

/** An option of a SELECT or MULTISELECT property; on update, `id` keeps an existing option (renamed, reordered). */
export const metadataOptionInputSchema = z
  .object({
    id: refId('custom_metadata_option').optional(),
    value: z
      .string({ error: 'Must be a string' })
      .transform((s) => s.replace(/\s+/g, ' ').trim())
      .pipe(z.string().min(1, 'Is required').max(METADATA_OPTION_MAX, `At most ${METADATA_OPTION_MAX} characters`)),
    is_default: bool.optional().default(false),
  })
  .strict();
export type MetadataOptionInput = z.output<typeof metadataOptionInputSchema>;

const options = z
  .array(metadataOptionInputSchema, { error: 'Must be a list of options' })
  .max(METADATA_OPTIONS_MAX, `At most ${METADATA_OPTIONS_MAX} options`);

/** Shown only when the SELECT/MULTISELECT property `property_id` holds one of `property_option_ids`. */
export const metadataDependencySchema = z
  .object({
    property_id: refId('custom_metadata_property'),
    type: z.enum(DEPENDENCY_TYPES, { error: 'Must be IS_ONE_OF' }).optional().default('IS_ONE_OF'),
    property_option_ids: z
      .array(refId('custom_metadata_option'), { error: 'Must be a list of option ids' })
      .min(1, 'Name at least one option')
      .max(METADATA_OPTIONS_MAX, `At most ${METADATA_OPTIONS_MAX} options`)
      .transform((ids) => [...new Set(ids)]),
  })
  .strict();
export type MetadataDependencyInput = z.output<typeof metadataDependencySchema>;

const level = z.enum(METADATA_PERMISSION_LEVELS, { error: 'Must be EDIT or ADMIN' });
export const basicPermissionSchema = z
  .object({ subject: z.enum(SUBJECT_GROUPS, { error: `Must be one of ${SUBJECT_GROUPS.join(', ')}` }), level })
  .strict();
export const customPermissionSchema = z
  .object({ user_id: refId('user').optional(), group_id: refId('group').optional(), level })
  .strict()
  .refine((v) => (v.user_id === undefined) !== (v.group_id === undefined), { message: 'Name a user or a group', path: ['user_id'] });
/** Who may edit values (EDIT) or manage the property (ADMIN); none at all = the defaults of decision 0040. */
export const metadataPermissionsSchema = z
  .object({
    basic: z
      .array(basicPermissionSchema)
      .max(SUBJECT_GROUPS.length * 2)
      .optional()
      .default([]),
    custom: z
      .array(customPermissionSchema)
      .max(METADATA_PERMISSIONS_MAX, `At most ${METADATA_PERMISSIONS_MAX} rows`)
      .optional()
      .default([]),
  })
  .strict();
export type MetadataPermissionsInput = z.output<typeof metadataPermissionsSchema>;

const projectIds = z
  .array(refId('project'), { error: 'Must be a list of library ids' })
  .max(1000, 'At most 1000 libraries')
  .transform((ids) => [...new Set(ids)]);

const propertyFields = {
  name: nameField,
  help_text: helpText.optional(),
  is_required: bool.optional(),
  is_searchable: bool.optional(),
  is_viewable: bool.optional(),
  /** A value of the property's type; for SELECT/MULTISELECT the defaults are the options marked `is_default`. */
  default_value: z.unknown().optional(),
  should_be_opened_in_a_new_tab: bool.optional(),
  unit: unit.optional(),
  options: options.optional(),
  dependency: metadataDependencySchema.nullable().optional(),
  /** The libraries of the brand that use it; [] = every library of the brand. */
  project_ids: projectIds.optional(),
  permissions: metadataPermissionsSchema.optional(),
};

/** POST /api/brand/{id}/custom-metadata-properties */
export const createMetadataPropertyBodySchema = z
  .object({ ...propertyFields, type: typeField })
  .strict()
  .superRefine((v, ctx) => {
    const problems = checkPropertyDefinition({ type: v.type, options: v.options ?? [], default_value: v.default_value });
    for (const [field, message] of Object.entries(problems)) ctx.addIssue({ code: 'custom', message, path: [field] });
  });
export type CreateMetadataPropertyBody = z.output<typeof createMetadataPropertyBodySchema>;

/**
 * PATCH /api/custom-metadata-property/{id}: any field but the type (which cannot change: the values would not
 * fit). `options` is the whole new list: options named by `id` are kept, others are new, missing ones are deleted
 * (and taken off the assets).
 */
export const updateMetadataPropertyBodySchema = z
  .object({
    ...propertyFields,
    name: nameField.optional(),
    type: z.never({ error: 'The type of a property cannot change' }).optional(),
  })
  .strict();
export type UpdateMetadataPropertyBody = z.output<typeof updateMetadataPropertyBodySchema>;

/** POST /api/custom-metadata-property/{id}/move: the property's new index in the brand's order. */
export const moveMetadataPropertyBodySchema = z
  .object({ position: z.number({ error: 'Must be a number' }).int('Must be a whole number').min(0, 'Must be 0 or more') })
  .strict();
export type MoveMetadataPropertyBody = z.output<typeof moveMetadataPropertyBodySchema>;

/** GET /api/brand/{id}/custom-metadata-properties?project_id: the brand's properties, or those a library uses. */
export const metadataPropertiesQuerySchema = z.object({ project_id: refId('project').optional() }).strict();
export type MetadataPropertiesQuery = z.output<typeof metadataPropertiesQuerySchema>;

const assetIds = z
  .array(refId('asset'), { error: 'Must be a list of asset ids' })
  .min(1, 'Name at least one asset')
  .max(METADATA_ASSETS_MAX, `At most ${METADATA_ASSETS_MAX} assets`)
  .transform((ids) => [...new Set(ids)]);

/**
 * POST /api/asset/custom-metadata: set replaces the value; add adds options to a MULTISELECT (and is set for the
 * other types); remove takes the value off (or, for a MULTISELECT given a value, those options only).
 */
export const assetMetadataBodySchema = z
  .object({
    asset_ids: assetIds,
    action: z.enum(METADATA_VALUE_ACTIONS, { error: 'Must be add, set or remove' }),
    values: z
      .array(z.object({ property_id: refId('custom_metadata_property'), value: z.unknown().optional() }).strict(), {
        error: 'Must be a list of values',
      })
      .min(1, 'Name at least one property')
      .max(METADATA_VALUES_MAX, `At most ${METADATA_VALUES_MAX} properties`),
  })
  .strict()
  .superRefine((v, ctx) => {
    const seen = new Set<number>();
    v.values.forEach((item, i) => {
      if (seen.has(item.property_id)) ctx.addIssue({ code: 'custom', message: 'Named twice', path: ['values', i, 'property_id'] });
      seen.add(item.property_id);
    });
  });
export type AssetMetadataBody = z.output<typeof assetMetadataBodySchema>;

/** POST /api/asset/custom-metadata/selection: how each property's values lie on the assets. */
export const metadataSelectionBodySchema = z.object({ asset_ids: assetIds }).strict();
export type MetadataSelectionBody = z.output<typeof metadataSelectionBodySchema>;
