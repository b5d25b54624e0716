import type {
  AssetExpiryFilter,
  AssetPage,
  AssetStatus,
  AssetSubmittedFilter,
  AssetsTrashed,
  RevisionResponse,
  ScreenData,
  SortOrder,
} from '@emblem/core';
import { assetTypeOf, type CreateAssetBody, DEFAULT_SORT_ORDER, extensionRefusal, type ProjectLevel, projectChannel } from '@emblem/core';
import {
  assetLevels,
  type CheckedUpload,
  claimUpload,
  missingAssets,
  requireAsset,
  requireAssets,
  requireFolderIn,
  requireProject,
  requireUpload,
} from '../../access/index.js';
import type { Db } from '../../db/client.js';
import { audit } from '../../db/events.js';
import type { Actor } from '../../http/actor.js';
import { AppError, NotFoundError, ValidationError } from '../../http/errors.js';
import { enqueueJob } from '../../jobs/define.js';
import { randomToken } from '../../lib/secrets.js';
import { resetVotesForRevision } from '../approvals/public.js';
import { type FolderLink, folderChains } from '../folders/public.js';
import { rightsOf } from '../licences/public.js';
import { DEFAULT_PREVIEW_WIDTH, processRevisionJob, signedMediaUrl } from '../media/public.js';
import { customMetadataOf, requiredWithoutValue } from '../metadata/public.js';
import { accountBlockedExtensions, type ProjectRow } from '../projects/public.js';
import { publish } from '../realtime/public.js';
import { tagsOf } from '../tags/public.js';
import { listAttachments } from './attachments.js';
import { expiryChange } from './expiry.js';
import { type Asset, presentAsset } from './presenter.js';
import * as q from './queries.js';
import { trashExpiry } from './trash-queries.js';

/** What asset operations use: the database, the media-URL secret and a nudge for the job worker. */
export interface AssetDeps {
  db: Db;
  secret: string;
  /** Called after a transaction that enqueued jobs has committed. */
  jobsEnqueued(): void;
}

function breadcrumbs(folders: Map<number, FolderLink>, setId: number | null): { id: number; name: string }[] {
  const out: { id: number; name: string }[] = [];
  let current = setId === null ? undefined : folders.get(setId);
  while (current) {
    out.unshift({ id: current.id, name: current.name });
    current = current.parentId === null ? undefined : folders.get(current.parentId);
  }
  return out;
}

/** Presents the details the caller may see; the folders of all their breadcrumbs come from one query. */
async function presentMany(
  deps: AssetDeps,
  details: q.AssetDetail[],
  levelOf: (asset: q.DetailAssetRow) => Promise<ProjectLevel | null>,
  opts: { includeUrls: boolean; previewWidth?: number; includeRequiredMetadata?: boolean },
): Promise<Asset[]> {
  const visible: { detail: q.AssetDetail; level: ProjectLevel }[] = [];
  for (const detail of details) {
    const level = await levelOf(detail.asset);
    if (level) visible.push({ detail, level });
  }
  const setIds = new Set<number>();
  for (const { detail } of visible) if (detail.asset.setId !== null) setIds.add(detail.asset.setId);
  const shown = visible.map(({ detail }) => detail.asset);
  // Independent lookups, side by side (a pool runs them on several connections; a transaction queues them).
  const [chains, rights, tags, metadata, required] = await Promise.all([
    folderChains(deps.db, [...setIds]),
    rightsOf(deps.db, shown),
    tagsOf(
      deps.db,
      shown.map((a) => a.id),
    ),
    customMetadataOf(
      deps.db,
      visible.map(({ detail, level }) => ({ id: detail.asset.id, level })),
    ),
    opts.includeRequiredMetadata ? requiredWithoutValue(deps.db, shown) : null,
  ]);
  const folders = new Map(chains.map((f) => [f.id, f]));
  return visible.map(({ detail, level }) =>
    presentAsset(detail, {
      rights: rights.get(detail.asset.id),
      tags: tags.get(detail.asset.id),
      customMetadata: metadata.get(detail.asset.id),
      requiredWithoutValue: required ? (required.get(detail.asset.id) ?? []) : undefined,
      secret: deps.secret,
      includeUrls: opts.includeUrls,
      previewWidth: opts.previewWidth,
      level,
      breadcrumbs: breadcrumbs(folders, detail.asset.setId),
    }),
  );
}

async function presentOne(deps: AssetDeps, db: Db, id: number, level: ProjectLevel, opts: { includeUrls: boolean; previewWidth?: number }) {
  const [detail] = await q.findDetails(db, [id]);
  if (!detail) throw new NotFoundError();
  const [asset] = await presentMany({ ...deps, db }, [detail], async () => level, opts);
  return asset as Asset;
}

