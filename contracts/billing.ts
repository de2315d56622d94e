/**
 * Billing as the api answers it and the pure rules both sides apply (docs/billing-api.md, spec sections 3 to 5).
 * The api annotates its answers with these types (`workers/api/src/domain/billing/`); the app imports them
 * through `app/lib/billing.ts`. The card rules are the server's: the card form's schema applies the same ones,
 * so the browser and the api agree on what a well-formed card is.
 */
import { Code } from "./codes";

export type Currency = "KRW" | "USD";
/** First-month promotion (spec section 9): 50% off once, for new or first-time paying members. */
export const FIRST_MONTH_DISCOUNT = 0.5;

/** Money counted in won or cents, rounded as it is charged: KRW to 10 won, USD to the cent. */
const roundMoney = (v: number, currency: Currency) => (currency === "KRW" ? Math.round(v / 10) * 10 : Math.round(v));

/**
 * The first month's price of a list price counted in won or cents (the api's `quote` and the plan cards both say it
 * through this: 79.99 dollars is 7999 cents, whose half rounds to 4000, not the 3999.4999... of dollars times 0.5).
 */
export const firstMonthPrice = (list: number, currency: Currency) => roundMoney(list * (1 - FIRST_MONTH_DISCOUNT), currency);

export type PaymentMethod = "" | "card" | "paypal" | "coupon";
export type Subscription = "none" | "active" | "cancelled" | "past_due";

/** The spec's user plan state (section 3), as the profile and the plan page show it. */
export type PlanState = {
  planName: string;
  tier: number;
  projectCount: number;
  usedTime: number;
  usedCharacters: number;
  usedCustomVoice: number;
  limits: { time: number; characters: number; customVoice: number; projects: number };
  carried: { time: number; characters: number };
  startDate: string | null;
  endDate: string | null;
  renewalDate: string | null;
  mustChooseCustomVoice: boolean;
  usedCoupon: boolean;
  couponEndDate: string | null;
  isUsedAIDuringPlan: boolean;
  hasPaymentRecord: boolean;
  hasPurchasedWithDiscount: boolean;
  toplan: string | null;
  paymentMethod: PaymentMethod;
  subscription: Subscription;
  discountEligible: boolean;
};

/** A registered card (POST /payment/cardList, /payment/registcard); the number is masked. */
export type Card = {
  card_no: number;
  card_name: string;
  card_number: string;
  card_type: "personal" | "corporate";
  main_card_yn: "Y" | "N";
  created_at: string;
};

/** An invoice row (spec section 3: date, plan, price, detail, refund status, refund amount, fee deducted, discount). Money in minor units. */
/** What a declined card payment means. */
export type DeclineKind = "limit" | "balance" | "expired" | "blocked" | "invalid" | "unverified" | "abandoned" | "interrupted" | "declined";

export type Invoice = {
  no: number;
  date: string;
  plan: string;
  kind: "purchase" | "upgrade" | "renewal";
  method: "card" | "paypal";
  currency: Currency;
  price: number;
  discount: number;
  amount: number;
  status: "pending" | "paid" | "failed" | "cancelled" | "refunded";
  refund_amount: number;
  fee: number;
  refunded_at: string | null;
  period_start: string | null;
  period_end: string | null;
  imp_uid: string | null;
  card_name: string;
  /** Why a payment failed, as a kind the app says in the member's language (the gateway's raw text is for operators). */
  fail_kind: DeclineKind | null;
};

/** Spec section 4: a refund arrives after 3 to 5 business days; seven calendar days cover that. */
export const REFUND_SETTLES_MS = 7 * 86_400_000;

/**
 * A refunded payment reads "refund requested" until the money can have reached the payer, "refunded" after: one
 * rule for the member's payment history and the operators' console, so both say the same of the same payment.
 */
export function refundRequested(p: { status: Invoice["status"]; refunded_at: string | number | null }, now: number) {
  if (p.status !== "refunded" || p.refunded_at === null) return false;
  const at = typeof p.refunded_at === "number" ? p.refunded_at : Date.parse(p.refunded_at);
  return at + REFUND_SETTLES_MS > now;
}

