import type { ActionFunctionArgs, AppLoadContext } from "@remix-run/cloudflare";
import { describe, expect, it } from "vitest";
import { CardSchema, CancelSchema, PurchaseSchema } from "~/lib/billing-schemas";
import { paypalReturn } from "~/routes/dashboard.plan.paypal.return.server";
import { billingAction } from "~/routes/dashboard.plan.server";
import { accessTokenCookie } from "~/utils/cookies.server";
import { sealedCookieOf, STANDIN_SECRET } from "./api-standin";

/**
 * The plan pages' actions as plain functions with real Requests, against a stand-in of the api
 * worker's HTTP contract (docs/billing-api.md): what each form sends, and how each answer becomes
 * a field error, a message, another dialog or a redirect with a toast.
 */
type Call = { path: string; method: string; body: Record<string, unknown> | null };

function jwt(claims: Record<string, unknown>) {
  const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString("base64url");
  return `${b64({ alg: "HS256", typ: "JWT" })}.${b64(claims)}.sig`;
}

const ok = (data: unknown) => ({ success: true, code: 1000, data, message: "OK" });
const no = (code: number, message = "refused", data: unknown = null) => ({ success: false, code, data, message });

async function setup(route: (call: Call) => unknown) {
  const calls: Call[] = [];
  const fetcher = {
    async fetch(input: RequestInfo | URL, init?: RequestInit) {
      const request = new Request(input, init);
      const url = new URL(request.url);
      const text = await request.text();
      const call = {
        path: url.pathname.replace(/^\/api\/v1/, "") + url.search,
        method: request.method,
        body: text ? (JSON.parse(text) as Record<string, unknown>) : null,
      };
      calls.push(call);
      return Response.json(route(call) ?? no(4004, "no stand-in route"));
    },
  };
  const notify = { fetch: async () => Response.json(ok(null)) };
  const token = jwt({ email: "member@example.com", exp: Math.floor(Date.now() / 1000) + 3600 });
  const cookie = (await accessTokenCookie.serialize(token)).split(";")[0]!;
  const context = {
    cloudflare: { env: { API: fetcher, NOTIFY: notify, DEFAULT_COUNTRY: "KR", SESSION_SECRET: STANDIN_SECRET }, ctx: { waitUntil() {} } },
    outgoingCookies: [] as string[],
    requestState: new Map(),
  } as unknown as AppLoadContext;
  const post = (url: string, fields: Record<string, string | string[]>) => {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) for (const one of [v].flat()) form.append(k, one);
    const request = new Request(`http://localhost:8787${url}`, { method: "POST", body: form, headers: { cookie } });
    return billingAction({ request, context, params: {} } as ActionFunctionArgs);
  };
  const get = (url: string) => paypalReturn({ request: new Request(`http://localhost:8787${url}`, { headers: { cookie } }), context });
  return { calls, context, post, get };
}

/** What an action threw (a redirect) or answered (data with a status). */
async function outcome(promise: Promise<unknown>) {
  try {
    const value = (await promise) as { data: unknown; init: ResponseInit | null };
    return {
      status: value.init?.status ?? 200,
      data: value.data as { intent: string; message?: string; result?: { error?: Record<string, string[] | null> } },
      location: null,
    };
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown;
    return { status: thrown.status, data: null, location: thrown.headers.get("location") };
  }
}

const toastOf = (context: AppLoadContext) => sealedCookieOf<{ key: string; params?: Record<string, string> }>(context, "toast");

const validCard = {
  intent: "card",
  card_type: "personal",
  card_number1: "4242",
  card_number2: "4242 ",
  card_number3: "42-42",
  card_number4: "4242",
  expiry_month: "12",
  expiry_year: "31",
  birth: "900101",
  pwd_2digit: "12",
};
const profile = {
  type: "email",
  email: "member@example.com",
  planState: { planName: "Creator", endDate: "2026-12-23T00:00:00.000Z", paymentMethod: "card" },
};

