import { and, eq } from "drizzle-orm";
import type { Context } from "hono";
import { projects } from "../../../../db/schema";
import { PROJECT_LIMIT_SQL } from "../lib/allowance";
import type { AppEnv, Member } from "../env";

type Ctx = Context<AppEnv>;

/** The member's own project, or null (another member's id is "not found", never "forbidden"). */
export const ownProject = (c: Ctx, id: string) =>
  c.var.db.select().from(projects).where(and(eq(projects.id, id), eq(projects.memberId, c.var.member.id))).get();

/**
 * Creates a project unless the member's plan limit is reached (spec: Free plan 3 projects). The count
 * and the insert are one statement, so concurrent creates cannot pass the limit together.
 */
export async function createProject(c: Ctx, member: Member, name: string, type: "tts" | "sts", now = Date.now()) {
  const id = crypto.randomUUID();
  const inserted = await c.env.DB.prepare(
    `INSERT INTO projects (id, member_id, name, type, created_at, updated_at)
     SELECT ?1, ?2, ?3, ?4, ?5, ?5
     WHERE ${PROJECT_LIMIT_SQL} < 0 OR (SELECT COUNT(*) FROM projects WHERE member_id = ?2) < ${PROJECT_LIMIT_SQL}`,
  )
    .bind(id, member.id, name, type, now)
    .run();
  return inserted.meta.changes === 1 ? id : null;
}
