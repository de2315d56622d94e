import { parseWithZod, readForm } from "~/utils/parse-form.server";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { DictionarySchema } from "~/lib/studio-schemas";
import { api, requireData } from "~/utils/api.server";
import { requireUser } from "~/utils/auth.server";
import { pageMeta } from "~/utils/meta.server";
import { setToast } from "~/utils/toast.server";

/** The member's pronunciation dictionary (/studio/dictionary, app/routes/studio.dictionary.tsx). */

export async function loader(args: LoaderFunctionArgs) {
  await requireUser(args);
  const [dictionary, meta] = await Promise.all([
    api(args, "GET /studio/dictionary"),
    pageMeta(args.request, args.context, "meta.titles.dictionary"),
  ]);
  return { ...requireData(dictionary), meta };
}

/** Add a word, change a word's reading, or delete a word; then back to the page with a toast. */
export async function action(args: ActionFunctionArgs) {
  await requireUser(args);
  const submission = parseWithZod(await readForm(args.request), { schema: DictionarySchema });
  if (submission.status !== "success") return data({ result: submission.reply(), id: null }, { status: 400 });
  const value = submission.value;
  const answer =
    value.intent === "add"
      ? await api(args, "POST /studio/dictionary", { body: { lang: value.lang, word: value.word, reading: value.reading } })
      : value.intent === "update"
        ? await api(args, "PATCH /studio/dictionary/:id", { params: { id: value.id }, body: { reading: value.reading } })
        : await api(args, "DELETE /studio/dictionary/:id", { params: { id: value.id } });
  if (!answer.success) {
    // The add form shows the refusal under itself; a row's refusal shows beside that row.
    return data(
      { result: submission.reply({ formErrors: [answer.message] }), id: value.intent === "add" ? null : value.id },
      { status: 400 },
    );
  }
  await setToast(args.request, args.context, { key: value.intent === "delete" ? "deleted" : "saved" });
  const url = new URL(args.request.url);
  throw redirect(url.pathname);
}
