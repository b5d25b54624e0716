import {
  type AssetCustomMetadataValue,
  type AssetMetadataBody,
  type AssetMetadataChangeResponse,
  type CreateMetadataPropertyBody,
  type CustomMetadataPropertiesResponse,
  type CustomMetadataPropertyDeleteResponse,
  type CustomMetadataPropertyResponse,
  type CustomMetadataType,
  checkPropertyDefinition,
  dependencyCycle,
  forbiddenDependeeIds,
  isPropertyShown,
  isSelectType,
  levelAtLeast,
  type MetadataPermissionLevel,
  type MetadataPermissionsInput,
  type MetadataPropertiesQuery,
  type MetadataSelectionBody,
  type MetadataSelectionResponse,
  type MetadataValue,
  type MoveMetadataPropertyBody,
  optionIdsOf,
  type ProjectLevel,
  type SubjectGroup,
  type UpdateMetadataPropertyBody,
  validateMetadataValue,
} from '@emblem/core';
import {
  type CheckedProperty,
  metadataRights,
  optionsChecked,
  requireAssets,
  requireBrand,
  requireBrandProjects,
  requireMetadataProperty,
  requirePermissionSubjects,
  requireProject,
} from '../../access/index.js';
import type { Db } from '../../db/client.js';
import { audit } from '../../db/events.js';
import { type Actor, isAdmin } from '../../http/actor.js';
import { ForbiddenError, NotFoundError, ValidationError } from '../../http/errors.js';
import * as q from './queries.js';

/** What a property looks like to the rules: its id, type, options and dependency. */
interface PropertyShape {
  id: number;
  type: string;
  options: { id: number }[];
  dependency: { property_id: number; property_option_ids: number[] } | null;
}

const dependencyOf = (p: q.PropertyRow) =>
  p.dependencyPropertyId === null ? null : { property_id: p.dependencyPropertyId, property_option_ids: p.dependencyOptionIds ?? [] };

/** A stored value as the API sends it: a SELECT's one-element list is its option id. */
export function presentValue(type: string, stored: unknown): MetadataValue {
  if (type === 'SELECT' && Array.isArray(stored)) return stored[0] as number;
  return stored as MetadataValue;
}

/** A checked value as it is stored: option ids as a sorted list (SELECT too). */
function storedValue(type: string, value: MetadataValue): MetadataValue {
  if (type === 'SELECT') return [value as number];
  if (type === 'MULTISELECT') return [...(value as number[])].sort((a, b) => a - b);
  return value;
}

/** The responses for some properties of one brand, with the caller's rights. */
async function presentProperties(
  db: Db,
  actor: Actor,
  brandId: number,
  rows: readonly q.PropertyRow[],
  projectId: number | null,
): Promise<CustomMetadataPropertyResponse[]> {
  const ids = rows.map((r) => r.id);
  const brandProps = await q.propertiesOfBrand(db, brandId);
  const nodes = brandProps.map((p) => ({ id: p.id, dependency: dependencyOf(p) }));
  const [options, projects, permissions, counts] = await Promise.all([
    q.optionsOf(db, ids),
    q.projectsOf(db, ids),
    q.permissionsOf(db, ids),
    q.valueCounts(db, ids),
  ]);
  const rights = await metadataRights(db, actor, brandId);
  const out: CustomMetadataPropertyResponse[] = [];
  for (const p of rows) {
    const opts = options.filter((o) => o.propertyId === p.id);
    const projectIds = projects.filter((r) => r.propertyId === p.id).map((r) => r.projectId);
    const perms = permissions.filter((r) => r.propertyId === p.id);
    const r = projectId === null ? await rights.onProperty(perms, projectIds) : await rights.onProject(perms, projectId);
    const defaults = opts.filter((o) => o.isDefault).map((o) => o.id);
    const dependency = dependencyOf(p);
    out.push({
      id: p.id,
      brand_id: p.brandId,
      name: p.name,
      help_text: p.helpText,
      type: p.type as CustomMetadataType,
      is_required: p.isRequired,
      is_searchable: p.isSearchable,
      is_viewable: p.isViewable,
      default_value:
        p.type === 'SELECT'
          ? (defaults[0] ?? null)
          : p.type === 'MULTISELECT'
            ? defaults.length > 0
              ? defaults
              : null
            : ((p.defaultValue as MetadataValue | null) ?? null),
      should_be_opened_in_a_new_tab: p.shouldBeOpenedInANewTab,
      unit: p.unit,
      options: opts.map((o) => ({ id: o.id, value: o.value, is_default: o.isDefault })),
      dependency: dependency ? { ...dependency, type: 'IS_ONE_OF' } : null,
      forbidden_dependee_property_ids: forbiddenDependeeIds(nodes, p.id),
      project_ids: projectIds,
      permissions: {
        basic: perms
          .filter((x) => x.kind === 'BASIC')
          .map((x) => ({ subject: x.subjectGroup as SubjectGroup, level: x.level as MetadataPermissionLevel })),
        custom: perms
          .filter((x) => x.kind === 'CUSTOM')
          .map((x) => ({ user_id: x.userId, group_id: x.groupId, name: x.name ?? '', level: x.level as MetadataPermissionLevel })),
      },
      created_at: p.createdAt.toISOString(),
      modified_at: p.modifiedAt.toISOString(),
      asset_count: counts.get(p.id) ?? 0,
      can_admin: r.canAdmin,
      can_edit: r.canEdit,
    });
  }
  return out;
}

