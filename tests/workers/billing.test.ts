import { env } from "cloudflare:workers";
import { drizzle } from "drizzle-orm/d1";
import { beforeAll, describe, expect, it } from "vitest";
import * as schema from "#db/schema";
import { seedStatements } from "#db/seed";
import { spend } from "../../workers/api/src/lib/allowance";
import { runBilling } from "../../workers/api/src/domain/billing/renewal";
import { addMonths } from "../../workers/api/src/domain/billing/rules";
import { Code } from "../../workers/api/src/lib/codes";
import { cardGateway } from "../../workers/api/src/integrations/payments/gateways";
import { validBusinessNumber } from "#contracts/billing";
import { call, CARD, cardWith, CONSENTS, gatewayPayments, memberRow, newMember, subscriber } from "./billing-helpers";
import { PASSWORD } from "./helpers";

const DAY = 86_400_000;
const db = drizzle(env.DB, { schema });

beforeAll(async () => {
  await env.DB.batch(seedStatements().map((s) => env.DB.prepare(s)));
});

const billing = (at: number) => runBilling(env, db, env.MEDIA, cardGateway(env), at);

describe("card registration", () => {
  it("answers each invalid field with its own code and message, and keeps nothing", async () => {
    const m = await newMember();
    const cases: [Record<string, string>, number, string][] = [
      [{ card_number2: "42a2" }, Code.CARD_NUMBER_INVALID, "card_number"],
      [{ card_number4: "42" }, Code.CARD_NUMBER_INVALID, "card_number"],
      [{ expiry: "2030-13" }, Code.CARD_EXPIRY_INVALID, "expiry"],
      [{ expiry: "2020-01" }, Code.CARD_EXPIRY_INVALID, "expiry"],
      [{ birth: "901301" }, Code.CARD_BIRTH_INVALID, "birth"],
      [{ card_type: "법인", birth: "900101" }, Code.CARD_BIRTH_INVALID, "birth"],
      [{ pwd_2digit: "1" }, Code.CARD_PASSWORD_INVALID, "pwd_2digit"],
    ];
    for (const [change, code, field] of cases) {
      const r = await call("/payment/registcard", m.token, { body: { ...CARD, ...change } });
      expect(r.code, JSON.stringify(change)).toBe(code);
      expect(r.status).toBe(400);
      expect(r.data).toEqual({ field });
    }
    const ko = await call("/payment/registcard", m.token, { body: { ...CARD, card_number1: "12" }, lang: "kr" });
    expect(ko.message).toBe("카드 번호를 정확하게 입력해 주세요.");
    // The gateway refuses the card: the spec's message.
    const refused = await call("/payment/registcard", m.token, { body: cardWith("4000-0000-0000-0010") });
    expect(refused.code).toBe(Code.CARD_REJECTED);
    expect(refused.message).toBe("Failed to update payment information. Please check your card information.");
    expect((await call("/payment/cardList", m.token, { body: {} })).data).toEqual([]);
  });

  it("makes the new card the main one; the old ones can then be unregistered, only by their owner", async () => {
    const m = await newMember();
    const first = await call("/payment/registcard", m.token, { body: CARD });
    expect(first.data).toMatchObject({
      card_number: "4242-****-****-4242",
      card_type: "personal",
      main_card_yn: "Y",
      card_name: "신한카드",
    });
    const second = await call("/payment/registcard", m.token, { body: cardWith("5555-4444-3333-1111") });
    const list = (await call("/payment/cardList", m.token, { body: {} })).data as unknown as { card_no: number; main_card_yn: string }[];
    expect(list.map((c) => [c.card_no, c.main_card_yn])).toEqual([
      [second.data.card_no, "Y"],
      [first.data.card_no, "N"],
    ]);
    const other = await newMember();
    expect((await call("/payment/unRegistCard", other.token, { body: { card_no: first.data.card_no } })).code).toBe(Code.NOT_FOUND);
    expect((await call("/payment/unRegistCard", m.token, { body: { card_no: first.data.card_no } })).success).toBe(true);
    expect((await call("/payment/cardList", m.token, { body: {} })).data).toHaveLength(1);
    // The billing key is gone at the gateway too: the next charge could not use it.
    const corporate = await call("/payment/registcard", m.token, { body: { ...CARD, card_type: "법인", birth: "1208147521" } });
    expect(corporate.data.card_type).toBe("corporate");
  });

  it("checks business numbers by their check digit", () => {
    expect(validBusinessNumber("1208147521")).toBe(true);
    expect(validBusinessNumber("1208147522")).toBe(false);
    expect(validBusinessNumber("120814752")).toBe(false);
  });
});

