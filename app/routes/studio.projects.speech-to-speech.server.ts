import { parseWithZod, readForm } from "~/utils/parse-form.server";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import type { StsStep } from "~/components/studio/Sts";
import { fixedT, getLocale } from "~/i18n/i18n.server";
import { stsPath, usageLimitFor, type UsageDialogData } from "~/lib/studio";
import { StsSchema } from "~/lib/studio-schemas";
import { api, requireData } from "~/utils/api.server";
import { generationJob } from "~/utils/jobs.server";
import { loadProfile, requireUser } from "~/utils/auth.server";
import { pageMeta } from "~/utils/meta.server";
import { pickerVoices, withChosen } from "~/utils/picker-voices.server";
import { setToast } from "~/utils/toast.server";
import { Code } from "#contracts/codes";

/**
 * The STS studio (/studio/projects/speech-to-speech, app/routes/studio.projects.speech-to-speech.tsx):
 * the search params name the step (`id` project, `source` checked recording, `step=voice`, `job`
 * conversion, `result`).
 */

export async function loader(args: LoaderFunctionArgs) {
  await requireUser(args);
  const q = new URL(args.request.url).searchParams;
  const [id, sourceId, jobId, resultId, reply] = ["id", "source", "job", "result", "reply"].map((k) => q.get(k));
  // One wave of api calls: a member far from the database waits for its slowest, not for their sum.
  const [profile, plans, meta, project, source, job, result, voices, replyTo] = await Promise.all([
    loadProfile(args),
    api(args, "GET /utils/planlist"),
    pageMeta(args.request, args.context, "meta.titles.sts"),
    id ? api(args, "GET /studio/sts/projects/:id", { params: { id } }) : null,
    sourceId ? api(args, "GET /studio/sts/sources/:id", { params: { id: sourceId } }) : null,
    jobId ? generationJob(args, jobId) : null,
    resultId ? api(args, "GET /studio/inferences/:id", { params: { id: resultId } }) : null,
    sourceId && q.get("step") === "voice" ? pickerVoices(args) : null,
    // Answering a shared recording: what is answered, while it is still shared.
    reply ? api(args, "GET /share/:id", { params: { id: reply } }) : null,
  ]);
  for (const answer of [project, source, job, result]) if (answer && !answer.success) requireData<unknown>(answer);
  // A finished conversion moves on to its result (also when the page refreshes itself without JavaScript).
  if (job?.data?.status === "completed" && job.data.inferenceId) throw redirect(stsPath({ id, result: job.data.inferenceId, reply }));
  const allowance = (plans.data?.find((p) => p.plan === profile.plan)?.plan_time ?? 0) * 60;
  const step: StsStep = result ? "result" : job ? "process" : source && q.get("step") === "voice" ? "voice" : source ? "check" : "studio";
  return {
    step,
    project: project?.data ?? null,
    source: source?.data ?? null,
    job: job?.data && jobId ? { ...job.data, id: jobId } : null,
    result: result?.data ?? null,
    voices: voices ? await withChosen(args, voices.voices, [q.get("voice")]) : [],
    voiceSearch: voices?.search ?? null,
    remaining: Math.max(0, allowance - profile.plan_time),
    replyTo: replyTo?.success && replyTo.data ? { share_id: replyTo.data.share_id, voiceName: replyTo.data.voice.name } : null,
    meta,
  };
}

/** Upload (or record) a file, convert it, share or unshare the result, review it. */
export async function action(args: ActionFunctionArgs) {
  await requireUser(args);
  const url = new URL(args.request.url);
  const q = url.searchParams;
  const id = q.get("id");
  const resultId = q.get("result") ?? "";
  // The shared recording this flow answers, kept from step to step.
  const reply = q.get("reply");
  const back = () => redirect(url.pathname + url.search);
  const formData = await readForm(args.request);
  const submission = parseWithZod(formData, { schema: StsSchema });
  if (submission.status !== "success") {
    const form = formData.get("intent");
    if (form === "upload" || form === "convert" || form === "review")
      return data({ form, result: submission.reply(), usage: null as UsageDialogData }, { status: 400 });
    throw back();
  }
  const value = submission.value;
  // A refused upload or conversion: a usage limit opens its dialog, anything else shows under the form.
  const refused = (form: "upload" | "convert", answer: { code: number; message: string }) => {
    const kind = usageLimitFor(answer.code);
    const usage: UsageDialogData = kind ? { kind, message: answer.message } : null;
    return data({ form, result: submission.reply(kind ? {} : { formErrors: [answer.message] }), usage }, { status: 400 });
  };
  switch (value.intent) {
    case "upload": {
      const form = new FormData();
      form.set("file", value.file);
      form.set("method", value.method);
      if (id) form.set("project_id", id);
      const checked = await api(args, "POST /studio/sts/sources", { form });
      if (!checked.success || !checked.data) return refused("upload", checked);
      // `voice`: the voice chosen in the library ("use this voice"), offered at the voice step.
      throw redirect(stsPath({ id: checked.data.project_id, source: checked.data.source_id, voice: q.get("voice"), reply }));
    }
    case "convert": {
      const sourceId = q.get("source") ?? "";
      const started = await api(args, "POST /studio/sts/sources/:id/convert", {
        params: { id: sourceId },
        // Answering a shared recording: linked to it as it is made, shared or not.
        body: { voice_id: value.voice_id, ...(reply ? { reply_to: reply } : {}) },
      });
      if (!started.success || !started.data) return refused("convert", started);
      throw redirect(stsPath({ id, source: sourceId, job: started.data.job_id, reply }));
    }
    case "share":
    case "unshare": {
      const share = value.intent === "share";
      // Shared back as a reply when this flow answers a shared recording.
      const answer = await api(args, share ? "POST /studio/inferences/:id/share" : "DELETE /studio/inferences/:id/share", {
        params: { id: resultId },
        query: { reply_to: share && reply ? reply : undefined },
      });
      if (answer.success) await setToast(args.request, args.context, { key: share ? "shared" : "unshared" });
      else {
        // Spec section 8: "Share URL creation failed".
        const t = fixedT(await getLocale(args.request, args.context), "studio");
        await setToast(args.request, args.context, {
          key: "error",
          params: { message: share && answer.code !== Code.REPLY_TARGET_GONE ? t("sts.result.shareFailed") : answer.message },
        });
      }
      throw back();
    }
    case "review": {
      const saved = await api(args, "POST /studio/inferences/:id/review", {
        params: { id: resultId },
        body: { score: value.score, text: value.text ?? "" },
      });
      if (!saved.success)
        return data(
          { form: "review" as const, result: submission.reply({ formErrors: [saved.message] }), usage: null as UsageDialogData },
          { status: 400 },
        );
      await setToast(args.request, args.context, { key: "reviewed" });
      throw back();
    }
  }
}
