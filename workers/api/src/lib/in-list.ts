import { sql, type Column, type SQL } from "drizzle-orm";

/**
 * `column IN (values)` with one bound parameter whatever the count: D1 refuses a statement with more than 100 bound
 * parameters ("too many SQL variables"), and drizzle's `inArray` binds one per value. For lists a member grows
 * (their projects, a project's conversions, the voices of a paragraph save) or a job collects; the values travel
 * as one JSON array, read by SQLite's `json_each`. An empty list matches nothing.
 */
export const inList = (column: Column, values: readonly (string | number)[]): SQL =>
  sql`${column} IN (SELECT value FROM json_each(${JSON.stringify(values)}))`;