async function presentOne(db: Db, actor: Actor, id: number): Promise<CustomMetadataPropertyResponse> {
  const row = await q.findProperty(db, id);
  if (!row) throw new NotFoundError('No such custom metadata property');
  const [out] = await presentProperties(db, actor, row.brandId, [row], null);
  return out as CustomMetadataPropertyResponse;
}

/** GET /api/brand/{id}/custom-metadata-properties[?project_id]: the brand's properties, or those a library uses. */
export async function listProperties(
  db: Db,
  actor: Actor,
  brandId: number,
  query: MetadataPropertiesQuery,
): Promise<CustomMetadataPropertiesResponse> {
  const brand = await requireBrand(db, actor, brandId, 'brand.view');
  let rows = await q.propertiesOfBrand(db, brand.id);
  let projectId: number | null = null;
  if (query.project_id !== undefined) {
    const { project } = await requireProject(db, actor, query.project_id, 'project.view');
    if (project.brandId !== brand.id) throw new ValidationError({ project_id: ['Is not a library of this brand'] });
    projectId = project.id;
    const named = await q.projectsOf(
      db,
      rows.map((r) => r.id),
    );
    rows = rows.filter((r) => {
      const own = named.filter((n) => n.propertyId === r.id);
      return own.length === 0 || own.some((n) => n.projectId === project.id);
    });
  }
  return { properties: await presentProperties(db, actor, brand.id, rows, projectId) };
}

/** The dependency a body asks for, checked: a SELECT/MULTISELECT property of the brand, its options, no cycle. */
async function checkDependency(
  db: Db,
  actor: Actor,
  brandId: number,
  propertyId: number | null,
  dependency: { property_id: number; property_option_ids: number[] },
): Promise<void> {
  let dependee: CheckedProperty;
  try {
    dependee = await requireMetadataProperty(db, actor, dependency.property_id, 'metadata.view');
  } catch (e) {
    if (e instanceof NotFoundError) throw new ValidationError({ 'dependency.property_id': ['No such property'] });
    throw e;
  }
  if (dependee.brandId !== brandId) throw new ValidationError({ 'dependency.property_id': ['Is not a property of this brand'] });
  if (!isSelectType(dependee.type)) throw new ValidationError({ 'dependency.property_id': ['Must be a SELECT or MULTISELECT property'] });
  const own = new Set((await q.optionsOf(db, [dependee.id])).map((o) => o.id));
  const foreign = dependency.property_option_ids.filter((id) => !own.has(id));
  optionsChecked(dependency.property_option_ids);
  if (foreign.length > 0)
    throw new ValidationError({ 'dependency.property_option_ids': [`Not an option of the property depended on: ${foreign.join(', ')}`] });
  const nodes = (await q.propertiesOfBrand(db, brandId)).map((p) => ({ id: p.id, dependency: dependencyOf(p) }));
  if (dependencyCycle(nodes, propertyId, dependee.id))
    throw new ValidationError({ dependency: ['Would make a cycle: the property depended on depends on this one'] });
}

