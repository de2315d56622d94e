// PayPal months through the real adapter (integrations/payments/paypal.ts) against the PayPal stand-in
// (workers/api/src/sandbox/paypal.js) on api-m.paypal.com, as vitest.workers.config.ts routes it: the tests' helpers.
import { env } from "cloudflare:workers";
import { drizzle } from "drizzle-orm/d1";
import { expect } from "vitest";
import * as schema from "#db/schema";
import { Code } from "../../workers/api/src/lib/codes";
import { call, newMember as member, type Loose, type Member as M } from "./billing-helpers";

export const newMember = () => member("pp");

export const DAY = 86_400_000;
export const db = drizzle(env.DB, { schema });
export const RETURN_URL = "https://app.test/dashboard/plan/paypal/return?flow=save&plan=Starter";
export const CANCEL_URL = "https://app.test/dashboard/plan/upgrade";
export const paymentRows = async (id: string) =>
  (await env.DB.prepare("SELECT * FROM payments WHERE member_id = ? ORDER BY no").bind(id).all<Loose>()).results;
/** The order as the stand-in holds it (captures, refunds, payer), without a token. */
export const standinOrder = async (orderID: string) =>
  (await (await fetch(`https://api-m.paypal.com/__standin/orders/${orderID}`)).json()) as Loose;

export const order = (m: M, plan: string, flow: "save" | "upgrade" = "save", at?: number) =>
  call("/payment/paypal_order", m.token, { body: { plan, flow, return_url: RETURN_URL, cancel_url: CANCEL_URL }, at });

/** The payer approves at PayPal (the stand-in's approval page) and is sent back to return_url. */
export async function approve(approveUrl: string, payer = "buyer@example.com") {
  const res = await fetch(`${approveUrl}&approve=1&payer=${encodeURIComponent(payer)}`, { redirect: "manual" });
  expect(res.status).toBe(302);
  const back = new URL(res.headers.get("location")!);
  return { back, token: back.searchParams.get("token")!, payerID: back.searchParams.get("PayerID")! };
}

/** Order, approval, capture and save of `plan` at `at`: what the return page does. */
export async function buy(m: M, plan = "Starter", at = Date.now(), flow: "save" | "upgrade" = "save") {
  const o = await order(m, plan, flow, at);
  expect(o.code, o.message).toBe(Code.OK);
  await approve(o.data.approve_url);
  const captured = await call("/payment/paypal_payment", m.token, { body: { plan, orderID: o.data.orderID }, at });
  expect(captured.code, captured.message).toBe(Code.OK);
  const c = captured.data;
  const body = {
    plan_name: plan,
    orderID: c.orderID,
    payerID: c.payerID,
    merchant_uid: c.merchant_uid,
    authorization_id: c.authorization_id,
  };
  const saved = await call(flow === "save" ? "/payment/paypal_save" : "/payment/paypal_upgradeplan", m.token, { body, at });
  expect(saved.code, saved.message).toBe(Code.OK);
  return { order: o.data, capture: c, body, saved: saved.data };
}