/** GET /payment/list. */
export type InvoicePage = { items: Invoice[]; page: number; limit: number; total: number };

/** The price the server charges for a plan (minor units), before and after the first-month discount. */
export type Quote = { plan: string; currency: Currency; list_price: number; discount: number; amount: number; discounted: boolean };
/** GET /payment/quote: the quote of a card purchase or upgrade, as the purchase dialog shows it. */
export type ChargeQuote = Quote & { kind: "purchase" | "upgrade" };

/** GET /payment/refundable: whether the current period can be refunded now, and for how much (minor units). */
export type RefundQuote =
  | { eligible: false; reason: "none" | "window" | "used" | "coupon"; payment_no: number | null }
  | {
      eligible: true;
      payment_no: number;
      /** Totals of `payments`. */
      amount: number;
      fee: number;
      refund_amount: number;
      currency: Currency;
      deadline: string;
      /** Each payment given back, the latest first: a same-week purchase and upgrade go back together (docs/decisions/0038). */
      payments: { no: number; amount: number; fee: number; refund_amount: number }[];
    };

// ---------------------------------------------------------------------------------------------
// Money

/**
 * Money in minor units (KRW won, USD cents), in the page's language (spec section 9: numbers in ko-KR):
 * "4,900원" (ko) or "₩4,900" (en); "$3.99". Every amount the api answers is in minor units; the plan
 * catalogue's `price_en` is in dollars, so its callers convert (app/lib/plans.ts `formatPrice`).
 */
export function formatMoney(amount: number, currency: Currency, locale: string) {
  if (currency === "KRW") {
    const n = new Intl.NumberFormat("ko-KR").format(Math.round(amount));
    return locale === "ko" ? `${n}원` : `₩${n}`;
  }
  return `$${(amount / 100).toFixed(2)}`;
}

// ---------------------------------------------------------------------------------------------
// Payments

/** A merchant_uid, ours or a client's idempotency key (POST /payment/payment, /payment/upgradeplan). */
export const MERCHANT_UID = /^[A-Za-z0-9_-]{8,64}$/;

// ---------------------------------------------------------------------------------------------
// Card fields (spec section 5)

/** Korea's calendar (UTC+9, no daylight saving): the service's, for card expiry as for billing months. */
const KST_MS = 9 * 3_600_000;
/** An expiry further ahead than this is a typing mistake. */
const EXPIRY_YEARS_AHEAD = 20;

/** The four number groups: 4, 4, 4 and 3 or 4 digits. */
export function validCardNumber(groups: readonly string[]) {
  return groups.length === 4 && groups.slice(0, 3).every((g) => /^\d{4}$/.test(g)) && /^\d{3,4}$/.test(groups[3]!);
}

/** A number group as one field checks it (`last`: the fourth, 3 or 4 digits). */
export const validCardNumberGroup = (v: string, last = false) => (last ? /^\d{3,4}$/ : /^\d{4}$/).test(v);

/**
 * The card's expiry month: "invalid" when the month is not 1 to 12, "past" before the current month in
 * Korea's calendar, "far" more than 20 years ahead; null when it is fine.
 */
export function expiryProblem(year: number, month: number, at: number): "invalid" | "past" | "far" | null {
  if (!Number.isInteger(year) || !Number.isInteger(month) || month < 1 || month > 12) return "invalid";
  const today = new Date(at + KST_MS);
  if (year * 12 + month < today.getUTCFullYear() * 12 + today.getUTCMonth() + 1) return "past";
  if (year > today.getUTCFullYear() + EXPIRY_YEARS_AHEAD) return "far";
  return null;
}

/** A birth date as YYMMDD that is a real day (31 February is not; 29 February only in a leap year). */
export function validBirth(v: string) {
  const m = /^(\d{2})(\d{2})(\d{2})$/.exec(v);
  if (!m) return false;
  const month = Number(m[2]);
  const day = Number(m[3]);
  return month >= 1 && month <= 12 && day >= 1 && day <= new Date(Date.UTC(2000 + Number(m[1]), month, 0)).getUTCDate();
}

