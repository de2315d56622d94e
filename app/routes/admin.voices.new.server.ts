import { parseWithZod, readForm } from "~/utils/parse-form.server";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { VoiceReferenceFormSchema } from "~/lib/admin-schemas";
import { requireOperator } from "~/utils/admin.server";
import { z } from "zod/v4";
import { api, refusalData } from "~/utils/api.server";
import { pageMeta } from "~/utils/meta.server";
import { setToast } from "~/utils/toast.server";

export async function loader(args: LoaderFunctionArgs) {
  await requireOperator(args);
  return { meta: await pageMeta(args.request, args.context, "admin:meta.title", "admin:meta.description") };
}

/**
 * Stages a basic voice: the form goes to the api as it came (multipart, the clip included). The api's refusal comes
 * back on the form: a field's own message beside the field, a clip's failed rule (with what was measured) above it.
 */
export async function action(args: ActionFunctionArgs) {
  await requireOperator(args);
  const form = await readForm(args.request);
  const submission = parseWithZod(form, { schema: VoiceReferenceFormSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const v = submission.value;
  const sent = new FormData();
  for (const [key, value] of Object.entries(v)) {
    if (value === undefined || key === "file") continue;
    sent.set(key, Array.isArray(value) ? value.join(",") : String(value));
  }
  if (v.kind === "clip" && v.file) sent.set("file", v.file, v.file.name || "clip");
  const made = await api(args, "POST /admin/voice-references", { form: sent });
  if (!made.success || !made.data) {
    const listed = z.array(z.object({ path: z.string(), message: z.string() })).safeParse(refusalData(made, "issues"));
    const issues = listed.success ? listed.data : undefined;
    const fieldErrors = issues ? Object.fromEntries(issues.map((i) => [i.path, [i.message]])) : undefined;
    return data({ result: submission.reply({ formErrors: fieldErrors ? [] : [made.message], fieldErrors }) }, { status: 400 });
  }
  await setToast(args.request, args.context, { key: "saved" });
  throw redirect(`/admin/voices/${encodeURIComponent(made.data.id)}`);
}
