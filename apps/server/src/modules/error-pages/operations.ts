import {
  defaultErrorPageSettings,
  ERROR_PAGE_IMAGE_SETTINGS,
  type ErrorPageCode,
  type ErrorPageSettings,
  errorPageSettingsSchema,
  validErrorPageSettings,
} from '@emblem/core';
import type { Db } from '../../db/client.js';
import { audit } from '../../db/events.js';
import type { Actor } from '../../http/actor.js';
import { type ImageDeps, readSettingsSave } from '../images/public.js';
import { pageSettingsPolicy } from './policy.js';
import * as q from './queries.js';

/**
 * The error-page settings of the caller's account, over the spec's defaults. Visitors who are not signed in get
 * the defaults; a stored setting that no longer validates falls back to its default.
 */
export async function getErrorPage(db: Db, actor: Actor | null, code: ErrorPageCode): Promise<ErrorPageSettings> {
  const defaults = defaultErrorPageSettings(code);
  if (!actor) return defaults;
  return { ...defaults, ...validErrorPageSettings(await q.findSettings(db, actor.accountId, code)) };
}

/**
 * PUT /api/error-page/{code}: merges the given settings into the stored settings of that code for the caller's
 * account (admins only). Images arrive in the setting-image save format and are stored as their rendered URL.
 * Answers the settings the page now shows.
 */
export async function updateErrorPage(
  deps: ImageDeps,
  actor: Actor,
  code: ErrorPageCode,
  body: Record<string, unknown>,
): Promise<ErrorPageSettings> {
  pageSettingsPolicy.assertEdit(actor);
  // Permission first (above), then the images: a refused caller never gets an image rendered.
  const changes = await readSettingsSave(deps, actor, body, { shape: errorPageSettingsSchema.shape, images: ERROR_PAGE_IMAGE_SETTINGS });
  return deps.db.transaction(async (tx) => {
    const merged = validErrorPageSettings(await q.mergeSettings(tx, actor.accountId, code, changes));
    await audit(tx, actor, 'error-page:update', actor.accountId, { code, fields: Object.keys(changes) });
    return { ...defaultErrorPageSettings(code), ...merged };
  });
}
