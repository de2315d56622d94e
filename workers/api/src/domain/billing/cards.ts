// Cards (spec sections 4 and 5; docs/decisions/0015): registering a card as a billing key at PortOne, and deleting
// one. The charge is in charges.ts, the plan changes paid by card in plan-changes.ts.
import { and, eq } from "drizzle-orm";
import type { BillingScope } from "../scope";
import { declineText } from "./declines";
import { cards } from "#db/schema";
import { cardProblem, isCorporate, type Card, type CardFields } from "#contracts/billing";
import { Code } from "../../lib/codes";
import { done, refusal, type Result } from "../../lib/envelope";
import { cardGateway } from "../../integrations/payments/gateways";
import { GatewayError } from "../../integrations/payments/portone";
import { cardOut } from "./payments";
import { member } from "./plan-state";
import { renewing } from "./rules";

/** Issues a billing key for the card and makes it the main card (spec sections 4 and 5). */
export async function registerCard(s: BillingScope, b: CardFields): Promise<Result<Card>> {
  const problem = cardProblem(b, s.now);
  if (problem) return refusal(problem.code, { data: { field: problem.field } });
  const gateway = cardGateway(s.env);
  if (!gateway) return refusal(Code.GATEWAY_FAILED);
  const customerUid = `cus_${s.member.id.replaceAll("-", "").slice(0, 16)}_${crypto.randomUUID().slice(0, 8)}`;
  let key;
  try {
    key = await gateway.issueBillingKey(customerUid, {
      card_number: [b.card_number1, b.card_number2, b.card_number3, b.card_number4].join("-"),
      expiry: b.expiry.replace(/^(\d{4})-?(\d{2})$/, "$1-$2"),
      birth: b.birth,
      pwd_2digit: b.pwd_2digit,
    });
  } catch (err) {
    if (err instanceof GatewayError && err.kind === "rejected") {
      // The gateway's own text is for operators (the worker's log); the member reads what it means.
      console.warn("card registration refused by the gateway:", err.message);
      return refusal(Code.CARD_REJECTED, { data: { reason: declineText(err.message, s.locale) } });
    }
    if (err instanceof GatewayError) return refusal(Code.GATEWAY_FAILED);
    throw err;
  }
  const last4 = key.card_number.slice(-4) || b.card_number4;
  // The member may have withdrawn while the gateway answered: then the card row cannot be stored
  // (its member is gone), and the billing key just issued is deleted so none is left at the gateway.
  const stored = await s.db
    .batch([
      s.db.update(cards).set({ main: false }).where(eq(cards.memberId, s.member.id)),
      s.db
        .insert(cards)
        .values({
          memberId: s.member.id,
          customerUid,
          cardType: isCorporate(b.card_type) ? "corporate" : "personal",
          cardName: key.card_name || "",
          cardNumber: `${b.card_number1}-****-****-${last4}`,
          main: true,
          createdAt: s.now,
        })
        .returning(),
    ])
    .catch(async (err: unknown) => {
      await gateway.deleteBillingKey(customerUid).catch(() => {});
      if (!(await member(s.db, s.member.id))) return null;
      throw err;
    });
  if (!stored) return refusal(Code.LOGIN_REQUIRED);
  return done(cardOut(stored[1][0]!));
}

/** Deletes a card and its billing key; the main card of a renewing subscription stays. */
export async function unregisterCard(s: BillingScope, cardNo: number): Promise<Result<{ card_no: number }>> {
  const card = await s.db
    .select()
    .from(cards)
    .where(and(eq(cards.no, cardNo), eq(cards.memberId, s.member.id)))
    .get();
  if (!card) return refusal(Code.NOT_FOUND);
  const m = await member(s.db, s.member.id);
  if (card.main && m && renewing(m)) return refusal(Code.MAIN_CARD_IN_USE);
  const gateway = cardGateway(s.env);
  if (!gateway) return refusal(Code.GATEWAY_FAILED);
  try {
    await gateway.deleteBillingKey(card.customerUid);
  } catch (err) {
    // A key the gateway no longer has is already gone; anything else leaves the card as it is.
    if (!(err instanceof GatewayError && err.kind === "rejected")) return refusal(Code.GATEWAY_FAILED);
  }
  await s.db.delete(cards).where(eq(cards.no, card.no));
  return done({ card_no: card.no });
}