/** Permission rows of a body, with their users and groups checked. */
async function permissionRows(db: Db, actor: Actor, input: MetadataPermissionsInput): Promise<q.PermissionInput[]> {
  const userIds = input.custom.flatMap((c) => (c.user_id ? [c.user_id] : []));
  const groupIds = input.custom.flatMap((c) => (c.group_id ? [c.group_id] : []));
  await requirePermissionSubjects(db, actor, userIds, groupIds);
  const basic = new Map<string, q.PermissionInput>();
  for (const b of input.basic)
    basic.set(b.subject, { kind: 'BASIC', subjectGroup: b.subject, userId: null, groupId: null, level: b.level });
  const custom = new Map<string, q.PermissionInput>();
  for (const c of input.custom) {
    const key = c.user_id ? `u${c.user_id}` : `g${c.group_id}`;
    custom.set(key, { kind: 'CUSTOM', subjectGroup: null, userId: c.user_id ?? null, groupId: c.group_id ?? null, level: c.level });
  }
  return [...basic.values(), ...custom.values()];
}

function definitionProblems(type: string, options: readonly { value: string; is_default?: boolean }[], defaultValue: unknown) {
  const problems = checkPropertyDefinition({ type, options, default_value: defaultValue });
  const fields = Object.entries(problems);
  if (fields.length > 0) throw new ValidationError(Object.fromEntries(fields.map(([k, v]) => [k, [v]])));
}

function normalisedDefault(type: string, value: unknown): MetadataValue | null {
  if (isSelectType(type) || value === undefined) return null;
  const check = validateMetadataValue({ type }, value);
  return check.ok ? check.value : null;
}

/** POST /api/brand/{id}/custom-metadata-properties: brand admins (account admins) create a property. */
export async function createProperty(
  db: Db,
  actor: Actor,
  brandId: number,
  body: CreateMetadataPropertyBody,
): Promise<CustomMetadataPropertyResponse> {
  const brand = await requireBrand(db, actor, brandId, 'brand.edit');
  definitionProblems(body.type, body.options ?? [], body.default_value);
  if (body.dependency) await checkDependency(db, actor, brand.id, null, body.dependency);
  const projectIds = body.project_ids ? await requireBrandProjects(db, brand.id, body.project_ids) : [];
  const permissions = body.permissions ? await permissionRows(db, actor, body.permissions) : [];
  const id = await db.transaction(async (tx) => {
    const row = await q.insertProperty(tx, {
      accountId: brand.accountId,
      brandId: brand.id,
      name: body.name,
      helpText: body.help_text ?? '',
      type: body.type,
      isRequired: body.is_required ?? false,
      isSearchable: body.is_searchable ?? true,
      isViewable: body.is_viewable ?? true,
      defaultValue: normalisedDefault(body.type, body.default_value),
      shouldBeOpenedInANewTab: body.type === 'URL' ? (body.should_be_opened_in_a_new_tab ?? false) : false,
      unit: body.type === 'NUMBER' ? (body.unit ?? null) : null,
      dependencyPropertyId: body.dependency?.property_id ?? null,
      dependencyOptionIds: body.dependency?.property_option_ids ?? null,
      position: await q.nextPosition(tx, brand.id),
      createdBy: actor.userId,
    });
    if (body.options) await q.replaceOptions(tx, row.id, body.options);
    await q.replaceProjects(tx, row.id, projectIds);
    await q.replacePermissions(tx, row.id, permissions);
    await audit(tx, actor, 'metadata-property:create', brand.id, { property: row.id, name: row.name, type: row.type });
    return row.id;
  });
  return presentOne(db, actor, id);
}

