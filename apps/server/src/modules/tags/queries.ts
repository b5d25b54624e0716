import { and, asc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { intArray, rowsOf, textArray } from '../../db/raw.js';
import { assets, assetTags } from '../../db/schema.js';

/* SQL of asset tags (decision 0038); plain rows. Tags that differ only in case are one tag: `key` is lower(value). */

export type AssetTagRow = typeof assetTags.$inferSelect;

/** The tags of some assets, each asset's in the order they were put on. */
export function tagsOfAssets(db: Db, assetIds: readonly number[]) {
  if (assetIds.length === 0) return Promise.resolve([]);
  return db
    .select({ assetId: assetTags.assetId, value: assetTags.value, source: assetTags.source })
    .from(assetTags)
    .where(inArray(assetTags.assetId, [...assetIds]))
    .orderBy(asc(assetTags.assetId), asc(assetTags.createdAt), asc(assetTags.key));
}

/** Live assets in the live subtrees of `setIds`, at most `limit` of them. */
export async function subtreeAssets(db: Db, setIds: readonly number[], limit: number) {
  if (setIds.length === 0) return [];
  const rows = await rowsOf<{ id: number; project_id: number }>(
    db.execute(sql`
      with recursive tree as (
        select id from sets where id = any(${intArray(setIds)}) and deleted_at is null
        union
        select s.id from sets s join tree on s.parent_id = tree.id where s.deleted_at is null
      )
      select a.id, a.project_id from assets a
      where a.set_id in (select id from tree) and a.deleted_at is null
      order by a.id
      limit ${limit}`),
  );
  return rows.map((r) => ({ id: Number(r.id), projectId: Number(r.project_id) }));
}

/**
 * Puts MANUAL tags on the assets; a tag Emblem had found (AUTO) becomes MANUAL, since a person chose it. Answers
 * how many rows were added or turned MANUAL.
 */
export async function addManualTags(tx: Db, assetIds: readonly number[], tags: readonly string[], userId: number | null): Promise<number> {
  if (assetIds.length === 0 || tags.length === 0) return 0;
  const rows = await rowsOf<{ asset_id: number }>(
    tx.execute(sql`
      insert into asset_tags (asset_id, value, key, source, engine, created_by)
      select a.id, t.value, t.key, 'MANUAL', null, ${userId}
      from unnest(${intArray(assetIds)}) as a(id)
      cross join unnest(${textArray(tags)}, ${textArray(tags.map((t) => t.toLowerCase()))}) as t(value, key)
      on conflict (asset_id, key) do update set source = 'MANUAL', engine = null
      where asset_tags.source = 'AUTO'
      returning asset_id`),
  );
  return rows.length;
}

/** Takes tags (whatever their source) off the assets; answers how many rows went. */
export async function removeTags(tx: Db, assetIds: readonly number[], tags: readonly string[]): Promise<number> {
  if (assetIds.length === 0 || tags.length === 0) return 0;
  const keys = tags.map((t) => t.toLowerCase());
  const rows = await tx
    .delete(assetTags)
    .where(and(inArray(assetTags.assetId, [...assetIds]), inArray(assetTags.key, keys)))
    .returning({ assetId: assetTags.assetId });
  return rows.length;
}

/** Replaces an asset's AUTO tags of `engines` with `found` (MANUAL tags and other engines' tags stay). */
export async function replaceAutoTags(
  tx: Db,
  assetId: number,
  engines: readonly string[],
  found: readonly { value: string; engine: string }[],
): Promise<void> {
  if (engines.length > 0)
    await tx
      .delete(assetTags)
      .where(and(eq(assetTags.assetId, assetId), eq(assetTags.source, 'AUTO'), inArray(assetTags.engine, [...engines])));
  if (found.length === 0) return;
  await tx
    .insert(assetTags)
    .values(found.map((f) => ({ assetId, value: f.value, key: f.value.toLowerCase(), source: 'AUTO', engine: f.engine })))
    .onConflictDoNothing();
}

const liveIn = (projectIds: readonly number[]): SQL => sql`a.deleted_at is null and a.project_id = any(${intArray(projectIds)})`;

/**
 * The tags of live assets of `projectIds` containing the term, with how many assets carry each and how many of
 * `selected` do. A tag is MANUAL when a person put it on any of those assets, else AUTO; `kind` picks which. Sorted:
 * tags starting with the term first, then by use, then by key; `limit` + 1 rows, to tell whether there are more.
 */
export async function searchTags(
  db: Db,
  opts: {
    projectIds: readonly number[];
    term: string;
    selected: readonly number[];
    kind: 'MANUAL' | 'AUTO';
    onlyApplied: boolean;
    limit: number;
  },
) {
  if (opts.projectIds.length === 0) return [];
  const escaped = opts.term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`);
  const match = escaped === '' ? sql`true` : sql`t.key like ${`%${escaped}%`}`;
  const onSelected = opts.selected.length > 0 ? sql`t.asset_id = any(${intArray(opts.selected)})` : sql`false`;
  const manual = sql`count(*) filter (where t.source = 'MANUAL')`;
  const rows = await rowsOf<{ key: string; value: string; engine: string | null; count: number; on_selected: number }>(
    db.execute(sql`
      select t.key, min(t.value) as value, min(t.engine) as engine, count(*)::int as count,
        count(*) filter (where ${onSelected})::int as on_selected
      from asset_tags t join assets a on a.id = t.asset_id
      where ${liveIn(opts.projectIds)} and ${match}
      group by t.key
      having ${opts.kind === 'MANUAL' ? sql`${manual} > 0` : sql`${manual} = 0`}
        and ${opts.onlyApplied ? sql`count(*) filter (where ${onSelected}) > 0` : sql`true`}
      order by (t.key like ${`${escaped}%`}) desc, count(*) desc, t.key
      limit ${opts.limit + 1}`),
  );
  return rows.map((r) => ({
    key: r.key,
    value: r.value,
    engine: r.engine,
    count: Number(r.count),
    onSelected: Number(r.on_selected),
  }));
}

/** The live assets of a project carrying the tag `key`. */
export async function assetsWithTag(db: Db, projectId: number, key: string): Promise<number[]> {
  const rows = await db
    .select({ id: assetTags.assetId })
    .from(assetTags)
    .innerJoin(assets, eq(assets.id, assetTags.assetId))
    .where(and(eq(assetTags.key, key), eq(assets.projectId, projectId), isNull(assets.deletedAt)));
  return rows.map((r) => r.id);
}

/**
 * Renames tag `fromKey` to `to` on the assets named: where the asset already has `to`, the old row goes (merged);
 * elsewhere the row takes the new spelling and becomes MANUAL (a person chose the name).
 */
export async function renameTag(tx: Db, assetIds: readonly number[], fromKey: string, to: string): Promise<void> {
  if (assetIds.length === 0) return;
  const toKey = to.toLowerCase();
  if (toKey !== fromKey) {
    await tx.execute(sql`
      delete from asset_tags t
      where t.asset_id = any(${intArray(assetIds)}) and t.key = ${fromKey}
        and exists (select 1 from asset_tags o where o.asset_id = t.asset_id and o.key = ${toKey})`);
  }
  await tx.execute(sql`
    update asset_tags set value = ${to}, key = ${toKey}, source = 'MANUAL', engine = null
    where asset_id = any(${intArray(assetIds)}) and key = ${fromKey}`);
}
