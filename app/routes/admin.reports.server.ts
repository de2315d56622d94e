import { parseWithZod, readForm } from "~/utils/parse-form.server";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { REPORT_STATUSES, type ReportStatus } from "~/lib/admin";
import { ReportActionSchema } from "~/lib/admin-schemas";
import { requireOperator } from "~/utils/admin.server";
import { api, requireData } from "~/utils/api.server";
import { pageMeta } from "~/utils/meta.server";
import { setToast } from "~/utils/toast.server";

const statusOf = (url: string): ReportStatus => {
  const raw = new URL(url).searchParams.get("status");
  return (REPORT_STATUSES as readonly string[]).includes(raw ?? "") ? (raw as ReportStatus) : "open";
};

/** /admin/reports?status= (operators only): reports of voices and comments, open ones first. */
export async function loader(args: LoaderFunctionArgs) {
  await requireOperator(args);
  const status = statusOf(args.request.url);
  const [queue, meta] = await Promise.all([
    api(args, "GET /admin/reports", { query: { status } }),
    pageMeta(args.request, args.context, "admin:meta.title", "admin:meta.description"),
  ]);
  return { status, ...requireData(queue), meta };
}

/** Hides (with a reason) or restores a voice or a comment, or dismisses a report; each writes an audit row in the api. */
export async function action(args: ActionFunctionArgs) {
  await requireOperator(args);
  const formData = await readForm(args.request);
  const submission = parseWithZod(formData, { schema: ReportActionSchema });
  const formId = String(formData.get("form") ?? "").slice(0, 80);
  if (submission.status !== "success") return data({ formId, result: submission.reply() }, { status: 400 });
  const v = submission.value;
  const kinds = v.kind === "voice" ? "voices" : "comments";
  const answer =
    v.intent === "dismiss"
      ? await api(args, "POST /admin/reports/:kind/:id/dismiss", { params: { kind: v.kind, id: v.report }, body: {} })
      : await api(args, `POST /admin/${kinds}/:id/${v.intent}`, {
          params: { id: v.target },
          body: v.intent === "hide" ? { reason: v.reason } : {},
        });
  if (!answer.success) return data({ formId, result: submission.reply({ formErrors: [answer.message] }) }, { status: 400 });
  await setToast(args.request, args.context, { key: "saved" });
  throw redirect(`/admin/reports?status=${statusOf(args.request.url)}`);
}
