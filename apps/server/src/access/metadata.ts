import type { ProjectLevel } from '@emblem/core';
import type { Db } from '../db/client.js';
import { type Actor, isAdmin } from '../http/actor.js';
import { ForbiddenError, NotFoundError, ValidationError } from '../http/errors.js';
import { bestLevel, type PropertyRights, propertyRights } from '../modules/metadata/policy.js';
import {
  assetProjectsOfBrand,
  findProperty,
  groupIdsOf,
  groupsOfAccount,
  membersOfAccount,
  type PermissionRow,
  type PropertyRow,
  permissionsOf,
  projectsOf,
} from '../modules/metadata/queries.js';
import { type Checked, seal } from './checked.js';
import { noteChecked } from './claims.js';
import { projectLevels } from './projects.js';

/**
 * Custom metadata properties belong to a brand, whose readers are the account's members (brands policy): another
 * account's property does not exist (404). `metadata.admin` needs can_admin on the property (modules/metadata/policy.ts).
 */
export type MetadataPermission = 'metadata.view' | 'metadata.admin';
export type CheckedProperty = Checked<'custom_metadata_property', PropertyRow & { rights: PropertyRights; permissions: PermissionRow[] }>;

/**
 * The caller's rights on properties of one brand: per property, against a given library or (without one) the best
 * of the caller's levels on the libraries the property applies to.
 */
export async function metadataRights(db: Db, actor: Actor, brandId: number) {
  const admin = isAdmin(actor);
  const groupIds = admin ? new Set<number>() : await groupIdsOf(db, actor.userId);
  const levelOf = projectLevels(db, actor);
  let brandLevels: Map<number, ProjectLevel | null> | null = null;
  const levelsOfBrand = async () => {
    if (!brandLevels) {
      brandLevels = new Map();
      for (const p of await assetProjectsOfBrand(db, brandId)) brandLevels.set(p.id, await levelOf(p.id));
    }
    return brandLevels;
  };
  return {
    /** Rights against one library. */
    async onProject(permissions: readonly PermissionRow[], projectId: number): Promise<PropertyRights> {
      return propertyRights(permissions, { isAdmin: admin, userId: actor.userId, groupIds, level: await levelOf(projectId) });
    },
    /** Rights against the libraries the property applies to ([] = all of the brand's). */
    async onProperty(permissions: readonly PermissionRow[], projectIds: readonly number[]): Promise<PropertyRights> {
      if (admin) return { canEdit: true, canAdmin: true };
      const levels = await levelsOfBrand();
      let level: ProjectLevel | null = null;
      for (const [id, l] of levels) if (projectIds.length === 0 || projectIds.includes(id)) level = bestLevel(level, l);
      return propertyRights(permissions, { isAdmin: admin, userId: actor.userId, groupIds, level });
    },
  };
}

export async function requireMetadataProperty(db: Db, actor: Actor, id: number, permission: MetadataPermission): Promise<CheckedProperty> {
  noteChecked('custom_metadata_property', id);
  const property = await findProperty(db, id);
  if (!property || property.accountId !== actor.accountId) throw new NotFoundError('No such custom metadata property');
  const permissions = await permissionsOf(db, [id]);
  const projectIds = (await projectsOf(db, [id])).map((r) => r.projectId);
  const rights = await (await metadataRights(db, actor, property.brandId)).onProperty(permissions, projectIds);
  if (permission === 'metadata.admin' && !rights.canAdmin) throw new ForbiddenError('You may not manage this custom metadata property');
  return seal('custom_metadata_property', id, { ...property, rights, permissions });
}

/** Option ids a request named, once the operation verified each belongs to a property already checked. */
export function optionsChecked(ids: Iterable<number>): void {
  for (const id of ids) noteChecked('custom_metadata_option', id);
}

/** Libraries a property names: each a project of the brand that holds assets; anything else is refused (400). */
export async function requireBrandProjects(db: Db, brandId: number, ids: readonly number[], field = 'project_ids'): Promise<number[]> {
  for (const id of ids) noteChecked('project', id);
  const ofBrand = new Set((await assetProjectsOfBrand(db, brandId)).map((p) => p.id));
  const foreign = ids.filter((id) => !ofBrand.has(id));
  if (foreign.length > 0) throw new ValidationError({ [field]: [`Not a library of this brand: ${foreign.join(', ')}`] });
  return [...ids];
}

/** Users and groups that permission rows name: members and groups of the caller's account, else refused (400). */
export async function requirePermissionSubjects(
  db: Db,
  actor: Actor,
  userIds: readonly number[],
  groupIds: readonly number[],
): Promise<void> {
  for (const id of userIds) noteChecked('user', id);
  for (const id of groupIds) noteChecked('group', id);
  const members = new Set(await membersOfAccount(db, actor.accountId, userIds));
  const groups = new Set(await groupsOfAccount(db, actor.accountId, groupIds));
  const badUsers = userIds.filter((id) => !members.has(id));
  const badGroups = groupIds.filter((id) => !groups.has(id));
  if (badUsers.length > 0) throw new ValidationError({ 'permissions.custom': [`No such user in this account: ${badUsers.join(', ')}`] });
  if (badGroups.length > 0) throw new ValidationError({ 'permissions.custom': [`No such group in this account: ${badGroups.join(', ')}`] });
}
