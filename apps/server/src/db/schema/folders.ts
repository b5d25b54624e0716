import { index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
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
  },
  (t) => [index('sets_project_idx').on(t.projectId, t.parentId)],
);
