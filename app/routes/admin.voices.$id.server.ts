import { parseWithZod, readForm } from "~/utils/parse-form.server";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { VoiceReferenceActionSchema } from "~/lib/admin-schemas";
import { requireOperator } from "~/utils/admin.server";
import { api, requireData } from "~/utils/api.server";
import { pageMeta } from "~/utils/meta.server";
import { setToast } from "~/utils/toast.server";

/** /admin/voices/:id (operators only): a staged or published basic voice with its clip, consent, licence and audition. */
export async function loader(args: LoaderFunctionArgs) {
  await requireOperator(args);
  const [one, meta] = await Promise.all([
    api(args, "GET /admin/voice-references/:id", { params: { id: args.params.id ?? "" } }),
    pageMeta(args.request, args.context, "admin:meta.title", "admin:meta.description"),
  ]);
  return data({ reference: requireData(one), meta }, { headers: { "cache-control": "private, no-store" } });
}

/** Hears the voice (the api speaks and keeps it), publishes it to the library, or deletes a staged one. */
export async function action(args: ActionFunctionArgs) {
  await requireOperator(args);
  const id = args.params.id ?? "";
  const submission = parseWithZod(await readForm(args.request), { schema: VoiceReferenceActionSchema });
  if (submission.status !== "success") return data({ intent: null, result: submission.reply() }, { status: 400 });
  const v = submission.value;
  const answer =
    v.intent === "audition"
      ? await api(args, "POST /admin/voice-references/:id/audition", { params: { id }, body: v.text ? { text: v.text } : {} })
      : v.intent === "publish"
        ? await api(args, "POST /admin/voice-references/:id/publish", { params: { id } })
        : await api(args, "DELETE /admin/voice-references/:id", { params: { id } });
  if (!answer.success) return data({ intent: v.intent, result: submission.reply({ formErrors: [answer.message] }) }, { status: 400 });
  await setToast(args.request, args.context, { key: "saved" });
  throw redirect(
    v.intent === "delete" ? "/admin/voices" : v.intent === "audition" ? `/admin/voices/${id}#audition` : `/admin/voices/${id}`,
  );
}
