import { and, eq, isNull } from "drizzle-orm";
import { members } from "#db/schema";
import { DEV_OPERATOR_EMAIL } from "#db/seed-operator";
import type { Bindings } from "../../env";
import type { Db } from "../scope";

/**
 * Who is an operator (docs/decisions/0032): a member whose row says `role = 'operator'`, set only by the
 * `npm run operator` command (scripts/operator.ts) or the development seed, never by an API. In production
 * the development seed's address is never an operator, whatever its row says.
 */
export async function isOperator(env: Bindings, db: Db, memberId: string) {
  const row = await db
    .select({ email: members.email })
    .from(members)
    .where(and(eq(members.id, memberId), eq(members.role, "operator"), isNull(members.dormantAt)))
    .get();
  if (!row) return null;
  if (env.APP_ENV === "production" && row.email === DEV_OPERATOR_EMAIL) return null;
  return row;
}
