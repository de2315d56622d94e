import { formatMoney, type Currency } from "#contracts/billing";

/** A plan as the public pages show it (from GET /api/v1/utils/planlist), already priced for the visitor's country. */
export type PlanCard = {
  tier: number;
  plan: string;
  subtitle: string;
  /** Formatted monthly price for the visitor's currency, e.g. "4,900원" or "$3.99". */
  price: string;
  /** Formatted price after the first-month 50% discount, or null for Free. */
  firstMonthPrice: string | null;
  currency: Currency;
  /** STS minutes per month. */
  minutes: number;
  /** TTS characters per month. */
  characters: number;
  /** Custom voice slots; -1 = unlimited (shown as ∞). */
  customVoices: number;
  /** Projects; -1 = unlimited. */
  projectLimit: number;
  features: string[];
};

export type { Currency };

/** KRW for Korea, USD elsewhere (spec section 1: domestic card billing vs overseas wallet). */
export const currencyFor = (country: string): Currency => (country === "KR" ? "KRW" : "USD");

/**
 * A catalogue price: KRW in won, USD in dollars (GET /utils/planlist's `price_en`), formatted as every
 * amount is (contracts/billing.ts `formatMoney`, which takes minor units), e.g. "4,900원" or "$3.99".
 */
export const formatPrice = (amount: number, currency: Currency, locale: string) =>
  formatMoney(currency === "USD" ? Math.round(amount * 100) : amount, currency, locale);

/** Spec section 9: numbers in ko-KR format, '∞' for unlimited (-1) custom voice slots. */
export const formatSlots = (n: number) => (n < 0 ? "∞" : new Intl.NumberFormat("ko-KR").format(n));
