import {
  allowedExtensions,
  type Collaborator,
  type ExtensionRules,
  type ProjectContext as ProjectContextResponse,
  type ProjectDownloadSize,
  type ProjectLevel,
  type ProjectSummary,
  type ProjectType,
} from '@emblem/core';
import { type ProjectAccess, requireAccount, requireBrand, requireMember, requireProject } from '../../access/index.js';
import type { Db } from '../../db/client.js';
import { audit, type EventOf } from '../../db/events.js';
import { type Actor, isAdmin } from '../../http/actor.js';
import { NotFoundError, ValidationError } from '../../http/errors.js';
import { enqueueMediaPurge } from '../media/public.js';
import { insertDefaultStatuses } from '../workflows/public.js';
import { projectPolicy } from './policy.js';
import * as q from './queries.js';

export type { ProjectAccess } from '../../access/index.js';
export type { ProjectRow } from './queries.js';
export const accountBlockedExtensions = q.accountBlockedExtensions;

function presentSummary(p: q.ProjectRow, level: ProjectLevel, assetCount: number): ProjectSummary {
  return {
    id: p.id,
    brand_id: p.brandId,
    name: p.name,
    description: p.description,
    project_type: p.projectType as ProjectType,
    personal: p.personal ? 1 : 0,
    asset_count: assetCount,
    created_at: p.createdAt.toISOString(),
    permissions: projectPolicy.permissions(level),
  };
}

async function presentContext(db: Db, { project: p, level }: ProjectAccess): Promise<ProjectContextResponse> {
  const accountBlocked = await q.accountBlockedExtensions(db, p.accountId);
  return {
    id: p.id,
    hub_id: p.hubId,
    brand_id: p.brandId,
    project_type: p.projectType as ProjectType,
    name: p.name,
    description: p.description,
    personal: p.personal ? 1 : 0,
    permissions: projectPolicy.permissions(level),
    project_blocked_extensions: [...new Set([...accountBlocked, ...p.blockedExtensions])],
    /** The project's own list (project settings); the account's list is on GET /api/account. */
    blocked_extensions: p.blockedExtensions,
    allowed_extensions: allowedExtensions(p.projectType),
    download_custom_sizes: p.downloadCustomSizes,
    targets_sharing_enabled: p.targetsSharingEnabled,
    begins_at: p.beginsAt?.toISOString() ?? null,
    ends_at: p.endsAt?.toISOString() ?? null,
    asset_count: await q.countAssets(db, p.id),
    created_at: p.createdAt.toISOString(),
  };
}
export type ProjectContext = Awaited<ReturnType<typeof presentContext>>;

export async function getProject(db: Db, actor: Actor, id: number) {
  return presentContext(db, await requireProject(db, actor, id, 'project.view'));
}

function dateOrNull(v: string | null | undefined): Date | null | undefined {
  if (v === undefined) return undefined;
  return v === null ? null : new Date(v);
}

function checkDates(begin: Date | null | undefined, end: Date | null | undefined) {
  if (begin && end && end < begin) throw new ValidationError({ date_end: ['Must be on or after the begin date'] });
}

export async function createProject(
  db: Db,
  actor: Actor,
  input: { name: string; brand: number; project_type: string; description?: string; date_begin?: string | null; date_end?: string | null },
) {
  const brand = await requireBrand(db, actor, input.brand, 'brand.view');
  projectPolicy.assertCreate(actor, input.project_type);
  const beginsAt = dateOrNull(input.date_begin) ?? null;
  const endsAt = dateOrNull(input.date_end) ?? null;
  checkDates(beginsAt, endsAt);
  return db.transaction(async (tx) => {
    const project = await q.insertProject(tx, {
      accountId: actor.accountId,
      brandId: brand.id,
      projectType: input.project_type,
      name: input.name,
      description: input.description ?? '',
      beginsAt,
      endsAt,
      createdBy: actor.userId,
    });
    // The creator of a workspace project administers it, even without account-wide rights.
    if (!isAdmin(actor)) await q.upsertCollaborator(tx, project.id, actor.userId, 'ADMIN');
    // A workspace starts with the default workflow statuses (decision 0045).
    if (project.projectType === 'WORKSPACE') await insertDefaultStatuses(tx, project.id);
    await audit(tx, actor, 'project:create', project.id);
    return presentContext(tx, { project, level: 'ADMIN' });
  });
}