describe("purchase", () => {
  it("needs the consents, the server's amount and a card; the first month is 50% off once", async () => {
    const m = await newMember();
    const q = await call("/payment/quote?plan=Starter", m.token);
    expect(q.data).toMatchObject({ list_price: 4900, amount: 2450, discount: 2450, discounted: true, currency: "KRW" });
    expect(
      (await call("/payment/payment", m.token, { body: { plan: "Starter", amount: 2450, ...CONSENTS, agree_regular_price: false } })).code,
    ).toBe(Code.CONSENT_REQUIRED);
    // A tampered amount is refused before anything is charged.
    const tampered = await call("/payment/payment", m.token, { body: { plan: "Starter", amount: 100, ...CONSENTS } });
    expect(tampered.code).toBe(Code.AMOUNT_MISMATCH);
    expect(tampered.data.quote.amount).toBe(2450);
    expect((await call("/payment/payment", m.token, { body: { plan: "Starter", amount: 2450, ...CONSENTS } })).code).toBe(
      Code.CARD_REQUIRED,
    );
    expect((await call("/payment/payment", m.token, { body: { plan: "Free", amount: 0, ...CONSENTS } })).code).toBe(
      Code.PLAN_CHANGE_INVALID,
    );

    await call("/payment/registcard", m.token, { body: CARD });
    const at = Date.UTC(2026, 0, 31, 3);
    const bought = await call("/payment/payment", m.token, { body: { plan: "Starter", amount: 2450, ...CONSENTS }, at });
    expect(bought.code).toBe(Code.OK);
    expect(bought.data.payment).toMatchObject({
      plan: "Starter",
      price: 4900,
      discount: 2450,
      amount: 2450,
      status: "paid",
      kind: "purchase",
      method: "card",
    });
    expect(bought.data.planState).toMatchObject({
      planName: "Starter",
      subscription: "active",
      paymentMethod: "card",
      hasPaymentRecord: true,
      hasPurchasedWithDiscount: true,
      discountEligible: false,
      startDate: new Date(at).toISOString(),
      // Jan 31 (Korea time) + 1 month = Feb 28.
      endDate: new Date(addMonths(at, 1)).toISOString(),
      renewalDate: new Date(addMonths(at, 1)).toISOString(),
      limits: { time: 20 * 60, characters: 30_000 },
    });
    expect(bought.data.planState.endDate).toBe("2026-02-28T03:00:00.000Z");
    expect((await call("/payment/payment", m.token, { body: { plan: "Creator", amount: 12_900, ...CONSENTS } })).code).toBe(
      Code.ALREADY_SUBSCRIBED,
    );
    // The gateway has the charge, looked up and matched.
    const charged = (await gatewayPayments()).find((p) => p.imp_uid === bought.data.payment.imp_uid);
    expect(charged).toMatchObject({ amount: 2450, status: "paid" });
    // The profile carries the state under the spec's names.
    const profile = await call("/member/getmember", m.token, { at: at + DAY });
    expect(profile.data).toMatchObject({
      plan: "Starter",
      paymentYN: "Y",
      indiscount: "Y",
      paymentMethod: "card",
      couponYN: "N",
      useDt: "2026-01-31~2026-02-28",
      paymentDt: "2026-02-28",
    });
  });

  it("a replayed merchant_uid answers the first payment and charges once; concurrent purchases charge once", async () => {
    const m = await newMember();
    await call("/payment/registcard", m.token, { body: CARD });
    const body = { plan: "Creator", amount: 6450, merchant_uid: "order-" + crypto.randomUUID().slice(0, 8), ...CONSENTS };
    const first = await call("/payment/payment", m.token, { body });
    const again = await call("/payment/payment", m.token, { body });
    expect(first.code).toBe(Code.OK);
    expect(again.code).toBe(Code.OK);
    expect(again.data.replay).toBe(true);
    expect(again.data.payment.no).toBe(first.data.payment.no);
    const card = (await call("/payment/cardList", m.token, { body: {} })).data[0];
    expect(card).toBeDefined();

    const n = await newMember();
    await call("/payment/registcard", n.token, { body: CARD });
    const results = await Promise.all(
      Array.from({ length: 5 }, () => call("/payment/payment", n.token, { body: { plan: "Starter", amount: 2450, ...CONSENTS } })),
    );
    const codes = results.map((r) => r.code).sort();
    expect(codes.filter((c) => c === Code.OK)).toHaveLength(1);
    for (const c of codes.filter((c) => c !== Code.OK)) expect([Code.PAYMENT_IN_PROGRESS, Code.ALREADY_SUBSCRIBED]).toContain(c);
    const paid = await env.DB.prepare("SELECT COUNT(*) AS n FROM payments WHERE member_id = ? AND status = 'paid'")
      .bind(n.id)
      .first<{ n: number }>();
    expect(paid!.n).toBe(1);
    const customer = await env.DB.prepare("SELECT customer_uid FROM cards WHERE member_id = ?")
      .bind(n.id)
      .first<{ customer_uid: string }>();
    expect((await gatewayPayments()).filter((p) => p.customer_uid === customer!.customer_uid)).toHaveLength(1);
  });

  it("a declined card, a lost answer, a wrong amount and a replayed imp_uid", async () => {
    // Declined: nothing changes, the failure is in the history.
    const d = await newMember();
    await call("/payment/registcard", d.token, { body: cardWith("4000-0000-0000-0002") });
    const declined = await call("/payment/payment", d.token, { body: { plan: "Starter", amount: 2450, ...CONSENTS } });
    expect(declined.code).toBe(Code.PAYMENT_DECLINED);
    expect(declined.status).toBe(402);
    // The gateway's raw text ("[6011] 카드 한도초과") is for operators; the member reads what it means, in their language.
    expect(declined.message).toBe("Payment failed. The card's limit was exceeded.");
    expect(declined.message).not.toContain("6011");
    expect((await memberRow(d.id)).plan).toBe("Free");
    expect((await call("/payment/list?page=1", d.token)).data.items[0]).toMatchObject({
      status: "failed",
      plan: "Starter",
      fail_kind: "limit",
    });
    expect((await call("/payment/list?page=1", d.token)).data.items[0]).not.toHaveProperty("fail_reason");
    const korean = await call("/payment/payment", d.token, { body: { plan: "Starter", amount: 2450, ...CONSENTS }, lang: "kr" });
    expect(korean.message).toBe("결제에 실패했습니다. 카드 한도를 초과했습니다.");
    expect(await env.DB.prepare("SELECT fail_reason FROM payments WHERE member_id = ? ORDER BY no LIMIT 1").bind(d.id).first()).toEqual({
      fail_reason: "[6011] 카드 한도초과",
    });
    // The discount is still there for a later successful purchase.
    expect((await call("/payment/quote?plan=Starter", d.token)).data.amount).toBe(2450);

    // Timeout: the charge went through but its answer was lost; the payment is found by merchant_uid.
    const t = await newMember();
    await call("/payment/registcard", t.token, { body: cardWith("4000-0000-0000-0028") });
    const slow = await call("/payment/payment", t.token, { body: { plan: "Starter", amount: 2450, ...CONSENTS } });
    expect(slow.code, slow.message).toBe(Code.OK);
    expect((await memberRow(t.id)).plan).toBe("Starter");

    // The gateway recorded another amount: refused, and the money goes back.
    const w = await newMember();
    await call("/payment/registcard", w.token, { body: cardWith("4000-0000-0000-0036") });
    const wrong = await call("/payment/payment", w.token, { body: { plan: "Starter", amount: 2450, ...CONSENTS } });
    expect(wrong.code).toBe(Code.PAYMENT_DECLINED);
    expect(wrong.data.reason).toBe(
      "The payment could not be verified and was cancelled; anything charged is given back. Please try again.",
    );
    expect((await memberRow(w.id)).plan).toBe("Free");
    const uid = (await env.DB.prepare("SELECT customer_uid FROM cards WHERE member_id = ?").bind(w.id).first<{ customer_uid: string }>())!
      .customer_uid;
    expect((await gatewayPayments()).find((p) => p.customer_uid === uid)).toMatchObject({
      amount: 3450,
      status: "cancelled",
      cancel_amount: 3450,
    });

    // A charge answered with an imp_uid we already recorded changes nothing.
    const r = await newMember();
    await call("/payment/registcard", r.token, { body: CARD });
    await fetch("https://api.iamport.kr/__standin/replay", {
      method: "POST",
      body: JSON.stringify({ imp_uid: slow.data.payment.imp_uid }),
    });
    const replayed = await call("/payment/payment", r.token, { body: { plan: "Starter", amount: 2450, ...CONSENTS } });
    expect(replayed.code).toBe(Code.PAYMENT_DECLINED);
    expect(replayed.data.reason).toContain("could not be verified");
    expect(replayed.data.payment.fail_kind).toBe("unverified");
    expect((await memberRow(r.id)).plan).toBe("Free");
    expect((await memberRow(t.id)).plan).toBe("Starter");
  });

  it("takes corporate cards only for Production", async () => {
    const m = await newMember();
    await call("/payment/registcard", m.token, { body: { ...CARD, card_type: "corporate", birth: "1208147521" } });
    expect((await call("/payment/payment", m.token, { body: { plan: "Starter", amount: 2450, ...CONSENTS } })).code).toBe(
      Code.CORPORATE_CARD_PLAN,
    );
    expect((await call("/payment/payment", m.token, { body: { plan: "Production", amount: 49_950, ...CONSENTS } })).code).toBe(Code.OK);
    expect((await call("/payment/downgradeplan", m.token, { body: { toplan: "Creator" } })).code).toBe(Code.CORPORATE_CARD_PLAN);
  });
});

