import { and, asc, count, eq, inArray, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { assetRevisions, assets, collectionAssets, files, sets } from '../../db/schema.js';

/* SQL of what share-link visitors see; plain rows. Access decisions are in access/share-visitors.ts. */

export type VisitorAssetRow = {
  asset: typeof assets.$inferSelect;
  revision: typeof assetRevisions.$inferSelect | null;
  file: typeof files.$inferSelect | null;
};

/** What a link's visitors may see, as the access layer worked it out for this request. */
export type SharedScope =
  | { kind: 'asset'; accountId: number; projectId: number; assetIds: number[] }
  | { kind: 'folder'; accountId: number; projectId: number; folderIds: number[] }
  | { kind: 'collection'; accountId: number; collectionId: number; projectIds: number[] };

/** The live folders of a subtree, root first (the root only when live), with parent and name. */
export async function liveSubtree(db: Db, rootId: number): Promise<{ id: number; parentId: number | null; name: string }[]> {
  const rows = (
    (await db.execute(sql`with recursive t(id, parent_id, name, depth) as (
        select id, parent_id, name, 0 from sets where id = ${rootId} and deleted_at is null
        union all
        select s.id, s.parent_id, s.name, t.depth + 1 from sets s join t on s.parent_id = t.id
          where s.deleted_at is null and t.depth < 100)
      select id, parent_id, name from t order by depth, id`)) as unknown as {
      rows: { id: number; parent_id: number | null; name: string }[];
    }
  ).rows;
  return rows.map((r) => ({ id: Number(r.id), parentId: r.parent_id === null ? null : Number(r.parent_id), name: r.name }));
}

/** Live sub-folders of a folder, by name. */
export function childFolders(db: Db, folderId: number) {
  return db
    .select({ id: sets.id, name: sets.name })
    .from(sets)
    .where(and(eq(sets.parentId, folderId), isNull(sets.deletedAt)))
    .orderBy(asc(sql`lower(${sets.name})`), asc(sets.id));
}

/** Distinct projects of the live assets of a collection. */
export async function collectionAssetProjects(db: Db, collectionId: number): Promise<number[]> {
  const rows = await db
    .selectDistinct({ projectId: assets.projectId })
    .from(collectionAssets)
    .innerJoin(assets, eq(assets.id, collectionAssets.assetId))
    .where(and(eq(collectionAssets.collectionId, collectionId), isNull(assets.deletedAt)));
  return rows.map((r) => r.projectId);
}

/**
 * The assets a scope shows: live, not expired, not waiting as a submission, files only (no link assets), of the
 * link's account, and in the link's target. `folderId` narrows a folder link to one of its folders.
 */
function scopeWhere(scope: SharedScope, opts: { folderId?: number; assetId?: number }): SQL | undefined {
  const base = [
    eq(assets.accountId, scope.accountId),
    isNull(assets.deletedAt),
    sql`(${assets.expiresAt} is null or ${assets.expiresAt} > now())`,
    or(isNull(assets.submissionStatus), ne(assets.submissionStatus, 'SUBMITTED')),
    ne(assets.objectType, 'URL'),
    opts.assetId === undefined ? undefined : eq(assets.id, opts.assetId),
  ];
  if (scope.kind === 'asset') {
    if (scope.assetIds.length === 0) return sql`false`;
    return and(...base, eq(assets.projectId, scope.projectId), inArray(assets.id, scope.assetIds));
  }
  if (scope.kind === 'folder') {
    const ids = opts.folderId !== undefined ? scope.folderIds.filter((f) => f === opts.folderId) : scope.folderIds;
    if (ids.length === 0) return sql`false`;
    return and(...base, eq(assets.projectId, scope.projectId), inArray(assets.setId, ids));
  }
  if (scope.projectIds.length === 0) return sql`false`;
  return and(
    ...base,
    inArray(assets.projectId, scope.projectIds),
    sql`exists (select 1 from ${collectionAssets} where ${collectionAssets.collectionId} = ${scope.collectionId} and ${collectionAssets.assetId} = ${assets.id})`,
  );
}

function orderOf(scope: SharedScope): SQL[] {
  if (scope.kind === 'asset')
    return [sql`array_position(${sql.raw(`array[${scope.assetIds.map(Number).join(',')}]::int[]`)}, ${assets.id})`];
  if (scope.kind === 'folder') return [sql`${assets.setId}`, sql`${assets.position}`, sql`${assets.id}`];
  return [
    sql`(select ${collectionAssets.position} from ${collectionAssets} where ${collectionAssets.collectionId} = ${scope.collectionId} and ${collectionAssets.assetId} = ${assets.id})`,
    sql`${assets.id}`,
  ];
}

/** One page of a scope's assets with their current revision and file, and how many there are. */
export async function sharedAssets(
  db: Db,
  scope: SharedScope,
  opts: { folderId?: number; assetId?: number; limit?: number; offset?: number },
): Promise<{ rows: VisitorAssetRow[]; total: number }> {
  const where = scopeWhere(scope, opts);
  let query = db
    .select({ asset: assets, revision: assetRevisions, file: files })
    .from(assets)
    .leftJoin(assetRevisions, eq(assetRevisions.id, assets.currentRevisionId))
    .leftJoin(files, eq(files.id, assetRevisions.fileId))
    .where(where)
    .orderBy(...orderOf(scope))
    .$dynamic();
  if (opts.limit !== undefined) query = query.limit(opts.limit).offset(opts.offset ?? 0);
  const rows = await query;
  if (opts.limit === undefined) return { rows, total: rows.length };
  const [counted] = await db.select({ n: count() }).from(assets).where(where);
  return { rows, total: Number(counted?.n ?? 0) };
}

/** Whether the asset with this media token is one the scope shows. */
export async function scopeHasAssetToken(db: Db, scope: SharedScope, assetToken: string): Promise<boolean> {
  const [row] = await db
    .select({ id: assets.id })
    .from(assets)
    .where(and(scopeWhere(scope, {}), eq(assets.token, assetToken)))
    .limit(1);
  return Boolean(row);
}
