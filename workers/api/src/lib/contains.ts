import { sql, type SQL, type SQLWrapper } from "drizzle-orm";

/**
 * `text` contains `q`, case-insensitively for Latin letters, as typed (no wildcards): `instr(lower(text), lower(q))`.
 * Not LIKE: D1 refuses a LIKE pattern past 50 bytes ("LIKE or GLOB pattern too complex"), which a search of 17
 * Korean characters (3 bytes each) already is (the FAQ search answered 503).
 */
export const contains = (text: SQLWrapper | SQL, q: string): SQL => sql`instr(lower(${text}), lower(${q})) > 0`;
