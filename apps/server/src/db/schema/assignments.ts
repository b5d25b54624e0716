import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { accountRef, users } from './accounts.js';
import { assetRef } from './assets.js';
import { createdAt } from './columns.js';
import { projectRef } from './projects.js';

/*
 * Assignments on assets of workspace projects (decision 0048): the assignee and due date are columns of `assets`;
 * the checklist is an ordered list of items per asset; checklist presets are named lists of items per project,
 * appended to assets' checklists on demand.
 */

export const checklistItems = pgTable(
  'checklist_items',
  {
    id: serial('id').primaryKey(),
    accountId: accountRef(),
    assetId: assetRef(),
    position: integer('position').notNull(),
    content: text('content').notNull(),
    done: boolean('done').notNull().default(false),
    doneBy: integer('done_by').references(() => users.id, { onDelete: 'set null' }),
    doneAt: timestamp('done_at', { withTimezone: true }),
    assignedUserId: integer('assigned_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('checklist_items_asset_idx').on(t.assetId, t.position)],
);

/** One item of a preset as stored (`assigned_user_id` null for none). */
export interface PresetItem {
  content: string;
  assigned_user_id: number | null;
}

export const checklistPresets = pgTable(
  'checklist_presets',
  {
    id: serial('id').primaryKey(),
    projectId: projectRef(),
    name: text('name').notNull(),
    items: jsonb('items').$type<PresetItem[]>().notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('checklist_presets_project_idx').on(t.projectId)],
);
