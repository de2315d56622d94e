import { parseWithZod, readForm } from "~/utils/parse-form.server";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { FeatureFormSchema } from "~/lib/admin-schemas";
import { requireOperator } from "~/utils/admin.server";
import { api, requireData } from "~/utils/api.server";
import { pageMeta } from "~/utils/meta.server";
import { setToast } from "~/utils/toast.server";

/** /admin/featured (operators only): the featured (Event tab) voices with their periods. */
export async function loader(args: LoaderFunctionArgs) {
  await requireOperator(args);
  const [list, meta] = await Promise.all([
    api(args, "GET /admin/featured"),
    pageMeta(args.request, args.context, "admin:meta.title", "admin:meta.description"),
  ]);
  return { items: requireData(list).items, now: Date.now(), meta };
}

/** Features a voice for a period, or ends a feature (each writes an audit row in the api). */
export async function action(args: ActionFunctionArgs) {
  await requireOperator(args);
  const submission = parseWithZod(await readForm(args.request), { schema: FeatureFormSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const v = submission.value;
  const answer =
    v.intent === "add"
      ? await api(args, "POST /admin/featured", { body: { voice_id: v.voice_id, starts_at: v.starts_at, ends_at: v.ends_at } })
      : await api(args, "DELETE /admin/featured/:id", { params: { id: v.id } });
  if (!answer.success) return data({ result: submission.reply({ formErrors: [answer.message] }) }, { status: 400 });
  await setToast(args.request, args.context, { key: "saved" });
  throw redirect("/admin/featured");
}
