import { inList } from "../../lib/in-list";
import { and, count, desc, eq, inArray, isNull, notInArray, sql } from "drizzle-orm";
import { inquiries, members, paragraphs, paragraphTakes, payments, plans, projectMusic, projects, stsSources, voices } from "#db/schema";
import type { PaymentMethod, PlanState } from "#contracts/billing";
import { customVoiceSlots, LIVE_CUSTOM, usage } from "../../lib/allowance";
import { releaseAudio } from "../../lib/media";
import { preparedOnce } from "../../lib/prepared";
import { sessionIsLive } from "../../lib/tokens";
import { deleteCustomVoiceFiles } from "../custom-voices/slots";
import { couponRunning, discountEligible, PROJECTS_KEPT_ON_FREE, usedAIDuringPlan, type Db, type MemberRow, type PlanRow } from "./rules";

// The plan a member is on: reading it (the spec's plan state, through the allowance module, so there is one
// definition of "left"), what an upgrade carries over, and the move to Free.

export async function member(db: Db, id: string) {
  return (await db.select().from(members).where(eq(members.id, id)).get()) ?? null;
}

/** True once the member has paid (and not only tried to); the first-month discount is for those who have not. */
export async function hasPaymentRecord(db: Db, memberId: string) {
  const row = await db
    .select({ n: count() })
    .from(payments)
    .where(and(eq(payments.memberId, memberId), inArray(payments.status, ["paid", "refunded"])))
    .get();
  return (row?.n ?? 0) > 0;
}

/** Used and available amounts of the current period, as the allowance module counts them (seconds, characters). */
async function period(db: Db, m: MemberRow, now: number) {
  const [seconds, chars] = await Promise.all([usage(db.$client, m.id, "seconds", now), usage(db.$client, m.id, "chars", now)]);
  const live = m.usagePeriodEnd > now;
  return {
    usedSeconds: seconds?.used ?? 0,
    usedChars: chars?.used ?? 0,
    limitSeconds: seconds?.limit ?? 0,
    limitChars: chars?.limit ?? 0,
    carrySeconds: live ? m.carrySeconds : 0,
    carryChars: live ? m.carryChars : 0,
  };
}

const iso = (ms: number | null | undefined) => (ms ? new Date(ms).toISOString() : null);

/**
 * What the plan state needs beside the member's row, as columns of one SELECT over `members` (the
 * profile, read on every signed-in page, costs one query, not six): the plan's row (LEFT JOIN: a member on
 * an unknown plan gets the defaults below), the project and custom voice counts, and whether a payment was made.
 * The used and available amounts follow lib/allowance.ts `usage` and `customVoiceSlots` (tested side by side).
 */
const planColumns = {
  tier: plans.tier,
  projectLimit: plans.projectLimit,
  cvCnt: plans.cvCnt,
  planTxt: plans.planTxt,
  planTime: plans.planTime,
  // A project deleted within its undo window no longer counts.
  projectCount: sql<number>`(SELECT COUNT(*) FROM projects WHERE projects.member_id = ${members.id} AND projects.deleted_at IS NULL)`,
  customVoices: sql<number>`(SELECT COUNT(*) FROM voices WHERE voices.owner_id = ${members.id} AND ${sql.raw(LIVE_CUSTOM)})`,
  paidBefore: sql<number>`EXISTS (SELECT 1 FROM payments WHERE payments.member_id = ${members.id} AND payments.status IN ('paid', 'refunded'))`,
};
type PlanColumns = {
  tier: number | null;
  projectLimit: number | null;
  cvCnt: number | null;
  planTxt: number | null;
  planTime: number | null;
  projectCount: number | null;
  customVoices: number | null;
  paidBefore: number | null;
};

/** The member `id` with everything its plan state needs, in one statement (null when there is no such member). */
async function memberWithPlan(db: Db, id: string) {
  const row = await db
    .select({ m: members, ...planColumns })
    .from(members)
    .leftJoin(plans, eq(plans.plan, members.plan))
    .where(eq(members.id, id))
    .get();
  return row ?? null;
}