/** A Korean business registration number as a form takes it: 10 digits. */
export const businessNumberShape = (v: string) => /^\d{10}$/.test(v);

/** A Korean business registration number with its check digit (the api's rule; the form checks the shape only). */
export function validBusinessNumber(v: string) {
  if (!businessNumberShape(v)) return false;
  const d = [...v].map(Number);
  const w = [1, 3, 7, 1, 3, 7, 1, 3, 5];
  let sum = w.reduce((s, wi, i) => s + wi * d[i]!, 0);
  sum += Math.floor((d[8]! * 5) / 10);
  return (10 - (sum % 10)) % 10 === d[9];
}

/** The first two digits of the card password. */
export const validCardPassword = (v: string) => /^\d{2}$/.test(v);

/** A card as POST /payment/registcard takes it (after trimming); `expiry` is "YYYY-MM" or "YYYYMM". */
export type CardFields = {
  card_type: "개인" | "법인" | "personal" | "corporate";
  card_number1: string;
  card_number2: string;
  card_number3: string;
  card_number4: string;
  expiry: string;
  birth: string;
  pwd_2digit: string;
};

export const isCorporate = (cardType: CardFields["card_type"]) => cardType === "법인" || cardType === "corporate";

/** The api's field errors of a card, each with its own code; null when the card is well-formed. */
export function cardProblem(b: CardFields, at: number): { code: Code; field: "card_number" | "expiry" | "birth" | "pwd_2digit" } | null {
  if (!validCardNumber([b.card_number1, b.card_number2, b.card_number3, b.card_number4]))
    return { code: Code.CARD_NUMBER_INVALID, field: "card_number" };
  const expiry = /^(\d{4})-?(\d{2})$/.exec(b.expiry);
  if (!expiry || expiryProblem(Number(expiry[1]), Number(expiry[2]), at)) return { code: Code.CARD_EXPIRY_INVALID, field: "expiry" };
  if (isCorporate(b.card_type) ? !validBusinessNumber(b.birth) : !validBirth(b.birth))
    return { code: Code.CARD_BIRTH_INVALID, field: "birth" };
  if (!validCardPassword(b.pwd_2digit)) return { code: Code.CARD_PASSWORD_INVALID, field: "pwd_2digit" };
  return null;
}

// ---------------------------------------------------------------------------------------------
// Card brands: the gateway names a card in Korean ("신한카드"); an English page says it in English.

const CARD_BRANDS_EN: Record<string, string> = {
  신한카드: "Shinhan Card",
  KB국민카드: "KB Kookmin Card",
  국민카드: "KB Kookmin Card",
  현대카드: "Hyundai Card",
  삼성카드: "Samsung Card",
  롯데카드: "Lotte Card",
  BC카드: "BC Card",
  비씨카드: "BC Card",
  하나카드: "Hana Card",
  우리카드: "Woori Card",
  NH농협카드: "NH NongHyup Card",
  농협카드: "NH NongHyup Card",
  씨티카드: "Citi Card",
  카카오뱅크: "KakaoBank",
  케이뱅크: "K Bank",
  토스뱅크: "Toss Bank",
  수협카드: "Suhyup Card",
  광주카드: "Kwangju Bank Card",
  전북카드: "Jeonbuk Bank Card",
  제주카드: "Jeju Bank Card",
  우체국카드: "Korea Post Card",
  새마을금고: "MG Saemaul Geumgo",
  신협카드: "Shinhyup Card",
};

/** A card's brand in the page's language: the gateway's Korean name on a Korean page, its English name otherwise. */
export function cardBrand(name: string, locale: string) {
  const plain = name.replace(/\s+/g, "");
  if (locale === "ko" || !plain) return name;
  return CARD_BRANDS_EN[plain] ?? name.replace(/카드$/, " Card");
}