describe("card registration", () => {
  it("sends the digits and the expiry as YYYY-MM, then unregisters every card but the main one", async () => {
    const { calls, context, post } = await setup((c) => {
      if (c.path === "/payment/registcard") return ok({ card_no: 3, main_card_yn: "Y" });
      if (c.path === "/payment/cardList")
        return ok([
          { card_no: 3, main_card_yn: "Y" },
          { card_no: 2, main_card_yn: "N" },
          { card_no: 1, main_card_yn: "N" },
        ]);
      if (c.path === "/payment/unRegistCard") return ok({ card_no: c.body?.card_no });
    });
    const r = await outcome(post("/dashboard/plan/upgrade?modal=card&then=purchase&plan=Starter", validCard));
    expect(r.location).toBe("/dashboard/plan/upgrade?modal=purchase&plan=Starter");
    expect(calls[0]).toMatchObject({
      path: "/payment/registcard",
      body: { card_type: "personal", card_number2: "4242", card_number3: "4242", expiry: "2031-12", birth: "900101", pwd_2digit: "12" },
    });
    expect(calls.filter((c) => c.path === "/payment/unRegistCard").map((c) => c.body)).toEqual([{ card_no: 2 }, { card_no: 1 }]);
    expect(await toastOf(context)).toEqual({ key: "cardRegistered" });
  });

  it("checks every field before calling the api, and hides the password digits", async () => {
    const { calls, post } = await setup(() => null);
    const r = await outcome(
      post("/dashboard/plan?modal=card", {
        intent: "card",
        card_type: "personal",
        card_number1: "4242",
        card_number2: "42",
        expiry_month: "13",
        expiry_year: "31",
        birth: "901340",
        pwd_2digit: "1",
      }),
    );
    expect(r.status).toBe(400);
    const errors = r.data!.result!.error!;
    expect(errors.card_number2).toEqual(["errors.cardNumber"]);
    expect(errors.card_number3).toEqual(["errors.cardNumber"]);
    expect(errors.expiry_month).toEqual(["errors.expiry"]);
    expect(errors.pwd_2digit).toEqual(["errors.cardPassword"]);
    expect(calls).toEqual([]);
  });

  it("marks the field the api names (4301-4304) and says 'check card info' when the gateway refuses (4305)", async () => {
    let answer: unknown = no(4303, "bad", { field: "birth" });
    const { post } = await setup(() => answer);
    const corporate = await outcome(post("/dashboard/plan?modal=card", { ...validCard, card_type: "corporate", birth: "1234567890" }));
    expect(corporate.data!.result!.error!.birth).toEqual(["errors.business"]);
    answer = no(4302, "bad", { field: "expiry" });
    expect((await outcome(post("/dashboard/plan?modal=card", validCard))).data!.result!.error!.expiry_month).toEqual(["errors.expiry"]);
    answer = no(4305, "[F112] 유효하지않은 카드번호");
    const refused = await outcome(post("/dashboard/plan?modal=card", validCard));
    expect(refused.data!.result!.error![""]).toEqual(["결제 정보 변경에 실패했습니다. 카드 정보를 확인해 주세요."]);
  });
});

