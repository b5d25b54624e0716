import { z } from 'zod';
import { idSchema, refId } from '../shared/idSchemas.js';
import { blockTypeSchema } from './blocks.js';

/** Request schemas of guideline documents, pages, headings, sections and blocks (docs/api.md "Guideline documents"). */

const titleSchema = z.string({ error: 'Must be a string' }).trim().min(1, 'Is required').max(200, 'Is too long');
/** A slug in addresses: lower-case letters, digits and single hyphens. */
export const slugSchema = z
  .string({ error: 'Must be a string' })
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Use lower-case letters, digits and hyphens')
  .max(80, 'Is too long');
const version = z.number({ error: 'Must be a number' }).int().positive('Must be a positive number');
const position = z.number({ error: 'Must be a number' }).int().min(0, 'Must be 0 or more').max(10_000, 'Is too large');
const column = z.number({ error: 'Must be a number' }).int().min(0, 'Must be 0 or more').max(3, 'At most 4 columns');
/** A section's columns and their relative widths: `[1]`, `[1,1]`, `[2,1]`, `[1,1,1]`, up to four columns. */
export const columnProportionsSchema = z
  .array(z.number({ error: 'Must be a number' }).int().min(1).max(4), { error: 'Must be a list of numbers' })
  .min(1, 'At least one column')
  .max(4, 'At most 4 columns');
/** Sections sharing a group id show as tabs. */
const groupIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,40}$/, 'Use letters, digits, _ and -');
const nonEmpty = <T extends Record<string, unknown>>(v: T) => Object.entries(v).some(([k, x]) => k !== 'version' && x !== undefined);

/** A language of a request (`?language=de` or `?lang=de`); content languages arrive with the languages issue. */
const languageQuery = z
  .string()
  .regex(/^[a-z]{2,3}(?:-[A-Z]{2})?$/, 'Use a language code such as en or de-CH')
  .optional();

export const createDocumentBodySchema = z.object({ title: titleSchema, slug: slugSchema.optional() }).strict();
export type CreateDocumentBody = z.infer<typeof createDocumentBodySchema>;

export const updateDocumentBodySchema = z
  .object({
    version,
    title: titleSchema.optional(),
    slug: slugSchema.optional(),
    published: z.boolean({ error: 'Must be true or false' }).optional(),
    position: position.optional(),
  })
  .strict()
  .refine(nonEmpty, { message: 'Nothing to update' });
export type UpdateDocumentBody = z.infer<typeof updateDocumentBodySchema>;

export const createPageBodySchema = z.object({ title: titleSchema, slug: slugSchema.optional(), position: position.optional() }).strict();
export type CreatePageBody = z.infer<typeof createPageBodySchema>;

export const updatePageBodySchema = z
  .object({
    version,
    title: titleSchema.optional(),
    slug: slugSchema.optional(),
    hidden: z.boolean({ error: 'Must be true or false' }).optional(),
    position: position.optional(),
  })
  .strict()
  .refine(nonEmpty, { message: 'Nothing to update' });
export type UpdatePageBody = z.infer<typeof updatePageBodySchema>;

export const createHeadingBodySchema = z
  .object({ title: titleSchema, section_id: refId('section').nullable().optional(), position: position.optional() })
  .strict();
export type CreateHeadingBody = z.infer<typeof createHeadingBodySchema>;

export const updateHeadingBodySchema = z
  .object({
    version,
    title: titleSchema.optional(),
    section_id: refId('section').nullable().optional(),
    position: position.optional(),
  })
  .strict()
  .refine(nonEmpty, { message: 'Nothing to update' });
export type UpdateHeadingBody = z.infer<typeof updateHeadingBodySchema>;

export const createSectionBodySchema = z
  .object({
    column_proportions: columnProportionsSchema,
    group_id: groupIdSchema.nullable().optional(),
    tab_title: titleSchema.nullable().optional(),
    position: position.optional(),
  })
  .strict();
export type CreateSectionBody = z.infer<typeof createSectionBodySchema>;

export const updateSectionBodySchema = z
  .object({
    version,
    column_proportions: columnProportionsSchema.optional(),
    group_id: groupIdSchema.nullable().optional(),
    tab_title: titleSchema.nullable().optional(),
  })
  .strict()
  .refine(nonEmpty, { message: 'Nothing to update' });
export type UpdateSectionBody = z.infer<typeof updateSectionBodySchema>;

