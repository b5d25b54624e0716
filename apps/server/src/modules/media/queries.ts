import { and, eq, inArray, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type { ReaderAudience } from '../../access/guideline-readers.js';
import type { Db } from '../../db/client.js';
import { assetAttachments, assetRevisions, assets, downloads, events, files, projects, sets, shareLinks } from '../../db/schema.js';
import type { GuidelineScope } from './urls.js';

export type RevisionRow = typeof assetRevisions.$inferSelect;
export type FileRow = typeof files.$inferSelect;
export type AssetRow = typeof assets.$inferSelect;

/** A revision with its file and the asset's current revision id. */
export async function findRevisionForProcessing(db: Db, revisionId: number) {
  const [row] = await db
    .select({ revision: assetRevisions, file: files, currentRevisionId: assets.currentRevisionId, projectId: assets.projectId })
    .from(assetRevisions)
    .innerJoin(files, eq(files.id, assetRevisions.fileId))
    .innerJoin(assets, eq(assets.id, assetRevisions.assetId))
    .where(eq(assetRevisions.id, revisionId));
  return row ?? null;
}

/** Updates a revision; false when it no longer exists (its asset was deleted meanwhile). */
export async function updateRevision(db: Db, id: number, values: Partial<typeof assetRevisions.$inferInsert>): Promise<boolean> {
  const rows = await db.update(assetRevisions).set(values).where(eq(assetRevisions.id, id)).returning({ id: assetRevisions.id });
  return rows.length > 0;
}

/** Sets the asset's status when `revisionId` is its current revision; answers that asset's id (null when not current). */
export async function setStatusIfCurrent(db: Db, revisionId: number, status: string): Promise<number | null> {
  const rows = await db
    .update(assets)
    .set({ status, modifiedAt: sql`now()` })
    .where(
      and(
        eq(assets.currentRevisionId, revisionId),
        eq(assets.id, sql`(select ${assetRevisions.assetId} from ${assetRevisions} where ${assetRevisions.id} = ${revisionId})`),
      ),
    )
    .returning({ id: assets.id });
  return rows[0]?.id ?? null;
}

/**
 * The revision behind a media URL: it must belong to the asset with this token, and the asset must be live, or in
 * the trash when the URL was signed for the trash listing (`trashed`, decision 0025).
 */
export async function findMediaRevision(db: Db, assetToken: string, revisionId: number, opts: { trashed?: boolean } = {}) {
  const [row] = await db
    .select({ revision: assetRevisions, file: files })
    .from(assetRevisions)
    .innerJoin(assets, eq(assets.id, assetRevisions.assetId))
    .innerJoin(files, eq(files.id, assetRevisions.fileId))
    .where(
      and(
        eq(assetRevisions.id, revisionId),
        eq(assets.token, assetToken),
        opts.trashed ? isNotNull(assets.deletedAt) : isNull(assets.deletedAt),
      ),
    );
  return row ?? null;
}

/** A revision of an asset by its number, or by its id when no revision has that number. */
export async function findRevisionOfAsset(db: Db, assetId: number, ref: number | null, currentRevisionId: number | null) {
  const base = db
    .select({ revision: assetRevisions, file: files })
    .from(assetRevisions)
    .innerJoin(files, eq(files.id, assetRevisions.fileId));
  if (ref === null) {
    if (currentRevisionId === null) return null;
    const [row] = await base.where(and(eq(assetRevisions.assetId, assetId), eq(assetRevisions.id, currentRevisionId)));
    return row ?? null;
  }
  const [byNumber] = await base.where(and(eq(assetRevisions.assetId, assetId), eq(assetRevisions.number, ref)));
  if (byNumber) return byNumber;
  const [byId] = await db
    .select({ revision: assetRevisions, file: files })
    .from(assetRevisions)
    .innerJoin(files, eq(files.id, assetRevisions.fileId))
    .where(and(eq(assetRevisions.assetId, assetId), eq(assetRevisions.id, ref)));
  return byId ?? null;
}

export async function findProject(db: Db, id: number) {
  const [row] = await db.select().from(projects).where(eq(projects.id, id));
  return row ?? null;
}

/** Live assets with their current revision's file (URL assets and assets without a file have `file` null). */
export async function assetsWithFiles(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  const out: { asset: AssetRow; file: FileRow | null }[] = [];
  for (let i = 0; i < ids.length; i += 1000) {
    const chunk = ids.slice(i, i + 1000);
    const rows = await db
      .select({ asset: assets, file: files })
      .from(assets)
      .leftJoin(assetRevisions, eq(assetRevisions.id, assets.currentRevisionId))
      .leftJoin(files, eq(files.id, assetRevisions.fileId))
      .where(and(inArray(assets.id, chunk), isNull(assets.deletedAt)));
    out.push(...rows);
  }
  return out;
}

/** Every live folder of a project (id, parent, name). */
export async function projectFolders(db: Db, projectId: number) {
  return db
    .select({ id: sets.id, parentId: sets.parentId, name: sets.name })
    .from(sets)
    .where(and(eq(sets.projectId, projectId), isNull(sets.deletedAt)));
}

/** Ids of the live assets directly in one folder, in the folder's order (a guideline downloads block of a folder). */
export async function folderAssetIds(db: Db, folderId: number): Promise<number[]> {
  const rows = await db
    .select({ id: assets.id })
    .from(assets)
    .where(and(eq(assets.setId, folderId), isNull(assets.deletedAt)))
    .orderBy(assets.position, assets.id);
  return rows.map((r) => r.id);
}

/** Ids of the live assets in the given folders of a project (null = the root), in folder order. */
export async function assetIdsInFolders(db: Db, projectId: number, setIds: (number | null)[]) {
  const ids = setIds.filter((s): s is number => s !== null);
  const includeRoot = setIds.includes(null);
  const rows = await db
    .select({ id: assets.id, setId: assets.setId })
    .from(assets)
    .where(
      and(
        eq(assets.projectId, projectId),
        isNull(assets.deletedAt),
        includeRoot
          ? ids.length
            ? sql`(${assets.setId} is null or ${inArray(assets.setId, ids)})`
            : sql`${assets.setId} is null`
          : ids.length
            ? inArray(assets.setId, ids)
            : sql`false`,
      ),
    )
    .orderBy(assets.setId, assets.position, assets.id);
  return rows;
}

export async function insertDownload(
  db: Db,
  values: {
    accountId: number;
    userId: number;
    tokenHash: string;
    assetIds: number[];
    entryDirs: Record<string, string>;
    name: string;
    expiresAt: Date;
  },
) {
  const [row] = await db.insert(downloads).values(values).returning();
  if (!row) throw new Error('insert into downloads returned nothing');
  return row;
}

export async function findDownload(db: Db, tokenHash: string) {
  const [row] = await db
    .select()
    .from(downloads)
    .where(and(eq(downloads.tokenHash, tokenHash), sql`${downloads.expiresAt} > now()`));
  return row ?? null;
}

/** One event per downloaded asset, in few statements. */
export async function recordDownloadEvents(
  db: Db,
  rows: { accountId: number; actorId: number | null; assetId: number; data: Record<string, unknown> }[],
) {
  for (let i = 0; i < rows.length; i += 500) {
    await db.insert(events).values(
      rows.slice(i, i + 500).map((r) => ({
        accountId: r.accountId,
        actorId: r.actorId,
        type: 'asset:download',
        subjectType: 'asset',
        subjectId: r.assetId,
        data: r.data,
      })),
    );
  }
}

/** Which assets' stored media to purge: given assets, the assets of given projects, or of a brand's projects. */
export type MediaScope = { assetIds: number[] } | { projectIds: number[] } | { brandId: number };

function assetsIn(scope: MediaScope) {
  if ('assetIds' in scope) return inArray(assets.id, scope.assetIds);
  if ('projectIds' in scope) return inArray(assets.projectId, scope.projectIds);
  return inArray(assets.projectId, sql`(select ${projects.id} from ${projects} where ${projects.brandId} = ${scope.brandId})`);
}

/** The revisions (id, preview master, file) and attachment files of the assets in a scope. */
export async function mediaOfAssets(db: Db, scope: MediaScope) {
  if ('assetIds' in scope && scope.assetIds.length === 0) return { revisions: [], attachmentFileIds: [] };
  if ('projectIds' in scope && scope.projectIds.length === 0) return { revisions: [], attachmentFileIds: [] };
  const revisions = await db
    .select({ id: assetRevisions.id, previewKey: assetRevisions.previewKey, fileId: assetRevisions.fileId })
    .from(assetRevisions)
    .innerJoin(assets, eq(assets.id, assetRevisions.assetId))
    .where(assetsIn(scope));
  const attachments = await db
    .selectDistinct({ fileId: assetAttachments.fileId })
    .from(assetAttachments)
    .innerJoin(assets, eq(assets.id, assetAttachments.assetId))
    .where(assetsIn(scope));
  return { revisions, attachmentFileIds: attachments.map((a) => a.fileId) };
}

/** Those of the preview masters that a revision still shows (copies of an asset share their masters). */
export async function previewKeysInUse(db: Db, keys: string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ key: assetRevisions.previewKey })
    .from(assetRevisions)
    .where(inArray(assetRevisions.previewKey, keys));
  return new Set(rows.map((r) => r.key).filter((k): k is string => k !== null));
}

