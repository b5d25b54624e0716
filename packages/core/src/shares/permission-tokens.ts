import { z } from 'zod';
import { refId } from '../shared/idSchemas.js';

/**
 * Permission tokens (data-api.md §7.4, decision 0034): a time-limited bearer of a level on named assets, for
 * embedding them in other tools. `POST /api/asset/permission-token` makes one; `POST /api/asset/list
 * {permission_token}` and the GraphQL `assetViewerWithToken` query answer its assets to callers without a session.
 */

/** What a token grants: VIEW, the assets' details with signed preview and thumbnail addresses (no originals). */
export const PERMISSION_LEVELS = ['VIEW'] as const;
export type PermissionLevel = (typeof PERMISSION_LEVELS)[number];

/** Lifetimes in seconds: one hour unless asked, at least a minute, at most seven days. */
export const PERMISSION_TOKEN_DEFAULT_SECONDS = 3600;
export const PERMISSION_TOKEN_MIN_SECONDS = 60;
export const PERMISSION_TOKEN_MAX_SECONDS = 7 * 24 * 3600;
export const PERMISSION_TOKEN_MAX_ASSETS = 200;

export const createPermissionTokenBodySchema = z
  .object({
    asset_ids: z
      .array(refId('asset'), { error: 'Must be a list of asset ids' })
      .min(1, 'Is required')
      .max(PERMISSION_TOKEN_MAX_ASSETS, `At most ${PERMISSION_TOKEN_MAX_ASSETS} assets`),
    permission_level: z.enum(PERMISSION_LEVELS, { error: `Must be one of ${PERMISSION_LEVELS.join(', ')}` }),
    /** How long the token works, in seconds (default one hour, at most seven days). */
    expires_in: z
      .number({ error: 'Must be a number of seconds' })
      .int('Must be a whole number of seconds')
      .min(PERMISSION_TOKEN_MIN_SECONDS, `At least ${PERMISSION_TOKEN_MIN_SECONDS} seconds`)
      .max(PERMISSION_TOKEN_MAX_SECONDS, `At most ${PERMISSION_TOKEN_MAX_SECONDS} seconds (seven days)`)
      .optional()
      .default(PERMISSION_TOKEN_DEFAULT_SECONDS),
  })
  .strict();
export type CreatePermissionTokenBody = z.infer<typeof createPermissionTokenBodySchema>;

/** A permission token as callers send it: 192 random bits, base64url (32 characters). */
export const permissionTokenSchema = z.string({ error: 'Must be a string' }).regex(/^[A-Za-z0-9_-]{32}$/, 'Is not a permission token');

/** The answer of `POST /api/asset/permission-token`: the token is shown this once (only its hash is stored). */
export interface PermissionTokenResponse {
  token: string;
  permission_level: PermissionLevel;
  asset_ids: number[];
  expires_at: string;
}

/**
 * `POST /api/asset/list` with a permission token (no session needed): the token's assets, optionally only some of
 * them (`ids`), with signed preview addresses when asked.
 */
export const permissionTokenListBodySchema = z
  .object({
    permission_token: permissionTokenSchema,
    ids: z.array(refId('asset')).max(PERMISSION_TOKEN_MAX_ASSETS).optional(),
    include_preview_url: z.boolean({ error: 'Must be true or false' }).optional(),
    include_manually_defined_preview_url: z.boolean({ error: 'Must be true or false' }).optional(),
    preview_width: z.number({ error: 'Must be a number' }).int().min(16).max(4096).optional(),
  })
  .strict();
export type PermissionTokenListBody = z.infer<typeof permissionTokenListBodySchema>;
