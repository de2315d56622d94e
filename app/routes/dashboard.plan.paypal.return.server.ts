import type { AppLoadContext } from "@remix-run/cloudflare";
import { fixedT, getLocale } from "~/i18n/i18n.server";
import { api } from "~/utils/api.server";
import { requireUser } from "~/utils/auth.server";
import { done } from "./dashboard.plan.server";

type Args = { request: Request; context: AppLoadContext };

/**
 * The end of a PayPal approval (GET, from PayPal's redirect): capture the order, then save the
 * purchase or the upgrade by flow; either way back to /dashboard/plan with a toast.
 */
export async function paypalReturn(args: Args) {
  await requireUser(args);
  const url = new URL(args.request.url);
  const flow = url.searchParams.get("flow") === "upgrade" ? "upgrade" : "save";
  const plan = url.searchParams.get("plan") ?? "";
  // PayPal appends the order id as `token` (and the payer as `PayerID`).
  const orderID = url.searchParams.get("token") ?? url.searchParams.get("orderID") ?? "";
  const t = fixedT(await getLocale(args.request, args.context), "billing");
  // The api's PayPal messages already say what failed ('Payment failed. PayPal declined ...').
  const failed = (message: string) => done(args, { key: "error", params: { message } }, "/dashboard/plan/upgrade");
  // Cancelled at PayPal (its cancel_url): nothing was charged; said on the plan page, PayPal's token left behind.
  if (url.searchParams.get("cancelled") === "1") return done(args, { key: "paypalCancelled" }, "/dashboard/plan/upgrade");
  if (!plan || !orderID) return failed(t("errors.purchaseFailed", { reason: t("errors.unknown") }));
  const capture = await api(args, "POST /payment/paypal_payment", { body: { plan, orderID } });
  if (!capture.success || !capture.data) return failed(capture.message);
  const c = capture.data;
  const saved = await api(args, flow === "upgrade" ? "POST /payment/paypal_upgradeplan" : "POST /payment/paypal_save", {
    body: { plan_name: plan, orderID: c.orderID, payerID: c.payerID, merchant_uid: c.merchant_uid, authorization_id: c.authorization_id },
  });
  if (!saved.success || !saved.data) return failed(saved.message);
  // The plan state is null when the account went away while the payment ran; the plan bought names itself then.
  return done(
    args,
    { key: flow === "upgrade" ? "upgraded" : "purchased", params: { plan: saved.data.planState?.planName ?? plan } },
    "/dashboard/plan",
  );
}
