import { and, eq, sql } from "drizzle-orm";
import { members, payments } from "#db/schema";
import { Code } from "../../lib/codes";
import { createMailer } from "../../integrations/mailer";
import type { PortOne } from "../../integrations/payments/portone";
import type { Bindings } from "../../env";
import { applyCardPayment, chargeCard, settleLost } from "./charges";
import { mainCard } from "./payments";
import { settlePendingOrders } from "./paypal-settlement";
import { planByName } from "./plans";
import { moveToFree } from "./plan-state";
import { PENDING_RECONCILE_MS, quote, RENEWAL_ATTEMPTS, RENEWAL_RETRY_MS, renewalMerchantUid, type Db, type MemberRow } from "./rules";

// The hourly billing cron (wrangler.toml `[triggers]`, workers/api/src/index.ts): payments whose answer was
// lost, renewals due (and their retries), and periods that ended without renewal.

/** Tells a member about their billing by e-mail (failures are logged, never fatal to billing). */
async function tell(env: Bindings, db: Db, to: string, subject: string, text: string) {
  await createMailer(env, db)
    .send({ to, subject, text })
    .catch((err) => console.error("billing mail failed", err));
}

const RENEWAL_MAIL = {
  failed: {
    ko: (plan: string, n: number): [string, string] => [
      `[Voice Studio] ${plan} 요금제 자동결제 실패`,
      `등록된 카드로 ${plan} 요금제 요금을 결제하지 못했습니다. 카드 정보를 확인해 주세요. 내일 다시 결제를 시도합니다 (${n}/${RENEWAL_ATTEMPTS}).`,
    ],
    en: (plan: string, n: number): [string, string] => [
      `[Voice Studio] Payment for the ${plan} plan failed`,
      `We could not charge your registered card for the ${plan} plan. Please check your card. We will try again tomorrow (${n}/${RENEWAL_ATTEMPTS}).`,
    ],
  },
  ended: {
    ko: (plan: string): [string, string] => [
      `[Voice Studio] ${plan} 요금제가 종료되었습니다`,
      `자동결제에 ${RENEWAL_ATTEMPTS}번 실패하여 ${plan} 요금제가 종료되고 Free 요금제로 바뀌었습니다. 요금제 페이지에서 다시 구독할 수 있습니다.`,
    ],
    en: (plan: string): [string, string] => [
      `[Voice Studio] Your ${plan} plan has ended`,
      `The payment failed ${RENEWAL_ATTEMPTS} times, so your ${plan} plan ended and you are now on the Free plan. You can subscribe again on the plan page.`,
    ],
  },
} as const;

/**
 * One run of the billing cron at `now`. Safe to run twice (or concurrently): every renewal charge
 * has a merchant_uid made of the member, the period and the attempt, claimed in D1 before the
 * gateway is called, and the gateway refuses a merchant_uid it has already been paid for.
 */
export async function runBilling(env: Bindings, db: Db, media: R2Bucket, gateway: PortOne | null, now: number) {
  const counts = { renewed: 0, declined: 0, ended: 0, reconciled: 0, paypal: 0 };

  // 1. Payments whose answer was lost (also every minute, settleLostPayments).
  if (gateway) counts.reconciled = await settleLostPayments(db, gateway, now);

  // PayPal captures left pending (its webhook settles them sooner when it is set up).
  counts.paypal = await settlePendingOrders(env, db, now);

  // 2. Renewals due (and retries of declined ones).
  const due = await db
    .select()
    .from(members)
    .where(
      sql`${members.subscription} IN ('active', 'past_due') AND ${members.nextPaymentAt} <= ${now} AND (${members.renewRetryAt} IS NULL OR ${members.renewRetryAt} <= ${now})`,
    )
    .limit(100);
  for (const m of due) {
    const target = await planByName(db, m.toPlan ?? m.plan);
    const card = await mainCard(db, m.id);
    if (!target || !gateway || !card) {
      await declined(env, db, media, m, now, !gateway ? "gateway not configured" : "no card");
      counts.declined++;
      continue;
    }
    const q = quote(target, "KRW", false);
    const outcome = await chargeCard(
      db,
      gateway,
      {
        memberId: m.id,
        kind: "renewal",
        plan: target.plan,
        quote: q,
        merchantUid: renewalMerchantUid(m),
        card,
        now,
        name: `Voice Studio ${target.plan}`,
      },
      applyCardPayment(db, "renewal"),
    );
    if (outcome.ok) {
      if (!outcome.replay) counts.renewed++;
    } else if (outcome.code === Code.PAYMENT_DECLINED && outcome.payment?.status === "failed") {
      await declined(env, db, media, m, now, outcome.reason ?? "declined");
      counts.declined++;
    }
  }

  // 3. Periods that ended without renewal: cancelled subscriptions, coupon periods, PayPal months.
  const ended = await db
    .select({ id: members.id })
    .from(members)
    .where(
      sql`${members.plan} <> 'Free' AND ${members.subscription} IN ('none', 'cancelled') AND ${members.planEndAt} IS NOT NULL AND ${members.planEndAt} <= ${now}`,
    )
    .limit(100);
  for (const m of ended) {
    // One member's failure (logged; tried again at the next run) does not leave the others on their ended plans.
    try {
      await moveToFree(db, media, m.id);
      counts.ended++;
    } catch (err) {
      console.error("billing: the move to Free failed", m.id, err);
    }
  }
  return counts;
}

/**
 * Card payments left pending past PENDING_RECONCILE_MS (their request ended before the answer was recorded),
 * settled from what the gateway holds. The every-minute cron runs this alone, so a purchase interrupted by a
 * crash is settled within 2 minutes even if the member never comes back; answers how many were applied as paid.
 */
export async function settleLostPayments(db: Db, gateway: PortOne, now: number) {
  const stale = await db
    .select()
    .from(payments)
    .where(
      and(eq(payments.status, "pending"), eq(payments.provider, "portone"), sql`${payments.createdAt} <= ${now - PENDING_RECONCILE_MS}`),
    )
    .limit(50);
  let paid = 0;
  for (const row of stale) if ((await settleLost(db, gateway, row)) === "paid") paid++;
  return paid;
}

/** A renewal that could not be charged: retried daily; after the last attempt the plan ends. */
async function declined(env: Bindings, db: Db, media: R2Bucket, m: MemberRow, now: number, reason: string) {
  const attempts = m.renewAttempts + 1;
  const lang = m.locale === "en" ? "en" : "ko";
  if (attempts >= RENEWAL_ATTEMPTS) {
    await moveToFree(db, media, m.id);
    const [subject, text] = RENEWAL_MAIL.ended[lang](m.plan);
    await tell(env, db, m.email, subject, text);
    return;
  }
  // The member keeps the plan while it is retried, on the old period's allowance (no fresh month unpaid).
  await db
    .update(members)
    .set({
      subscription: "past_due",
      renewAttempts: attempts,
      renewRetryAt: now + RENEWAL_RETRY_MS,
      usagePeriodEnd: Math.max(m.usagePeriodEnd, now + RENEWAL_RETRY_MS * (RENEWAL_ATTEMPTS - attempts) + 3_600_000),
    })
    .where(and(eq(members.id, m.id), eq(members.renewAttempts, m.renewAttempts)));
  const [subject, text] = RENEWAL_MAIL.failed[lang](m.plan, attempts);
  await tell(env, db, m.email, subject, `${text}\n(${reason})`);
}