/** PATCH /api/custom-metadata-property/{id}: whoever has can_admin on it. */
export async function updateProperty(
  db: Db,
  actor: Actor,
  id: number,
  body: UpdateMetadataPropertyBody,
): Promise<CustomMetadataPropertyResponse> {
  const property = await requireMetadataProperty(db, actor, id, 'metadata.admin');
  const existing = await q.optionsOf(db, [id]);
  if (body.options) {
    const own = new Set(existing.map((o) => o.id));
    const ids = body.options.flatMap((o) => (o.id ? [o.id] : []));
    optionsChecked(ids);
    body.options.forEach((o, i) => {
      if (o.id && !own.has(o.id)) throw new ValidationError({ [`options.${i}.id`]: ['Not an option of this property'] });
    });
    if (new Set(ids).size !== ids.length) throw new ValidationError({ options: ['An option is named twice'] });
  }
  const options = body.options ?? existing.map((o) => ({ value: o.value, is_default: o.isDefault }));
  definitionProblems(property.type, options, body.default_value);
  if (body.dependency) await checkDependency(db, actor, property.brandId, id, body.dependency);
  const projectIds = body.project_ids ? await requireBrandProjects(db, property.brandId, body.project_ids) : undefined;
  const permissions = body.permissions ? await permissionRows(db, actor, body.permissions) : undefined;
  if (permissions && !isAdmin(actor)) {
    // Whoever changes the rows must keep can_admin: a property admin cannot lock themselves out by mistake.
    const after = await (await metadataRights(db, actor, property.brandId)).onProperty(
      permissions.map((p) => ({ ...p, id: 0, propertyId: id, name: null })),
      projectIds ?? (await q.projectsOf(db, [id])).map((r) => r.projectId),
    );
    if (!after.canAdmin) throw new ValidationError({ permissions: ['You would lose the right to manage this property'] });
  }
  const fields = Object.keys(body).filter((k) => (body as Record<string, unknown>)[k] !== undefined);
  await db.transaction(async (tx) => {
    await q.updateProperty(tx, id, {
      ...(body.name !== undefined ? { name: body.name } : {}),
      ...(body.help_text !== undefined ? { helpText: body.help_text } : {}),
      ...(body.is_required !== undefined ? { isRequired: body.is_required } : {}),
      ...(body.is_searchable !== undefined ? { isSearchable: body.is_searchable } : {}),
      ...(body.is_viewable !== undefined ? { isViewable: body.is_viewable } : {}),
      ...(body.default_value !== undefined ? { defaultValue: normalisedDefault(property.type, body.default_value) } : {}),
      ...(body.should_be_opened_in_a_new_tab !== undefined && property.type === 'URL'
        ? { shouldBeOpenedInANewTab: body.should_be_opened_in_a_new_tab }
        : {}),
      ...(body.unit !== undefined && property.type === 'NUMBER' ? { unit: body.unit } : {}),
      ...(body.dependency !== undefined
        ? { dependencyPropertyId: body.dependency?.property_id ?? null, dependencyOptionIds: body.dependency?.property_option_ids ?? null }
        : {}),
    });
    if (body.options) await q.replaceOptions(tx, id, body.options);
    if (projectIds) await q.replaceProjects(tx, id, projectIds);
    if (permissions) await q.replacePermissions(tx, id, permissions);
    await audit(tx, actor, 'metadata-property:update', property.brandId, { property: id, fields });
  });
  return presentOne(db, actor, id);
}

/** DELETE /api/custom-metadata-property/{id}: answers how many asset values went with it. */
export async function deleteProperty(db: Db, actor: Actor, id: number): Promise<CustomMetadataPropertyDeleteResponse> {
  const property = await requireMetadataProperty(db, actor, id, 'metadata.admin');
  const removed = await db.transaction(async (tx) => {
    const n = await q.deleteProperty(tx, id);
    await audit(tx, actor, 'metadata-property:delete', property.brandId, { property: id, name: property.name, values: n });
    return n;
  });
  return { success: true, removed_value_count: removed };
}

/** POST /api/custom-metadata-property/{id}/move: the property takes index `position` in the brand's order. */
export async function moveProperty(
  db: Db,
  actor: Actor,
  id: number,
  body: MoveMetadataPropertyBody,
): Promise<CustomMetadataPropertiesResponse> {
  const property = await requireMetadataProperty(db, actor, id, 'metadata.admin');
  await db.transaction(async (tx) => {
    const ids = (await q.propertiesOfBrand(tx, property.brandId)).map((p) => p.id).filter((x) => x !== id);
    const index = Math.min(body.position, ids.length);
    ids.splice(index, 0, id);
    await q.writeOrder(tx, ids);
    await audit(tx, actor, 'metadata-property:move', property.brandId, { property: id, position: index });
  });
  return listProperties(db, actor, property.brandId, {});
}

interface ValueChange {
  property: q.PropertyRow;
  kind: 'set' | 'add' | 'remove' | 'removeOptions';
  value: MetadataValue | null;
  /** Refused if it would leave a required value empty on any asset (checked in the transaction). */
  refusal?: ValidationError;
}

