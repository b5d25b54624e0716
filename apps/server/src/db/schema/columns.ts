import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { integer, timestamp } from 'drizzle-orm/pg-core';

/*
 * Column helpers shared by the schema files. They name no table, so every schema file may import them without
 * an import circle; the helpers for one table's references (`accountRef`, `projectRef`…) live beside that table.
 */

/** `created_at`: when the row was written. */
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** A required reference to an owning row; the row is deleted with its owner. */
export const requiredRef = <TName extends string>(name: TName, target: () => AnyPgColumn) =>
  integer(name).notNull().references(target, { onDelete: 'cascade' });
