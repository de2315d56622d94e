import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod, readForm } from "~/utils/parse-form.server";
import { data, redirect, redirectDocument, type ActionFunctionArgs, type AppLoadContext } from "@remix-run/cloudflare";
import { z } from "zod/v4";
import { fixedT, getLocale } from "~/i18n/i18n.server";
import { formatDate, type Clock } from "~/lib/time";
import { readerTimeZone } from "~/utils/time-zone.server";
import { expiryValue, formatMoney, type Card, type InvoicePage, type PlanState } from "~/lib/billing";
import { CancelSchema, CardSchema, CouponSchema, PaypalSchema, PurchaseSchema, RefundSchema } from "~/lib/billing-schemas";
import { api, refusalData, type Envelope } from "~/utils/api.server";
import { loadProfile, requireUser, type Profile } from "~/utils/auth.server";
import { parseIntent } from "~/utils/intent.server";
import { setToast, type Toast } from "~/utils/toast.server";
import { Code } from "#contracts/codes";

/*
 * The server side the plan pages share (/dashboard/plan, /dashboard/plan/upgrade and the PayPal
 * return): the member's plan state, cards, invoices, quotes and refund figures, and the one action
 * both pages post their dialogs to. Each page's own loader is in its `<route>.server.ts`.
 */

type Args = { request: Request; context: AppLoadContext };

/** The profile of GET /member/getmember, its plan state (docs/billing-api.md) always present. */
export type BillingProfile = Profile;

/** Plan state of a member the api has not given one (Free, nothing used). */
const FREE_STATE: PlanState = {
  planName: "Free",
  tier: 0,
  projectCount: 0,
  usedTime: 0,
  usedCharacters: 0,
  usedCustomVoice: 0,
  limits: { time: 180, characters: 0, customVoice: 0, projects: 3 },
  carried: { time: 0, characters: 0 },
  startDate: null,
  endDate: null,
  renewalDate: null,
  mustChooseCustomVoice: false,
  usedCoupon: false,
  couponEndDate: null,
  isUsedAIDuringPlan: false,
  hasPaymentRecord: false,
  hasPurchasedWithDiscount: false,
  toplan: null,
  paymentMethod: "",
  subscription: "none",
  discountEligible: true,
};

export async function loadBillingProfile(args: Args): Promise<BillingProfile> {
  const profile = (await loadProfile(args)) as Profile & { planState?: PlanState };
  return { ...profile, planState: profile.planState ?? { ...FREE_STATE, planName: profile.plan || "Free" } };
}

export async function loadCards(args: Args): Promise<Card[]> {
  const envelope = await api(args, "POST /payment/cardList", { body: {} });
  return envelope.success && Array.isArray(envelope.data) ? envelope.data : [];
}

export const PAGE_SIZE = 10;

export async function loadInvoices(args: Args, page: number): Promise<InvoicePage> {
  const envelope = await api(args, "GET /payment/list", { query: { page, limit: PAGE_SIZE } });
  return envelope.success && envelope.data ? envelope.data : { items: [], page, limit: PAGE_SIZE, total: 0 };
}

/** The server's price: the card quote in KRW, PayPal's in USD (`flow` save or upgrade). */
export async function loadQuote(args: Args, plan: string, kind: "purchase" | "upgrade", currency: "KRW" | "USD") {
  const envelope =
    currency === "USD"
      ? await api(args, "GET /payment/paypal_quote", { query: { plan, flow: kind === "purchase" ? "save" : "upgrade" } })
      : await api(args, "GET /payment/quote", { query: { plan, kind } });
  return envelope.success ? envelope.data : null;
}

export async function loadRefundable(args: Args) {
  const envelope = await api(args, "GET /payment/refundable");
  return envelope.success ? envelope.data : null;
}

/** What an action answers when it stays on the page: the form's conform result or a message. */
export type BillingActionData = { intent: string; result?: SubmissionResult<string[]>; message?: string };

const fail = (body: BillingActionData, status = 400) => data(body, { status });

/** The page's own path with other search params (`?modal=...&plan=...`), keeping the invoice page. */
function pageUrl(url: URL, params: Record<string, string> = {}) {
  const next = new URLSearchParams();
  const page = url.searchParams.get("page");
  if (page) next.set("page", page);
  for (const [k, v] of Object.entries(params)) next.set(k, v);
  const qs = next.toString();
  return qs ? `${url.pathname}?${qs}` : url.pathname;
}

export async function done(args: Args, toast: Toast, to: string): Promise<never> {
  await setToast(args.request, args.context, toast);
  throw redirect(to);
}

/**
 * The forms of the plan pages, told apart by `intent`: with the fields of the two forms that have no
 * conform schema of their own (the plan change's target, the receipt's payment).
 */
