import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { intArray, rowsOf } from '../../db/raw.js';
import {
  assetCustomMetadata,
  customMetadataOptions,
  customMetadataPermissions,
  customMetadataProperties,
  customMetadataPropertyProjects,
  projects,
  userGroupMembers,
  userGroups,
  users,
} from '../../db/schema.js';

/* SQL of custom metadata (decision 0040); plain rows. Values: see packages/core/src/metadata/schemas.ts (SELECT
   and MULTISELECT are stored as a sorted jsonb list of option ids). */

export type PropertyRow = typeof customMetadataProperties.$inferSelect;
export type OptionRow = typeof customMetadataOptions.$inferSelect;
export type PermissionRow = typeof customMetadataPermissions.$inferSelect & { name: string | null };

/** A property applies to a project: same brand, and the property names no library or names this one. */
const applies = (propertyId: SQL, projectId: SQL) => sql`(
  not exists (select 1 from custom_metadata_property_projects pp where pp.property_id = ${propertyId})
  or exists (select 1 from custom_metadata_property_projects pp where pp.property_id = ${propertyId} and pp.project_id = ${projectId}))`;

export async function findProperty(db: Db, id: number): Promise<PropertyRow | null> {
  const [row] = await db.select().from(customMetadataProperties).where(eq(customMetadataProperties.id, id)).limit(1);
  return row ?? null;
}

export function findProperties(db: Db, ids: readonly number[]): Promise<PropertyRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(customMetadataProperties)
    .where(inArray(customMetadataProperties.id, [...ids]));
}

/** A brand's properties in their order. */
export function propertiesOfBrand(db: Db, brandId: number): Promise<PropertyRow[]> {
  return db
    .select()
    .from(customMetadataProperties)
    .where(eq(customMetadataProperties.brandId, brandId))
    .orderBy(asc(customMetadataProperties.position), asc(customMetadataProperties.id));
}

