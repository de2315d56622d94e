import type { Db } from "../domain/scope";

/**
 * A query built once per database object and run with placeholders (docs/decisions/0051):
 * drizzle builds the SQL text of a query (its builder, `sqlToQuery`, the selection's field list) on every call,
 * about a sixth of an api call's CPU; a query made with `sql.placeholder(...)` and `.prepare()` keeps its text
 * and its D1 statement, and each call only binds its values. `database()` (middleware.ts) keeps one drizzle
 * database per D1 binding, so in a worker this is once per isolate; tests with their own databases get their own.
 */
export function preparedOnce<T>(build: (db: Db) => T): (db: Db) => T {
  const made = new WeakMap<Db, T>();
  return (db) => {
    let query = made.get(db);
    if (!query) made.set(db, (query = build(db)));
    return query;
  };
}
