import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { accountRef, userRef, users } from './accounts.js';
import { createdAt } from './columns.js';
import { projectRef } from './projects.js';

/** User groups of an account (admin section "groups", behind the USER_GROUPS flag). */
export const userGroups = pgTable(
  'user_groups',
  {
    id: serial('id').primaryKey(),
    accountId: accountRef(),
    name: text('name').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('user_groups_account_name_idx').on(t.accountId, sql`lower(${t.name})`)],
);

export const userGroupMembers = pgTable(
  'user_group_members',
  {
    groupId: integer('group_id')
      .notNull()
      .references(() => userGroups.id, { onDelete: 'cascade' }),
    userId: userRef(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.userId] }), index('user_group_members_user_idx').on(t.userId)],
);

/** A group as a project collaborator: every member gets the level (the highest of direct and group levels wins). */
export const projectGroups = pgTable(
  'project_groups',
  {
    projectId: projectRef(),
    groupId: integer('group_id')
      .notNull()
      .references(() => userGroups.id, { onDelete: 'cascade' }),
    level: text('level').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.groupId] }), index('project_groups_group_idx').on(t.groupId)],
);
