import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts.js';
import { createdAt } from './columns.js';
import { projectRef } from './projects.js';

/** Folders ("sets") nest inside a project. */
export const sets = pgTable(
  'sets',
  {
    id: serial('id').primaryKey(),
    projectId: projectRef(),
    parentId: integer('parent_id'),
    name: text('name').notNull(),
    color: text('color').notNull().default('#EEEEEE'),
    sort: integer('sort').notNull().default(0),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    /** In the library's trash since then (null = live), with its whole subtree (decision 0025). */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    deletedBy: integer('deleted_by').references(() => users.id, { onDelete: 'set null' }),
    /** The folder whose deletion took this one to the trash (itself for the folder that was deleted). */
    trashRootId: integer('trash_root_id'),
  },
  (t) => [index('sets_project_idx').on(t.projectId, t.parentId)],
);