const BillingIntent = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("card") }),
  z.object({ intent: z.literal("coupon") }),
  z.object({ intent: z.literal("purchase") }),
  z.object({ intent: z.literal(["upgrade", "downgrade"]), toplan: z.string().min(1) }),
  z.object({ intent: z.literal("paypal") }),
  z.object({ intent: z.literal("cancel") }),
  z.object({ intent: z.literal("resume") }),
  z.object({ intent: z.literal("refund") }),
  z.object({ intent: z.literal("receipt"), imp_uid: z.string().default("") }),
]);

/**
 * The actions of /dashboard/plan and /dashboard/plan/upgrade, one per form (`intent`). Every form
 * is a plain POST, so each works without JavaScript; a refusal that belongs to another dialog
 * (no card, corporate card, coupon period) redirects to that dialog.
 */
export async function billingAction(args: ActionFunctionArgs) {
  await requireUser(args);
  const form = await readForm(args.request);
  const url = new URL(args.request.url);
  const locale = await getLocale(args.request, args.context);
  const t = fixedT(locale, "billing");
  const clock = { locale, timeZone: readerTimeZone(args.request) };
  const ctx = { args, form, url, locale, clock, t };
  const intent = parseIntent(form, BillingIntent);
  switch (intent?.intent) {
    case "card":
      return registerCard(ctx);
    case "coupon":
      return acceptCoupon(ctx);
    case "purchase":
      return purchase(ctx);
    case "upgrade":
    case "downgrade":
      return changePlan(ctx, intent.intent, intent.toplan);
    case "paypal":
      return paypalOrder(ctx);
    case "cancel":
      return cancelSubscription(ctx);
    case "resume":
      return resumeSubscription(ctx);
    case "refund":
      return refund(ctx);
    case "receipt":
      return receipt(ctx, intent.imp_uid);
    default:
      // Unknown, or a plan change without its target: said on the form that was sent.
      return fail({ intent: String(form.get("intent") ?? ""), message: t("errors.unknown") });
  }
}

type Ctx = { args: ActionFunctionArgs; form: FormData; url: URL; locale: string; clock: Clock; t: ReturnType<typeof fixedT> };

/** Api field codes of /payment/registcard (data.field names the field) and the form fields they mark. */
const CARD_FIELDS: Record<number, "card_number1" | "expiry_month" | "birth" | "pwd_2digit"> = {
  [Code.CARD_NUMBER_INVALID]: "card_number1",
  [Code.CARD_EXPIRY_INVALID]: "expiry_month",
  [Code.CARD_BIRTH_INVALID]: "birth",
  [Code.CARD_PASSWORD_INVALID]: "pwd_2digit",
};
const FIELD_NAMES: Record<string, (typeof CARD_FIELDS)[number]> = {
  card_number: "card_number1",
  card_number1: "card_number1",
  card_number2: "card_number1",
  card_number3: "card_number1",
  card_number4: "card_number1",
  expiry: "expiry_month",
  birth: "birth",
  pwd_2digit: "pwd_2digit",
};

/** Where the card dialog goes after a registration: back to the purchase or change it came from. */
function afterCard(url: URL) {
  const then = url.searchParams.get("then");
  const plan = url.searchParams.get("plan");
  if ((then === "purchase" || then === "change") && plan) return pageUrl(url, { modal: then, plan });
  return pageUrl(url);
}

async function registerCard({ args, form, url, t }: Ctx) {
  const submission = parseWithZod(form, { schema: CardSchema });
  const hideFields = ["pwd_2digit"];
  if (submission.status !== "success") return fail({ intent: "card", result: submission.reply({ hideFields }) });
  const v = submission.value;
  const envelope = await api(args, "POST /payment/registcard", {
    body: {
      card_type: v.card_type,
      card_number1: v.card_number1,
      card_number2: v.card_number2,
      card_number3: v.card_number3,
      card_number4: v.card_number4,
      expiry: expiryValue(v),
      birth: v.birth,
      pwd_2digit: v.pwd_2digit,
    },
  });
  if (!envelope.success) {
    const sent = refusalData(envelope, "field");
    const named = typeof sent === "string" ? sent : undefined;
    const field = CARD_FIELDS[envelope.code] ?? (named ? FIELD_NAMES[named] : undefined);
    if (field) {
      const key = {
        card_number1: "errors.cardNumber",
        expiry_month: "errors.expiry",
        birth: v.card_type === "corporate" ? "errors.business" : "errors.birth",
        pwd_2digit: "errors.cardPassword",
      }[field];
      return fail({ intent: "card", result: submission.reply({ fieldErrors: { [field]: [key] }, hideFields }) });
    }
    const message = envelope.code === Code.CARD_REJECTED ? t("errors.cardRefused") : t("errors.cardFailed", { reason: envelope.message });
    return fail({ intent: "card", result: submission.reply({ formErrors: [message], hideFields }) });
  }
  // Spec section 4: only the main card remains.
  for (const card of await loadCards(args)) {
    if (card.main_card_yn === "N") await api(args, "POST /payment/unRegistCard", { body: { card_no: card.card_no } });
  }
  return done(args, { key: "cardRegistered" }, afterCard(url));
}

