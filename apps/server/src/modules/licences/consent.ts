import { createHmac } from 'node:crypto';
import type { ConsentGrant, ConsentRequiredDetails, CopyrightStatus } from '@emblem/core';
import { requireLicences } from '../../access/index.js';
import type { Db } from '../../db/client.js';
import { ConflictError, ValidationError } from '../../http/errors.js';
import { safeEqual } from '../../lib/secrets.js';
import * as q from './queries.js';

/*
 * Usage consent before downloads (decision 0031). An asset needs one when its `download_consent_required` is set
 * or one of its licences requires consensus; the person then accepts every licence of it (and its copyright
 * notice). Each acceptance is a row of consent_acceptances; the answer is a token naming those rows, signed and
 * bound to whoever accepted (a user, or a share link and the visitor's address), valid CONSENT_TTL_S seconds. A
 * download names its token; it passes only for the same person, within its lifetime, and when the rows it names
 * cover every asset of the download and every licence those assets carry now.
 */

export const CONSENT_TTL_S = 600;
export const NOTICE_TITLE = 'Copyright notice';

/** Who accepts or downloads: a signed-in user, or a share link's visitor (the link and their address). */
export type ConsentSubject =
  | { accountId: number; userId: number; shareLinkId?: undefined; ip?: string | null }
  | { accountId: number; userId?: null; shareLinkId: number; ip: string }
  | { accountId: number; userId?: null; shareLinkId?: null; ip: string };

export interface ConsentDeps {
  db: Db;
  /** The server's secret (config.sessionSecret); tokens are signed with a key derived for consent only. */
  secret: string;
}

function subjectKey(s: ConsentSubject): string {
  if (s.userId != null) return `u${s.userId}`;
  if (s.shareLinkId != null) return `l${s.shareLinkId}@${s.ip}`;
  return `a@${s.ip}`;
}

function sign(secret: string, body: string): string {
  return createHmac('sha256', `${secret}:consent`).update(body).digest('base64url');
}

type Payload = { s: string; c: number; r: number[]; e: number };