/**
 * Live assets of `ids` (trash and past-expiry assets left out), in the order asked, presented at `level` for a
 * caller who holds a grant rather than a session (permission tokens, decision 0034): no download address, since
 * downloads need a session.
 */
export async function presentGranted(
  deps: AssetDeps,
  ids: readonly number[],
  level: ProjectLevel,
  opts: { includeUrls: boolean; previewWidth?: number },
): Promise<Asset[]> {
  const now = Date.now();
  const details = (await q.findDetails(deps.db, [...new Set(ids)])).filter(
    (d) => d.asset.expiresAt === null || d.asset.expiresAt.getTime() > now,
  );
  const order = new Map(ids.map((id, i) => [id, i]));
  details.sort((a, b) => (order.get(a.asset.id) ?? 0) - (order.get(b.asset.id) ?? 0));
  const items = await presentMany(deps, details, async () => level, opts);
  return items.map((a) => ({ ...a, download_url: null }));
}

/** Refuses file extensions the project does not take (its type's list, account and project blocks). */
export async function assertExtensionsAllowed(db: Db, project: ProjectRow, extensions: Iterable<string>) {
  const blocked = [...(await accountBlockedExtensions(db, project.accountId)), ...project.blockedExtensions];
  for (const extension of new Set(extensions)) {
    const refusal = extensionRefusal(extension, project.projectType, blocked);
    if (refusal) throw new AppError(400, refusal, { file_id: [refusal] }, 'EXTENSION_NOT_ALLOWED');
  }
}

function titleFrom(name: string): string {
  const base = name.replace(/\.[^.]+$/, '').trim();
  return (base || name || 'Untitled').slice(0, 500);
}

/** Adds a revision for an upload (taking it for good) and makes it current; the previews are made by a job after commit. */
async function addRevisionRow(tx: Db, actor: Actor, assetId: number, upload: CheckedUpload) {
  const file = await claimUpload(tx, upload);
  const number = await q.nextRevisionNumber(tx, assetId);
  const revision = await q.insertRevision(tx, {
    assetId,
    fileId: file.id,
    number,
    kind: assetTypeOf(file.extension),
    status: 'PROCESSING',
    createdBy: actor.userId,
  });
  await q.updateAsset(tx, assetId, { currentRevisionId: revision.id, status: 'PROCESSING' });
  await enqueueJob(tx, processRevisionJob, { revisionId: revision.id });
  return revision;
}

export async function createAsset(deps: AssetDeps, actor: Actor, input: CreateAssetBody) {
  const result = await deps.db.transaction(async (tx) => {
    const access = await requireProject(tx, actor, input.project_id, 'project.edit');
    const { project, level } = access;
    await requireFolderIn(tx, access, input.set_id);
    const position = await q.endPosition(tx, project.id, input.set_id);
    const common = {
      accountId: project.accountId,
      projectId: project.id,
      setId: input.set_id,
      position,
      token: randomToken(24),
      createdBy: actor.userId,
    };
    let asset: q.AssetRow;
    if ('file_id' in input) {
      const upload = await requireUpload(tx, actor, input.file_id, 'file.use');
      await assertExtensionsAllowed(tx, project, [upload.extension]);
      asset = await q.insertAsset(tx, { ...common, title: input.title ?? titleFrom(upload.originalName), status: 'PROCESSING' });
      await addRevisionRow(tx, actor, asset.id, upload);
    } else {
      asset = await q.insertAsset(tx, {
        ...common,
        objectType: 'URL',
        title: input.title,
        externalUrl: input.external_url,
        status: 'FINISHED',
      });
    }
    await audit(tx, actor, 'asset:create', asset.id);
    await publish(tx, projectChannel(project.id), 'asset', { asset_ids: [asset.id] });
    return presentOne(deps, tx, asset.id, level, { includeUrls: true });
  });
  deps.jobsEnqueued();
  return result;
}

export async function getAsset(deps: AssetDeps, actor: Actor, id: number, opts: { includeUrls?: boolean; previewWidth?: number }) {
  const { level } = await requireAsset(deps.db, actor, id, 'asset.view');
  return presentOne(deps, deps.db, id, level, { includeUrls: opts.includeUrls ?? false, previewWidth: opts.previewWidth });
}

function encodeCursor(c: q.Cursor): string {
  return Buffer.from(JSON.stringify(c)).toString('base64url');
}

const TEXT_SORTS: ReadonlySet<q.SortKey> = new Set(['title', 'type']);

