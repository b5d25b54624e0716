import { defaultErrorPageSettings, type ErrorPageCode, type ErrorPageSettings, errorPageSettingsPatchSchema } from '@emblem/core';
import type { Db } from '../../db/client.js';
import type { Actor } from '../../http/actor.js';
import * as q from './queries.js';

/**
 * The error-page settings of the caller's account, over the spec's defaults. Visitors who are not
 * signed in (and stored values that no longer validate) get the defaults.
 */
export async function getErrorPage(db: Db, actor: Actor | null, code: ErrorPageCode): Promise<ErrorPageSettings> {
  const defaults = defaultErrorPageSettings(code);
  if (!actor) return defaults;
  const stored = await q.findSettings(db, actor.accountId, code);
  const parsed = errorPageSettingsPatchSchema.safeParse(stored ?? {});
  return parsed.success ? { ...defaults, ...parsed.data } : defaults;
}
