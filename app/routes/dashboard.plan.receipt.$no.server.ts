import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { api, requireData } from "~/utils/api.server";
import { requireUser } from "~/utils/auth.server";
import { pageMeta } from "~/utils/meta.server";

/**
 * /dashboard/plan/receipt/:no: the receipt of a PayPal payment, from the member's own invoice
 * (POST /payment/detail). Another member's payment, an unknown one or a card payment (its receipt is the
 * gateway's, linked from the history) is not found.
 */
export async function loader(args: LoaderFunctionArgs) {
  await requireUser(args);
  const no = Number(args.params.no);
  if (!Number.isSafeInteger(no) || no <= 0) throw new Response(null, { status: 404 });
  const [answer, meta] = await Promise.all([
    api(args, "POST /payment/detail", { body: { no } }),
    pageMeta(args.request, args.context, "billing:paypalReceipt.metaTitle"),
  ]);
  const invoice = requireData(answer);
  if (invoice.method !== "paypal" || invoice.status === "failed" || !invoice.imp_uid) throw new Response(null, { status: 404 });
  return { invoice, meta };
}