function encode(secret: string, payload: Payload): string {
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${body}.${sign(secret, body)}`;
}

function decode(secret: string, token: string): Payload | null {
  const [body, sig] = token.split('.');
  if (!body || !sig || !safeEqual(sig, sign(secret, body))) return null;
  try {
    const p = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Payload;
    if (typeof p.s !== 'string' || typeof p.c !== 'number' || !Array.isArray(p.r) || typeof p.e !== 'number') return null;
    if (!p.r.every((id) => Number.isInteger(id) && id > 0)) return null;
    return p;
  } catch {
    return null;
  }
}

/** What the consent of these assets involves: the assets that need one, with their licences (empty when none does). */
export async function consentDetails(db: Db, assetIds: readonly number[]): Promise<ConsentRequiredDetails> {
  const ids = [...new Set(assetIds)];
  if (ids.length === 0) return { licences: [], assets: [] };
  const rows = await q.rightsOfAssets(db, ids);
  const links = await q.licencesOfAssets(db, ids);
  const licencesOf = new Map<number, q.LicenceRow[]>();
  for (const { assetId, licence } of links) licencesOf.set(assetId, [...(licencesOf.get(assetId) ?? []), licence]);
  const needing = rows.filter((r) => r.required || (licencesOf.get(r.id) ?? []).some((l) => l.requireConsensus));
  const licences = new Map<number, q.LicenceRow>();
  for (const r of needing) for (const l of licencesOf.get(r.id) ?? []) licences.set(l.id, l);
  const order = new Map(ids.map((id, i) => [id, i]));
  return {
    licences: [...licences.values()]
      .sort((a, b) => a.title.localeCompare(b.title) || a.id - b.id)
      .map((l) => ({ id: l.id, title: l.title, text: l.text })),
    assets: needing
      .sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0))
      .map((r) => ({
        id: r.id,
        title: r.title,
        copyright_status: r.status as CopyrightStatus,
        copyright_notice: r.notice,
        licence_ids: (licencesOf.get(r.id) ?? []).map((l) => l.id),
      })),
  };
}

/** Whether the acceptances a token names cover every asset that needs consent, with every licence it carries now. */
function covers(rows: q.AcceptanceRow[], details: ConsentRequiredDetails): boolean {
  return details.assets.every((a) => {
    const needed: (number | null)[] = a.licence_ids.length > 0 ? a.licence_ids : [null];
    return needed.every((licenceId) => rows.some((r) => r.licenceId === licenceId && r.assetIds.includes(a.id)));
  });
}

/**
 * Refuses (409 "Consent required", with what the dialog shows) a download of `assetIds` when one of them needs a
 * usage consent that `token` does not carry for this subject. The caller has already checked access to the assets.
 */
export async function requireDownloadConsent(
  deps: ConsentDeps,
  subject: ConsentSubject,
  assetIds: readonly number[],
  token: string | null | undefined,
): Promise<void> {
  const details = await consentDetails(deps.db, assetIds);
  if (details.assets.length === 0) return;
  const payload = token ? decode(deps.secret, token) : null;
  if (payload && payload.s === subjectKey(subject) && payload.c === subject.accountId && payload.e > Date.now() / 1000) {
    const rows = await q.acceptancesByIds(deps.db, subject.accountId, payload.r);
    const own = rows.filter((r) =>
      subject.userId != null
        ? r.userId === subject.userId
        : r.userId === null && r.shareLinkId === (subject.shareLinkId ?? null) && r.ip === subject.ip,
    );
    if (covers(own, details)) return;
  }
  throw new ConflictError('Consent required', undefined, { ...details });
}

/**
 * Records a usage consent for `assets` (whose access the caller has checked): one acceptance per licence of the
 * assets that need consent (one "Copyright notice" acceptance for such assets without licences), and answers the
 * token their downloads carry. `licenceIds` must be exactly the licences the dialog showed (each a claim: a licence
 * of the subject's account); a licence attached meanwhile is refused with a fresh 409 for the dialog to show.
 */
export async function recordConsent(
  deps: ConsentDeps,
  subject: ConsentSubject,
  assetRows: readonly { id: number; title: string }[],
  licenceIds: readonly number[],
): Promise<ConsentGrant> {
  const accepted = await requireLicences(deps.db, subject.accountId, licenceIds);
  const details = await consentDetails(
    deps.db,
    assetRows.map((a) => a.id),
  );
  const shown = new Set(details.licences.map((l) => l.id));
  const foreign = accepted.filter((l) => !shown.has(l.id)).map((l) => l.id);
  if (foreign.length > 0)
    throw new ValidationError({ licence_ids: [`Is not a licence that these assets ask consent for: ${foreign.join(', ')}`] });
  const acceptedIds = new Set(accepted.map((l) => l.id));
  if (details.licences.some((l) => !acceptedIds.has(l.id))) throw new ConflictError('Consent required', undefined, { ...details });
  const titleOf = new Map(assetRows.map((a) => [a.id, a.title]));
  const who = {
    accountId: subject.accountId,
    userId: subject.userId ?? null,
    shareLinkId: subject.shareLinkId ?? null,
    ip: subject.userId != null ? null : subject.ip,
  };
  const values: Parameters<typeof q.insertAcceptances>[1] = [];
  for (const l of accepted.sort((a, b) => a.title.localeCompare(b.title))) {
    const covered = details.assets.filter((a) => a.licence_ids.includes(l.id)).map((a) => a.id);
    values.push({
      ...who,
      licenceId: l.id,
      licenceTitle: l.title,
      assetIds: covered,
      assetTitles: covered.map((id) => titleOf.get(id) ?? ''),
    });
  }
  const bare = details.assets.filter((a) => a.licence_ids.length === 0).map((a) => a.id);
  if (bare.length > 0)
    values.push({
      ...who,
      licenceId: null,
      licenceTitle: NOTICE_TITLE,
      assetIds: bare,
      assetTitles: bare.map((id) => titleOf.get(id) ?? ''),
    });
  const ids = await q.insertAcceptances(deps.db, values);
  const expires = Math.floor(Date.now() / 1000) + CONSENT_TTL_S;
  return {
    consent_token: encode(deps.secret, { s: subjectKey(subject), c: subject.accountId, r: ids, e: expires }),
    expires_at: new Date(expires * 1000).toISOString(),
    recorded: ids.length,
  };
}
