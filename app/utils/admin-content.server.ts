import { parseWithZod, readForm } from "~/utils/parse-form.server";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import type { z } from "zod/v4";
import type { ContentKind } from "~/lib/admin";
import { requireOperator } from "~/utils/admin.server";
import { api, requireData } from "~/utils/api.server";
import { pageMeta } from "~/utils/meta.server";
import { setToast } from "~/utils/toast.server";

/**
 * The loader and action of every console content page (/admin/notices, /admin/faq, /admin/contests;
 * docs/decisions/0036): the list with drafts and the row in `?edit=`; save (create or change), publish and
 * unpublish through the audited operator API (GET|POST /admin/content/:kind, PUT /admin/content/:kind/:id,
 * POST /admin/content/:kind/:id/publish|unpublish).
 */
export async function contentLoader(args: LoaderFunctionArgs, kind: ContentKind) {
  await requireOperator(args);
  const [list, meta] = await Promise.all([
    api(args, "GET /admin/content/:kind", { params: { kind } }),
    pageMeta(args.request, args.context, "admin:meta.title", "admin:meta.description"),
  ]);
  const items = requireData(list).items;
  const editId = new URL(args.request.url).searchParams.get("edit");
  return { items, editing: items.find((n) => n.id === editId) ?? null, meta };
}

type Saved = { intent: "save"; id?: string };
type Publication = { intent: "publish" | "unpublish"; id: string };

/** Parses the page's form with its schema and sends the save (`body` of the form's values) or the publication. */
export async function contentAction<S extends z.ZodType<Saved | Publication>>(
  args: ActionFunctionArgs,
  kind: ContentKind,
  schema: S,
  body: (v: Extract<z.output<S>, Saved>) => unknown,
) {
  await requireOperator(args);
  const submission = parseWithZod(await readForm(args.request), { schema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const v = submission.value as Saved | Publication;
  const saved = v.intent === "save" ? body(v as Extract<z.output<S>, Saved>) : null;
  const answer =
    v.intent !== "save"
      ? await api(args, `POST /admin/content/:kind/:id/${v.intent}`, { params: { kind, id: v.id }, body: {} })
      : v.id
        ? await api(args, `PUT /admin/content/${kind}/:id`, { params: { id: v.id }, body: saved })
        : await api(args, `POST /admin/content/${kind}`, { body: saved });
  if (!answer.success) return data({ result: submission.reply({ formErrors: [answer.message] }) }, { status: 400 });
  await setToast(args.request, args.context, { key: "saved" });
  throw redirect(`/admin/${kind}`);
}