describe("plan changes and renewal", () => {
  it("upgrade: charged in full now, the period restarts, the unused part of the old plan carries over", async () => {
    const t0 = Date.now() - 3 * DAY;
    const m = await subscriber("Starter", t0);
    expect((await spend(env.DB, m.id, "chars", 10_000, t0 + DAY)).ok).toBe(true);
    expect((await spend(env.DB, m.id, "seconds", 300, t0 + DAY)).ok).toBe(true);
    expect((await call("/payment/upgradeplan", m.token, { body: { toplan: "Starter" }, at: t0 + 2 * DAY })).code).toBe(
      Code.PLAN_CHANGE_INVALID,
    );
    const t1 = t0 + 2 * DAY;
    const up = await call("/payment/upgradeplan", m.token, { body: { toplan: "Creator" }, at: t1 });
    expect(up.code, up.message).toBe(Code.OK);
    expect(up.data.payment).toMatchObject({ plan: "Creator", kind: "upgrade", price: 12_900, discount: 0, amount: 12_900 });
    expect(up.data.planState).toMatchObject({
      planName: "Creator",
      startDate: new Date(t1).toISOString(),
      endDate: new Date(addMonths(t1, 1)).toISOString(),
      renewalDate: new Date(addMonths(t1, 1)).toISOString(),
      usedCharacters: 0,
      usedTime: 0,
      carried: { characters: 20_000, time: 900 },
      limits: { characters: 120_000, time: 3600 + 900, customVoice: 1 },
    });
    // The carried allowance is spendable in the new period and gone in the one after.
    expect(await spend(env.DB, m.id, "chars", 120_000, t1 + DAY)).toMatchObject({ ok: true, limit: 120_000 });
    expect((await call("/payment/downgradeplan", m.token, { body: { toplan: "Production" }, at: t1 })).code).toBe(Code.PLAN_CHANGE_INVALID);
  });

  it("downgrade waits for the next payment date; the cron renews at the period end, once even when run twice", async () => {
    const t0 = Date.now() - 40 * DAY;
    const m = await subscriber("Creator", t0);
    const down = await call("/payment/downgradeplan", m.token, { body: { toplan: "Starter" }, at: t0 + DAY });
    expect(down.data.planState).toMatchObject({ planName: "Creator", toplan: "Starter" });
    expect((await call("/member/getmember", m.token, { at: t0 + DAY })).data.toplan).toBe("Starter");
    const end = addMonths(t0, 1);
    // Before the payment date nothing happens.
    await billing(end - 60_000);
    expect((await memberRow(m.id)).plan).toBe("Creator");
    // At it, the lower plan is charged at its full price; two runs at once charge once.
    await Promise.all([billing(end + 1000), billing(end + 1000)]);
    await billing(end + 2000);
    const row = await memberRow(m.id);
    expect(row).toMatchObject({
      plan: "Starter",
      to_plan: null,
      subscription: "active",
      plan_start_at: end,
      plan_end_at: addMonths(t0, 2),
      next_payment_at: addMonths(t0, 2),
    });
    const renewals = await env.DB.prepare("SELECT amount, status, kind FROM payments WHERE member_id = ? AND kind = 'renewal'")
      .bind(m.id)
      .all();
    expect(renewals.results).toEqual([{ amount: 4900, status: "paid", kind: "renewal" }]);
    const uid = (await env.DB.prepare("SELECT customer_uid FROM cards WHERE member_id = ?").bind(m.id).first<{ customer_uid: string }>())!
      .customer_uid;
    expect((await gatewayPayments()).filter((p) => p.customer_uid === uid).map((p) => p.amount)).toEqual([6450, 4900]);
    // Allowances start over with the new period (no carry-over at renewal).
    expect((await call("/member/getmember", m.token, { at: end + DAY })).data.planState).toMatchObject({
      usedCharacters: 0,
      carried: { characters: 0, time: 0 },
    });
  });

  it("a declined renewal is retried daily with a mail, then the plan ends", async () => {
    const t0 = Date.now() - 40 * DAY;
    const m = await subscriber("Starter", t0);
    const uid = (await env.DB.prepare("SELECT customer_uid FROM cards WHERE member_id = ?").bind(m.id).first<{ customer_uid: string }>())!
      .customer_uid;
    await fetch("https://api.iamport.kr/__standin/decline", { method: "POST", body: JSON.stringify({ customer_uid: uid, on: true }) });
    const end = addMonths(t0, 1);
    await billing(end + 1000);
    expect(await memberRow(m.id)).toMatchObject({
      plan: "Starter",
      subscription: "past_due",
      renew_attempts: 1,
      renew_retry_at: end + 1000 + DAY,
    });
    const mails = () =>
      env.DB.prepare('SELECT subject FROM mail_outbox WHERE "to" = ? ORDER BY id')
        .bind(m.email)
        .all<{ subject: string }>()
        .then((r) => r.results.map((x) => x.subject).filter((x) => x.includes("요금제")));
    expect(await mails()).toEqual(["[Voice Studio] Starter 요금제 자동결제 실패"]);
    // Not retried before its time; retried after it.
    await billing(end + 2000);
    expect((await memberRow(m.id)).renew_attempts).toBe(1);
    await billing(end + DAY + 2000);
    expect((await memberRow(m.id)).renew_attempts).toBe(2);
    // The card works again: the next retry renews.
    await fetch("https://api.iamport.kr/__standin/decline", { method: "POST", body: JSON.stringify({ customer_uid: uid, on: false }) });
    await billing(end + 2 * DAY + 3000);
    expect(await memberRow(m.id)).toMatchObject({
      plan: "Starter",
      subscription: "active",
      renew_attempts: 0,
      plan_start_at: end,
      plan_end_at: addMonths(t0, 2),
    });

    // Another member whose card keeps failing ends on Free after the third attempt.
    const n = await subscriber("Starter", t0);
    const nuid = (await env.DB.prepare("SELECT customer_uid FROM cards WHERE member_id = ?").bind(n.id).first<{ customer_uid: string }>())!
      .customer_uid;
    await fetch("https://api.iamport.kr/__standin/decline", { method: "POST", body: JSON.stringify({ customer_uid: nuid, on: true }) });
    for (let i = 0; i < 3; i++) await billing(end + i * DAY + 1000);
    expect(await memberRow(n.id)).toMatchObject({ plan: "Free", subscription: "none" });
    const last = await env.DB.prepare('SELECT subject FROM mail_outbox WHERE "to" = ? ORDER BY id DESC')
      .bind(n.email)
      .first<{ subject: string }>();
    expect(last!.subject).toContain("종료");
  });

  it("cancel: password checked, billing stops, the plan runs to its end, then Free keeping the 3 newest projects", async () => {
    const t0 = Date.now() - 40 * DAY;
    const m = await subscriber("Creator", t0);
    for (let i = 0; i < 5; i++) {
      await env.DB.prepare("INSERT INTO projects (id, member_id, name, type, created_at, updated_at) VALUES (?, ?, ?, 'tts', ?, ?)")
        .bind(crypto.randomUUID(), m.id, `p${i}`, t0 + i, t0 + i * 1000)
        .run();
    }
    expect(
      (await call("/payment/cancel", m.token, { body: { reason: "price", comment: "", pwd: "wrong-Password1!" }, at: t0 + DAY })).code,
    ).toBe(Code.PASSWORD_MISMATCH);
    const cancelled = await call("/payment/cancel", m.token, {
      body: { reason: "price,other", comment: "too dear", pwd: PASSWORD },
      at: t0 + DAY,
    });
    expect(cancelled.data.planState).toMatchObject({
      planName: "Creator",
      subscription: "cancelled",
      renewalDate: null,
      endDate: new Date(addMonths(t0, 1)).toISOString(),
    });
    expect(await env.DB.prepare("SELECT reason, comment, kind FROM cancellations WHERE member_id = ?").bind(m.id).first()).toEqual({
      reason: "price,other",
      comment: "too dear",
      kind: "cancel",
    });
    expect((await call("/payment/cancel", m.token, { body: { reason: "", pwd: PASSWORD } })).code).toBe(Code.NO_SUBSCRIPTION);
    await billing(addMonths(t0, 1) - 1000);
    expect((await memberRow(m.id)).plan).toBe("Creator");
    await billing(addMonths(t0, 1) + 1000);
    expect((await memberRow(m.id)).plan).toBe("Free");
    const kept = await env.DB.prepare("SELECT name FROM projects WHERE member_id = ? ORDER BY name").bind(m.id).all<{ name: string }>();
    expect(kept.results.map((r) => r.name)).toEqual(["p2", "p3", "p4"]);
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM payments WHERE member_id = ? AND kind = 'renewal'").bind(m.id).first()).toEqual({
      n: 0,
    });
  });
});