/** A cursor must come from a page of the same sort and direction; anything else is refused, never sent to the database. */
function decodeCursor(s: string | null | undefined, sort: q.SortKey, order: SortOrder): q.Cursor | null {
  if (!s) return null;
  let v: unknown;
  try {
    v = JSON.parse(Buffer.from(s, 'base64url').toString('utf8'));
  } catch {
    v = null;
  }
  const c = (v ?? {}) as Record<string, unknown>;
  const id = c.id;
  if (Number.isSafeInteger(id) && (id as number) > 0 && c.sort === sort && c.order === order) {
    const value = c.value;
    const fits =
      sort === 'created'
        ? value === null
        : TEXT_SORTS.has(sort)
          ? typeof value === 'string'
          : typeof value === 'number' && Number.isFinite(value);
    if (fits) return { sort, order, value: value as q.Cursor['value'], id: id as number };
  }
  throw new ValidationError({ cursor: ['Is invalid for this sort'] });
}

export interface AssetListInput {
  ids?: number[];
  project_id?: number;
  set_id?: number | null;
  include_preview_url?: boolean;
  include_required_custom_metadata_property_ids_without_value?: boolean;
  preview_width?: number;
  cursor?: string | null;
  limit?: number;
  sort?: q.SortKey;
  order?: SortOrder;
  expiry?: AssetExpiryFilter;
  submitted?: AssetSubmittedFilter;
}

/** POST /api/asset/list: given ids (unseen ones are left out), or one page of a folder. */
export async function listAssets(deps: AssetDeps, actor: Actor, input: AssetListInput): Promise<AssetPage> {
  const opts = {
    includeUrls: input.include_preview_url ?? false,
    previewWidth: input.preview_width,
    includeRequiredMetadata: input.include_required_custom_metadata_property_ids_without_value ?? false,
  };
  if (input.ids) {
    const details = await q.findDetails(deps.db, [...new Set(input.ids)]);
    const order = new Map(input.ids.map((id, i) => [id, i]));
    details.sort((a, b) => (order.get(a.asset.id) ?? 0) - (order.get(b.asset.id) ?? 0));
    missingAssets(
      input.ids,
      details.map((d) => d.asset.id),
    );
    const items = await presentMany(deps, details, assetLevels(deps.db, actor), opts);
    return { items, next_cursor: null, total: items.length };
  }
  const projectId = input.project_id as number;
  const access = await requireProject(deps.db, actor, projectId, 'project.view');
  const { level } = access;
  const setId = input.set_id ?? null;
  await requireFolderIn(deps.db, access, setId);
  const limit = input.limit ?? 100;
  const sort = input.sort ?? 'position';
  const order = input.order ?? DEFAULT_SORT_ORDER[sort];
  const cursor = decodeCursor(input.cursor, sort, order);
  const listing = { projectId, setId, expiry: input.expiry, submitted: input.submitted };
  const rows = await q.listFolderPage(deps.db, { ...listing, sort, order, cursor, limit });
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const next = rows.length > limit && last ? encodeCursor({ sort, order, value: last.sortValue, id: last.asset.id }) : null;
  const items = await presentMany(deps, page, async () => level, opts);
  return { items, next_cursor: next, total: rows[0]?.total ?? (await q.countFolder(deps.db, listing)) };
}

export async function updateAsset(
  deps: AssetDeps,
  actor: Actor,
  id: number,
  input: { title?: string; description?: string; alternative_text?: string; expires_at?: string | null },
) {
  return deps.db.transaction(async (tx) => {
    const { asset, level } = await requireAsset(tx, actor, id, 'asset.edit');
    await q.updateAsset(tx, id, {
      title: input.title,
      description: input.description,
      alternativeText: input.alternative_text,
      ...expiryChange(asset, input.expires_at),
    });
    await audit(tx, actor, 'asset:update', id);
    return presentOne(deps, tx, id, level, { includeUrls: true });
  });
}

/**
 * Moves assets to their library's trash, all or none: every one must be live for the caller and editable. They stay
 * restorable (and their files stored and counted) for 30 days; trash.ts restores and purges them (decision 0025).
 */
export async function deleteAssets(db: Db, actor: Actor, ids: number[]): Promise<AssetsTrashed> {
  const unique = [...new Set(ids)];
  const at = new Date();
  await db.transaction(async (tx) => {
    // One access check per project, not per asset; an unknown (or already trashed) id is 404 like a single delete.
    await requireAssets(tx, actor, unique, 'asset.edit');
    await q.trashAssets(tx, unique, actor.userId, at);
    for (const id of unique) await audit(tx, actor, 'asset:delete', id);
  });
  return { deleted: unique, trashed: true, deleted_at: at.toISOString(), expires_at: trashExpiry(at).toISOString() };
}