describe("purchase and plan change", () => {
  const purchase = {
    intent: "purchase",
    plan: "Starter",
    amount: "2450",
    merchant_uid: "vs_0123456789abcdef",
    discounted: "1",
    agree_billing: "on",
    agree_change: "on",
    agree_refund: "on",
    agree_regular_price: "on",
  };

  it("charges the quoted amount once per merchant_uid, with the consents", async () => {
    const { calls, context, post } = await setup(() => ok({ payment: {}, planState: { planName: "Starter" } }));
    const r = await outcome(post("/dashboard/plan/upgrade?modal=purchase&plan=Starter", purchase));
    expect(r.location).toBe("/dashboard/plan");
    expect(calls[0]!.body).toEqual({
      plan: "Starter",
      amount: 2450,
      merchant_uid: "vs_0123456789abcdef",
      agree_billing: true,
      agree_change: true,
      agree_refund: true,
      agree_regular_price: true,
    });
    expect(await toastOf(context)).toEqual({ key: "purchased", params: { plan: "Starter" } });
  });

  it("opens the card, corporate-card or coupon-period dialog for 4306, 4307 and 4317", async () => {
    let code = 4306;
    const { post } = await setup(() => no(code));
    expect((await outcome(post("/dashboard/plan/upgrade?modal=purchase&plan=Starter", purchase))).location).toBe(
      "/dashboard/plan/upgrade?modal=card&then=purchase&plan=Starter",
    );
    code = 4307;
    expect((await outcome(post("/dashboard/plan/upgrade?modal=purchase&plan=Starter", purchase))).location).toBe(
      "/dashboard/plan/upgrade?modal=corporate&then=purchase&plan=Starter",
    );
    code = 4317;
    expect(
      (await outcome(post("/dashboard/plan/upgrade?modal=change&plan=Creator", { intent: "upgrade", toplan: "Creator" }))).location,
    ).toBe("/dashboard/plan/upgrade?modal=couponPeriod");
  });

  it("a declined card shows 'Payment failed' with the gateway's reason", async () => {
    const { post } = await setup(() => no(4310, "결제에 실패했습니다. [6011] 카드 한도초과", { reason: "[6011] 카드 한도초과" }));
    const r = await outcome(post("/dashboard/plan/upgrade?modal=purchase&plan=Starter", purchase));
    expect(r.data!.result!.error![""]).toEqual(["결제에 실패했습니다: [6011] 카드 한도초과"]);
  });

  it("needs the regular-price consent only for a discounted first month, marked with the others", () => {
    const { agree_regular_price: _r, agree_billing: _b, ...rest } = purchase;
    const discounted = PurchaseSchema.safeParse(rest);
    expect(discounted.success).toBe(false);
    expect(discounted.error!.issues.map((i) => i.path.join("."))).toEqual(expect.arrayContaining(["agree_billing", "agree_regular_price"]));
    expect(PurchaseSchema.safeParse({ ...rest, agree_billing: "on", discounted: "0" }).success).toBe(true);
  });

  it("a downgrade says when it applies", async () => {
    const { context, post } = await setup(() =>
      ok({ planState: { planName: "Creator", toplan: "Starter", renewalDate: "2026-12-23T00:00:00.000Z" } }),
    );
    const r = await outcome(post("/dashboard/plan/upgrade?modal=change&plan=Starter", { intent: "downgrade", toplan: "Starter" }));
    expect(r.location).toBe("/dashboard/plan");
    expect(await toastOf(context)).toEqual({ key: "downgraded", params: { plan: "Starter", date: "2026. 12. 23." } });
  });
});

describe("cancel, refund and receipts", () => {
  it("sends the reasons comma-joined in the spec's order with the comment and password; 4112 marks the password", async () => {
    const { calls, post } = await setup((c) => (c.path === "/member/getmember" ? ok(profile) : no(4112, "wrong")));
    const r = await outcome(
      post("/dashboard/plan?modal=cancel", { intent: "cancel", reason: ["price", "ai_voice"], comment: "budget", pwd: "nope" }),
    );
    expect(calls.find((c) => c.path === "/payment/cancel")!.body).toEqual({ reason: "price,ai_voice", comment: "budget", pwd: "nope" });
    expect(r.data!.result!.error!.pwd).toEqual(["비밀번호를 정확히 입력해 주세요."]);
  });

  it("an e-mail account cannot cancel without its password; 'other' needs a comment", async () => {
    const { calls, post } = await setup((c) => (c.path === "/member/getmember" ? ok(profile) : ok({ planState: profile.planState })));
    const r = await outcome(post("/dashboard/plan?modal=cancel", { intent: "cancel", reason: "price" }));
    expect(r.data!.result!.error!.pwd).toEqual(["비밀번호를 정확히 입력해 주세요."]);
    expect(calls.some((c) => c.path === "/payment/cancel")).toBe(false);
    const other = CancelSchema.safeParse({ reason: "other" });
    expect(other.error!.issues.map((i) => i.message)).toEqual(["errors.otherText"]);
  });

  it("refund: the refunded amount in the toast", async () => {
    const { context, post } = await setup((c) =>
      c.path === "/member/getmember" ? ok(profile) : ok({ refund_amount: 2205, fee: 245, currency: "KRW", planState: {} }),
    );
    const r = await outcome(post("/dashboard/plan?modal=refund", { intent: "refund", pwd: "Voice#2026a" }));
    expect(r.location).toBe("/dashboard/plan");
    expect(await toastOf(context)).toEqual({ key: "refunded", params: { amount: "2,205원" } });
  });

  it("a receipt redirects to its link; without one the spec's message", async () => {
    let answer: unknown = ok({ url: "https://receipt.example/r/1" });
    const { post } = await setup(() => answer);
    expect((await outcome(post("/dashboard/plan", { intent: "receipt", imp_uid: "imps_1" }))).location).toBe("https://receipt.example/r/1");
    answer = no(4319);
    const r = await outcome(post("/dashboard/plan", { intent: "receipt", imp_uid: "imps_1" }));
    expect(r.data!.message).toBe("영수증 링크를 불러올 수 없습니다. 카드사에 문의해 주세요.");
  });
});

