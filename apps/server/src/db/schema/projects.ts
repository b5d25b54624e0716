import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { accountRef, userRef, users } from './accounts.js';
import { brandRef } from './brands.js';
import { createdAt, requiredRef } from './columns.js';

/* Projects (libraries and workspaces) under a brand, and their collaborators. */

/** A required reference to the owning project; rows go with it. */
export const projectRef = () => requiredRef('project_id', () => projects.id);

/** Libraries (MEDIALIBRARY, LOGOLIBRARY, ICONLIBRARY, DOCUMENTLIBRARY) and WORKSPACE projects under a brand. */
export const projects = pgTable(
  'projects',
  {
    id: serial('id').primaryKey(),
    accountId: accountRef(),
    brandId: brandRef(),
    projectType: text('project_type').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    personal: boolean('personal').notNull().default(false),
    /** Whether the project's documents may be shared with targets (audiences), once targets exist. */
    targetsSharingEnabled: boolean('targets_sharing_enabled').notNull().default(false),
    hubId: integer('hub_id'),
    blockedExtensions: jsonb('blocked_extensions').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    downloadCustomSizes: jsonb('download_custom_sizes')
      .$type<{ name: string; width: number | null; height: number | null; format: string; fit?: string }[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    beginsAt: timestamp('begins_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('projects_brand_idx').on(t.brandId), index('projects_account_idx').on(t.accountId)],
);

/** Collaborators of a project with a level: VIEW, COMMENT, EDIT or ADMIN. Account admins have ADMIN everywhere. */
export const projectUsers = pgTable(
  'project_users',
  {
    projectId: projectRef(),
    userId: userRef(),
    level: text('level').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.userId] }), index('project_users_user_idx').on(t.userId)],
);
