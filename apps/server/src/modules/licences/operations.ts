import { Readable } from 'node:stream';
import type {
  AssetCopyright,
  AssetLicence,
  AssetRightsResponse,
  ConsentBody,
  ConsentGrant,
  CopyrightStatus,
  CreateLicenceBody,
  LicenceResponse,
  SetAssetRightsBody,
  UpdateLicenceBody,
} from '@emblem/core';
import { blockAssets, requireDownloadableBlock } from '../../access/guideline-readers.js';
import { requireAccount, requireAsset, requireAssets, requireLicence, requireLicences } from '../../access/index.js';
import type { Db } from '../../db/client.js';
import { audit } from '../../db/events.js';
import { type Actor, isAdmin } from '../../http/actor.js';
import { ForbiddenError, NotFoundError } from '../../http/errors.js';
import { richTextOf } from '../../lib/rich-text.js';
import { type ConsentDeps, type ConsentSubject, consentDetails, recordConsent } from './consent.js';
import * as q from './queries.js';

function present(l: q.LicenceRow, assetCount: number): LicenceResponse {
  return {
    id: l.id,
    title: l.title,
    text: l.text,
    require_consensus: l.requireConsensus,
    asset_count: assetCount,
    created_at: l.createdAt.toISOString(),
    modified_at: l.modifiedAt.toISOString(),
  };
}

/** GET /api/licences: the account's licences (every member). */
export async function listLicences(db: Db, actor: Actor): Promise<LicenceResponse[]> {
  requireAccount(actor, actor.accountId, 'account.view');
  const rows = await q.listLicences(db, actor.accountId);
  return rows.map((r) => present(r.licence, Number(r.assetCount)));
}

function assertAdmin(actor: Actor) {
  if (!isAdmin(actor)) throw new ForbiddenError('Only account admins manage licences');
}

/** POST /api/licence (account admins). */
export async function createLicence(db: Db, actor: Actor, body: CreateLicenceBody): Promise<LicenceResponse> {
  assertAdmin(actor);
  const row = await db.transaction(async (tx) => {
    const licence = await q.insertLicence(tx, {
      accountId: actor.accountId,
      title: body.title,
      text: body.text ? richTextOf(body.text) : '',
      requireConsensus: body.require_consensus,
      createdBy: actor.userId,
    });
    await audit(tx, actor, 'licence:create', licence.id, { title: licence.title, require_consensus: licence.requireConsensus });
    return licence;
  });
  return present(row, 0);
}

/** PATCH /api/licence/{id} (account admins). */
export async function updateLicence(db: Db, actor: Actor, id: number, body: UpdateLicenceBody): Promise<LicenceResponse> {
  const licence = await requireLicence(db, actor, id, 'licence.manage');
  const row = await db.transaction(async (tx) => {
    const updated = await q.updateLicence(tx, licence.id, {
      title: body.title,
      text: body.text === undefined ? undefined : body.text ? richTextOf(body.text) : '',
      requireConsensus: body.require_consensus,
    });
    await audit(tx, actor, 'licence:update', licence.id, { fields: Object.keys(body) });
    return updated;
  });
  return present(row, await q.assetCountOf(db, row.id));
}

/** DELETE /api/licence/{id} (account admins): detached from its assets; the acceptances keep its title. */
export async function deleteLicence(db: Db, actor: Actor, id: number): Promise<{ id: number; deleted: true }> {
  const licence = await requireLicence(db, actor, id, 'licence.manage');
  await db.transaction(async (tx) => {
    const assets = await q.assetCountOf(tx, licence.id);
    await q.deleteLicence(tx, licence.id);
    await audit(tx, actor, 'licence:delete', licence.id, { title: licence.title, assets });
  });
  return { id: licence.id, deleted: true };
}

/* ---------- asset rights ---------- */

export interface AssetRights {
  copyright: AssetCopyright;
  licenses: AssetLicence[];
  requires_consent: boolean;
}

/** The rights of each asset (for the asset payloads), keyed by asset id; one query for the licences. */
export async function rightsOf(
  db: Db,
  rows: readonly { id: number; copyrightStatus: string; copyrightNotice: string; downloadConsentRequired: boolean }[],
): Promise<Map<number, AssetRights>> {
  const links = await q.licencesOfAssets(
    db,
    rows.map((r) => r.id),
  );
  const out = new Map<number, AssetRights>();
  for (const r of rows) {
    const own = links.filter((l) => l.assetId === r.id).map((l) => l.licence);
    out.set(r.id, {
      copyright: {
        status: r.copyrightStatus as CopyrightStatus,
        notice: r.copyrightNotice,
        is_download_consent_required: r.downloadConsentRequired,
      },
      licenses: own.map((l) => ({ id: l.id, title: l.title, license: l.text, require_consensus: l.requireConsensus })),
      requires_consent: r.downloadConsentRequired || own.some((l) => l.requireConsensus),
    });
  }
  return out;
}