/**
 * A fresh media token per row, made by PostgreSQL: 32 bytes from two random (v4) UUIDs, 244 random bits, written
 * base64url like `randomToken`. Volatile, so an UPDATE of many rows gives each its own.
 */
const freshToken = sql<string>`rtrim(translate(encode(decode(replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''), 'hex'), 'base64'), '+/', '-_'), '=')`;

/** Gives an asset a new media token (earlier media URLs of the asset stop working); null when it is gone. */
export async function rotateAssetToken(db: Db, assetId: number): Promise<string | null> {
  const [row] = await db.update(assets).set({ token: freshToken }).where(eq(assets.id, assetId)).returning({ token: assets.token });
  return row?.token ?? null;
}

/** New media tokens for every asset of a project, in one statement; answers how many assets it changed. */
export async function rotateProjectTokens(db: Db, projectId: number): Promise<number> {
  const rows = await db.update(assets).set({ token: freshToken }).where(eq(assets.projectId, projectId)).returning({ id: assets.id });
  return rows.length;
}

/**
 * Whether a guideline scope still shows the asset with this token to its audience (modules/media/urls.ts): for a
 * block, the block, its section, page and document are live, its stored references name the asset (itself, its
 * folder or its library), and for readers other than editors the document is published, the page not hidden and
 * the portal's visibility admits the audience; for a portal cover, the cover's key visual is the asset. The asset
 * must belong to the block's account and not be expired. One query over primary keys and the asset token.
 */
