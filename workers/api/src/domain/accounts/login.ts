import { eq } from "drizzle-orm";
import { members } from "#db/schema";
import type { Bindings } from "../../env";
import { Code } from "../../lib/codes";
import { done, refusal } from "../../lib/envelope";
import { verifyPassword } from "../../lib/password";
import { hit, release, withinLimits } from "../../lib/rate-limit";
import { issueSession } from "../../lib/tokens";
import type { Db } from "../scope";
import { dormantOf, wakeDormant } from "./dormancy";
import { otherLoginType, validEmail } from "./members";

/**
 * E-mail login (spec: {type, email, password}), limited per account and per client IP: a session,
 * or 4102 unregistered, 4103 an account of a social provider (named), 4110 a wrong password.
 * The limits count failed attempts: a login that succeeds gives its count back.
 */
export async function emailLogin(env: Bindings, db: Db, email: string, password: string, ip: string) {
  if (!validEmail(email)) return refusal(Code.EMAIL_INVALID);
  const allowed = await withinLimits(env, [
    ["loginPerAccount", email],
    ["loginPerIp", ip],
  ]);
  if (!allowed) return refusal(Code.RATE_LIMITED);
  const find = () =>
    db
      .select({ id: members.id, type: members.type, nickname: members.nickname, passwordHash: members.passwordHash })
      .from(members)
      .where(eq(members.email, email))
      .get();
  let row = await find();
  if (!row) {
    // A dormant account (domain/accounts/dormancy.ts) comes back only with its own password.
    const sleeping = await dormantOf(db, email);
    if (!sleeping) return refusal(Code.EMAIL_NOT_REGISTERED);
    if (sleeping.type !== "email") return otherLoginType(sleeping.type);
    const hash = sleeping.data.passwordHash;
    if (!hash || !(await verifyPassword(password, hash))) return refusal(Code.WRONG_PASSWORD);
    await wakeDormant(db, email);
    row = await find();
    if (!row) return refusal(Code.EMAIL_NOT_REGISTERED);
  }
  if (row.type !== "email") return otherLoginType(row.type);
  if (!row.passwordHash || !(await verifyPassword(password, row.passwordHash))) return refusal(Code.WRONG_PASSWORD);
  const session = await issueSession(env, db, { id: row.id, email });
  await Promise.all([release(env, "loginPerAccount", email), release(env, "loginPerIp", ip)]);
  return done({ ...session, type: "email" as const, email, nickname: row.nickname });
}

/** Re-checks the signed-in member's password (before termination, refund or withdrawal), limited like a login (failures count). */
export async function recheckPassword(env: Bindings, db: Db, member: { id: string; email: string }, password: string) {
  if (!(await hit(env, "loginPerAccount", member.email)).allowed) return refusal(Code.RATE_LIMITED);
  const row = await db.select({ hash: members.passwordHash }).from(members).where(eq(members.id, member.id)).get();
  if (!row) return refusal(Code.LOGIN_REQUIRED);
  if (!row.hash || !(await verifyPassword(password, row.hash))) return refusal(Code.PASSWORD_MISMATCH);
  await release(env, "loginPerAccount", member.email);
  return done({ match: true as const });
}