/** Moves an asset to a 0-based index within its folder by giving it a position between its new neighbours. */
export async function sortAsset(db: Db, actor: Actor, id: number, index: number) {
  return db.transaction(async (tx) => {
    const { asset } = await requireAsset(tx, actor, id, 'asset.edit');
    const around = await q.positionsAround(tx, asset.projectId, asset.setId, id, index);
    let position: number;
    if (index === 0) position = around[0] ? around[0].position - 1 : 0;
    else if (around.length === 2) position = ((around[0]?.position ?? 0) + (around[1]?.position ?? 0)) / 2;
    else {
      // At or past the end: after the last asset of the folder.
      const last = await q.lastPosition(tx, asset.projectId, asset.setId, id);
      position = last === null ? 0 : last + 1;
    }
    await q.updateAsset(tx, id, { position });
    return { id, position };
  });
}

export async function addRevision(deps: AssetDeps, actor: Actor, id: number, fileToken: string) {
  const result = await deps.db.transaction(async (tx) => {
    const { asset, level, project } = await requireAsset(tx, actor, id, 'asset.edit');
    if (asset.objectType === 'URL') throw new ValidationError({ file_id: ['Link assets have no file revisions'] });
    const upload = await requireUpload(tx, actor, fileToken, 'file.use');
    await assertExtensionsAllowed(tx, project, [upload.extension]);
    const revision = await addRevisionRow(tx, actor, id, upload);
    await audit(tx, actor, 'asset:revision', id, { number: revision.number });
    await publish(tx, projectChannel(asset.projectId), 'asset', { asset_ids: [id] });
    await resetVotesForRevision(tx, actor, id, revision.number);
    return presentOne(deps, tx, id, level, { includeUrls: true });
  });
  deps.jobsEnqueued();
  return result;
}

export async function listRevisions(deps: AssetDeps, actor: Actor, id: number): Promise<RevisionResponse[]> {
  const { asset } = await requireAsset(deps.db, actor, id, 'asset.view');
  const rows = await q.listRevisions(deps.db, id);
  return rows.map(({ revision: r, file, creatorName }) => {
    const finished = r.status === 'FINISHED';
    return {
      id: r.id,
      number: r.number,
      current: r.id === asset.currentRevisionId,
      status: r.status as AssetStatus,
      created_at: r.createdAt.toISOString(),
      creator: r.createdBy ? { id: r.createdBy, name: creatorName } : null,
      extension: file.extension,
      size: file.size,
      filename: file.originalName,
      width: typeof r.metadata.width === 'number' ? r.metadata.width : null,
      height: typeof r.metadata.height === 'number' ? r.metadata.height : null,
      preview_url: finished && r.previewKey ? signedMediaUrl(deps.secret, asset.token, r.id, { width: DEFAULT_PREVIEW_WIDTH }) : null,
      download_url: `/api/asset/${id}/download?revision=${r.number}`,
    };
  });
}

/** GET /api/screen/data/{id}: everything the viewer shows, with the neighbours in the folder. */
export async function screenData(deps: AssetDeps, actor: Actor, id: number): Promise<ScreenData> {
  const { asset } = await requireAsset(deps.db, actor, id, 'asset.view');
  const [presented, revisions, attachments, around] = await Promise.all([
    getAsset(deps, actor, id, { includeUrls: true }),
    listRevisions(deps, actor, id),
    listAttachments(deps.db, actor, id),
    q.neighbours(deps.db, asset),
  ]);
  return {
    asset: presented,
    revisions,
    attachments,
    page_preview_urls: pagePreviewUrls(deps, asset, presented),
    previous_id: around.previous,
    next_id: around.next,
  };
}

/** Signed previews of each page of a multi-page document (at most 200), for the viewer's page selector. */
const MAX_PAGE_PREVIEWS = 200;
const PAGE_PREVIEW_WIDTH = 1600;
function pagePreviewUrls(deps: AssetDeps, asset: q.AssetRow, presented: Asset): string[] {
  const pages = presented.page_count ?? 0;
  const revisionId = presented.revision?.id;
  if (pages < 2 || !revisionId || presented.status !== 'FINISHED' || presented.extension !== 'pdf') return [];
  return Array.from({ length: Math.min(pages, MAX_PAGE_PREVIEWS) }, (_, i) =>
    signedMediaUrl(deps.secret, asset.token, revisionId, { width: PAGE_PREVIEW_WIDTH, page: i + 1 }),
  );
}
