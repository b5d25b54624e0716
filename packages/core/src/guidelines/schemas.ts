import { z } from 'zod';
import { refId } from '../shared/idSchemas.js';
import { coverSettingsSchema } from './structure.js';

/** Request schemas of guideline portals. */

/** Who sees a portal: anyone with its link, signed-in members of the account, or people with edit rights. */
export const PORTAL_VISIBILITIES = ['PUBLIC', 'ACCOUNT', 'EDITORS'] as const;
export type PortalVisibility = (typeof PORTAL_VISIBILITIES)[number];

/** A portal's public address token: at least 128 bits, base64url (`/d/{portalToken}`). */
export const portalTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{22,64}$/, 'Invalid portal token');

const titleSchema = z.string({ error: 'Must be a string' }).trim().min(1, 'Is required').max(200, 'Is too long');
/** A content language of a portal: a language code with an optional region (`en`, `de-CH`). */
export const contentLanguageSchema = z.string().regex(/^[a-z]{2,3}(?:-[A-Z]{2})?$/, 'Use a language code such as en or de-CH');

export const createPortalBodySchema = z
  .object({
    brand_id: refId('brand'),
    title: titleSchema,
    blueprint_name: z.string().trim().max(100, 'Is too long').nullish(),
    // No marketplace apps exist yet, so there is no app a portal could name.
    marketplace_app_id: z.null({ error: 'Unknown marketplace app' }).optional(),
  })
  .strict();
export type CreatePortalBody = z.infer<typeof createPortalBodySchema>;

export const updatePortalBodySchema = z
  .object({
    title: titleSchema.optional(),
    visibility: z.enum(PORTAL_VISIBILITIES, { error: 'Use PUBLIC, ACCOUNT or EDITORS' }).optional(),
    i18n_enabled: z.boolean({ error: 'Must be true or false' }).optional(),
    i18n_settings: z
      .object({
        languages: z
          .array(contentLanguageSchema)
          .min(1, 'Name at least one language')
          .max(30, 'Too many languages')
          .refine((l) => new Set(l).size === l.length, 'Each language once'),
      })
      .strict()
      .optional(),
    marketplace_app_id: z.null({ error: 'Unknown marketplace app' }).optional(),
    /** The hub's cover page: the keys given replace the stored ones (`key_visual_asset_id: null` removes the visual). */
    cover_page_settings: coverSettingsSchema.optional(),
  })
  .strict()
  .refine((v) => Object.values(v).some((x) => x !== undefined), { message: 'Nothing to update' });
export type UpdatePortalBody = z.infer<typeof updatePortalBodySchema>;

/** A comma-separated list of ids in a query string (`ids=3,5,8`). */
const idList = (kind: 'brand' | 'portal') =>
  z.preprocess(
    (v) => (typeof v === 'string' ? v.split(',') : v),
    z.array(refId(kind)).min(1, 'Name at least one id').max(100, 'At most 100 ids'),
  );

/** GET /api/portal: exactly one of `token`, `brand_id`, `ids` (comma-separated) or `brand_ids`. */
export const portalListQuerySchema = z
  .object({
    token: portalTokenSchema.optional(),
    brand_id: refId('brand').optional(),
    ids: idList('portal').optional(),
    brand_ids: idList('brand').optional(),
  })
  .strict()
  .refine((q) => [q.token, q.brand_id, q.ids, q.brand_ids].filter((v) => v !== undefined).length === 1, {
    message: 'Give exactly one of token, brand_id, ids or brand_ids',
  });
export type PortalListQuery = z.infer<typeof portalListQuerySchema>;
