import { parseWithZod, readForm } from "~/utils/parse-form.server";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { APPLICATION_STATUSES } from "~/lib/admin";
import { ApplicationStatusSchema } from "~/lib/admin-schemas";
import { requireOperator } from "~/utils/admin.server";
import { api, requireData } from "~/utils/api.server";
import { pageMeta } from "~/utils/meta.server";
import { setToast } from "~/utils/toast.server";

type Filter = (typeof APPLICATION_STATUSES)[number] | "all";
const filterOf = (url: string): Filter => {
  const raw = new URL(url).searchParams.get("status") ?? "";
  return (APPLICATION_STATUSES as readonly string[]).includes(raw) ? (raw as Filter) : "all";
};

/**
 * /admin/actor-applications?status= (operators only): applications from /actors; an uploaded sample plays through
 * a signed URL the api mints for 10 minutes (never public), so the page is rendered fresh on each visit.
 */
export async function loader(args: LoaderFunctionArgs) {
  await requireOperator(args);
  const status = filterOf(args.request.url);
  const [list, meta] = await Promise.all([
    api(args, "GET /admin/actor-applications", { query: { status } }),
    pageMeta(args.request, args.context, "admin:meta.title", "admin:meta.description"),
  ]);
  return data({ status, items: requireData(list).items, meta }, { headers: { "cache-control": "private, no-store" } });
}

/** Moves an application to received, contacted or declined (an audit row in the api). */
export async function action(args: ActionFunctionArgs) {
  await requireOperator(args);
  const submission = parseWithZod(await readForm(args.request), { schema: ApplicationStatusSchema });
  if (submission.status !== "success") return data({ id: null, result: submission.reply() }, { status: 400 });
  const { id, status } = submission.value;
  const answer = await api(args, "POST /admin/actor-applications/:id/status", { params: { id }, body: { status } });
  if (!answer.success) return data({ id, result: submission.reply({ formErrors: [answer.message] }) }, { status: 400 });
  await setToast(args.request, args.context, { key: "saved" });
  throw redirect(`/admin/actor-applications?status=${filterOf(args.request.url)}`);
}
