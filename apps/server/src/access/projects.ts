import type { ProjectLevel } from '@emblem/core';
import type { Db } from '../db/client.js';
import { type Actor, isAdmin } from '../http/actor.js';
import { projectPolicy } from '../modules/projects/policy.js';
import { collaboratorLevel, findProject, type ProjectRow } from '../modules/projects/queries.js';
import { type Checked, seal } from './checked.js';
import { noteChecked } from './claims.js';

export type ProjectPermission = 'project.view' | 'project.comment' | 'project.edit' | 'project.admin';

/** The project level each permission needs; assets, folders and attachments take theirs from their project. */
export const LEVEL_OF = {
  view: 'VIEW',
  comment: 'COMMENT',
  edit: 'EDIT',
  admin: 'ADMIN',
} as const satisfies Record<string, ProjectLevel>;
export type Verb = keyof typeof LEVEL_OF;
export const verbOf = (permission: string) => permission.slice(permission.indexOf('.') + 1) as Verb;

export interface ProjectAccess {
  project: ProjectRow;
  level: ProjectLevel;
}
export type CheckedProject = Checked<'project', ProjectAccess>;

/** The caller's level on a project row: null when they cannot see it (another account, no collaboration). */
export async function levelOn(db: Db, actor: Actor, project: ProjectRow): Promise<ProjectLevel | null> {
  const collaborator =
    project.accountId === actor.accountId && !isAdmin(actor) ? await collaboratorLevel(db, project.id, actor.userId) : null;
  return projectPolicy.level(actor, project, collaborator);
}

/** A project the caller holds `permission` on: 404 when they cannot see it, 403 when their level is below. */
export async function requireProject(db: Db, actor: Actor, projectId: number, permission: ProjectPermission): Promise<CheckedProject> {
  noteChecked('project', projectId);
  const project = await findProject(db, projectId);
  const level = projectPolicy.assert(project ? await levelOn(db, actor, project) : null, LEVEL_OF[verbOf(permission)]);
  return seal('project', projectId, { project: project as ProjectRow, level });
}

/** The caller's level on many projects, each looked up once (null for unseen ones). */
export function projectLevels(db: Db, actor: Actor) {
  const cache = new Map<number, Promise<ProjectLevel | null>>();
  return (projectId: number): Promise<ProjectLevel | null> => {
    let hit = cache.get(projectId);
    if (!hit) {
      hit = findProject(db, projectId).then((p) => (p ? levelOn(db, actor, p) : null));
      cache.set(projectId, hit);
    }
    return hit;
  };
}
