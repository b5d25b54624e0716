import {
  defaultLoginPageSettings,
  LOGIN_PAGE_IMAGE_SETTINGS,
  LOGIN_PAGE_TEXT_LIMITS,
  type LoginPageResponse,
  loginPageSettingsSchema,
  validLoginPageSettings,
} from '@emblem/core';
import type { Db } from '../../db/client.js';
import { audit } from '../../db/events.js';
import type { Actor } from '../../http/actor.js';
import { ValidationError } from '../../http/errors.js';
import { richTextOf } from '../../lib/rich-text.js';
import { pageSettingsPolicy } from '../error-pages/public.js';
import { type ImageDeps, readSettingsSave } from '../images/public.js';
import * as q from './queries.js';

/** What GET and PUT /api/login-page answer: the core response type. */
export type LoginPage = LoginPageResponse;

async function present(db: Db, accountId: number | null, stored: unknown): Promise<LoginPage> {
  const first = await q.firstAccountId(db);
  const settings = { ...defaultLoginPageSettings(), ...validLoginPageSettings(stored) };
  // Sanitised on read too: a help text stored before it became rich text (plain, no tags) is answered escaped.
  if (settings.helpText) settings.helpText = richTextOf(settings.helpText);
  return {
    settings,
    shown_on_sign_in: accountId !== null && accountId === first,
  };
}

/**
 * GET /api/login-page (public): a signed-in caller gets their own account's settings (the builder and its
 * preview); a visitor gets those of the instance's first account, whose sign-in page /auth shows.
 */
export async function getLoginPage(db: Db, actor: Actor | null): Promise<LoginPage> {
  const accountId = actor ? actor.accountId : await q.firstAccountId(db);
  return present(db, accountId, accountId === null ? null : await q.findSettings(db, accountId));
}

/** The help text as it is stored: sanitised rich text (the allow-list in docs/api.md, "Rich text"), within the limit once sanitised. */
function sanitizedHelpText(text: string): string {
  const html = richTextOf(text);
  const max = LOGIN_PAGE_TEXT_LIMITS.helpText;
  if (html.length > max) throw new ValidationError({ helpText: [`Must be at most ${max} characters`] });
  return html;
}

/** PUT /api/login-page (admins): merges the given settings into the caller's account's sign-in page settings. */
export async function updateLoginPage(deps: ImageDeps, actor: Actor, body: Record<string, unknown>): Promise<LoginPage> {
  pageSettingsPolicy.assertEdit(actor);
  const fields = { shape: loginPageSettingsSchema.shape, images: LOGIN_PAGE_IMAGE_SETTINGS };
  const changes = await readSettingsSave(deps, actor, body, fields, (plain) => {
    if (typeof plain.helpText === 'string') plain.helpText = sanitizedHelpText(plain.helpText);
  });
  const merged = await deps.db.transaction(async (tx) => {
    const settings = await q.mergeSettings(tx, actor.accountId, changes);
    await audit(tx, actor, 'login-page:update', actor.accountId, { fields: Object.keys(changes) });
    return settings;
  });
  return present(deps.db, actor.accountId, merged);
}
