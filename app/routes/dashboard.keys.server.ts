import { parseWithZod, readForm } from "~/utils/parse-form.server";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { KeysSchema } from "~/lib/content-schemas";
import { api, requireData } from "~/utils/api.server";
import { requireUser } from "~/utils/auth.server";
import { pageMeta } from "~/utils/meta.server";
import { setToast } from "~/utils/toast.server";

/** The member's business API keys (/dashboard/keys). */
export async function loader(args: LoaderFunctionArgs) {
  await requireUser(args);
  const [keys, meta] = await Promise.all([
    api(args, "GET /keys"),
    pageMeta(args.request, args.context, "keys:meta.title", "keys:meta.description"),
  ]);
  return { ...requireData(keys), meta };
}

/**
 * Create a key (the answer renders the key once, in this response only: it is never stored and never
 * redirected through a cookie) or revoke one (back to the page with a toast).
 */
export async function action(args: ActionFunctionArgs) {
  await requireUser(args);
  const submission = parseWithZod(await readForm(args.request), { schema: KeysSchema });
  if (submission.status !== "success") return data({ result: submission.reply(), created: null, id: null }, { status: 400 });
  const value = submission.value;
  if (value.intent === "create") {
    const answer = await api(args, "POST /keys", { body: { name: value.name } });
    if (!answer.success || !answer.data)
      return data({ result: submission.reply({ formErrors: [answer.message] }), created: null, id: null }, { status: 400 });
    const { key, name } = answer.data;
    // A fresh form, and the key shown once; the page must not be cached anywhere.
    return data(
      { result: submission.reply({ resetForm: true }), created: { key, name }, id: null },
      { headers: { "cache-control": "no-store" } },
    );
  }
  const answer = await api(args, "DELETE /keys/:id", { params: { id: value.id } });
  if (!answer.success)
    return data({ result: submission.reply({ formErrors: [answer.message] }), created: null, id: value.id }, { status: 400 });
  await setToast(args.request, args.context, { key: "saved" });
  throw redirect("/dashboard/keys");
}
