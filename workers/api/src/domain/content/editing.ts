// The one way operators write public content (notices, FAQ entries, contest pages; docs/decisions/0031, 0036):
// a new row is a draft; a change keeps its publication; publishing dates it once (publishing again keeps the
// first date); unpublishing makes it a draft again. Every operation answers the row before and after, which
// is what the audit log records (domain/admin/content.ts).
import { eq } from "drizzle-orm";
import type { contests, faqEntries, notices } from "#db/schema";
import { Code } from "../../lib/codes";
import { done, refusal, type Result } from "../../lib/envelope";
import type { Db } from "../scope";

/** What an operator action answers: the row as it was (null when new) and as it is now, for the audit log. */
export type Change<T> = { before: T | null; after: T };

/** The content tables: each has id, published_at, created/updated at and by, besides its own columns. */
type ContentTable = typeof notices | typeof faqEntries | typeof contests;
type Managed = "id" | "publishedAt" | "createdAt" | "updatedAt" | "createdBy" | "updatedBy";

export type ContentEditor<Row, Input> = {
  /** A new row, as a draft (publish it to show it). */
  create(db: Db, input: Input, operatorId: string, now?: number): Promise<Result<Change<Row>>>;
  /** Changes the row's own columns; its publication stays as it is. */
  update(db: Db, id: string, input: Input, operatorId: string, now?: number): Promise<Result<Change<Row>>>;
  /** Publishes the row (dated now the first time; publishing again keeps the first date). */
  publish(db: Db, id: string, operatorId: string, now?: number): Promise<Result<Change<Row>>>;
  /** Takes the row off the site (a draft again). */
  unpublish(db: Db, id: string, operatorId: string, now?: number): Promise<Result<Change<Row>>>;
};

export function contentEditor<T extends ContentTable, Input>(spec: {
  table: T;
  /** The row's own columns from the operator's input. */
  columns: (input: Input) => Omit<T["$inferInsert"], Managed>;
  /** A code refusing input that cannot be saved (a contest's period or taken address); `id` is the row being changed. */
  check?: (db: Db, input: Input, id?: string) => Promise<Code | null>;
  /** The refusal when the insert meets a unique key (a contest's address taken meanwhile). */
  conflict?: Code;
}): ContentEditor<T["$inferSelect"], Input> {
  type Row = T["$inferSelect"];
  // The shared columns have the same names and types in every content table; drizzle cannot see that
  // through a union of tables, so queries are built on one of them.
  const table = spec.table as unknown as typeof notices;

  async function change(db: Db, id: string, set: (before: Row) => Partial<Row>): Promise<Result<Change<Row>>> {
    const before = (await db.select().from(table).where(eq(table.id, id)).get()) as Row | undefined;
    if (!before) return refusal(Code.NOT_FOUND);
    const [after] = await db
      .update(table)
      .set(set(before) as never)
      .where(eq(table.id, id))
      .returning();
    return after ? done({ before, after: after as Row }) : refusal(Code.NOT_FOUND);
  }

  return {
    async create(db, input, operatorId, now = Date.now()) {
      const refused = await spec.check?.(db, input);
      if (refused) return refusal(refused);
      const [after] = await db
        .insert(table)
        .values({
          ...spec.columns(input),
          id: crypto.randomUUID(),
          publishedAt: null,
          createdAt: now,
          updatedAt: now,
          createdBy: operatorId,
          updatedBy: operatorId,
        } as never)
        .onConflictDoNothing()
        .returning();
      return after ? done({ before: null, after: after as Row }) : refusal(spec.conflict ?? Code.BAD_REQUEST);
    },
    async update(db, id, input, operatorId, now = Date.now()) {
      const refused = await spec.check?.(db, input, id);
      if (refused) return refusal(refused);
      return change(db, id, () => ({ ...spec.columns(input), updatedAt: now, updatedBy: operatorId }) as Partial<Row>);
    },
    publish: (db, id, operatorId, now = Date.now()) =>
      change(db, id, (before) => ({ publishedAt: before.publishedAt ?? now, updatedAt: now, updatedBy: operatorId }) as Partial<Row>),
    unpublish: (db, id, operatorId, now = Date.now()) =>
      change(db, id, () => ({ publishedAt: null, updatedAt: now, updatedBy: operatorId }) as Partial<Row>),
  };
}