async function acceptCoupon({ args, form, clock, t }: Ctx) {
  const submission = parseWithZod(form, { schema: CouponSchema });
  if (submission.status !== "success") return fail({ intent: "coupon", result: submission.reply() });
  const envelope = await api(args, "POST /utils/accept_coupon", { body: { num: submission.value.num } });
  if (!envelope.success || !envelope.data) {
    const errors =
      envelope.code === Code.COUPON_INVALID ? { fieldErrors: { num: [t("errors.coupon")] } } : { formErrors: [envelope.message] };
    return fail({ intent: "coupon", result: submission.reply(errors) });
  }
  const state = envelope.data.planState;
  return done(
    args,
    { key: "couponApplied", params: { plan: state.planName, date: formatDate(state.couponEndDate ?? state.endDate, clock) } },
    "/dashboard/plan",
  );
}

/** Refusals of a purchase or plan change that open another dialog; null when it stays a message. */
function redirectFor(envelope: Envelope<unknown>, url: URL, then: "purchase" | "change", plan: string) {
  if (envelope.code === Code.CARD_REQUIRED) return redirect(pageUrl(url, { modal: "card", then, plan }));
  if (envelope.code === Code.CORPORATE_CARD_PLAN) return redirect(pageUrl(url, { modal: "corporate", then, plan }));
  if (envelope.code === Code.COUPON_PERIOD) return redirect(pageUrl(url, { modal: "couponPeriod" }));
  return null;
}

function paymentMessage(envelope: Envelope<unknown>, t: Ctx["t"]) {
  if (envelope.code === Code.PAYMENT_DECLINED) {
    const given = refusalData(envelope, "reason");
    const reason = (typeof given === "string" && given) || envelope.message;
    return t("errors.paymentFailed", { reason });
  }
  if (envelope.code === Code.AMOUNT_MISMATCH) return t("errors.priceChanged");
  return t("errors.purchaseFailed", { reason: envelope.message });
}

async function purchase({ args, form, url, t }: Ctx) {
  const submission = parseWithZod(form, { schema: PurchaseSchema });
  if (submission.status !== "success") return fail({ intent: "purchase", result: submission.reply() });
  const v = submission.value;
  const envelope = await api(args, "POST /payment/payment", {
    body: {
      plan: v.plan,
      amount: v.amount,
      merchant_uid: v.merchant_uid,
      agree_billing: true,
      agree_change: true,
      agree_refund: true,
      agree_regular_price: v.discounted === "1",
    },
  });
  if (!envelope.success || !envelope.data) {
    const to = redirectFor(envelope, url, "purchase", v.plan);
    if (to) throw to;
    return fail({ intent: "purchase", result: submission.reply({ formErrors: [paymentMessage(envelope, t)] }) });
  }
  // The plan state is null when the account went away while the payment ran; the plan bought names itself then.
  return done(args, { key: "purchased", params: { plan: envelope.data.planState?.planName ?? v.plan } }, "/dashboard/plan");
}

async function changePlan({ args, url, clock, t }: Ctx, intent: "upgrade" | "downgrade", toplan: string) {
  const envelope = await api(args, `POST /payment/${intent}plan`, { body: { toplan } });
  if (!envelope.success || !envelope.data) {
    const to = redirectFor(envelope, url, "change", toplan);
    if (to) throw to;
    return fail({
      intent,
      message: intent === "upgrade" ? paymentMessage(envelope, t) : t("errors.changeFailed", { reason: envelope.message }),
    });
  }
  // Null when the account went away meanwhile: the toast names the plan asked for, without a date.
  const state = envelope.data.planState;
  if (intent === "upgrade") return done(args, { key: "upgraded", params: { plan: state?.planName ?? toplan } }, "/dashboard/plan");
  const when = state?.renewalDate ?? state?.endDate;
  return done(
    args,
    { key: "downgraded", params: { plan: state?.toplan ?? toplan, date: when ? formatDate(when, clock) : "" } },
    "/dashboard/plan",
  );
}