export function optionsOf(db: Db, propertyIds: readonly number[]): Promise<OptionRow[]> {
  if (propertyIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(customMetadataOptions)
    .where(inArray(customMetadataOptions.propertyId, [...propertyIds]))
    .orderBy(asc(customMetadataOptions.propertyId), asc(customMetadataOptions.position), asc(customMetadataOptions.id));
}

export function projectsOf(db: Db, propertyIds: readonly number[]) {
  if (propertyIds.length === 0) return Promise.resolve([]);
  return db
    .select({ propertyId: customMetadataPropertyProjects.propertyId, projectId: customMetadataPropertyProjects.projectId })
    .from(customMetadataPropertyProjects)
    .where(inArray(customMetadataPropertyProjects.propertyId, [...propertyIds]))
    .orderBy(asc(customMetadataPropertyProjects.projectId));
}

/** Permission rows with the name of the user or group they name. */
export async function permissionsOf(db: Db, propertyIds: readonly number[]): Promise<PermissionRow[]> {
  if (propertyIds.length === 0) return [];
  const rows = await db
    .select({ p: customMetadataPermissions, userName: users.name, userEmail: users.email, groupName: userGroups.name })
    .from(customMetadataPermissions)
    .leftJoin(users, eq(users.id, customMetadataPermissions.userId))
    .leftJoin(userGroups, eq(userGroups.id, customMetadataPermissions.groupId))
    .where(inArray(customMetadataPermissions.propertyId, [...propertyIds]))
    .orderBy(asc(customMetadataPermissions.id));
  return rows.map((r) => ({ ...r.p, name: r.groupName ?? r.userName ?? r.userEmail ?? null }));
}

/** Live assets holding a value, per property. */
export async function valueCounts(db: Db, propertyIds: readonly number[]): Promise<Map<number, number>> {
  if (propertyIds.length === 0) return new Map();
  const rows = await rowsOf<{ property_id: number; n: number }>(
    db.execute(sql`
      select v.property_id, count(*)::int as n from asset_custom_metadata v
      join assets a on a.id = v.asset_id and a.deleted_at is null
      where v.property_id = any(${intArray(propertyIds)})
      group by v.property_id`),
  );
  return new Map(rows.map((r) => [Number(r.property_id), Number(r.n)]));
}

/** The projects of a brand that hold assets (every type but guideline documents). */
export function assetProjectsOfBrand(db: Db, brandId: number) {
  return db
    .select({ id: projects.id, accountId: projects.accountId, brandId: projects.brandId, projectType: projects.projectType })
    .from(projects)
    .where(and(eq(projects.brandId, brandId), sql`${projects.projectType} <> 'STYLEGUIDE'`))
    .orderBy(asc(projects.id));
}

export function projectsByIds(db: Db, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({ id: projects.id, accountId: projects.accountId, brandId: projects.brandId, projectType: projects.projectType })
    .from(projects)
    .where(inArray(projects.id, [...ids]));
}

/** The user groups a user belongs to. */
export async function groupIdsOf(db: Db, userId: number): Promise<Set<number>> {
  const rows = await db.select({ id: userGroupMembers.groupId }).from(userGroupMembers).where(eq(userGroupMembers.userId, userId));
  return new Set(rows.map((r) => r.id));
}

/** Which of `groupIds` are groups of the account. */
export async function groupsOfAccount(db: Db, accountId: number, groupIds: readonly number[]): Promise<number[]> {
  if (groupIds.length === 0) return [];
  const rows = await db
    .select({ id: userGroups.id })
    .from(userGroups)
    .where(and(eq(userGroups.accountId, accountId), inArray(userGroups.id, [...groupIds])));
  return rows.map((r) => r.id);
}

/** Which of `userIds` are members of the account. */
export async function membersOfAccount(db: Db, accountId: number, userIds: readonly number[]): Promise<number[]> {
  if (userIds.length === 0) return [];
  const rows = await rowsOf<{ user_id: number }>(
    db.execute(sql`select user_id from memberships where account_id = ${accountId} and user_id = any(${intArray(userIds)})`),
  );
  return rows.map((r) => Number(r.user_id));
}

export type PropertyValues = Omit<typeof customMetadataProperties.$inferInsert, 'id' | 'accountId' | 'brandId' | 'createdAt'>;

export async function insertProperty(tx: Db, values: typeof customMetadataProperties.$inferInsert): Promise<PropertyRow> {
  const [row] = await tx.insert(customMetadataProperties).values(values).returning();
  return row as PropertyRow;
}

export async function updateProperty(tx: Db, id: number, values: Partial<PropertyValues>): Promise<void> {
  await tx
    .update(customMetadataProperties)
    .set({ ...values, modifiedAt: new Date() })
    .where(eq(customMetadataProperties.id, id));
}

/** The next position at the end of the brand's order. */
export async function nextPosition(tx: Db, brandId: number): Promise<number> {
  const [row] = await rowsOf<{ p: number | null }>(
    tx.execute(sql`select max(position) as p from custom_metadata_properties where brand_id = ${brandId}`),
  );
  return row?.p === null || row?.p === undefined ? 0 : Number(row.p) + 1;
}

/** Writes the brand's order: `ids[i]` gets position i (one statement). */
export async function writeOrder(tx: Db, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await tx.execute(sql`
    update custom_metadata_properties p set position = o.idx - 1
    from unnest(${intArray(ids)}) with ordinality as o(id, idx)
    where p.id = o.id`);
}

/**
 * Replaces a property's options: those with an id are updated, others inserted, the rest deleted (and taken off
 * asset values and off dependencies on them). Answers the option rows in order.
 */
export async function replaceOptions(
  tx: Db,
  propertyId: number,
  options: readonly { id?: number; value: string; is_default: boolean }[],
): Promise<OptionRow[]> {
  const keep = options.flatMap((o) => (o.id ? [o.id] : []));
  const gone = await rowsOf<{ id: number }>(
    tx.execute(sql`
      delete from custom_metadata_property_options
      where property_id = ${propertyId} and not (id = any(${intArray(keep)}))
      returning id`),
  );
  if (gone.length > 0)
    await dropOptions(
      tx,
      propertyId,
      gone.map((g) => Number(g.id)),
    );
  const out: OptionRow[] = [];
  for (const [position, o] of options.entries()) {
    if (o.id) {
      const [row] = await tx
        .update(customMetadataOptions)
        .set({ value: o.value, isDefault: o.is_default, position })
        .where(and(eq(customMetadataOptions.id, o.id), eq(customMetadataOptions.propertyId, propertyId)))
        .returning();
      if (row) out.push(row);
    } else {
      const [row] = await tx
        .insert(customMetadataOptions)
        .values({ propertyId, value: o.value, isDefault: o.is_default, position })
        .returning();
      if (row) out.push(row);
    }
  }
  return out;
}

/** Deleted options leave asset values (a value left empty goes) and dependencies on them (one left empty goes). */
async function dropOptions(tx: Db, propertyId: number, optionIds: readonly number[]): Promise<void> {
  const ids = sql`(select jsonb_agg(to_jsonb(x)) from unnest(${intArray(optionIds)}) x)`;
  await tx.execute(sql`
    update asset_custom_metadata set value = coalesce(
      (select jsonb_agg(e order by (e)::int) from jsonb_array_elements(value) e where not (${ids} @> jsonb_build_array(e))), '[]'::jsonb)
    where property_id = ${propertyId} and exists (select 1 from jsonb_array_elements(value) e where ${ids} @> jsonb_build_array(e))`);
  await tx.execute(sql`delete from asset_custom_metadata where property_id = ${propertyId} and value = '[]'::jsonb`);
  await tx.execute(sql`
    update custom_metadata_properties set dependency_option_ids = coalesce(
      (select jsonb_agg(e) from jsonb_array_elements(dependency_option_ids) e where not (${ids} @> jsonb_build_array(e))), '[]'::jsonb)
    where dependency_property_id = ${propertyId}`);
  await tx.execute(sql`
    update custom_metadata_properties set dependency_property_id = null, dependency_option_ids = null
    where dependency_property_id = ${propertyId} and dependency_option_ids = '[]'::jsonb`);
}

/**
 * Sets the libraries a property applies to, writing only the rows that change: a trigger refreshes the search rows
 * of the assets whose library changed sides (migration 0017), so saving the same list costs nothing.
 */
export async function replaceProjects(tx: Db, propertyId: number, projectIds: readonly number[]): Promise<void> {
  await tx.execute(sql`
    delete from custom_metadata_property_projects
    where property_id = ${propertyId} and project_id <> all(${intArray(projectIds)})`);
  if (projectIds.length > 0)
    await tx
      .insert(customMetadataPropertyProjects)
      .values(projectIds.map((projectId) => ({ propertyId, projectId })))
      .onConflictDoNothing();
}

export interface PermissionInput {
  kind: 'BASIC' | 'CUSTOM';
  subjectGroup: string | null;
  userId: number | null;
  groupId: number | null;
  level: string;
}

export async function replacePermissions(tx: Db, propertyId: number, rows: readonly PermissionInput[]): Promise<void> {
  await tx.delete(customMetadataPermissions).where(eq(customMetadataPermissions.propertyId, propertyId));
  if (rows.length > 0) await tx.insert(customMetadataPermissions).values(rows.map((r) => ({ propertyId, ...r })));
}

/** Deletes a property (options, libraries, permissions and values go with it); answers the values of live assets it held. */
export async function deleteProperty(tx: Db, id: number): Promise<number> {
  const counts = await valueCounts(tx, [id]);
  await tx.delete(customMetadataProperties).where(eq(customMetadataProperties.id, id));
  return counts.get(id) ?? 0;
}

/** Sets one value on every asset named (insert or replace); answers the rows that changed. */
export async function setValues(tx: Db, assetIds: readonly number[], propertyId: number, value: unknown, userId: number): Promise<number> {
  const rows = await rowsOf<{ asset_id: number }>(
    tx.execute(sql`
      insert into asset_custom_metadata (asset_id, property_id, value, modified_by)
      select a.id, ${propertyId}, ${JSON.stringify(value)}::jsonb, ${userId} from unnest(${intArray(assetIds)}) as a(id)
      on conflict (asset_id, property_id) do update set value = excluded.value, modified_by = excluded.modified_by, modified_at = now()
      where asset_custom_metadata.value is distinct from excluded.value
      returning asset_id`),
  );
  return rows.length;
}

/** Adds option ids to a MULTISELECT value on every asset named (kept sorted, no repeats). */
export async function addOptions(tx: Db, assetIds: readonly number[], propertyId: number, optionIds: readonly number[], userId: number) {
  const rows = await rowsOf<{ asset_id: number }>(
    tx.execute(sql`
      insert into asset_custom_metadata (asset_id, property_id, value, modified_by)
      select a.id, ${propertyId}, ${JSON.stringify(optionIds)}::jsonb, ${userId} from unnest(${intArray(assetIds)}) as a(id)
      on conflict (asset_id, property_id) do update set
        value = (select jsonb_agg(e order by (e)::int) from (select distinct e from jsonb_array_elements(asset_custom_metadata.value || excluded.value) e) s),
        modified_by = excluded.modified_by, modified_at = now()
      where not (asset_custom_metadata.value @> excluded.value)
      returning asset_id`),
  );
  return rows.length;
}

/** Removes the value of a property from the assets named. */
export async function removeValues(tx: Db, assetIds: readonly number[], propertyId: number): Promise<number> {
  const rows = await tx
    .delete(assetCustomMetadata)
    .where(and(eq(assetCustomMetadata.propertyId, propertyId), inArray(assetCustomMetadata.assetId, [...assetIds])))
    .returning({ assetId: assetCustomMetadata.assetId });
  return rows.length;
}

/**
 * How many of the assets would be left without a value once `optionIds` are taken off their MULTISELECT value. Every
 * value of the property on those assets is locked first and counted as it is then (a concurrent removal of another
 * option waits, and is seen).
 */
export async function emptiedByRemoving(db: Db, assetIds: readonly number[], propertyId: number, optionIds: readonly number[]) {
  const [row] = await rowsOf<{ n: number }>(
    db.execute(sql`
      select (count(*) filter (where v.value <@ ${JSON.stringify(optionIds)}::jsonb))::int as n from (
        select value from asset_custom_metadata
        where property_id = ${propertyId} and asset_id = any(${intArray(assetIds)})
        for update) v`),
  );
  return Number(row?.n ?? 0);
}

/** Takes option ids off a MULTISELECT value on the assets named; a value left empty goes. */
export async function removeOptions(tx: Db, assetIds: readonly number[], propertyId: number, optionIds: readonly number[]) {
  const remove = JSON.stringify(optionIds);
  const updated = await rowsOf<{ asset_id: number }>(
    tx.execute(sql`
      update asset_custom_metadata set value = coalesce(
        (select jsonb_agg(e order by (e)::int) from jsonb_array_elements(value) e where not (${remove}::jsonb @> jsonb_build_array(e))), '[]'::jsonb),
        modified_at = now()
      where property_id = ${propertyId} and asset_id = any(${intArray(assetIds)})
        and exists (select 1 from jsonb_array_elements(value) e where ${remove}::jsonb @> jsonb_build_array(e))
      returning asset_id`),
  );
  await tx.execute(
    sql`delete from asset_custom_metadata where property_id = ${propertyId} and asset_id = any(${intArray(assetIds)}) and value = '[]'::jsonb`,
  );
  return updated.length;
}

/** Per property, over the assets named: how many hold a value, how many distinct values, and the value when one. */
export async function selectionOf(db: Db, assetIds: readonly number[], propertyIds: readonly number[]) {
  if (assetIds.length === 0 || propertyIds.length === 0) return [];
  const rows = await rowsOf<{ property_id: number; n: number; distinct_values: number; value: unknown }>(
    db.execute(sql`
      select property_id, count(*)::int as n, count(distinct value)::int as distinct_values,
        case when count(distinct value) = 1 then min(value::text) end as value
      from asset_custom_metadata
      where asset_id = any(${intArray(assetIds)}) and property_id = any(${intArray(propertyIds)})
      group by property_id`),
  );
  return rows.map((r) => ({
    propertyId: Number(r.property_id),
    count: Number(r.n),
    distinct: Number(r.distinct_values),
    value: typeof r.value === 'string' ? (JSON.parse(r.value) as unknown) : null,
  }));
}

/** The values of assets for properties that apply to each asset's library, with what the presenter needs. */
export async function valuesOfAssets(db: Db, assetIds: readonly number[]) {
  if (assetIds.length === 0) return [];
  const rows = await rowsOf<{ asset_id: number; property_id: number; value: unknown; is_viewable: boolean; type: string }>(
    db.execute(sql`
      select v.asset_id, v.property_id, v.value, p.is_viewable, p.type
      from asset_custom_metadata v
      join assets a on a.id = v.asset_id
      join custom_metadata_properties p on p.id = v.property_id
      where v.asset_id = any(${intArray(assetIds)}) and ${applies(sql`p.id`, sql`a.project_id`)}
      order by v.asset_id, p.position, p.id`),
  );
  return rows.map((r) => ({
    assetId: Number(r.asset_id),
    propertyId: Number(r.property_id),
    // Both drivers parse jsonb: a TEXT value arrives as the string itself.
    value: r.value,
    isViewable: Boolean(r.is_viewable),
    type: r.type,
  }));
}

/** The properties that apply to each of some projects, in order (with their dependency), as project → properties. */
export async function propertiesOfProjects(db: Db, projectIds: readonly number[]) {
  if (projectIds.length === 0) return [];
  const rows = await rowsOf<{
    project_id: number;
    id: number;
    is_required: boolean;
    dependency_property_id: number | null;
    dependency_option_ids: unknown;
  }>(
    db.execute(sql`
      select pr.id as project_id, p.id, p.is_required, p.dependency_property_id, p.dependency_option_ids
      from projects pr join custom_metadata_properties p on p.brand_id = pr.brand_id
      where pr.id = any(${intArray(projectIds)}) and ${applies(sql`p.id`, sql`pr.id`)}
      order by pr.id, p.position, p.id`),
  );
  return rows.map((r) => {
    const options = typeof r.dependency_option_ids === 'string' ? JSON.parse(r.dependency_option_ids) : r.dependency_option_ids;
    return {
      projectId: Number(r.project_id),
      id: Number(r.id),
      isRequired: Boolean(r.is_required),
      dependency:
        r.dependency_property_id === null
          ? null
          : { property_id: Number(r.dependency_property_id), property_option_ids: (options ?? []) as number[] },
    };
  });
}
