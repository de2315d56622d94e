import { and, count, desc, eq } from "drizzle-orm";
import { auditLog } from "#db/schema";
import type { Db } from "../scope";

/**
 * The audit log (docs/decisions/0032): one row per operator action, with who, what, when and the state
 * before and after. Rows are only ever inserted; migration 0020's triggers refuse UPDATE and DELETE in
 * the database itself. `entry` answers the insert so an action can write it in the same batch as its change.
 */
export type Actor = { id: string; email: string };
export type AuditTarget = { action: string; targetType: string; targetId: string | number; before?: unknown; after?: unknown };

export const entry = (db: Db, actor: Actor, t: AuditTarget, now: number) =>
  db.insert(auditLog).values({
    actorId: actor.id,
    actorEmail: actor.email,
    action: t.action,
    targetType: t.targetType,
    targetId: String(t.targetId),
    before: t.before ?? null,
    after: t.after ?? null,
    createdAt: now,
  });

export const AUDIT_PAGE_SIZE = 50;

/** A page of the log, newest first, optionally one action or one target. */
export async function auditPage(db: Db, q: { page: number; action?: string; targetType?: string; targetId?: string }) {
  const where = and(
    q.action ? eq(auditLog.action, q.action) : undefined,
    q.targetType ? eq(auditLog.targetType, q.targetType) : undefined,
    q.targetId ? eq(auditLog.targetId, q.targetId) : undefined,
  );
  const [rows, total] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .where(where)
      .orderBy(desc(auditLog.id))
      .limit(AUDIT_PAGE_SIZE)
      .offset((q.page - 1) * AUDIT_PAGE_SIZE),
    db.select({ n: count() }).from(auditLog).where(where).get(),
  ]);
  return {
    items: rows.map((r) => ({ ...r, createdAt: new Date(r.createdAt).toISOString() })),
    page: q.page,
    pageSize: AUDIT_PAGE_SIZE,
    total: total?.n ?? 0,
  };
}