/**
 * A guideline document is a STYLEGUIDE project, but it is renamed, published and deleted (to its trash) through
 * /api/document/{id}, which keeps its versions and the public reader's cache right.
 */
function refuseGuideline(project: q.ProjectRow): void {
  if (project.projectType === 'STYLEGUIDE')
    throw new ValidationError({ project: ['Change guideline documents with /api/document/{id}'] }, 'This project is a guideline document');
}

export async function updateProject(
  db: Db,
  actor: Actor,
  id: number,
  input: {
    name?: string;
    description?: string;
    date_begin?: string | null;
    date_end?: string | null;
    blocked_extensions?: string[];
    download_custom_sizes?: q.ProjectRow['downloadCustomSizes'];
    targets_sharing_enabled?: boolean;
  },
) {
  return db.transaction(async (tx) => {
    const access = await requireProject(tx, actor, id, 'project.admin');
    refuseGuideline(access.project);
    const beginsAt = dateOrNull(input.date_begin);
    const endsAt = dateOrNull(input.date_end);
    checkDates(beginsAt === undefined ? access.project.beginsAt : beginsAt, endsAt === undefined ? access.project.endsAt : endsAt);
    const values = {
      name: input.name,
      description: input.description,
      beginsAt,
      endsAt,
      blockedExtensions: input.blocked_extensions,
      downloadCustomSizes: input.download_custom_sizes,
      targetsSharingEnabled: input.targets_sharing_enabled,
    };
    // The event names the API's fields (as the list endpoints do), not the columns.
    const fields = (
      ['name', 'description', 'date_begin', 'date_end', 'blocked_extensions', 'download_custom_sizes', 'targets_sharing_enabled'] as const
    ).filter((k) => input[k] !== undefined);
    // A body with nothing to change (only the toolkit's language) changes nothing and records nothing.
    if (fields.length === 0) return presentContext(tx, access);
    const project = await saveProject(tx, actor, id, values, fields);
    return presentContext(tx, { project, level: access.level });
  });
}

/**
 * `updateWorkspaceProject` (data-api.md §7.3 "update workspace project name, description, beginsAt, endsAt"): the
 * REST update, for workspace projects only (a library is 400 naming `projectId`); project ADMIN.
 */
export async function updateWorkspaceProject(
  db: Db,
  actor: Actor,
  id: number,
  input: { name?: string; description?: string; date_begin?: string | null; date_end?: string | null },
) {
  const { project } = await requireProject(db, actor, id, 'project.admin');
  if (project.projectType !== 'WORKSPACE') throw new ValidationError({ projectId: ['Is not a workspace project'] });
  return updateProject(db, actor, id, input);
}

/** Writes project settings and records the `project:update` event naming `fields`, in the caller's transaction. */
export async function saveProject(tx: Db, actor: Actor, id: number, values: q.ProjectValues, fields: string[]) {
  const project = await q.updateProject(tx, id, values);
  if (!project) throw new NotFoundError();
  await audit(tx, actor, 'project:update', id, { fields });
  return project;
}

export async function deleteProject(db: Db, actor: Actor, id: number) {
  await db.transaction(async (tx) => {
    const { project } = await requireProject(tx, actor, id, 'project.admin');
    refuseGuideline(project);
    // The assets go with the project (cascade); their stored media after commit, by a persisted job.
    await enqueueMediaPurge(tx, { projectIds: [id] });
    await q.deleteProject(tx, id);
    await audit(tx, actor, 'project:delete', id, { name: project.name });
  });
}

const LIBRARY_TYPE_NAMES: Record<string, string> = {
  MEDIA_LIBRARY: 'MEDIALIBRARY',
  LOGO_LIBRARY: 'LOGOLIBRARY',
  ICON_LIBRARY: 'ICONLIBRARY',
  DOCUMENT_LIBRARY: 'DOCUMENTLIBRARY',
};

