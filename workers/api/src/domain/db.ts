import type { DrizzleD1Database } from "drizzle-orm/d1";

/** The database as domain modules take it: the request's `c.var.db`, or a test's `drizzle(env.DB)`. */
export type Db = DrizzleD1Database<Record<string, unknown>>;
