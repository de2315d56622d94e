import type { DeclineKind } from "#contracts/billing";
import type { Locale } from "../../lib/codes";
import { DECLINES } from "../../lib/labels";

/*
 * A card gateway's decline text ("[6011] 카드 한도초과") is for operators: it is stored with the payment as it
 * came. Members read what it means, in their language: one of a few kinds, matched here by the
 * words the Korean card networks and PortOne use, "declined" when none matches.
 */
const RULES: [RegExp, DeclineKind][] = [
  // Our own checks of the gateway's answer (card.ts, renewal.ts): the payment was not taken as made.
  // A payment whose request ended before its answer and that the gateway never received (card.ts settleLost).
  [/^interrupted/i, "interrupted"],
  [/amount mismatch|already used|not found at the gateway|captured but never saved/i, "unverified"],
  // A PayPal order the payer left at PayPal (paypal.ts closeOpenOrder): nothing was charged.
  [/^not completed/i, "abandoned"],
  [/한도|limit/i, "limit"],
  [/잔액|잔고|insufficient|balance|funds/i, "balance"],
  [/유효\s*기간|만료|expir/i, "expired"],
  [/분실|도난|정지|해지된|lost|stolen|suspend|block/i, "blocked"],
  [/카드\s*번호|유효하지\s*않|없는\s*카드|invalid\s*card|card\s*number/i, "invalid"],
];

export function declineKind(raw: string | null | undefined): DeclineKind {
  const text = (raw ?? "").slice(0, 300);
  return RULES.find(([re]) => re.test(text))?.[1] ?? "declined";
}

/** What a decline means, in the member's language. */
export const declineText = (raw: string | null | undefined, locale: Locale) => DECLINES[declineKind(raw)][locale];
