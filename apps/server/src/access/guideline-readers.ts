import { BLOCK_TYPES, type BlockSettings, type BlockType, type ProjectLevel, parseBlockSettings } from '@emblem/core';
import type { Db } from '../db/client.js';
import { type Actor, isAdmin } from '../http/actor.js';
import { NotFoundError } from '../http/errors.js';
import { portalPolicy } from '../modules/guidelines/policy.js';
import { findPortal, findPortalByToken } from '../modules/guidelines/queries.js';
import {
  type BlockPlacementRow,
  blockRefs,
  findBlockPlacement,
  findReaderDocument,
  type HubDocumentRow,
  hubDocuments,
  type ReaderDocumentRow,
  type ReaderPageRef,
  type ReaderPortalRow,
} from '../modules/guidelines/reader/queries.js';
import { collaboratorLevel } from '../modules/projects/queries.js';
import { type Checked, seal } from './checked.js';
import { noteChecked } from './claims.js';

/**
 * Who reads what in the public guideline reader (`/hub`, `/document`, `/d`) and its public downloads:
 * - people with a level on the document (collaborators; account admins have ADMIN) read it all, drafts included
 *   (unpublished documents, hidden pages), unless they ask to see it as a visitor;
 * - everyone else reads published content (document published, page not hidden, nothing deleted) of a portal whose
 *   visibility admits them (PUBLIC: anyone; ACCOUNT: signed-in members; EDITORS: account admins);
 * - anything else does not exist for them (404).
 * `audience` says who a page was rendered for; media URLs carry it, so the media route can check, on each request,
 * that the content is still shown to that audience (modules/media/urls.ts).
 */
export type ReaderAudience = 'public' | 'account' | 'editors' | 'draft';

export function audienceOf(visibility: string): ReaderAudience {
  return visibility === 'PUBLIC' ? 'public' : visibility === 'ACCOUNT' ? 'account' : 'editors';
}

/** The caller's level on a guideline document (null: none). */
export async function documentLevel(
  db: Db,
  actor: Actor | null,
  document: { id: number; accountId: number },
): Promise<ProjectLevel | null> {
  if (!actor || actor.accountId !== document.accountId) return null;
  if (isAdmin(actor)) return 'ADMIN';
  return (await collaboratorLevel(db, document.id, actor.userId)) as ProjectLevel | null;
}

export interface DocumentReading {
  document: ReaderDocumentRow;
  /** Drafts shown: the reader has a level on the document and did not ask for the visitor's view. */
  drafts: boolean;
  level: ProjectLevel | null;
  audience: ReaderAudience;
  /** The pages this reader sees, in order. */
  pages: ReaderPageRef[];
}
export type CheckedDocumentReading = Checked<'document', DocumentReading>;

/**
 * A document the caller may read in the reader (`asVisitor`: as an anonymous visitor would). `known` is the row
 * when the caller already looked it up (by slug).
 */
export async function requireReadableDocument(
  db: Db,
  actor: Actor | null,
  documentId: number,
  opts: { asVisitor: boolean; known?: ReaderDocumentRow },
): Promise<CheckedDocumentReading> {
  noteChecked('document', documentId);
  const document = opts.known ?? (await findReaderDocument(db, documentId));
  if (!document || document.id !== documentId || document.deletedAt) throw new NotFoundError();
  const reader = opts.asVisitor ? null : actor;
  const level = await documentLevel(db, reader, document);
  if (level) return seal('document', documentId, { document, drafts: true, level, audience: 'draft', pages: document.pages });
  if (document.published && portalPolicy.canView(reader, document.portal)) {
    const pages = document.pages.filter((p) => !p.hidden);
    return seal('document', documentId, { document, drafts: false, level: null, audience: audienceOf(document.portal.visibility), pages });
  }
  throw new NotFoundError();
}

/** The page of a readable document the address names (its first page when none): 404 for one the reader does not see. */
export function readablePage(reading: CheckedDocumentReading, pageId: number | undefined): ReaderPageRef {
  if (pageId !== undefined) noteChecked('page', pageId);
  const page = pageId === undefined ? reading.pages[0] : reading.pages.find((p) => p.id === pageId);
  if (!page) throw new NotFoundError();
  return page;
}

export interface HubReading {
  portal: ReaderPortalRow;
  /** The documents listed, each with whether it is shown as a draft to this reader. */
  documents: (HubDocumentRow & { draft: boolean })[];
  audience: ReaderAudience;
}

/**
 * A portal's hub as the caller may read it: the published documents when the portal's visibility admits them, and
 * the documents they hold a level on (as drafts when unpublished). 404 when that leaves nothing they may see.
 */
export async function requireReadableHub(
  db: Db,
  actor: Actor | null,
  address: { portalId: number } | { token: string },
  opts: { asVisitor: boolean },
): Promise<Checked<'portal', HubReading>> {
  if ('portalId' in address) noteChecked('portal', address.portalId);
  const portal = 'portalId' in address ? await findPortal(db, address.portalId) : await findPortalByToken(db, address.token);
  if (!portal) throw new NotFoundError();
  const reader = opts.asVisitor ? null : actor;
  const open = portalPolicy.canView(reader, portal);
  const listed: HubReading['documents'] = [];
  for (const d of reader || open ? await hubDocuments(db, portal.id) : []) {
    const level = await documentLevel(db, reader, d);
    if (level) listed.push({ ...d, draft: !d.published });
    else if (open && d.published) listed.push({ ...d, draft: false });
  }
  if (!open && listed.length === 0) throw new NotFoundError();
  return seal('portal', portal.id, { portal, documents: listed, audience: open ? audienceOf(portal.visibility) : 'draft' });
}