/** Moves a section to a position on a page of the same document. */
export const moveSectionBodySchema = z.object({ page_id: refId('page'), position }).strict();
export type MoveSectionBody = z.infer<typeof moveSectionBodySchema>;

/** Settings are checked against the type's schema (blocks.ts) by the server, after the shape here. */
export const createBlockBodySchema = z
  .object({ type: blockTypeSchema, column, settings: z.record(z.string(), z.unknown()), position: position.optional() })
  .strict();
export type CreateBlockBody = z.infer<typeof createBlockBodySchema>;

export const updateBlockBodySchema = z
  .object({ version, settings: z.record(z.string(), z.unknown()).optional() })
  .strict()
  .refine(nonEmpty, { message: 'Nothing to update' });
export type UpdateBlockBody = z.infer<typeof updateBlockBodySchema>;

/** Moves a block to a column and position of a section of the same document. */
export const moveBlockBodySchema = z.object({ section_id: refId('section'), column, position }).strict();
export type MoveBlockBody = z.infer<typeof moveBlockBodySchema>;

/** DELETE on a page, heading or section: `force=true` deletes even when blocks still link to it. */
export const deleteQuerySchema = z.object({ force: z.enum(['true', 'false']).optional() }).strict();

/** `/api/page/{id}/revisions/{revisionId}`. */
export const revisionParamsSchema = z.object({ id: refId('page'), revisionId: refId('page_revision') }).strict();
/** `DELETE /api/page/{id}/tab-group/{groupId}`. */
export const tabGroupParamsSchema = z.object({ id: refId('page'), groupId: groupIdSchema }).strict();
/** GET /api/page/{id}/revisions: newest first, `limit` at a time, older than the revision `before` when given. */
export const revisionListQuerySchema = z
  .object({
    before: idSchema.optional(),
    limit: z.coerce.number({ error: 'Must be a number' }).int().min(1, 'At least 1').max(100, 'At most 100').optional(),
  })
  .strict();
export type RevisionListQuery = z.infer<typeof revisionListQuerySchema>;

/** GET /api/document/block/{id}: `lang`, or `settings_only=true` for the settings alone. */
export const blockQuerySchema = z.object({ lang: languageQuery, settings_only: z.enum(['true', 'false']).optional() }).strict();
/** GET /api/hub/pages/{id} and GET /api/portal/{id}: `language`. */
export const languageQuerySchema = z.object({ language: languageQuery }).strict();

/** The cover page's text and colour settings, which `cover-page-template-settings/reset` puts back to the defaults. */
export const COVER_TEMPLATE_SETTING_KEYS = ['heading', 'subline', 'background_color', 'text_color'] as const;
/** The cover page's asset settings, which `cover-page-template-asset/reset` removes. */
export const COVER_ASSET_SETTING_IDS = ['key_visual'] as const;

/** POST /api/portal/{id}/cover-page-template-settings/reset. */
export const resetCoverSettingsBodySchema = z
  .object({
    template_setting_keys: z
      .array(z.enum(COVER_TEMPLATE_SETTING_KEYS, { error: `Use ${COVER_TEMPLATE_SETTING_KEYS.join(', ')}` }))
      .min(1, 'Name at least one setting')
      .max(COVER_TEMPLATE_SETTING_KEYS.length, 'Each setting once'),
  })
  .strict();
/** POST /api/portal/{id}/cover-page-template-asset/reset. */
export const resetCoverAssetBodySchema = z
  .object({
    setting_ids: z
      .array(z.enum(COVER_ASSET_SETTING_IDS, { error: `Use ${COVER_ASSET_SETTING_IDS.join(', ')}` }))
      .min(1, 'Name at least one setting')
      .max(COVER_ASSET_SETTING_IDS.length, 'Each setting once'),
  })
  .strict();

/** The settings of a portal's cover page (the hub page). */
export const coverSettingsSchema = z
  .object({
    heading: z.string().trim().max(200, 'Is too long').optional(),
    subline: z.string().trim().max(500, 'Is too long').optional(),
    background_color: z
      .string()
      .regex(/^#[0-9A-Fa-f]{6}$/, 'Use a colour such as #1A2B3C')
      .optional(),
    text_color: z
      .string()
      .regex(/^#[0-9A-Fa-f]{6}$/, 'Use a colour such as #1A2B3C')
      .optional(),
    key_visual_asset_id: refId('asset').nullable().optional(),
  })
  .strict();
export type CoverSettings = z.infer<typeof coverSettingsSchema>;
