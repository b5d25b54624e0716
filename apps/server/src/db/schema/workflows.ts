import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';
import { projectRef } from './projects.js';

/*
 * Workflow statuses of workspace projects (decision 0045). An asset's status is `assets.workflow_status_id`, tied to
 * its own project by a composite foreign key; each move of an asset between statuses is an `asset:workflow-status`
 * event (events table).
 */

/** The ordered statuses of one workspace project; at most one carries the APPROVED trigger. */
export const workflowStatuses = pgTable(
  'workflow_statuses',
  {
    id: serial('id').primaryKey(),
    projectId: projectRef(),
    name: text('name').notNull(),
    /** `#rrggbb`, lower case. */
    color: text('color').notNull(),
    position: integer('position').notNull(),
    /** null, or APPROVED. */
    trigger: text('trigger'),
    createdAt: createdAt(),
  },
  (t) => [
    index('workflow_statuses_project_idx').on(t.projectId, t.position),
    // The target of the assets' composite foreign key: an asset's status belongs to the asset's project.
    unique('workflow_statuses_id_project_key').on(t.id, t.projectId),
    uniqueIndex('workflow_statuses_one_approved_idx').on(t.projectId).where(sql`${t.trigger} = 'APPROVED'`),
  ],
);
