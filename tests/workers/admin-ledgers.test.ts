import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { seedStatements } from "#db/seed";
import { REFUND_SETTLES_MS, refundRequested } from "#contracts/billing";
import { Code } from "../../workers/api/src/lib/codes";
import { CARD } from "./billing-helpers";
import { PASSWORD } from "./helpers";
import { call, newMember, newOperator, type Loose } from "./operators";

// The console's coupon and refund lists (GET /admin/coupons, GET /admin/refunds): paged, filtered, for operators
// only (404 to members and visitors, as every /admin path); a refund reads as the member's own history reads it.

beforeAll(async () => {
  await env.DB.batch(seedStatements().map((s) => env.DB.prepare(s)));
});

/** Operators get the list; a member, a visitor and a made-up token get 404 (4004), as an unknown path. */
async function onlyOperators(path: string) {
  const op = await newOperator();
  const member = await newMember();
  const ok = await call(path, op.token);
  expect([ok.status, ok.code], `${path} as operator`).toEqual([200, Code.OK]);
  for (const [who, token] of [
    ["member", member.token],
    ["visitor", null],
    ["bad token", "not-a-token"],
  ] as const) {
    const r = await call(path, token);
    expect([r.status, r.code, r.data], `${path} as ${who}`).toEqual([404, Code.NOT_FOUND, null]);
  }
  return op;
}

async function paidStarter() {
  const m = await newMember("ledger");
  expect((await call("/payment/registcard", m.token, { body: CARD })).success).toBe(true);
  const quote = await call("/payment/quote?plan=Starter", m.token);
  const paid = await call("/payment/payment", m.token, {
    body: {
      plan: "Starter",
      amount: quote.data.amount,
      agree_billing: true,
      agree_change: true,
      agree_refund: true,
      agree_regular_price: true,
    },
  });
  expect(paid.code, paid.message).toBe(Code.OK);
  const no = (await env.DB.prepare("SELECT no FROM payments WHERE member_id = ? AND status = 'paid'").bind(m.id).first<{ no: number }>())!
    .no;
  return { ...m, no };
}

describe("GET /admin/coupons", () => {
  it("is for operators only", async () => {
    await onlyOperators("/admin/coupons");
    await onlyOperators("/admin/coupons?status=used&page=2");
  });

  it("lists coupons newest first as unused, used (by whom) or expired, filtered and paged", async () => {
    const op = await newOperator();
    const m = await newMember("coupon");
    const issued = await call(`/admin/members/${m.id}/coupon`, op.token, { body: { plan: "Creator", days: 30 } });
    expect(issued.code, issued.message).toBe(Code.OK);
    const num = issued.data.num as string;

    const first = await call("/admin/coupons", op.token);
    expect(first.data).toMatchObject({ page: 1, pageSize: 50 });
    expect(first.data.items[0]).toMatchObject({
      num,
      plan: "Creator",
      days: 30,
      state: "unused",
      usedBy: null,
      usedByEmail: null,
      usedAt: null,
    });
    expect(Date.parse(first.data.items[0].expiresAt)).toBeGreaterThan(Date.now());

    expect((await call("/utils/accept_coupon", m.token, { body: { num } })).code).toBe(Code.OK);
    const used = await call("/admin/coupons?status=used", op.token);
    expect(used.data.items.find((c: Loose) => c.num === num)).toMatchObject({ state: "used", usedBy: m.id, usedByEmail: m.email });
    expect(used.data.items.every((c: Loose) => c.state === "used")).toBe(true);
    expect((await call("/admin/coupons?status=unused", op.token)).data.items.map((c: Loose) => c.num)).not.toContain(num);

    // One that ran out unused; and, past its end by the test clock, the issued-and-unused ones expire too.
    const stale = `EXP-${crypto.randomUUID().slice(0, 8)}`;
    await env.DB.prepare("INSERT INTO coupons (num, plan, days, expires_at) VALUES (?, 'Starter', 7, ?)")
      .bind(stale, Date.now() - 1000)
      .run();
    const expired = await call("/admin/coupons?status=expired", op.token);
    expect(expired.data.items.find((c: Loose) => c.num === stale)).toMatchObject({ state: "expired" });
    expect(expired.data.items.every((c: Loose) => c.state === "expired")).toBe(true);
    expect((await call("/admin/coupons?status=unused", op.token)).data.items.map((c: Loose) => c.num)).not.toContain(stale);

    // Pages of 50, newest first; the total counts the filter's rows.
    const batch = Array.from({ length: 55 }, (_, i) => `PG-${crypto.randomUUID().slice(0, 6)}-${String(i).padStart(2, "0")}`);
    await env.DB.batch(batch.map((n) => env.DB.prepare("INSERT INTO coupons (num, plan, days) VALUES (?, 'Starter', 7)").bind(n)));
    const all = await call("/admin/coupons?status=all", op.token);
    const page2 = await call("/admin/coupons?page=2", op.token);
    expect(all.data.items).toHaveLength(50);
    expect(all.data.items.map((c: Loose) => c.num)).toEqual(batch.slice(5).reverse());
    expect(page2.data.items.slice(0, 5).map((c: Loose) => c.num)).toEqual(batch.slice(0, 5).reverse());
    const { n } = (await env.DB.prepare("SELECT count(*) AS n FROM coupons").first<{ n: number }>())!;
    expect(all.data.total).toBe(n);

    for (const bad of ["status=nonsense", "page=0", "page=x"]) {
      expect((await call(`/admin/coupons?${bad}`, op.token)).code, bad).toBe(Code.BAD_REQUEST);
    }
  });
});