/**
 * POST /api/asset/custom-metadata: one transaction for all assets and properties, all or nothing. Each asset needs
 * `asset.edit`; each property must apply to each asset's library and the caller needs can_edit on it there.
 */
export async function changeAssetValues(db: Db, actor: Actor, body: AssetMetadataBody): Promise<AssetMetadataChangeResponse> {
  const assets = await requireAssets(db, actor, body.asset_ids, 'asset.edit');
  const byProject = new Map<number, number[]>();
  for (const a of assets) byProject.set(a.projectId, [...(byProject.get(a.projectId) ?? []), a.id]);
  const projectIds = [...byProject.keys()];
  const applying = await q.propertiesOfProjects(db, projectIds);
  const changes: ValueChange[] = [];
  for (const [i, item] of body.values.entries()) {
    const property = await requireMetadataProperty(db, actor, item.property_id, 'metadata.view');
    const rights = await metadataRights(db, actor, property.brandId);
    for (const projectId of projectIds) {
      if (!applying.some((a) => a.projectId === projectId && a.id === property.id)) {
        const asset = byProject.get(projectId)?.[0];
        throw new ValidationError({ [`values.${i}.property_id`]: [`Is not used by the library of asset ${asset}`] });
      }
      const r = await rights.onProject(property.permissions, projectId);
      if (!r.canEdit) throw new ForbiddenError(`You may not edit the values of "${property.name}"`);
    }
    const options = isSelectType(property.type) ? await q.optionsOf(db, [property.id]) : [];
    const check = validateMetadataValue({ type: property.type, options }, item.value);
    if (!check.ok) throw new ValidationError({ [`values.${i}.value`]: [check.error] });
    const required = () =>
      new ValidationError({ [`values.${i}.property_id`]: [`"${property.name}" is required: its value cannot be removed`] });
    if (body.action === 'remove') {
      if (property.type === 'MULTISELECT' && check.value !== null) {
        const ids = optionIdsOf(check.value);
        changes.push({ property, kind: 'removeOptions', value: ids, ...(property.isRequired ? { refusal: required() } : {}) });
      } else {
        if (property.isRequired) throw required();
        changes.push({ property, kind: 'remove', value: null });
      }
    } else if (check.value === null) {
      if (property.isRequired) throw new ValidationError({ [`values.${i}.value`]: [`"${property.name}" is required`] });
      if (body.action === 'set') changes.push({ property, kind: 'remove', value: null });
    } else {
      const kind = body.action === 'add' && property.type === 'MULTISELECT' ? 'add' : 'set';
      changes.push({ property, kind, value: storedValue(property.type, check.value) });
    }
  }
  const changed = await db.transaction(async (tx) => {
    // Whether a removal empties a required value, on the values as they are now (locked until the commit).
    for (const c of changes)
      if (c.refusal && (await q.emptiedByRemoving(tx, body.asset_ids, c.property.id, c.value as number[])) > 0) throw c.refusal;
    let total = 0;
    for (const [projectId, ids] of byProject) {
      let n = 0;
      for (const c of changes) {
        if (c.kind === 'set') n += await q.setValues(tx, ids, c.property.id, c.value, actor.userId);
        else if (c.kind === 'add') n += await q.addOptions(tx, ids, c.property.id, c.value as number[], actor.userId);
        else if (c.kind === 'removeOptions') n += await q.removeOptions(tx, ids, c.property.id, c.value as number[]);
        else n += await q.removeValues(tx, ids, c.property.id);
      }
      total += n;
      await audit(tx, actor, 'metadata-values:change', projectId, {
        action: body.action,
        properties: changes.map((c) => c.property.id),
        assets: ids.length,
        changed: n,
      });
    }
    return total;
  });
  return { success: true, asset_count: assets.length, changed };
}

/**
 * POST /api/asset/custom-metadata/selection: for each property that applies to the library of every asset named,
 * NONE (no asset holds a value), SAME (all hold the same) or MIXED, with how many hold one.
 */