/** Projects of the account the caller can see; libraries only with include_libraries, optionally of some types. */
export async function listProjects(
  db: Db,
  actor: Actor,
  opts: { accountId?: number; brandId?: number; includeLibraries?: boolean; libraryTypes?: string[] },
) {
  if (opts.accountId !== undefined) requireAccount(actor, opts.accountId, 'account.view', () => new NotFoundError());
  if (opts.brandId !== undefined) await requireBrand(db, actor, opts.brandId, 'brand.view');
  let types: string[] | undefined;
  if (opts.includeLibraries === false) types = ['WORKSPACE'];
  else if (opts.libraryTypes?.length) types = ['WORKSPACE', ...opts.libraryTypes.map((t) => LIBRARY_TYPE_NAMES[t] ?? t)];
  const admin = isAdmin(actor);
  const rows = await q.listProjects(db, {
    accountId: actor.accountId,
    userId: actor.userId,
    brandId: opts.brandId,
    types,
    onlyCollaborating: !admin,
  });
  return rows.map((r) => presentSummary(r.project, projectPolicy.level(actor, r.project, r.level) ?? 'VIEW', r.assetCount));
}

/**
 * The projects of a brand the caller can see, with their level and without asset counts: what a search or a
 * collection of the brand reads through. 404 for a brand they cannot see.
 */
export async function visibleProjects(db: Db, actor: Actor, brandId: number) {
  await requireBrand(db, actor, brandId, 'brand.view');
  const rows = await q.listProjects(db, {
    accountId: actor.accountId,
    userId: actor.userId,
    brandId,
    onlyCollaborating: !isAdmin(actor),
    counts: false,
  });
  return rows.flatMap((r) => {
    const level = projectPolicy.level(actor, r.project, r.level);
    return level ? [{ id: r.project.id, name: r.project.name, projectType: r.project.projectType, level }] : [];
  });
}

export async function listCollaborators(db: Db, actor: Actor, projectId: number): Promise<Collaborator[]> {
  await requireProject(db, actor, projectId, 'project.view');
  const rows = await q.listCollaborators(db, projectId);
  return rows.map((r) => ({ user_id: r.userId, name: r.name, email: r.email, image: r.avatar, level: r.level as ProjectLevel }));
}

/**
 * One change of who may use a project (a user or a group as collaborator), by a project ADMIN: `write` checks
 * the grantee and writes the grant (throwing to refuse), in one transaction with the event `type` that records it.
 */
export async function changeProjectGrant(
  db: Db,
  actor: Actor,
  projectId: number,
  event: EventOf<'project:collaborator' | 'project:collaborator-remove' | 'project:group' | 'project:group-remove'>,
  write: (tx: Db, access: ProjectAccess) => Promise<void>,
): Promise<void> {
  await db.transaction(async (tx) => {
    await write(tx, await requireProject(tx, actor, projectId, 'project.admin'));
    await audit(tx, actor, event.type, projectId, event.data);
  });
}

export async function setCollaborator(db: Db, actor: Actor, projectId: number, userId: number, level: ProjectLevel) {
  await changeProjectGrant(db, actor, projectId, { type: 'project:collaborator', data: { userId, level } }, async (tx, { project }) => {
    projectPolicy.assertLevelFits(level, project);
    await requireMember(tx, actor, userId, 'user.view');
    await q.upsertCollaborator(tx, projectId, userId, level);
  });
  return { user_id: userId, level };
}

export async function removeCollaborator(db: Db, actor: Actor, projectId: number, userId: number) {
  await changeProjectGrant(db, actor, projectId, { type: 'project:collaborator-remove', data: { userId } }, async (tx) => {
    await requireMember(tx, actor, userId, 'user.view', 'Not found');
    if (!(await q.deleteCollaborator(tx, projectId, userId))) throw new NotFoundError();
  });
  return { user_id: userId };
}

export async function downloadCustomSizes(db: Db, actor: Actor, projectId: number): Promise<ProjectDownloadSize[]> {
  return (await requireProject(db, actor, projectId, 'project.view')).project.downloadCustomSizes;
}

export async function assetExtensions(db: Db, actor: Actor, projectId: number): Promise<ExtensionRules> {
  const { project } = await requireProject(db, actor, projectId, 'project.view');
  const accountBlocked = await q.accountBlockedExtensions(db, project.accountId);
  return { allowed: allowedExtensions(project.projectType), blocked: [...new Set([...accountBlocked, ...project.blockedExtensions])] };
}
