import { z } from 'zod';
import { refId } from '../shared/idSchemas.js';

/** Request schemas of licences, asset rights and usage consent (decision 0031). */

/** An asset's copyright status (data-api.md §3). */
export const COPYRIGHT_STATUSES = ['COPYRIGHTED', 'PUBLIC', 'UNKNOWN'] as const;
export type CopyrightStatus = (typeof COPYRIGHT_STATUSES)[number];

export const LICENCE_TITLE_MAX = 200;
/** Rich text as HTML; the server keeps only the rich-text allow-list (data-api.md §5). */
export const LICENCE_TEXT_MAX = 100_000;
export const COPYRIGHT_NOTICE_MAX = 2_000;

const title = z
  .string({ error: 'Must be a string' })
  .trim()
  .min(1, 'Is required')
  .max(LICENCE_TITLE_MAX, `At most ${LICENCE_TITLE_MAX} characters`);
const text = z.string({ error: 'Must be a string' }).max(LICENCE_TEXT_MAX, `At most ${LICENCE_TEXT_MAX} characters`);
const requireConsensus = z.boolean({ error: 'Must be true or false' });

export const createLicenceBodySchema = z
  .object({ title, text: text.optional().default(''), require_consensus: requireConsensus.optional().default(false) })
  .strict();

export const updateLicenceBodySchema = z
  .object({ title: title.optional(), text: text.optional(), require_consensus: requireConsensus.optional() })
  .strict()
  .refine((v) => Object.keys(v).length > 0, { message: 'Nothing to update' });

/** PUT /api/asset/{id}/licences: the asset's licences (the whole list) and, optionally, its copyright. */
export const setAssetRightsBodySchema = z
  .object({
    licence_ids: z.array(refId('licence'), { error: 'Must be a list of licence ids' }).max(50, 'At most 50 licences').optional(),
    copyright: z
      .object({
        status: z.enum(COPYRIGHT_STATUSES, { error: `Must be one of ${COPYRIGHT_STATUSES.join(', ')}` }).optional(),
        notice: z
          .string({ error: 'Must be a string' })
          .trim()
          .max(COPYRIGHT_NOTICE_MAX, `At most ${COPYRIGHT_NOTICE_MAX} characters`)
          .optional(),
        is_download_consent_required: z.boolean({ error: 'Must be true or false' }).optional(),
      })
      .strict()
      .optional(),
  })
  .strict()
  .refine((v) => v.licence_ids !== undefined || v.copyright !== undefined, { message: 'Nothing to update' });

/** POST /api/asset/consent: the assets about to be downloaded and the licences the person accepted for them. */
export const consentBodySchema = z
  .object({
    asset_ids: z.array(refId('asset'), { error: 'Must be a list of asset ids' }).min(1, 'Is required').max(10_000, 'At most 10000 assets'),
    licence_ids: z.array(refId('licence'), { error: 'Must be a list of licence ids' }).max(500, 'At most 500 licences'),
  })
  .strict();

/** GET …/consent: `asset_ids=1,2,3`, the assets about to be downloaded. */
export const consentQuerySchema = z
  .object({
    asset_ids: z.preprocess(
      (v) => (typeof v === 'string' ? v.split(',') : v),
      z.array(refId('asset'), { error: 'Is required' }).min(1, 'Is required').max(10_000, 'At most 10000 assets'),
    ),
  })
  .strict();

/**
 * GET /api/guideline-block/{id}/consent (public): the assets about to be downloaded from the block, or none for its
 * ZIP. Anonymous callers name at most 500 (a download names one; a ZIP asks without ids).
 */
export const blockConsentQuerySchema = z
  .object({
    asset_ids: z
      .preprocess(
        (v) => (typeof v === 'string' ? v.split(',') : v),
        z.array(refId('asset'), { error: 'Is required' }).min(1, 'Is required').max(500, 'At most 500 assets'),
      )
      .optional(),
  })
  .strict();

/** A consent token as download requests carry it (`consent` query parameter, `consent_token` in bodies). */
export const consentTokenSchema = z
  .string({ error: 'Must be a consent token' })
  .max(4_000, 'Is not a consent token')
  .regex(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/, 'Is not a consent token');

export type CreateLicenceBody = z.infer<typeof createLicenceBodySchema>;
export type UpdateLicenceBody = z.infer<typeof updateLicenceBodySchema>;
export type SetAssetRightsBody = z.infer<typeof setAssetRightsBodySchema>;
export type ConsentBody = z.infer<typeof consentBodySchema>;