export async function metadataSelection(db: Db, actor: Actor, body: MetadataSelectionBody): Promise<MetadataSelectionResponse> {
  // It serves the bulk editor, and shows values of properties that are not viewable: editors only (decision 0040).
  const assets = await requireAssets(db, actor, body.asset_ids, 'asset.edit');
  const projectIds = [...new Set(assets.map((a) => a.projectId))];
  const applying = await q.propertiesOfProjects(db, projectIds);
  const common = [...new Set(applying.map((a) => a.id))].filter((id) =>
    projectIds.every((p) => applying.some((a) => a.projectId === p && a.id === id)),
  );
  const properties = new Map((await q.findProperties(db, common)).map((p) => [p.id, p]));
  const agg = new Map(
    (
      await q.selectionOf(
        db,
        assets.map((a) => a.id),
        common,
      )
    ).map((r) => [r.propertyId, r]),
  );
  const ordered = applying.filter((a) => a.projectId === projectIds[0] && common.includes(a.id));
  return {
    asset_count: assets.length,
    properties: ordered.map(({ id }) => {
      const a = agg.get(id);
      const type = (properties.get(id)?.type ?? 'TEXT') as CustomMetadataType;
      if (!a || a.count === 0) return { property_id: id, type, state: 'NONE', value: null, count: 0 };
      const same = a.count === assets.length && a.distinct === 1;
      return { property_id: id, type, state: same ? 'SAME' : 'MIXED', value: same ? presentValue(type, a.value) : null, count: a.count };
    }),
  };
}

/**
 * The asset payload's `custom_metadata` for assets shown at a level: values of properties that apply to the asset's
 * library; properties that are not viewable only for those who edit the library (EDIT or more).
 */
export async function customMetadataOf(
  db: Db,
  assets: readonly { id: number; level: ProjectLevel }[],
): Promise<Map<number, AssetCustomMetadataValue[]>> {
  const levels = new Map(assets.map((a) => [a.id, a.level]));
  const out = new Map<number, AssetCustomMetadataValue[]>();
  for (const row of await q.valuesOfAssets(db, [...levels.keys()])) {
    if (!row.isViewable && !levelAtLeast(levels.get(row.assetId), 'EDIT')) continue;
    const list = out.get(row.assetId) ?? [];
    list.push({ property_id: row.propertyId, type: row.type as CustomMetadataType, value: presentValue(row.type, row.value) });
    out.set(row.assetId, list);
  }
  return out;
}

/**
 * For the asset list flag: per asset, the required properties that apply to its library and are shown (given
 * dependencies on the asset's values) but hold no value.
 */
export async function requiredWithoutValue(db: Db, assets: readonly { id: number; projectId: number }[]): Promise<Map<number, number[]>> {
  const applying = await q.propertiesOfProjects(db, [...new Set(assets.map((a) => a.projectId))]);
  const values = new Map<number, Map<number, MetadataValue | null>>();
  for (const row of await q.valuesOfAssets(
    db,
    assets.map((a) => a.id),
  )) {
    const m = values.get(row.assetId) ?? new Map<number, MetadataValue | null>();
    m.set(row.propertyId, presentValue(row.type, row.value));
    values.set(row.assetId, m);
  }
  const out = new Map<number, number[]>();
  for (const asset of assets) {
    const props: PropertyShape[] = applying
      .filter((a) => a.projectId === asset.projectId)
      .map((a) => ({ id: a.id, type: '', options: [], dependency: a.dependency }));
    const own = values.get(asset.id) ?? new Map<number, MetadataValue | null>();
    out.set(
      asset.id,
      applying
        .filter((a) => a.projectId === asset.projectId && a.isRequired && !own.has(a.id))
        .filter((a) => isPropertyShown({ id: a.id, dependency: a.dependency }, own, props))
        .map((a) => a.id),
    );
  }
  return out;
}

/**
 * The properties among `propertyIds` whose values the caller may set on assets of this library (can_edit), for
 * operations of other modules that write values (a duplicates merge).
 */
export async function editableProperties(
  db: Db,
  actor: Actor,
  library: { brandId: number; id: number },
  propertyIds: readonly number[],
): Promise<number[]> {
  if (propertyIds.length === 0) return [];
  const rights = await metadataRights(db, actor, library.brandId);
  const permissions = await q.permissionsOf(db, propertyIds);
  const editable: number[] = [];
  for (const id of propertyIds) {
    const r = await rights.onProject(
      permissions.filter((p) => p.propertyId === id),
      library.id,
    );
    if (r.canEdit) editable.push(id);
  }
  return editable;
}
