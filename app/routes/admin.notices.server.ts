import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { NoticeFormSchema, type NoticeRow } from "~/lib/admin";
import { requireOperator } from "~/utils/admin.server";
import { api, requireData } from "~/utils/api.server";
import { pageMeta } from "~/utils/meta.server";
import { setToast } from "~/utils/toast.server";

/** /admin/notices (operators only): every notice with its drafts, the form to write or change one, publish and unpublish. */
export async function loader(args: LoaderFunctionArgs) {
  await requireOperator(args);
  const [list, meta] = await Promise.all([
    api<{ items: NoticeRow[] }>(args, "/admin/content/notices"),
    pageMeta(args.request, args.context, "admin:meta.title", "admin:meta.description"),
  ]);
  const items = requireData(list).items;
  const editId = new URL(args.request.url).searchParams.get("edit");
  return { items, editing: items.find((n) => n.id === editId) ?? null, meta };
}

/** Saves (creates or changes), publishes or unpublishes a notice through the operator API (each writes an audit row). */
export async function action(args: ActionFunctionArgs) {
  await requireOperator(args);
  const submission = parseWithZod(await args.request.formData(), { schema: NoticeFormSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const v = submission.value;
  const answer =
    v.intent === "save"
      ? await api(args, v.id ? `/admin/content/notices/${encodeURIComponent(v.id)}` : "/admin/content/notices", {
          method: v.id ? "PUT" : "POST",
          body: {
            category: v.category,
            pinned: v.pinned === "on",
            title: { ko: v.title_ko, en: v.title_en },
            body: { ko: v.body_ko, en: v.body_en },
          },
        })
      : await api(args, `/admin/content/notices/${encodeURIComponent(v.id)}/${v.intent}`, { body: {} });
  if (!answer.success) return data({ result: submission.reply({ formErrors: [answer.message] }) }, { status: 400 });
  await setToast(args.request, args.context, { key: "saved" });
  throw redirect("/admin/notices");
}
