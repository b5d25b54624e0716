import { z } from 'zod';
import { refId } from '../shared/idSchemas.js';

/** Request schemas of share links (decision 0030). */

export const SHARE_LINK_TYPES = ['asset', 'folder', 'collection'] as const;
export type ShareLinkType = (typeof SHARE_LINK_TYPES)[number];

/** What visitors of a link may download: the original files, only previews, or nothing. */
export const SHARE_DOWNLOADS = ['ORIGINAL', 'PREVIEW', 'NONE'] as const;
export type ShareDownload = (typeof SHARE_DOWNLOADS)[number];

export const SHARE_PASSWORD_MIN = 8;
const password = z
  .string({ error: 'Must be a string' })
  .min(SHARE_PASSWORD_MIN, `At least ${SHARE_PASSWORD_MIN} characters`)
  .max(200, 'At most 200 characters');
/** An expiry in the future, as an ISO date-time with offset. */
const expiresAt = z
  .string({ error: 'Must be a date and time' })
  .datetime({ offset: true, error: 'Must be a date and time such as 2027-01-31T17:00:00Z' })
  .refine((v) => Date.parse(v) > Date.now(), 'Must be in the future');
const download = z.enum(SHARE_DOWNLOADS, { error: `Must be one of ${SHARE_DOWNLOADS.join(', ')}` });

const common = { password: password.optional(), expires_at: expiresAt.optional(), download: download.optional().default('PREVIEW') };

export const createShareLinkBodySchema = z.discriminatedUnion(
  'type',
  [
    z
      .object({
        type: z.literal('asset'),
        asset_ids: z.array(refId('asset'), { error: 'Must be a list of asset ids' }).min(1, 'Is required').max(200, 'At most 200 assets'),
        ...common,
      })
      .strict(),
    z.object({ type: z.literal('folder'), set_id: refId('folder'), ...common }).strict(),
    z.object({ type: z.literal('collection'), collection_id: refId('collection'), ...common }).strict(),
  ],
  { error: 'Must be asset, folder or collection' },
);

export const updateShareLinkBodySchema = z
  .object({
    is_enabled: z.boolean({ error: 'Must be true or false' }).optional(),
    /** A new password, or null to remove it. */
    password: password.nullable().optional(),
    /** A new expiry, or null for none. */
    expires_at: expiresAt.nullable().optional(),
    download: download.optional(),
  })
  .strict()
  .refine((v) => Object.keys(v).length > 0, { message: 'Nothing to update' });

export const unlockShareLinkBodySchema = z.object({ password: z.string({ error: 'Is required' }).min(1, 'Is required').max(200) }).strict();

/** The public address token of a share link (192 random bits, base64url). */
export const shareTokenParamsSchema = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{32}$/, 'Is not a share link') }).strict();

export const shareLinkListQuerySchema = z
  .object({
    asset_id: refId('asset').optional(),
    set_id: refId('folder').optional(),
    collection_id: refId('collection').optional(),
  })
  .strict();

export type CreateShareLinkBody = z.infer<typeof createShareLinkBodySchema>;
export type UpdateShareLinkBody = z.infer<typeof updateShareLinkBodySchema>;
export type ShareLinkListQuery = z.infer<typeof shareLinkListQuerySchema>;
