import { and, eq, gt } from "drizzle-orm";
import type { DrizzleD1Database } from "drizzle-orm/d1";
import { withdrawnEmails } from "../../../../db/schema";
import type { AppEnv } from "../env";
import { hmacSha256Hex } from "./crypto";

/** Spec section 9: an address can register again 30 days after its withdrawal. */
export const REJOIN_WAIT_MS = 30 * 24 * 60 * 60 * 1000;

type Db = DrizzleD1Database<Record<string, unknown>>;

/** The keyed hash a withdrawn address is kept as (never the address itself). */
export const withdrawnEmailHash = (env: AppEnv["Bindings"], email: string) =>
  hmacSha256Hex(env.EMAIL_HASH_KEY, email.trim().toLowerCase());

/** Remembers that `email` withdrew now (a later withdrawal of a re-registered address restarts the wait). */
export async function rememberWithdrawal(env: AppEnv["Bindings"], db: Db, email: string, now = Date.now()) {
  const emailHash = await withdrawnEmailHash(env, email);
  await db
    .insert(withdrawnEmails)
    .values({ emailHash, withdrawnAt: now })
    .onConflictDoUpdate({ target: withdrawnEmails.emailHash, set: { withdrawnAt: now } });
}

/** True when `email` withdrew less than 30 days ago, so it cannot register yet. */
export async function withdrewRecently(env: AppEnv["Bindings"], db: Db, email: string, now = Date.now()) {
  const emailHash = await withdrawnEmailHash(env, email);
  const row = await db
    .select({ at: withdrawnEmails.withdrawnAt })
    .from(withdrawnEmails)
    .where(and(eq(withdrawnEmails.emailHash, emailHash), gt(withdrawnEmails.withdrawnAt, now - REJOIN_WAIT_MS)))
    .get();
  return !!row;
}