/** The spec's user plan state (section 3) from the member's row and its plan columns, at `now`. */
function stateOf(m: MemberRow, x: PlanColumns, now: number): PlanState {
  const paidBefore = Boolean(x.paidBefore);
  // A period that has ended counts nothing used and carries nothing (lib/allowance.ts `current`).
  const live = m.usagePeriodEnd > now;
  const carrySeconds = live ? m.carrySeconds : 0;
  const carryChars = live ? m.carryChars : 0;
  const hasPlan = x.tier !== null;
  return {
    planName: m.plan,
    tier: x.tier ?? 0,
    projectCount: x.projectCount ?? 0,
    usedTime: live ? m.usedSeconds : 0,
    usedCharacters: live ? m.usedChars : 0,
    usedCustomVoice: x.customVoices ?? 0,
    limits: {
      time: hasPlan ? (x.planTime ?? 0) * 60 + carrySeconds : 0,
      characters: hasPlan ? (x.planTxt ?? 0) + carryChars : 0,
      customVoice: x.cvCnt ?? 0,
      projects: x.projectLimit ?? 3,
    },
    carried: { time: carrySeconds, characters: carryChars },
    startDate: iso(m.planStartAt),
    endDate: iso(m.planEndAt),
    renewalDate: m.subscription === "active" || m.subscription === "past_due" ? iso(m.nextPaymentAt) : null,
    mustChooseCustomVoice: m.mustChooseCv,
    usedCoupon: couponRunning(m, now),
    couponEndDate: couponRunning(m, now) ? iso(m.couponEndAt) : null,
    isUsedAIDuringPlan: usedAIDuringPlan(m, now),
    hasPaymentRecord: paidBefore,
    hasPurchasedWithDiscount: m.usedDiscount,
    toplan: m.toPlan,
    paymentMethod: m.paymentMethod as PaymentMethod,
    subscription: m.subscription,
    discountEligible: discountEligible(m, paidBefore),
  };
}

/**
 * The spec's user plan state (section 3), as the profile and the plan page show it: the plan columns of
 * `m` read in one statement (a member deleted meanwhile gets the defaults of no plan).
 */
export async function planState(db: Db, m: MemberRow, now: number): Promise<PlanState> {
  const row = await memberWithPlan(db, m.id);
  const none: PlanColumns = {
    tier: null,
    projectLimit: null,
    cvCnt: null,
    planTxt: null,
    planTime: null,
    projectCount: 0,
    customVoices: 0,
    paidBefore: 0,
  };
  return stateOf(m, row ?? none, now);
}

/** The member `id` and its plan state, in one query (null when the member is gone, e.g. withdrawn meanwhile). */
export async function memberAndPlanState(db: Db, id: string, now: number) {
  const row = await memberWithPlan(db, id);
  return row ? { member: row.m, state: stateOf(row.m, row, now) } : null;
}

/**
 * What every signed-in frame shows (GET /member/frame, docs/decisions/0051), in one statement
 * built once per database: the member `id` with its plan columns (as `memberWithPlan`) and its count of unread
 * inquiry answers (as domain/help/inquiries.ts `unreadCount`), only while the session `sid` of the member is live
 * (as lib/tokens.ts `liveSession`: a session ended by logout, password reset or withdrawal gives no row). The
 * session check, the profile and the badge were three statements and round trips; they are one.
 */
const frameQuery = preparedOnce((db) =>
  db
    .select({
      m: members,
      ...planColumns,
      unread: sql<number>`(SELECT COUNT(*) FROM ${inquiries} WHERE ${inquiries.memberId} = ${members.id} AND ${inquiries.readYn} = 'N')`,
    })
    .from(members)
    .leftJoin(plans, eq(plans.plan, members.plan))
    .where(and(eq(members.id, sql.placeholder("id")), sessionIsLive()))
    .prepare(),
);

