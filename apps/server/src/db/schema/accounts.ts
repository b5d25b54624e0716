import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, requiredRef } from './columns.js';

/* Accounts, their users and how users belong to them (memberships, invitations, access requests). */

/** A required reference to the owning account or user; rows go with it. */
export const accountRef = () => requiredRef('account_id', () => accounts.id);
export const userRef = () => requiredRef('user_id', () => users.id);

export const accounts = pgTable('accounts', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  plan: text('plan').notNull().default('FREE'),
  trialPlan: text('trial_plan').notNull().default('FREE'),
  trialEndsAt: timestamp('trial_ends_at', { withTimezone: true }),
  trialExtendedAt: timestamp('trial_extended_at', { withTimezone: true }),
  companySize: text('company_size'),
  blockedExtensions: jsonb('blocked_extensions').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
  personalProjectAccess: boolean('personal_project_access').notNull().default(true),
  featureFlags: jsonb('feature_flags').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
  /** Bytes the account may store; null uses the server's default (ACCOUNT_STORAGE_LIMIT_MB), 0 is unlimited. */
  storageLimitBytes: bigint('storage_limit_bytes', { mode: 'number' }),
  createdAt: createdAt(),
});

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    name: text('name'),
    email: text('email').notNull(),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    passwordHash: text('password_hash'),
    language: text('language').notNull().default('en'),
    avatar: text('avatar'),
    gravatarHash: text('gravatar_hash').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('users_email_unique').on(sql`lower(${t.email})`)],
);

export const memberships = pgTable(
  'memberships',
  {
    accountId: accountRef(),
    userId: userRef(),
    role: text('role').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.userId] }), index('memberships_user_idx').on(t.userId)],
);

export const invitations = pgTable(
  'invitations',
  {
    id: serial('id').primaryKey(),
    accountId: accountRef(),
    userId: userRef(),
    tokenHash: text('token_hash').notNull().unique(),
    invitedBy: integer('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
  },
  (t) => [index('invitations_account_idx').on(t.accountId)],
);

export const accessRequests = pgTable(
  'access_requests',
  {
    id: serial('id').primaryKey(),
    accountId: accountRef(),
    userId: userRef(),
    message: text('message').notNull().default(''),
    status: text('status').notNull().default('PENDING'),
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('access_requests_account_idx').on(t.accountId, t.status)],
);
