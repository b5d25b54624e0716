import type { Db } from './client.js';

/**
 * A statement prepared once per database handle (the app's pool or PGlite, or a transaction) on first use: drizzle
 * builds its SQL once, and PostgreSQL parses it once per connection (a named statement). For the queries every
 * request runs (decision 0054); the statement takes its values through `sql.placeholder(name)`.
 */
export function preparedPer<T>(build: (db: Db) => T): (db: Db) => T {
  const byHandle = new WeakMap<Db, T>();
  return (db) => {
    let statement = byHandle.get(db);
    if (statement === undefined) {
      statement = build(db);
      byHandle.set(db, statement);
    }
    return statement;
  };
}
