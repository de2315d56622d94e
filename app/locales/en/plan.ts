import type ko from "../ko/plan";
import type { Translation } from "../types";

export default {
  title: "Plans",
  subtitle: "Pick what you need and change it any time. Every paid plan allows commercial use.",
  currencyNote: "Prices in Korean won (KRW), VAT included.",
  currencyNoteUsd: "Prices in US dollars (USD). Purchases from abroad buy one month at a time and do not renew automatically.",
  perMonth: "/mo",
  free: "Free",
  minutes: "{{count, number}} min of voice conversion (STS) a month",
  characters: "{{count, number}} characters of text-to-speech (TTS) a month",
  customVoices: "Custom voice slots: {{slots}}",
  customVoicesNone: "No custom voice",
  firstMonth: "First month {{price}}",
  firstMonthNote: "50% off once for new and first-time paying members",
  choose: "Start {{plan}}",
  startFree: "Start for free",
  popular: "Popular",
  enterprise: {
    title: "API & Enterprise",
    text: "Want AI voices inside your own product? We offer high-volume generation, dedicated voices, contract pricing and technical support.",
    points: [
      "TTS and STS over a REST API",
      "Dedicated custom voices, unlimited slots",
      "Invoices and contract billing",
      "A dedicated manager and technical support",
    ],
    cta: "Contact sales",
  },
  terms: {
    title: "About the plans",
    items: [
      "Paid plans renew automatically every month on the payment date. Purchases from abroad are one-time, one-month purchases and do not renew.",
      "Unused time and characters do not roll over to the next month.",
      "Upgrades apply at once and the period restarts from the new payment date. Downgrades apply on the next payment date.",
      "Immediate cancellation with a refund is possible only within 7 days of payment and when no paid feature was used; the refund takes 3 to 5 business days, less a fee.",
      "When you cancel a subscription, the plan runs to the end of the paid period and then becomes Free: only the 3 most recent projects are kept and custom voices are deleted.",
      "Content made on the Free plan is for personal, non-commercial use only and must credit Voice Studio when published.",
      "Members under 19 need a legal guardian's consent to pay.",
      "Price changes are announced 30 days ahead and apply from the next billing cycle.",
    ],
    more: "See article 6 (Cancellation and refunds) of the Terms of Service for details.",
  },
} satisfies Translation<typeof ko>;
