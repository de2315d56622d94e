import { parseWithZod, readForm } from "~/utils/parse-form.server";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import type { VoiceReference } from "#contracts/voice-references";
import { VoiceReferenceActionSchema } from "~/lib/admin-schemas";
import { requireOperator } from "~/utils/admin.server";
import { apiUntyped, requireData } from "~/utils/api.server";
import { pageMeta } from "~/utils/meta.server";
import { setToast } from "~/utils/toast.server";

/** /admin/voices/:id (operators only): a staged or published basic voice with its clip, consent, licence and audition. */
export async function loader(args: LoaderFunctionArgs) {
  await requireOperator(args);
  const [one, meta] = await Promise.all([
    apiUntyped<VoiceReference>(args, `/admin/voice-references/${encodeURIComponent(args.params.id ?? "")}`),
    pageMeta(args.request, args.context, "admin:meta.title", "admin:meta.description"),
  ]);
  return data({ reference: requireData(one), meta }, { headers: { "cache-control": "private, no-store" } });
}

/** Hears the voice (the api speaks and keeps it), publishes it to the library, or deletes a staged one. */
export async function action(args: ActionFunctionArgs) {
  await requireOperator(args);
  const id = encodeURIComponent(args.params.id ?? "");
  const submission = parseWithZod(await readForm(args.request), { schema: VoiceReferenceActionSchema });
  if (submission.status !== "success") return data({ intent: null, result: submission.reply() }, { status: 400 });
  const v = submission.value;
  const answer =
    v.intent === "audition"
      ? await apiUntyped(args, `/admin/voice-references/${id}/audition`, { body: v.text ? { text: v.text } : {} })
      : v.intent === "publish"
        ? await apiUntyped(args, `/admin/voice-references/${id}/publish`, { method: "POST" })
        : await apiUntyped(args, `/admin/voice-references/${id}`, { method: "DELETE" });
  if (!answer.success) return data({ intent: v.intent, result: submission.reply({ formErrors: [answer.message] }) }, { status: 400 });
  await setToast(args.request, args.context, { key: "saved" });
  throw redirect(
    v.intent === "delete" ? "/admin/voices" : v.intent === "audition" ? `/admin/voices/${id}#audition` : `/admin/voices/${id}`,
  );
}