/** PUT /api/asset/{id}/licences (EDIT on the asset's library): its licences (each of the account) and copyright. */
export async function setAssetRights(db: Db, actor: Actor, assetId: number, body: SetAssetRightsBody): Promise<AssetRightsResponse> {
  const { asset } = await requireAsset(db, actor, assetId, 'asset.edit');
  const licenceIds = body.licence_ids === undefined ? undefined : [...new Set(body.licence_ids)];
  if (licenceIds) await requireLicences(db, asset.accountId, licenceIds);
  await db.transaction(async (tx) => {
    if (licenceIds) await q.setAssetLicences(tx, asset.id, licenceIds);
    const c = body.copyright ?? {};
    await q.updateCopyright(tx, asset.id, {
      ...(c.status !== undefined ? { copyrightStatus: c.status } : {}),
      ...(c.notice !== undefined ? { copyrightNotice: c.notice } : {}),
      ...(c.is_download_consent_required !== undefined ? { downloadConsentRequired: c.is_download_consent_required } : {}),
    });
    await audit(tx, actor, 'asset:rights', asset.id, {
      ...(licenceIds ? { licence_ids: licenceIds } : {}),
      ...(body.copyright ? { fields: Object.keys(body.copyright) } : {}),
    });
  });
  const [row] = await q.rightsOfAssets(db, [asset.id]);
  const rights = (
    await rightsOf(db, [
      { id: asset.id, copyrightStatus: row!.status, copyrightNotice: row!.notice, downloadConsentRequired: row!.required },
    ])
  ).get(asset.id)!;
  return { asset_id: asset.id, ...rights };
}

/* ---------- consent ---------- */

/** POST /api/asset/consent (VIEW on every asset): records the acceptance and answers the download's consent token. */
export async function acceptConsent(deps: ConsentDeps, actor: Actor, body: ConsentBody): Promise<ConsentGrant> {
  const rows = await requireAssets(deps.db, actor, [...new Set(body.asset_ids)], 'asset.view');
  return recordConsent(deps, { accountId: actor.accountId, userId: actor.userId }, rows, body.licence_ids);
}

/** GET /api/asset/consent?asset_ids=: what a download of these assets asks consent for (VIEW on each). */
export async function consentFor(db: Db, actor: Actor, assetIds: number[]) {
  const rows = await requireAssets(db, actor, [...new Set(assetIds)], 'asset.view');
  return consentDetails(
    db,
    rows.map((r) => r.id),
  );
}

/**
 * POST /api/guideline-block/{blockId}/consent (whoever reads the block, visitors of public portals too): the
 * assets must be ones the block shows; a visitor's acceptance is bound to their address.
 */
export async function acceptBlockConsent(
  deps: ConsentDeps,
  actor: Actor | null,
  ip: string,
  blockId: number,
  body: ConsentBody,
): Promise<ConsentGrant> {
  // Only a block that offers downloads has terms to accept (a block that merely shows an asset has none).
  const reading = await requireDownloadableBlock(deps.db, actor, blockId, 'file');
  const ids = [...new Set(body.asset_ids)];
  const rows = blockAssets(reading, await q.liveAssetsByIds(deps.db, ids), (a) => a);
  if (rows.length !== ids.length) throw new NotFoundError();
  const accountId = reading.placement.document.accountId;
  const subject: ConsentSubject = actor ? { accountId, userId: actor.userId } : { accountId, ip };
  return recordConsent(deps, subject, rows, body.licence_ids);
}

/* ---------- CSV export ---------- */

const CSV_PAGE = 500;
export const CSV_HEADER = [
  'date',
  'user_name',
  'user_email',
  'share_link_id',
  'ip',
  'licence_id',
  'licence_title',
  'asset_ids',
  'asset_titles',
];

/** One CSV cell: quoted, quotes doubled, and a cell a spreadsheet would run as a formula (= + - @, tab, CR) starts with '. */
export function csvCell(value: string | number | null): string {
  let text = value === null ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return `"${text.replaceAll('"', '""')}"`;
}

const csvLine = (cells: (string | number | null)[]) => `${cells.map(csvCell).join(',')}\r\n`;

/** GET /api/consent-acceptances.csv (account admins): every acceptance, newest first, streamed page by page. */
export function acceptancesCsv(db: Db, actor: Actor): Readable {
  assertAdmin(actor);
  const accountId = actor.accountId;
  async function* lines() {
    yield `\uFEFF${csvLine(CSV_HEADER)}`;
    let before: number | null = null;
    for (;;) {
      const page = await q.acceptancesPage(db, accountId, before, CSV_PAGE);
      for (const { acceptance: a, userName, userEmail } of page) {
        yield csvLine([
          a.createdAt.toISOString(),
          userName ?? '',
          userEmail ?? '',
          a.shareLinkId,
          a.ip,
          a.licenceId,
          a.licenceTitle,
          a.assetIds.join(' '),
          a.assetTitles.join(' | '),
        ]);
      }
      if (page.length < CSV_PAGE) return;
      before = page.at(-1)!.acceptance.id;
    }
  }
  return Readable.from(lines());
}
