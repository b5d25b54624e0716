import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { intArray, rowsOf } from '../../db/raw.js';

/*
 * SQL of duplicate detection (decision 0042); plain rows. The facts are read from the search rows (decisions 0039 and
 * 0043), which triggers keep in step with each asset's current file: its sha256 and its image's perceptual hash,
 * under the (project_id, sha256) and (project_id, phash) indexes.
 */

/** The live assets of a library that have a current file, with its sha256 and their image's perceptual hash (hex, or null). */
const currentContent = (projectId: number) => sql`
  select s.asset_id as id, s.sha256, lpad(to_hex(s.phash), 16, '0') as perceptual_hash
  from asset_search s
  where s.project_id = ${projectId} and s.live and s.sha256 is not null`;

/** Groups of live assets of a library sharing one file content (at least two each), ids ascending. */
export async function exactGroups(db: Db, projectId: number): Promise<{ sha256: string; ids: number[] }[]> {
  const rows = await rowsOf<{ sha256: string; ids: number[] }>(
    db.execute(sql`
      select c.sha256, array_agg(c.id order by c.id) as ids
      from (${currentContent(projectId)}) c
      group by c.sha256
      having count(*) >= 2
      order by min(c.id)`),
  );
  return rows.map((r) => ({ sha256: r.sha256, ids: r.ids.map(Number) }));
}

/** The live assets of a library whose current file is `sha256`, ids ascending. */
export async function assetsWithContent(db: Db, projectId: number, sha256: string): Promise<number[]> {
  const rows = await rowsOf<{ id: number }>(
    db.execute(sql`select c.id from (${currentContent(projectId)}) c where c.sha256 = ${sha256} order by c.id`),
  );
  return rows.map((r) => Number(r.id));
}

/** The live images of a library that have a perceptual hash, with the sha256 of their file. */
export async function hashedImages(db: Db, projectId: number): Promise<{ id: number; sha256: string; phash: string }[]> {
  const rows = await rowsOf<{ id: number; sha256: string; perceptual_hash: string }>(
    db.execute(sql`select c.* from (${currentContent(projectId)}) c where c.perceptual_hash is not null order by c.id`),
  );
  return rows.map((r) => ({ id: Number(r.id), sha256: r.sha256, phash: r.perceptual_hash }));
}

/** The other live assets of the asset's library with the same current file content, ids ascending. */
export async function sameContentAs(db: Db, assetId: number, projectId: number): Promise<number[]> {
  const rows = await rowsOf<{ id: number }>(
    db.execute(sql`
      select c.id from (${currentContent(projectId)}) c
      where c.id <> ${assetId}
        and c.sha256 = (select s.sha256 from asset_search s where s.asset_id = ${assetId})
      order by c.id`),
  );
  return rows.map((r) => Number(r.id));
}

/** Gives the kept asset the MANUAL tags of the others it does not carry yet (an AUTO tag it has becomes MANUAL). */
export async function mergeManualTags(tx: Db, keepId: number, otherIds: readonly number[], userId: number): Promise<number> {
  const rows = await rowsOf<{ key: string }>(
    tx.execute(sql`
      insert into asset_tags (asset_id, value, key, source, engine, created_by)
      select distinct on (t.key) ${keepId}, t.value, t.key, 'MANUAL', null, ${userId}
      from asset_tags t
      where t.asset_id = any(${intArray(otherIds)}) and t.source = 'MANUAL'
      order by t.key, t.asset_id
      on conflict (asset_id, key) do update set source = 'MANUAL', engine = null
      where asset_tags.source = 'AUTO'
      returning key`),
  );
  return rows.length;
}

/** The properties holding a value on any of these assets. */
export async function propertiesWithValues(tx: Db, assetIds: readonly number[]): Promise<number[]> {
  const rows = await rowsOf<{ property_id: number }>(
    tx.execute(sql`select distinct property_id from asset_custom_metadata where asset_id = any(${intArray(assetIds)})`),
  );
  return rows.map((r) => r.property_id);
}

/** Gives the kept asset the custom metadata values of the others for properties it has no value of (lowest id first). */
export async function mergeMissingMetadata(
  tx: Db,
  keepId: number,
  otherIds: readonly number[],
  propertyIds: readonly number[],
  userId: number,
): Promise<number> {
  if (propertyIds.length === 0) return 0;
  const rows = await rowsOf<{ property_id: number }>(
    tx.execute(sql`
      insert into asset_custom_metadata (asset_id, property_id, value, modified_by)
      select distinct on (m.property_id) ${keepId}, m.property_id, m.value, ${userId}
      from asset_custom_metadata m
      where m.asset_id = any(${intArray(otherIds)}) and m.property_id = any(${intArray(propertyIds)})
      order by m.property_id, m.asset_id
      on conflict (asset_id, property_id) do nothing
      returning property_id`),
  );
  return rows.length;
}

/** The collections holding any of these assets. */
export async function collectionsOf(db: Db, assetIds: readonly number[]): Promise<number[]> {
  const rows = await rowsOf<{ id: number }>(
    db.execute(sql`select distinct collection_id as id from collection_assets where asset_id = any(${intArray(assetIds)}) order by 1`),
  );
  return rows.map((r) => r.id);
}

/**
 * Adds the kept asset to those of `collectionIds` that hold one of the others and not it yet, at the place of the
 * first of them.
 */
export async function mergeCollections(
  tx: Db,
  keepId: number,
  otherIds: readonly number[],
  collectionIds: readonly number[],
  userId: number,
): Promise<number> {
  if (collectionIds.length === 0) return 0;
  const rows = await rowsOf<{ collection_id: number }>(
    tx.execute(sql`
      insert into collection_assets (collection_id, asset_id, position, added_by)
      select distinct on (ca.collection_id) ca.collection_id, ${keepId}, ca.position, ${userId}
      from collection_assets ca
      where ca.asset_id = any(${intArray(otherIds)}) and ca.collection_id = any(${intArray(collectionIds)})
      order by ca.collection_id, ca.position
      on conflict (collection_id, asset_id) do nothing
      returning collection_id`),
  );
  return rows.length;
}