/** PayPal (overseas): an order whose approval page brings the member back to /dashboard/plan/paypal/return. */
async function paypalOrder({ args, form, url, t }: Ctx) {
  const submission = parseWithZod(form, { schema: PaypalSchema });
  if (submission.status !== "success") return fail({ intent: "paypal", result: submission.reply() });
  const { plan, flow } = submission.value;
  const back = new URL("/dashboard/plan/paypal/return", url.origin);
  back.search = new URLSearchParams({ flow, plan }).toString();
  const envelope = await api(args, "POST /payment/paypal_order", {
    body: {
      plan,
      flow,
      return_url: back.toString(),
      cancel_url: new URL("/dashboard/plan/paypal/return?cancelled=1", url.origin).toString(),
    },
  });
  if (!envelope.success || !envelope.data?.approve_url) {
    const to = redirectFor(envelope, url, flow === "save" ? "purchase" : "change", plan);
    if (to) throw to;
    return fail({ intent: "paypal", result: submission.reply({ formErrors: [t("errors.purchaseFailed", { reason: envelope.message })] }) });
  }
  // A document navigation: PayPal's page is not a route of this app, even when the sandbox serves it on this origin.
  throw redirectDocument(envelope.data.approve_url);
}

/** E-mail accounts confirm termination and refund with their password (spec section 5). */
const passwordMissing = (profile: Profile, pwd: string | undefined) => profile.type === "email" && !pwd;

async function cancelSubscription({ args, form, clock, t }: Ctx) {
  const submission = parseWithZod(form, { schema: CancelSchema });
  const hideFields = ["pwd"];
  if (submission.status !== "success") return fail({ intent: "cancel", result: submission.reply({ hideFields }) });
  const v = submission.value;
  const profile = await loadBillingProfile(args);
  if (passwordMissing(profile, v.pwd))
    return fail({ intent: "cancel", result: submission.reply({ fieldErrors: { pwd: [t("errors.password")] }, hideFields }) });
  const envelope = await api(args, "POST /payment/cancel", { body: { reason: v.reason.join(","), comment: v.comment, pwd: v.pwd ?? "" } });
  if (!envelope.success || !envelope.data) {
    const errors =
      envelope.code === Code.PASSWORD_MISMATCH
        ? { fieldErrors: { pwd: [t("errors.password")] } }
        : { formErrors: [t("errors.cancelFailed", { reason: envelope.message })] };
    return fail({ intent: "cancel", result: submission.reply({ ...errors, hideFields }) });
  }
  const state = envelope.data.planState;
  return done(args, { key: "cancelled", params: { date: formatDate(state.endDate, clock) } }, "/dashboard/plan");
}

/** Turns a cancelled card subscription's auto-payment back on before its period ends. */
async function resumeSubscription({ args, clock }: Ctx) {
  const envelope = await api(args, "POST /payment/resume", { body: {} });
  if (!envelope.success || !envelope.data) return fail({ intent: "resume", message: envelope.message }, 409);
  const state = envelope.data.planState;
  return done(args, { key: "resumed", params: { date: formatDate(state.renewalDate, clock) } }, "/dashboard/plan");
}

async function refund({ args, form, locale, t }: Ctx) {
  const submission = parseWithZod(form, { schema: RefundSchema });
  const hideFields = ["pwd"];
  if (submission.status !== "success") return fail({ intent: "refund", result: submission.reply({ hideFields }) });
  const pwd = submission.value.pwd;
  const profile = await loadBillingProfile(args);
  if (passwordMissing(profile, pwd))
    return fail({ intent: "refund", result: submission.reply({ fieldErrors: { pwd: [t("errors.password")] }, hideFields }) });
  const envelope = await api(args, "POST /payment/refund", { body: { pwd: pwd ?? "" } });
  if (!envelope.success || !envelope.data) {
    const errors =
      envelope.code === Code.PASSWORD_MISMATCH
        ? { fieldErrors: { pwd: [t("errors.password")] } }
        : { formErrors: [t("errors.refundFailed", { reason: envelope.message })] };
    return fail({ intent: "refund", result: submission.reply({ ...errors, hideFields }) });
  }
  const currency = envelope.data.currency ?? (profile.planState.paymentMethod === "paypal" ? "USD" : "KRW");
  return done(args, { key: "refunded", params: { amount: formatMoney(envelope.data.refund_amount, currency, locale) } }, "/dashboard/plan");
}

async function receipt({ args, t }: Ctx, impUid: string) {
  const envelope = impUid ? await api(args, "POST /payment/receipt", { body: { imp_uid: impUid } }) : null;
  const target = envelope?.success ? envelope.data?.url : null;
  if (target && /^(https?:\/\/|\/)/.test(target)) throw redirectDocument(target);
  return fail({ intent: "receipt", message: t("errors.receipt") }, 404);
}
