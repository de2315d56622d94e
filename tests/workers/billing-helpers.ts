// The billing tests' shared set-up (tests/workers/{billing,billing-trust,paypal}.test.ts): calls to /api/v1 at the
// test clock, a new member, the test card and the purchase consents, a member who bought a plan by card, and what
// the PortOne stand-in (workers/api/src/sandbox/portone.js) recorded. Payments go through the real adapters to
// the stand-ins that vitest.workers.config.ts routes the worker's outbound requests to.
import { env } from "cloudflare:workers";
import { expect } from "vitest";
import { Code } from "../../workers/api/src/lib/codes";
import { signedUp, worker, type Answer } from "./helpers";

/** Answers are read loosely in these tests: each states the fields it expects. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Loose = Record<string, any>;

/** A call to /api/v1 as `token` at the test clock `at` (ms): GET without a body, POST with one, or `method`. */
export async function call(path: string, token: string, opts: { body?: unknown; at?: number; method?: string; lang?: string } = {}) {
  const res = await worker.fetch(`http://localhost/api/v1${path}`, {
    method: opts.method ?? (opts.body === undefined ? "GET" : "POST"),
    headers: {
      "content-type": "application/json",
      lang: opts.lang ?? "en",
      "api-key": token,
      ...(opts.at ? { "x-test-now": String(opts.at) } : {}),
    },
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
  const body = await res.json<Answer>();
  return { status: res.status, ...body, data: body.data as Loose };
}

let seq = 0;
/** A new member signed up through the real endpoints, with a unique address starting with `prefix`. */
export async function newMember(prefix = "bill") {
  const email = `${prefix}${++seq}-${crypto.randomUUID().slice(0, 6)}@example.com`;
  const s = await signedUp(email);
  const row = await env.DB.prepare("SELECT id FROM members WHERE email = ?").bind(email).first<{ id: string }>();
  return { token: s.token!, id: row!.id, email };
}
export type Member = Awaited<ReturnType<typeof newMember>>;

/** The stand-in's test card that is always approved (personal, 4242 4242 4242 4242). */
export const CARD = {
  card_type: "개인",
  card_number1: "4242",
  card_number2: "4242",
  card_number3: "4242",
  card_number4: "4242",
  expiry: "2030-12",
  birth: "900101",
  pwd_2digit: "12",
};
/** The test card with another number ("4000-0000-0000-0002") and other fields changed. */
export const cardWith = (number: string, extra: Record<string, string> = {}) => {
  const [a = "", b = "", c = "", d = ""] = number.split("-");
  return { ...CARD, card_number1: a, card_number2: b, card_number3: c, card_number4: d, ...extra };
};
/** The four consents every card purchase needs. */
export const CONSENTS = { agree_billing: true, agree_change: true, agree_refund: true, agree_regular_price: true };

/** Every charge the PortOne stand-in has recorded. */
export async function gatewayPayments() {
  return (await (await fetch("https://api.iamport.kr/__standin/payments")).json()) as {
    imp_uid: string;
    merchant_uid: string;
    amount: number;
    status: string;
    cancel_amount: number;
    customer_uid: string;
  }[];
}

export const memberRow = async (id: string) => (await env.DB.prepare("SELECT * FROM members WHERE id = ?").bind(id).first<Loose>())!;

/** A member with a registered card who bought `plan` at `at` (the quoted amount: the first month at 50%). */
export async function subscriber(plan = "Starter", at = Date.now(), card = CARD, member?: Member) {
  const m = member ?? (await newMember());
  expect((await call("/payment/registcard", m.token, { body: card, at })).success).toBe(true);
  const q = await call(`/payment/quote?plan=${plan}`, m.token, { at });
  const r = await call("/payment/payment", m.token, { body: { plan, amount: q.data.amount, ...CONSENTS }, at });
  expect(r.code, r.message).toBe(Code.OK);
  return { ...m, payment: r.data.payment };
}
