// docs/decisions/0049: the form schemas of ./billing.ts, apart, so a page that uses its helpers does not load zod.
import { z } from "zod/v4";
import { MERCHANT_UID, businessNumberShape, expiryProblem, validBirth, validCardNumberGroup, validCardPassword } from "#contracts/billing";
import { CANCEL_REASONS } from "./billing";

/** Digits only: people type card and business numbers with spaces or hyphens. */
const digits = (message: string, valid: (v: string) => boolean) =>
  z
    .string({ error: message })
    .transform((v) => v.replace(/[\s-]/g, ""))
    .pipe(z.string().refine(valid, message));
const numberGroup = (last = false) => digits("errors.cardNumber", (v) => validCardNumberGroup(v, last));

/**
 * Card registration (spec sections 3 and 5): type, four number groups, expiry MM / YY, birth date
 * (6 digits) or business number (10 digits) for a corporate card, the first 2 digits of the card
 * password. The expiry is sent as "YYYY-MM".
 */
export const CardSchema = z
  .object({
    card_type: z.enum(["personal", "corporate"], { error: "errors.cardType" }),
    card_number1: numberGroup(),
    card_number2: numberGroup(),
    card_number3: numberGroup(),
    card_number4: numberGroup(true),
    expiry_month: digits("errors.expiry", (v) => /^(0[1-9]|1[0-2])$/.test(v)),
    expiry_year: digits("errors.expiry", (v) => /^\d{2}$/.test(v)),
    birth: digits("errors.birth", (v) => /^(\d{6}|\d{10})$/.test(v)),
    pwd_2digit: z.string({ error: "errors.cardPassword" }).refine(validCardPassword, "errors.cardPassword"),
  })
  .superRefine((v, ctx) => {
    // Only a value of the right length is checked further: one message per field (the birth-date error once).
    const shaped = /^(\d{6}|\d{10})$/.test(v.birth);
    if (shaped && (v.card_type === "corporate" ? !businessNumberShape(v.birth) : !validBirth(v.birth))) {
      ctx.addIssue({ code: "custom", path: ["birth"], message: v.card_type === "corporate" ? "errors.business" : "errors.birth" });
    }
    const expiry = expiryProblem(2000 + Number(v.expiry_year), Number(v.expiry_month), Date.now());
    if (expiry)
      ctx.addIssue({ code: "custom", path: ["expiry_month"], message: expiry === "past" ? "errors.expiryPast" : "errors.expiry" });
  });

export const CouponSchema = z.object({
  num: z.string({ error: "errors.couponRequired" }).trim().min(1, "errors.couponRequired").max(64, "errors.coupon"),
});

/** Purchase consents (spec section 5); the regular-price consent only when the first month is discounted. */
export const PurchaseSchema = z
  .object({
    plan: z.string().min(1),
    amount: z.coerce.number().int().nonnegative(),
    merchant_uid: z.string().regex(MERCHANT_UID),
    discounted: z.enum(["0", "1"]).default("0"),
    agree_billing: z.literal("on", { error: "errors.consent" }),
    agree_change: z.literal("on", { error: "errors.consent" }),
    agree_refund: z.literal("on", { error: "errors.consent" }),
    agree_regular_price: z.literal("on").optional(),
  })
  // `when`: checked even while other consents are missing, so every missing one is marked at once.
  .refine((v) => v.discounted !== "1" || v.agree_regular_price === "on", {
    path: ["agree_regular_price"],
    message: "errors.consent",
    when: (payload) => typeof payload.value === "object" && payload.value !== null,
  });

/** A checkbox group as a form sends it: absent, one value or several. */
const Reasons = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]))
  .pipe(z.array(z.enum(CANCEL_REASONS)).min(1, "errors.reasonRequired"));

export const CancelSchema = z
  .object({
    reason: Reasons,
    comment: z.string().trim().max(1000, "errors.tooLong").default(""),
    pwd: z.string().max(64).optional(),
  })
  .refine((v) => !(Array.isArray(v.reason) && v.reason.includes("other")) || !!v.comment, {
    path: ["comment"],
    message: "errors.otherText",
    when: (payload) => typeof payload.value === "object" && payload.value !== null,
  });

/** PayPal buys one month with no renewal: its own consents instead of the auto-billing ones. */
export const PaypalSchema = z.object({
  plan: z.string().min(1),
  flow: z.enum(["save", "upgrade"]),
  agree_once: z.literal("on", { error: "errors.consent" }),
  agree_refund: z.literal("on", { error: "errors.consent" }),
});

export const RefundSchema = z.object({
  pwd: z.string().max(64).optional(),
});
