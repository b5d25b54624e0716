import type {
  COVER_ASSET_SETTING_IDS,
  CoverSettings,
  CreatePortalBody,
  PortalListQuery,
  PortalResponse,
  PortalVisibility,
  UpdatePortalBody,
} from '@emblem/core';
import { requireAsset, requireBrand, requirePortal, requirePortalByToken, visiblePortals } from '../../access/index.js';
import type { Db } from '../../db/client.js';
import { audit } from '../../db/events.js';
import type { Actor } from '../../http/actor.js';
import { UnauthorizedError, ValidationError } from '../../http/errors.js';
import { randomToken } from '../../lib/secrets.js';
import { portalPolicy } from './policy.js';
import * as q from './queries.js';

/** A portal's address token: 256 random bits. */
const newToken = () => randomToken(32);

export function presentPortal(actor: Actor | null, p: q.PortalRow): PortalResponse {
  return {
    id: p.id,
    brand_id: p.brandId,
    title: p.title,
    visibility: p.visibility as PortalVisibility,
    blueprint_name: p.blueprintName,
    marketplace_app_id: null,
    i18n_enabled: p.i18nEnabled,
    i18n_settings: { languages: p.languages },
    cover_page_settings: p.coverSettings as CoverSettings,
    created_at: p.createdAt.toISOString(),
    modified_at: p.modifiedAt.toISOString(),
    permissions: portalPolicy.permissions(actor, p),
  };
}

/** GET /api/portal: by token (anyone the portal's visibility admits), by ids (the visible ones), or by brands. */
export async function listPortals(db: Db, actor: Actor | null, query: PortalListQuery): Promise<PortalResponse[]> {
  if (query.token !== undefined) return [presentPortal(actor, await requirePortalByToken(db, actor, query.token))];
  if (query.ids !== undefined) return (await visiblePortals(db, actor, query.ids)).map((p) => presentPortal(actor, p));
  // Brands belong to an account: listing by brand needs a signed-in member.
  if (!actor) throw new UnauthorizedError();
  const brandIds = query.brand_id !== undefined ? [query.brand_id] : (query.brand_ids ?? []);
  for (const id of brandIds) await requireBrand(db, actor, id, 'brand.view');
  return (await q.portalsOfBrands(db, brandIds)).filter((p) => portalPolicy.canView(actor, p)).map((p) => presentPortal(actor, p));
}

export async function getPortal(db: Db, actor: Actor | null, id: number): Promise<PortalResponse> {
  return presentPortal(actor, await requirePortal(db, actor, id, 'portal.view'));
}

export async function createPortal(db: Db, actor: Actor, input: CreatePortalBody): Promise<PortalResponse> {
  return db.transaction(async (tx) => {
    const brand = await requireBrand(tx, actor, input.brand_id, 'brand.edit');
    const row = await q.insertPortal(tx, {
      accountId: brand.accountId,
      brandId: brand.id,
      title: input.title,
      blueprintName: input.blueprint_name ?? null,
      token: newToken(),
      createdBy: actor.userId,
    });
    await audit(tx, actor, 'portal:create', row.id, { title: row.title });
    return presentPortal(actor, row);
  });
}

export async function updatePortal(db: Db, actor: Actor, id: number, input: UpdatePortalBody): Promise<PortalResponse> {
  return db.transaction(async (tx) => {
    const portal = await requirePortal(tx, actor, id, 'portal.edit');
    const row = await q.updatePortal(tx, id, {
      title: input.title,
      visibility: input.visibility,
      i18nEnabled: input.i18n_enabled,
      languages: input.i18n_settings?.languages,
      coverSettings: input.cover_page_settings && (await mergedCover(tx, actor, portal, input.cover_page_settings)),
    });
    const fields = Object.entries(input)
      .filter(([, v]) => v !== undefined)
      .map(([k]) => k);
    await audit(tx, actor, 'portal:update', id, { fields });
    return presentPortal(actor, row);
  });
}

/** GET /api/portal/{id}/token: the `/d/{token}` address of a portal, for the people who may change it. */
export async function portalToken(db: Db, actor: Actor, id: number): Promise<{ token: string }> {
  const portal = await requirePortal(db, actor, id, 'portal.edit');
  return { token: portal.token };
}

/** POST /api/portal/{id}/token: a new address; the old one stops working at once. */
export async function regeneratePortalToken(db: Db, actor: Actor, id: number): Promise<{ token: string }> {
  return db.transaction(async (tx) => {
    await requirePortal(tx, actor, id, 'portal.edit');
    const row = await q.updatePortal(tx, id, { token: newToken() });
    await audit(tx, actor, 'portal:token', id);
    return { token: row.token };
  });
}

/** The cover settings after a change: the keys given replace the stored ones; a null key visual removes it. */
async function mergedCover(tx: Db, actor: Actor, portal: q.PortalRow, given: CoverSettings): Promise<Record<string, unknown>> {
  const assetId = given.key_visual_asset_id;
  if (typeof assetId === 'number') {
    // The key visual is shown to everyone the portal admits: the editor must see it, and it must be of this account.
    const { asset } = await requireAsset(tx, actor, assetId, 'asset.view');
    if (asset.accountId !== portal.accountId) throw new ValidationError({ 'cover_page_settings.key_visual_asset_id': ['Unknown asset'] });
  }
  const next: Record<string, unknown> = { ...portal.coverSettings };
  for (const [key, value] of Object.entries(given)) {
    if (value === undefined) continue;
    if (value === null) delete next[key];
    else next[key] = value;
  }
  return next;
}

/** The stored keys each cover asset setting id names. */
const COVER_ASSET_KEYS: Record<(typeof COVER_ASSET_SETTING_IDS)[number], string> = { key_visual: 'key_visual_asset_id' };

/**
 * POST /api/portal/{id}/cover-page-template-settings/reset and …/cover-page-template-asset/reset: the named
 * settings of the hub's cover page go back to their defaults (the stored keys are removed).
 */
export async function resetCoverSettings(
  db: Db,
  actor: Actor,
  id: number,
  reset: { keys?: readonly string[]; assets?: readonly (typeof COVER_ASSET_SETTING_IDS)[number][] },
): Promise<PortalResponse> {
  return db.transaction(async (tx) => {
    const portal = await requirePortal(tx, actor, id, 'portal.edit');
    const removed = [...(reset.keys ?? []), ...(reset.assets ?? []).map((a) => COVER_ASSET_KEYS[a])];
    const next = Object.fromEntries(Object.entries(portal.coverSettings).filter(([k]) => !removed.includes(k)));
    const row = await q.updatePortal(tx, id, { coverSettings: next });
    await audit(tx, actor, 'portal:update', id, { fields: removed.map((k) => `cover_page_settings.${k}`) });
    return presentPortal(actor, row);
  });
}