export interface BlockReading {
  placement: BlockPlacementRow;
  /** What the block's settings name (stored beside it on every save). */
  refs: { kind: string; targetId: number }[];
  audience: ReaderAudience;
}
export type CheckedBlockReading = Checked<'block', BlockReading>;

/** A block the caller reads on a page (for its downloads and its library search): 404 when they could not see it there. */
export async function requireReadableBlock(db: Db, actor: Actor | null, blockId: number): Promise<CheckedBlockReading> {
  noteChecked('block', blockId);
  const placement = await findBlockPlacement(db, blockId);
  if (!placement || placement.block.deletedAt || placement.sectionDeleted || placement.pageDeleted || placement.document.deleted) {
    throw new NotFoundError();
  }
  let audience: ReaderAudience;
  if (await documentLevel(db, actor, placement.document)) audience = 'draft';
  else if (placement.document.published && !placement.pageHidden && portalPolicy.canView(actor, placement.portal)) {
    audience = audienceOf(placement.portal.visibility);
  } else throw new NotFoundError();
  return seal('block', blockId, { placement, refs: await blockRefs(db, blockId), audience });
}

/** The asset fields that decide whether a block shows it. */
export interface BlockAssetFields {
  id: number;
  accountId: number;
  projectId: number;
  setId: number | null;
  expiresAt: Date | null;
}

export type BlockOffer = 'file' | 'zip' | 'stream';

/** What a block offers its readers: image blocks with downloads on and download grids offer each file and a ZIP. */
function blockOffers(reading: CheckedBlockReading): Set<BlockOffer> {
  const block = readBlockSettings(reading, reading.placement.block);
  switch (block?.type) {
    case 'image':
      return new Set(block.settings.download ? ['file', 'zip'] : []);
    case 'downloads':
      return new Set(['file', 'zip']);
    case 'library':
      return new Set(['file']);
    case 'video':
      return new Set(['stream']);
    default:
      return new Set();
  }
}

/** A block the caller reads that offers `offer` (a file download, its ZIP, a video stream); 404 otherwise. */
export async function requireDownloadableBlock(
  db: Db,
  actor: Actor | null,
  blockId: number,
  offer: BlockOffer,
): Promise<CheckedBlockReading> {
  const reading = await requireReadableBlock(db, actor, blockId);
  if (!blockOffers(reading).has(offer)) throw new NotFoundError();
  return reading;
}

/**
 * The items among `rows` whose asset a readable block shows: an asset its stored references name (the asset itself,
 * its folder or its library), of the block's account and not expired. Each asset counts as checked; the others are
 * left out (the caller answers 404 for an asset it was asked for and did not get back).
 */
export function blockAssets<T>(reading: CheckedBlockReading, rows: T[], assetOf: (row: T) => BlockAssetFields): T[] {
  const now = Date.now();
  const named = (kind: string, id: number | null) => id !== null && reading.refs.some((r) => r.kind === kind && r.targetId === id);
  return rows.filter((row) => {
    const asset = assetOf(row);
    noteChecked('asset', asset.id);
    if (asset.accountId !== reading.placement.document.accountId) return false;
    if (asset.expiresAt && asset.expiresAt.getTime() <= now) return false;
    return named('asset', asset.id) || named('folder', asset.setId) || named('project', asset.projectId);
  });
}

/** Keys of block settings that name a record (packages/core/src/guidelines/blocks.ts). */
const NAMING_KEYS: Record<string, 'asset' | 'folder' | 'project'> = {
  asset_ids: 'asset',
  asset_id: 'asset',
  folder_id: 'folder',
  project_id: 'project',
};

function noteNamed(value: unknown): void {
  if (Array.isArray(value)) for (const v of value) noteNamed(v);
  else if (value !== null && typeof value === 'object') {
    for (const [key, v] of Object.entries(value)) {
      const kind = NAMING_KEYS[key];
      if (kind && typeof v === 'number') noteChecked(kind, v);
      else if (kind && Array.isArray(v)) for (const id of v) noteChecked(kind, id);
      else noteNamed(v);
    }
  }
}

export type ReadBlock = { [T in BlockType]: { type: T; settings: BlockSettings<T> } }[BlockType];

/**
 * The settings of a block of a document or block the caller reads, parsed with the type's schema (null when they no
 * longer parse). The records they name are the page's content, checked when the block was saved, not the caller's
 * claims: the reader shows them (assets only while they exist and are not expired) and they count as answered.
 */
export function readBlockSettings(
  _reading: CheckedDocumentReading | CheckedBlockReading,
  block: { type: string; settings: unknown },
): ReadBlock | null {
  if (!(BLOCK_TYPES as string[]).includes(block.type)) return null;
  const parsed = parseBlockSettings(block.type as BlockType, block.settings);
  if (!parsed.success) return null;
  noteNamed(parsed.data);
  return { type: block.type, settings: parsed.data } as ReadBlock;
}
