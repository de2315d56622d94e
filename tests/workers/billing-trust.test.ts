// the billing trust remainder (docs/decisions/0038): a purchase and an upgrade within the refund
// window are refunded together (each less its fee) when no AI was used since the first; AI used before the
// upgrade keeps the earlier payment; a card the gateway refuses is explained in the member's language, the
// gateway's own text never sent. Payments go through the PortOne stand-in with the test clock.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { seedStatements } from "#db/seed";
import { spendCharge } from "../../workers/api/src/lib/allowance";
import { Code } from "../../workers/api/src/lib/codes";
import { call, CARD, gatewayPayments, newMember, subscriber, type Loose } from "./billing-helpers";
import { PASSWORD } from "./helpers";

const HOUR = 3_600_000;

beforeAll(async () => {
  await env.DB.batch(seedStatements().map((s) => env.DB.prepare(s)));
});

/** A member who bought Starter by card at `t0` (first month at 50%: 2,450 KRW) and upgraded to Creator an hour later (12,900 KRW). */
async function purchasedAndUpgraded(t0: number, upgradeAt = t0 + HOUR) {
  const m = await subscriber("Starter", t0);
  expect(m.payment).toMatchObject({ amount: 2450 });
  const up = await call("/payment/upgradeplan", m.token, { body: { toplan: "Creator" }, at: upgradeAt });
  expect(up.code, up.message).toBe(Code.OK);
  return m;
}

describe("refund of a purchase and an upgrade in the same week (docs/decisions/0038)", () => {
  it("gives both back, each less its fee, and the member is on Free", async () => {
    const t0 = Date.now() - 2 * HOUR;
    const m = await purchasedAndUpgraded(t0);
    const quote = await call("/payment/refundable", m.token, { at: t0 + 2 * HOUR });
    // 5% fee, rounded up to 10 won: 2,450 -> 130; 12,900 -> 650.
    expect(quote.data).toMatchObject({
      eligible: true,
      amount: 2450 + 12_900,
      fee: 130 + 650,
      refund_amount: 2320 + 12_250,
      currency: "KRW",
      payments: [
        { amount: 12_900, fee: 650, refund_amount: 12_250 },
        { amount: 2450, fee: 130, refund_amount: 2320 },
      ],
    });
    const done = await call("/payment/refund", m.token, { body: { pwd: PASSWORD, reason: "price" }, at: t0 + 2 * HOUR });
    expect(done.code, done.message).toBe(Code.OK);
    expect(done.data).toMatchObject({ refund_amount: 14_570, fee: 780, planState: { planName: "Free" } });
    const rows = (await call("/payment/list?page=1&limit=10", m.token)).data.items as Loose[];
    expect(rows.map((r) => [r.plan, r.status, r.refund_amount, r.fee])).toEqual([
      ["Creator", "refunded", 12_250, 650],
      ["Starter", "refunded", 2320, 130],
    ]);
    const gateway = await gatewayPayments();
    for (const row of rows) expect(gateway.find((p) => p.imp_uid === row.imp_uid)).toMatchObject({ cancel_amount: row.refund_amount });
    expect((await call("/payment/refund", m.token, { body: { pwd: PASSWORD } })).code).toBe(Code.NO_SUBSCRIPTION);
  });

  it("keeps the earlier payment when AI was used before the upgrade; only the upgrade goes back", async () => {
    const t0 = Date.now() - 3 * HOUR;
    const s = await subscriber("Starter", t0);
    const id = s.id;
    // Characters spent on the Starter month (the ledger every generation writes).
    expect((await spendCharge(env.DB, { key: `test-${id}:0:0`, jobId: `test-${id}` }, id, "chars", 12, t0 + HOUR / 2)).ok).toBe(true);
    expect((await call("/payment/upgradeplan", s.token, { body: { toplan: "Creator" }, at: t0 + HOUR })).code).toBe(Code.OK);
    const quote = await call("/payment/refundable", s.token, { at: t0 + 2 * HOUR });
    expect(quote.data).toMatchObject({ eligible: true, amount: 12_900, fee: 650, refund_amount: 12_250 });
    expect(quote.data.payments).toHaveLength(1);
  });

  it("refunds only what is still within 7 days of its payment", async () => {
    const t0 = Date.now() - 8 * 24 * HOUR;
    // The upgrade two days later: a week after the purchase, it is within its window and the purchase is not.
    const m = await purchasedAndUpgraded(t0, t0 + 2 * 24 * HOUR);
    const later = t0 + 7 * 24 * HOUR + 2 * HOUR;
    const quote = await call("/payment/refundable", m.token, { at: later });
    expect(quote.data).toMatchObject({ eligible: true, amount: 12_900 });
    expect(quote.data.payments).toHaveLength(1);
  });
});

describe("gateway messages are the member's language", () => {
  it("a card the gateway refuses is explained, never in the gateway's words", async () => {
    const s = await newMember("card-refused");
    for (const [lang, text] of [
      ["en", "Failed to update payment information. Please check your card information."],
      ["kr", "결제 정보를 변경하지 못했습니다. 카드 정보를 확인해 주세요."],
    ]) {
      const r = await call("/payment/registcard", s.token, {
        body: { ...CARD, card_number1: "4000", card_number2: "0000", card_number3: "0000", card_number4: "0010" },
        lang,
      });
      expect(r.code).toBe(Code.CARD_REJECTED);
      expect(r.message).toBe(text);
      // The stand-in answers "카드정보 인증에 실패하였습니다. [F112]…": none of it reaches the member.
      expect(JSON.stringify(r.data)).not.toMatch(/F112|인증에 실패/);
    }
  });
});