describe("PayPal", () => {
  it("orders with return and cancel URLs on this site and sends the browser to PayPal's approval page", async () => {
    const { calls, post } = await setup(() => ok({ orderID: "O-1", approve_url: "https://www.sandbox.paypal.com/checkoutnow?token=O-1" }));
    const r = await outcome(
      post("/dashboard/plan/upgrade?modal=purchase&plan=Creator", {
        intent: "paypal",
        plan: "Creator",
        flow: "save",
        agree_once: "on",
        agree_refund: "on",
      }),
    );
    expect(r.location).toBe("https://www.sandbox.paypal.com/checkoutnow?token=O-1");
    expect(calls[0]!.body).toEqual({
      plan: "Creator",
      flow: "save",
      return_url: "http://localhost:8787/dashboard/plan/paypal/return?flow=save&plan=Creator",
      cancel_url: "http://localhost:8787/dashboard/plan/paypal/return?cancelled=1",
    });
  });

  it("the return captures the order, then saves the purchase (or the upgrade) by flow", async () => {
    const capture = { orderID: "O-1", payerID: "P-1", merchant_uid: "m-1", authorization_id: "A-1", status: "COMPLETED" };
    const { calls, context, get } = await setup((c) =>
      c.path === "/payment/paypal_payment" ? ok(capture) : ok({ payment: {}, planState: { planName: "Production" } }),
    );
    const r = await outcome(get("/dashboard/plan/paypal/return?flow=upgrade&plan=Production&token=O-1&PayerID=P-1"));
    expect(r.location).toBe("/dashboard/plan");
    expect(calls.map((c) => c.path)).toEqual(["/payment/paypal_payment", "/payment/paypal_upgradeplan"]);
    expect(calls[0]!.body).toEqual({ plan: "Production", orderID: "O-1" });
    expect(calls[1]!.body).toEqual({
      plan_name: "Production",
      orderID: "O-1",
      payerID: "P-1",
      merchant_uid: "m-1",
      authorization_id: "A-1",
    });
    expect(await toastOf(context)).toEqual({ key: "upgraded", params: { plan: "Production" } });
  });

  it("a refused capture goes back to the plans with the api's message and saves nothing", async () => {
    const { calls, context, get } = await setup(() => no(4331, "결제에 실패했습니다. PayPal에서 결제가 거절되었습니다."));
    const r = await outcome(get("/dashboard/plan/paypal/return?flow=save&plan=Creator&token=O-2&PayerID=P-2"));
    expect(r.location).toBe("/dashboard/plan/upgrade");
    expect(calls.map((c) => c.path)).toEqual(["/payment/paypal_payment"]);
    expect(await toastOf(context)).toEqual({ key: "error", params: { message: "결제에 실패했습니다. PayPal에서 결제가 거절되었습니다." } });
  });
});

describe("card schema", () => {
  const base = {
    card_type: "personal",
    card_number1: "4242",
    card_number2: "4242",
    card_number3: "4242",
    card_number4: "4242",
    expiry_month: "12",
    expiry_year: "31",
    birth: "900101",
    pwd_2digit: "12",
  };
  const messages = (v: Record<string, string>) =>
    CardSchema.safeParse(v).error?.issues.map((i) => `${i.path.join(".")}:${i.message}`) ?? [];

  it("accepts a well-formed card and refuses an expired one, a wrong birth date or a short business number", () => {
    expect(messages(base)).toEqual([]);
    expect(messages({ ...base, expiry_year: "20" })).toEqual(["expiry_month:errors.expiryPast"]);
    expect(messages({ ...base, birth: "901340" })).toEqual(["birth:errors.birth"]);
    expect(messages({ ...base, card_type: "corporate" })).toEqual(["birth:errors.business"]);
    expect(messages({ ...base, card_type: "corporate", birth: "123-45-67890" })).toEqual([]);
  });
});
