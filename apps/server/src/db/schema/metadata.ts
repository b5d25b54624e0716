import { sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { boolean, doublePrecision, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { accountRef, users } from './accounts.js';
import { assets } from './assets.js';
import { brandRef } from './brands.js';
import { createdAt, requiredRef } from './columns.js';
import { userGroups } from './groups.js';
import { projectRef } from './projects.js';

/* Custom metadata (data-api.md §3 "Custom metadata property"): properties of a brand, their options, the libraries
   that use them, who may edit them, and their values on assets. */

export const customMetadataProperties = pgTable(
  'custom_metadata_properties',
  {
    id: serial('id').primaryKey(),
    accountId: accountRef(),
    brandId: brandRef(),
    name: text('name').notNull(),
    helpText: text('help_text').notNull().default(''),
    /** DATE, LONGTEXT, MULTISELECT, NUMBER, SELECT, TEXT or URL. */
    type: text('type').notNull(),
    isRequired: boolean('is_required').notNull().default(false),
    isSearchable: boolean('is_searchable').notNull().default(true),
    isViewable: boolean('is_viewable').notNull().default(true),
    /** A value of the property's type (option ids for the select types); null = none. */
    defaultValue: jsonb('default_value'),
    /** URL only: links open in a new tab. */
    shouldBeOpenedInANewTab: boolean('should_be_opened_in_a_new_tab').notNull().default(false),
    /** NUMBER only: the unit shown after the number ("px", "kg"…). */
    unit: text('unit'),
    /** Shown only when this SELECT/MULTISELECT property has one of `dependencyOptionIds`. */
    dependencyPropertyId: integer('dependency_property_id').references((): AnyPgColumn => customMetadataProperties.id, {
      onDelete: 'set null',
    }),
    dependencyOptionIds: jsonb('dependency_option_ids').$type<number[]>(),
    position: doublePrecision('position').notNull().default(0),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    modifiedAt: timestamp('modified_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('custom_metadata_properties_brand_idx').on(t.brandId, t.position, t.id)],
);

export const customMetadataPropertyRef = () => requiredRef('property_id', () => customMetadataProperties.id);

/** The options of a SELECT or MULTISELECT property. */
export const customMetadataOptions = pgTable(
  'custom_metadata_property_options',
  {
    id: serial('id').primaryKey(),
    propertyId: customMetadataPropertyRef(),
    value: text('value').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('custom_metadata_property_options_property_idx').on(t.propertyId, t.position)],
);

/** The libraries that use a property; a property with no row here applies to every library of its brand. */
export const customMetadataPropertyProjects = pgTable(
  'custom_metadata_property_projects',
  {
    propertyId: customMetadataPropertyRef(),
    projectId: projectRef(),
  },
  (t) => [primaryKey({ columns: [t.propertyId, t.projectId] }), index('custom_metadata_property_projects_project_idx').on(t.projectId)],
);

/**
 * Who may edit values of a property (EDIT) or manage it (ADMIN). BASIC rows name a subject group (ADMIN, EDITOR,
 * EVERYONE, INTERNAL); CUSTOM rows name a user or a group.
 */
export const customMetadataPermissions = pgTable(
  'custom_metadata_property_permissions',
  {
    id: serial('id').primaryKey(),
    propertyId: customMetadataPropertyRef(),
    kind: text('kind').notNull(),
    subjectGroup: text('subject_group'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    groupId: integer('group_id').references(() => userGroups.id, { onDelete: 'cascade' }),
    level: text('level').notNull(),
  },
  (t) => [index('custom_metadata_property_permissions_property_idx').on(t.propertyId)],
);

/** A property's value on an asset: a string (TEXT, LONGTEXT, URL, DATE as YYYY-MM-DD), a number, or option ids. */
export const assetCustomMetadata = pgTable(
  'asset_custom_metadata',
  {
    assetId: requiredRef('asset_id', () => assets.id),
    propertyId: customMetadataPropertyRef(),
    value: jsonb('value').notNull(),
    modifiedBy: integer('modified_by').references(() => users.id, { onDelete: 'set null' }),
    modifiedAt: timestamp('modified_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.assetId, t.propertyId] }),
    index('asset_custom_metadata_property_idx').on(t.propertyId),
    index('asset_custom_metadata_value_idx').using('gin', sql`${t.value} jsonb_path_ops`),
  ],
);
