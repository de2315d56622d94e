import { parseWithZod, readForm } from "~/utils/parse-form.server";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { shortTemplate } from "#contracts/labs";
import { fixedT, getLocale } from "~/i18n/i18n.server";
import { shortsPath, type ShortStep } from "~/lib/labs";
import { ShortsSchema } from "~/lib/labs-schemas";
import { PICKER_VOICES, type UsageDialogData } from "~/lib/studio";
import { api, requireData } from "~/utils/api.server";
import { generationJob } from "~/utils/jobs.server";
import { loadProfile, requireUser } from "~/utils/auth.server";
import { labsStep, labsStepAction } from "~/utils/labs-steps.server";

/**
 * Making a short (/labs/shorts/start, app/routes/labs.shorts.start.tsx; docs/decisions/0042):
 * choose a template, record (or upload) reading its script, the file check, choose a voice, the
 * conversion, and the result the browser renders as a 9:16 WebM. The speech steps are the STS studio's
 * api (`/studio/sts/*`, charged as conversion time); the search params name the step (`template`, `id`,
 * `source`, `step=voice`, `job`, `result`). A template id that is not one of ours sends the page back to step 1.
 */
export async function loader(args: LoaderFunctionArgs) {
  await requireUser(args);
  const q = new URL(args.request.url).searchParams;
  const [templateId, id, sourceId, jobId, resultId] = ["template", "id", "source", "job", "result"].map((k) => q.get(k));
  const template = shortTemplate(templateId);
  if (templateId && !template) throw redirect(shortsPath({}));
  const [profile, plans, source, job, result, voices] = await Promise.all([
    loadProfile(args),
    api(args, "GET /utils/planlist"),
    template && sourceId ? api(args, "GET /studio/sts/sources/:id", { params: { id: sourceId } }) : null,
    template && jobId ? generationJob(args, jobId) : null,
    template && resultId ? api(args, "GET /studio/inferences/:id", { params: { id: resultId } }) : null,
    template && sourceId && q.get("step") === "voice" ? api(args, "GET /voices", { query: PICKER_VOICES }) : null,
  ]);
  for (const answer of [source, job, result]) if (answer && !answer.success) requireData<unknown>(answer);
  if (job?.data?.status === "completed" && job.data.inferenceId)
    throw redirect(shortsPath({ template: templateId, id, source: sourceId, result: job.data.inferenceId }));
  const allowance = (plans.data?.find((p) => p.plan === profile.plan)?.plan_time ?? 0) * 60;
  const step: ShortStep = labsStep("template", { chosen: !!template, result, job, source, voice: q.get("step") === "voice" });
  const t = fixedT(await getLocale(args.request, args.context), "labs");
  return {
    step,
    template,
    source: source?.data ?? null,
    job: job?.data && jobId ? { ...job.data, id: jobId } : null,
    result: result?.data ?? null,
    voices: voices?.data?.voices ?? [],
    remaining: Math.max(0, allowance - profile.plan_time),
    meta: { title: t("shorts.start.metaTitle"), description: t("shorts.start.metaDescription") },
  };
}

/** Upload (or record) the reading, convert it, share or stop sharing the result (utils/labs-steps.server.ts). */
export async function action(args: ActionFunctionArgs) {
  await requireUser(args);
  const q = new URL(args.request.url).searchParams;
  const template = shortTemplate(q.get("template"))?.id ?? null;
  if (!template) throw redirect(shortsPath({}));
  const formData = await readForm(args.request);
  const submission = parseWithZod(formData, { schema: ShortsSchema });
  if (submission.status !== "success") {
    const form = formData.get("intent");
    if (form === "upload" || form === "convert")
      return data({ form, result: submission.reply(), usage: null as UsageDialogData }, { status: 400 });
    throw redirect(shortsPath({ template }));
  }
  return labsStepAction(
    args,
    submission.value,
    (o) => submission.reply(o),
    (p) => shortsPath({ template, ...p }),
  );
}