export async function scopeShowsAsset(db: Db, scope: GuidelineScope, assetToken: string): Promise<boolean> {
  const visibility = (audience: ReaderAudience) =>
    audience === 'public'
      ? sql`po.visibility = 'PUBLIC'`
      : audience === 'account'
        ? sql`po.visibility in ('PUBLIC', 'ACCOUNT')`
        : sql`true`;
  // PGlite and node-postgres both answer `{ rows }`; their result types differ.
  const run = async (query: SQL) => ((await db.execute(query)) as unknown as { rows: unknown[] }).rows;
  const asset = sql`a.token = ${assetToken} and a.deleted_at is null and (a.expires_at is null or a.expires_at > now())`;
  if ('portalId' in scope) {
    const rows = await run(sql`select 1 as ok from portals po join assets a on ${asset} and a.account_id = po.account_id
      where po.id = ${scope.portalId} and ${visibility(scope.audience)}
        and po.cover_settings ->> 'key_visual_asset_id' = a.id::text
      limit 1`);
    return rows.length > 0;
  }
  const published = scope.audience === 'draft' ? sql`true` : sql`d.published and not p.hidden and ${visibility(scope.audience)}`;
  const rows = await run(sql`select 1 as ok
    from guideline_blocks b
    join guideline_sections s on s.id = b.section_id and s.deleted_at is null
    join guideline_pages p on p.id = s.page_id and p.deleted_at is null
    join guideline_documents d on d.project_id = p.document_id and d.deleted_at is null
    join portals po on po.id = d.portal_id
    join assets a on ${asset} and a.account_id = b.account_id
    where b.id = ${scope.blockId} and b.deleted_at is null and ${published}
      and exists (select 1 from guideline_block_refs r where r.block_id = b.id and (
        (r.kind = 'asset' and r.target_id = a.id) or (r.kind = 'folder' and r.target_id = a.set_id)
        or (r.kind = 'project' and r.target_id = a.project_id)))
    limit 1`);
  return rows.length > 0;
}

/** A revision of an asset by its id (null when the asset has no such revision). */
export async function findAssetRevisionById(db: Db, assetId: number, revisionId: number) {
  const [row] = await db
    .select({ revision: assetRevisions, file: files })
    .from(assetRevisions)
    .innerJoin(files, eq(files.id, assetRevisions.fileId))
    .where(and(eq(assetRevisions.assetId, assetId), eq(assetRevisions.id, revisionId)));
  return row ?? null;
}

/** One download (a file or a ZIP) through a share link. */
export async function countShareDownload(db: Db, linkId: number): Promise<void> {
  await db
    .update(shareLinks)
    .set({ downloadCount: sql`${shareLinks.downloadCount} + 1` })
    .where(eq(shareLinks.id, linkId));
}
