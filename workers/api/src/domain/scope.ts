import type { DrizzleD1Database } from "drizzle-orm/d1";
import type { Context } from "hono";
import type { AppEnv, Bindings, Member } from "../env";
import { now } from "../lib/clock";
import type { Locale } from "../lib/codes";

/** The database as domain modules take it: the request's `c.var.db`, or a test's `drizzle(env.DB)`. */
export type Db = DrizzleD1Database<Record<string, unknown>>;

/** What a signed-in request gives the domain modules: the bindings, the database, the member and their language. */
export type MemberScope = { env: Bindings; db: AppEnv["Variables"]["db"]; member: Member; locale: Locale };

/** The scope of a request that passed `requireMember`. */
export const memberScope = (c: Context<AppEnv>): MemberScope => ({ env: c.env, db: c.var.db, member: c.var.member, locale: c.var.locale });

/**
 * A member's billing request: their scope and the time it acts at (lib/clock.ts `now`: the tests drive billing's dates
 * through it).
 */
export type BillingScope = MemberScope & { now: number };

export const billingScope = (c: Context<AppEnv>): BillingScope => ({ ...memberScope(c), now: now(c) });
