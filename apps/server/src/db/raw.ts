import { sql } from 'drizzle-orm';

/* Helpers for the raw SQL of queries.ts files (statements drizzle's builder does not express). */

/** The rows of a raw statement (both drivers answer `{ rows }`). */
export async function rowsOf<T>(query: Promise<unknown>): Promise<T[]> {
  return ((await query) as { rows: T[] }).rows;
}

/** An int[] parameter: one bound value, however many ids (`'{1,2,3}'::int[]`). */
export const intArray = (values: readonly number[]) => sql`${`{${values.map((v) => Math.trunc(Number(v))).join(',')}}`}::int[]`;

/** A text[] of bound values. */
export const textArray = (values: readonly string[]) =>
  sql`array[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`;
