import { eq } from "drizzle-orm";
import { members } from "#db/schema";
import { Code } from "../../lib/codes";
import { refusal, type Refusal } from "../../lib/envelope";
import { LOGIN_TYPES } from "../../lib/labels";
import { EMAIL_PATTERN, isCommonPassword, passwordFollowsRule } from "../../lib/password-rules";
import type { Db } from "../scope";
import { dormantOf } from "./dormancy";

/** What every account flow shares: the address rule, the account of an address, the password rule. */

export type MemberRow = typeof members.$inferSelect;
export type LoginType = MemberRow["type"];

/** The address shape every /member call checks (spec: 'check the email format'). */
export const validEmail = (email: string) => EMAIL_PATTERN.test(email);

/**
 * The account registered with `email`: its id, login type and nickname; `dormant` when it was separated
 * (domain/accounts/dormancy.ts), which still holds the address: a flow that signs the member in wakes it.
 */
export async function accountOf(db: Db, email: string) {
  const row = await db
    .select({ id: members.id, type: members.type, nickname: members.nickname })
    .from(members)
    .where(eq(members.email, email))
    .get();
  if (row) return { ...row, dormant: false };
  const sleeping = await dormantOf(db, email);
  return sleeping
    ? { id: sleeping.memberId, type: sleeping.type, nickname: String(sleeping.data.nickname ?? ""), dormant: true }
    : undefined;
}

/** The member's row, or undefined once the account is gone. */
export const memberById = (db: Db, id: string) => db.select().from(members).where(eq(members.id, id)).get();

/**
 * The address belongs to an account of another login type (spec sections 5 and 8): the message names
 * that provider and `data.type` lets the client offer it.
 */
export const otherLoginType = (type: string) =>
  refusal(Code.EMAIL_SOCIAL, { params: { provider: LOGIN_TYPES[type] ?? type }, data: { type } });

/** The password rule of sign-up and recovery (8-15 characters of each kind, not a common one), or null. */
export function passwordRefusal(password: string): Refusal | null {
  if (!passwordFollowsRule(password)) return refusal(Code.PASSWORD_RULE);
  if (isCommonPassword(password)) return refusal(Code.PASSWORD_COMMON);
  return null;
}

/** Spec section 3: a new member's nickname is the part of the address before the @. */
export const nicknameOf = (email: string) => email.split("@")[0]!;