describe("GET /admin/refunds", () => {
  it("is for operators only", async () => {
    await onlyOperators("/admin/refunds");
    await onlyOperators("/admin/refunds?status=requested");
  });

  it("lists refunds the latest first, 'requested' while the member's history says so and 'refunded' after", async () => {
    const op = await newOperator();
    const bySupport = await paidStarter();
    const byMember = await paidStarter();
    expect(
      (await call(`/admin/members/${bySupport.id}/refund`, op.token, { body: { payment_no: bySupport.no, reason: "twice" } })).code,
    ).toBe(Code.OK);
    expect((await call("/payment/refund", byMember.token, { body: { reason: "price", comment: "", pwd: PASSWORD } })).code).toBe(Code.OK);

    const list = await call("/admin/refunds", op.token);
    expect(list.data).toMatchObject({ page: 1, pageSize: 50 });
    const [latest, earlier] = list.data.items as Loose[];
    expect([latest!.no, earlier!.no]).toEqual([byMember.no, bySupport.no]);
    expect(earlier).toMatchObject({
      memberId: bySupport.id,
      email: bySupport.email,
      plan: "Starter",
      status: "refunded",
      state: "requested",
    });
    expect(earlier!.refund_amount + earlier!.fee).toBe(earlier!.amount);

    // The member's own history reads the same payment as requested, by the same rule.
    const history = await call("/payment/list", bySupport.token);
    const own = (history.data.items as Loose[]).find((p) => p.no === bySupport.no)!;
    expect(own.refunded_at).toBe(earlier!.refunded_at);
    expect(refundRequested(own as never, Date.now())).toBe(true);

    // A week on, the money has reached the payer: both read "refunded", and the filters follow.
    const later = Date.now() + REFUND_SETTLES_MS + 60_000;
    const settled = await call("/admin/refunds", op.token, { at: later });
    expect(settled.data.items.find((p: Loose) => p.no === bySupport.no)).toMatchObject({ state: "refunded" });
    expect(refundRequested(own as never, later)).toBe(false);
    const requested = (await call("/admin/refunds?status=requested", op.token)).data.items.map((p: Loose) => p.no);
    expect(requested).toEqual(expect.arrayContaining([bySupport.no, byMember.no]));
    expect((await call("/admin/refunds?status=refunded", op.token)).data.items.map((p: Loose) => p.no)).not.toContain(bySupport.no);
    expect((await call("/admin/refunds?status=refunded", op.token, { at: later })).data.items.map((p: Loose) => p.no)).toContain(
      bySupport.no,
    );
    expect((await call("/admin/refunds?status=requested", op.token, { at: later })).data.items.map((p: Loose) => p.no)).not.toContain(
      bySupport.no,
    );
    // Only refunds: a paid payment is not listed.
    const paid = await paidStarter();
    expect((await call("/admin/refunds", op.token)).data.items.map((p: Loose) => p.no)).not.toContain(paid.no);
    expect((await call("/admin/refunds?status=paid", op.token)).code).toBe(Code.BAD_REQUEST);
  });
});
