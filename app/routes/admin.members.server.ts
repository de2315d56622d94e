import { parseWithZod, readForm } from "~/utils/parse-form.server";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { formatMoney, type Currency, type Invoice, type PlanState } from "#contracts/billing";
import { getLocale } from "~/i18n/i18n.server";
import { Code } from "#contracts/codes";
import { MemberActionSchema } from "~/lib/help-schemas";
import { requireOperator } from "~/utils/admin.server";
import { api, requireData } from "~/utils/api.server";
import { pageMeta } from "~/utils/meta.server";
import { setToast } from "~/utils/toast.server";

export type MemberSummary = {
  id: string;
  email: string;
  nickname: string;
  type: string;
  role: string;
  locale: string;
  createdAt: string | null;
  lastLoginAt: string | null;
  dormant: boolean;
  planState: PlanState;
  projects: number;
  inquiries: number;
  payments: Invoice[];
  refundable:
    | { eligible: true; payment_no: number; amount: number; fee: number; refund_amount: number; currency: Currency }
    | { eligible: false; reason: string; payment_no: number | null };
};

const emailOf = (url: URL) => (url.searchParams.get("email") ?? "").trim().slice(0, 254);
/** The member's page, without a dialog open. */
const memberPage = (url: URL) => `${url.pathname}?${new URLSearchParams({ email: emailOf(url) })}`;

/**
 * /admin/members?email=: look a member up; plan, usage and payments; a coupon; a refund (operators only).
 * `&confirm=refund` opens the refund's confirmation, a dialog rendered here so it needs no JavaScript.
 */
export async function loader(args: LoaderFunctionArgs) {
  await requireOperator(args);
  const url = new URL(args.request.url);
  const email = emailOf(url);
  const meta = await pageMeta(args.request, args.context, "admin:meta.title", "admin:meta.description");
  if (!email) return { email, member: null, notFound: false, confirmRefund: false, closeTo: memberPage(url), meta };
  const found = await api(args, "GET /admin/members", { query: new URLSearchParams({ email }) });
  if (!found.success && found.code === Code.MEMBER_NOT_FOUND)
    return { email, member: null, notFound: true, confirmRefund: false, closeTo: memberPage(url), meta };
  const member = requireData(found);
  const confirmRefund = url.searchParams.get("confirm") === "refund" && member.refundable.eligible;
  return { email, member, notFound: false, confirmRefund, closeTo: memberPage(url), meta };
}

/** Issues a coupon or refunds the refundable payment of the member named by the form's `member_id`. */
export async function action(args: ActionFunctionArgs) {
  await requireOperator(args);
  const formData = await readForm(args.request);
  const memberId = String(formData.get("member_id") ?? "");
  const submission = parseWithZod(formData, { schema: MemberActionSchema });
  if (submission.status !== "success" || !memberId)
    return data({ intent: formData.get("intent"), result: submission.reply() }, { status: 400 });
  const v = submission.value;
  const url = new URL(args.request.url);
  // A refund is asked first: a post that did not come from the confirmation opens it.
  if (v.intent === "refund" && formData.get("confirmed") !== "1") {
    throw redirect(`${memberPage(url)}&${new URLSearchParams({ confirm: "refund" })}`);
  }
  const params = { id: memberId };
  const fails = (message: string) => data({ intent: v.intent, result: submission.reply({ formErrors: [message] }) }, { status: 400 });
  if (v.intent === "coupon") {
    const issued = await api(args, "POST /admin/members/:id/coupon", { params, body: { plan: v.plan, days: v.days } });
    if (!issued.success || !issued.data) return fails(issued.message);
    await setToast(args.request, args.context, { key: "couponIssued", params: { num: issued.data.num } });
  } else {
    const refunded = await api(args, "POST /admin/members/:id/refund", { params, body: { payment_no: v.payment_no, reason: v.reason } });
    if (!refunded.success || !refunded.data) return fails(refunded.message);
    const refund = refunded.data;
    await setToast(args.request, args.context, {
      key: "operatorRefunded",
      params: {
        no: String(refund.payment_no),
        amount: formatMoney(refund.refund_amount, refund.currency, await getLocale(args.request, args.context)),
      },
    });
  }
  throw redirect(memberPage(url));
}