/** The member `id`, its plan state and its unread count while the session `sid` is live; null otherwise (login required). */
export async function sessionFrame(db: Db, id: string, sid: string, now: number) {
  const row = await frameQuery(db).get({ id, sid });
  return row ? { member: row.m, state: stateOf(row.m, row, now), unread: row.unread } : null;
}

/** The plan state of the member `id` now (null when the member is gone, e.g. withdrawn meanwhile). */
export async function planStateOf(db: Db, id: string, now: number) {
  return (await memberAndPlanState(db, id, now))?.state ?? null;
}

/** Spec section 4: what an upgrade carries into the new period (the unused part of the old one). */
export async function leftover(db: Db, m: MemberRow, now: number) {
  if (m.usagePeriodEnd <= now) return { carrySeconds: 0, carryChars: 0 };
  const p = await period(db, m, now);
  return { carrySeconds: Math.max(0, p.limitSeconds - p.usedSeconds), carryChars: Math.max(0, p.limitChars - p.usedChars) };
}

/** More custom voices than `plan`'s slots: the member must choose which to keep (spec: cv_cnt_over). */
export async function overSlots(db: Db, memberId: string, plan: PlanRow) {
  const slots = await customVoiceSlots(db.$client, memberId);
  return plan.cvCnt >= 0 && (slots?.used ?? 0) > plan.cvCnt;
}

/**
 * The move to Free (spec section 4): the plan, period and billing state reset; only the 3 most
 * recently changed projects stay; custom voices are deleted. Stored audio no row needs is released.
 */
export async function moveToFree(db: Db, media: R2Bucket, memberId: string) {
  const keep = db
    .select({ id: projects.id })
    .from(projects)
    // A project deleted within its undo window takes no place among the kept ones.
    .where(and(eq(projects.memberId, memberId), isNull(projects.deletedAt)))
    .orderBy(desc(projects.updatedAt), desc(projects.createdAt))
    .limit(PROJECTS_KEPT_ON_FREE);
  const doomed = await db
    .select({ id: projects.id })
    .from(projects)
    .where(and(eq(projects.memberId, memberId), notInArray(projects.id, keep)));
  const ids = doomed.map((p) => p.id);
  const customVoices = (
    await db
      .select({ id: voices.id })
      .from(voices)
      .where(and(eq(voices.ownerId, memberId), eq(voices.type, "custom")))
  ).map((v) => v.id);
  const keys =
    ids.length === 0
      ? []
      : (
          await Promise.all([
            db.select({ key: paragraphs.audioKey }).from(paragraphs).where(inList(paragraphs.projectId, ids)),
            db.select({ key: stsSources.audioKey }).from(stsSources).where(inList(stsSources.projectId, ids)),
            db.select({ key: paragraphTakes.audioKey }).from(paragraphTakes).where(inList(paragraphTakes.projectId, ids)),
            db.select({ key: projectMusic.audioKey }).from(projectMusic).where(inList(projectMusic.projectId, ids)),
          ])
        ).flat();
  await db.batch([
    db
      .update(members)
      .set({
        plan: "Free",
        planStartAt: null,
        planEndAt: null,
        billingAnchorAt: null,
        nextPaymentAt: null,
        subscription: "none",
        toPlan: null,
        paymentMethod: "",
        couponEndAt: null,
        usedChars: 0,
        usedSeconds: 0,
        usagePeriodEnd: 0,
        carrySeconds: 0,
        carryChars: 0,
        renewAttempts: 0,
        renewRetryAt: null,
        mustChooseCv: false,
      })
      .where(eq(members.id, memberId)),
    // A paid plan has no project limit: the projects to delete can be many more than D1's 100 bound parameters.
    db.delete(projects).where(and(eq(projects.memberId, memberId), inList(projects.id, ids))),
    db.delete(voices).where(and(eq(voices.ownerId, memberId), eq(voices.type, "custom"))),
  ]);
  await releaseAudio(
    db,
    media,
    keys.map((k) => k.key),
  );
  await deleteCustomVoiceFiles(media, memberId, customVoices);
  return { deletedProjects: ids.length, deletedVoices: customVoices.length };
}