describe("resume", () => {
  it("a cancelled card subscription resumes before its period ends and renews on the same day; never after, twice, or without a card", async () => {
    const t0 = Date.now() - 40 * DAY;
    const m = await subscriber("Creator", t0);
    const end = addMonths(t0, 1);
    expect((await call("/payment/resume", m.token, { body: {}, at: t0 + DAY })).code).toBe(Code.SUBSCRIPTION_NOT_RESUMABLE);
    await call("/payment/cancel", m.token, { body: { reason: "price", comment: "", pwd: PASSWORD }, at: t0 + DAY });
    const resumed = await call("/payment/resume", m.token, { body: {}, at: t0 + 2 * DAY, lang: "en" });
    expect(resumed.code).toBe(Code.OK);
    expect(resumed.data.planState).toMatchObject({ subscription: "active", renewalDate: new Date(end).toISOString() });
    const again = await call("/payment/resume", m.token, { body: {}, at: t0 + 2 * DAY, lang: "en" });
    expect(again.code).toBe(Code.SUBSCRIPTION_NOT_RESUMABLE);
    expect(again.message).toBe("Only a cancelled card subscription can be resumed, and only before its period ends.");
    await billing(end + 1000);
    expect(await memberRow(m.id)).toMatchObject({ plan: "Creator", subscription: "active" });
    expect(
      await env.DB.prepare("SELECT COUNT(*) AS n FROM payments WHERE member_id = ? AND kind = 'renewal' AND status = 'paid'")
        .bind(m.id)
        .first(),
    ).toEqual({
      n: 1,
    });
  });

  it("is refused once the period has ended, and to a member without a main card", async () => {
    const t0 = Date.now() - 40 * DAY;
    const m = await subscriber("Starter", t0);
    await call("/payment/cancel", m.token, { body: { reason: "price", comment: "", pwd: PASSWORD }, at: t0 + DAY });
    expect((await call("/payment/resume", m.token, { body: {}, at: addMonths(t0, 1) + 1 })).code).toBe(Code.SUBSCRIPTION_NOT_RESUMABLE);
    const n = await subscriber("Starter", t0);
    await call("/payment/cancel", n.token, { body: { reason: "price", comment: "", pwd: PASSWORD }, at: t0 + DAY });
    await env.DB.prepare("DELETE FROM cards WHERE member_id = ?").bind(n.id).run();
    expect((await call("/payment/resume", n.token, { body: {}, at: t0 + 2 * DAY })).code).toBe(Code.CARD_REQUIRED);
    expect((await memberRow(n.id)).subscription).toBe("cancelled");
  });
});
