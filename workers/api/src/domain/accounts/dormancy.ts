import { and, eq, isNotNull, isNull, lte, sql } from "drizzle-orm";
import { dormantMembers, members, refreshTokens } from "#db/schema";
import type { Mailer } from "../../integrations/mailer";
import { formatDate, type Locale } from "../../lib/codes";
import { DORMANCY_MAIL } from "../../lib/labels";
import type { Db } from "../scope";

/**
 * Dormant accounts (spec section 9; the privacy policy, article 4(5); docs/decisions/0032): a year without a
 * login makes an account dormant. The daily cron mails a notice 30 days before (`noticeDormant`), then moves
 * the member's personal data out of `members` into `dormant_members` and ends its sessions
 * (`separateDormant`); logging in again brings it back (`wakeDormant`). Members on a paid period are left
 * alone: they have a running contract.
 */
export const DORMANT_AFTER_MS = 365 * 86_400_000;
/** The periods a member may choose (spec section 9: "after 1 year (or user-set 3 years)"); 1 unless they chose 3. */
export const DORMANCY_YEARS = [1, 3] as const;
export type DormancyYears = (typeof DORMANCY_YEARS)[number];
export const DORMANT_NOTICE_MS = 30 * 86_400_000;
/** Accounts handled per cron run and step; the next day's run takes the rest. */
const BATCH = 100;

/** The personal fields that move to the separated store, and what the member row keeps instead. */
const PERSONAL = {
  email: "",
  nickname: "",
  firstname: "",
  secondname: "",
  gender: "",
  phoneNumber: "",
  work: "",
  belong: "",
  purpose: "",
  profileImg: "",
  passwordHash: null,
} as const;
type PersonalKey = keyof typeof PERSONAL;
type Personal = { [K in PersonalKey]: (typeof members.$inferSelect)[K] };

/** The address a separated member row holds (reserved .invalid domain: it can never sign up or receive mail). */
export const placeholderEmail = (memberId: string) => `dormant-${memberId}@dormant.invalid`;

/** No login for the member's own period (1 or 3 years, `members.dormancy_years`), less `early` ms. */
const inactiveFor = (now: number, early = 0) =>
  sql`${members.lastLoginAt} < ${now + early} - ${members.dormancyYears} * ${DORMANT_AFTER_MS}`;
const onFree = eq(members.plan, "Free");

/** Step 1, 30 days before: mails each member who is about to become dormant, once (until they log in again). */
export async function noticeDormant(db: Db, mailer: Mailer, now: number) {
  const due = await db
    .select({ id: members.id, email: members.email, locale: members.locale })
    .from(members)
    .where(and(isNull(members.dormantAt), isNull(members.dormantNoticeAt), onFree, inactiveFor(now, DORMANT_NOTICE_MS)))
    .limit(BATCH);
  let sent = 0;
  for (const m of due) {
    const locale: Locale = m.locale === "en" ? "en" : "ko";
    const text = DORMANCY_MAIL.text[locale].replace("{date}", formatDate(now + DORMANT_NOTICE_MS, locale));
    try {
      await mailer.send({ to: m.email, subject: DORMANCY_MAIL.subject[locale], text });
    } catch (err) {
      // Not marked: tomorrow's run tries again, and the separation waits for a notice 30 days old.
      console.error("dormancy notice not sent:", err instanceof Error ? err.message : err);
      continue;
    }
    await db.update(members).set({ dormantNoticeAt: now }).where(eq(members.id, m.id));
    sent++;
  }
  return sent;
}

/** Step 2: separates accounts a year without login whose notice went out at least 30 days ago. */
export async function separateDormant(db: Db, now: number) {
  const due = await db
    .select()
    .from(members)
    .where(
      and(
        isNull(members.dormantAt),
        onFree,
        inactiveFor(now),
        isNotNull(members.dormantNoticeAt),
        lte(members.dormantNoticeAt, now - DORMANT_NOTICE_MS),
      ),
    )
    .limit(BATCH);
  for (const m of due) {
    const data = Object.fromEntries(Object.keys(PERSONAL).map((k) => [k, m[k as PersonalKey]])) as Personal;
    await db.batch([
      db.insert(dormantMembers).values({ memberId: m.id, email: m.email, data, dormantAt: now }),
      db
        .update(members)
        .set({ ...PERSONAL, email: placeholderEmail(m.id), dormantAt: now })
        .where(eq(members.id, m.id)),
      db.delete(refreshTokens).where(eq(refreshTokens.memberId, m.id)),
    ]);
  }
  return due.length;
}

/** The dormant account of an address: its member id, login type and the separated data. */
export async function dormantOf(db: Db, email: string) {
  const row = await db
    .select({ memberId: dormantMembers.memberId, data: dormantMembers.data, type: members.type })
    .from(dormantMembers)
    .innerJoin(members, eq(members.id, dormantMembers.memberId))
    .where(eq(dormantMembers.email, email))
    .get();
  return row ? { ...row, data: row.data as Personal } : null;
}

/** Brings a dormant account back (the member logged in again): its data returns to `members`. True when there was one. */
export async function wakeDormant(db: Db, email: string, now = Date.now()) {
  const sleeping = await dormantOf(db, email);
  if (!sleeping) return false;
  await db.batch([
    db.delete(dormantMembers).where(eq(dormantMembers.memberId, sleeping.memberId)),
    db
      .update(members)
      .set({ ...sleeping.data, dormantAt: null, dormantNoticeAt: null, lastLoginAt: now })
      .where(eq(members.id, sleeping.memberId)),
  ]);
  return true;
}

/** The member's choice of dormancy period (account settings): 1 year, or 3. Takes effect at the next daily run. */
export async function setDormancyYears(db: Db, memberId: string, years: DormancyYears) {
  await db.update(members).set({ dormancyYears: years }).where(eq(members.id, memberId));
  return { dormancy_years: years };
}
