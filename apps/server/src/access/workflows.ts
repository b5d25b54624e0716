import type { Db } from '../db/client.js';
import type { Actor } from '../http/actor.js';
import { NotFoundError } from '../http/errors.js';
import { findStatus, type WorkflowStatusRow } from '../modules/workflows/queries.js';
import { type Checked, seal } from './checked.js';
import { noteChecked } from './claims.js';
import { type ProjectAccess, type ProjectPermission, requireProject } from './projects.js';

/** Workflow statuses take their permissions from their workspace project (decision 0045). */
export type CheckedWorkflowStatus = Checked<'workflow_status', ProjectAccess & { status: WorkflowStatusRow }>;

/** A status whose project the caller holds `permission` on: 404 when unseen (or unknown), 403 below the level. */
export async function requireWorkflowStatus(
  db: Db,
  actor: Actor,
  statusId: number,
  permission: ProjectPermission,
): Promise<CheckedWorkflowStatus> {
  noteChecked('workflow_status', statusId);
  const status = await findStatus(db, statusId);
  if (!status) throw new NotFoundError('No such workflow status');
  const { project, level } = await requireProject(db, actor, status.projectId, permission);
  return seal('workflow_status', statusId, { status, project, level });
}

/** Another status named alongside a checked one: it must belong to the same project (404 otherwise). */
export async function requireSiblingStatus(db: Db, of: Checked<'project' | 'workflow_status', ProjectAccess>, statusId: number) {
  noteChecked('workflow_status', statusId);
  const status = await findStatus(db, statusId);
  if (!status || status.projectId !== of.project.id) throw new NotFoundError('No such workflow status in this project');
  return seal('workflow_status', statusId, status);
}
