import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { fixedT, getLocale } from "~/i18n/i18n.server";
import { PICKER_VOICES, TtsEditorSchema, usageLimitFor, type TtsProject, type UsageDialogData } from "~/lib/studio";
import type { VoicePage } from "../../contracts/voices";
import { api, requireData } from "~/utils/api.server";
import { loadProfile, requireUser } from "~/utils/auth.server";
import { pageMeta } from "~/utils/meta.server";
import { setToast } from "~/utils/toast.server";
import type { JobState } from "../../contracts/jobs";

/** The TTS editor (/studio/projects/text-to-speech?id=…, app/routes/studio.projects.text-to-speech.tsx). */

export async function loader(args: LoaderFunctionArgs) {
  await requireUser(args);
  const id = new URL(args.request.url).searchParams.get("id");
  if (!id) throw redirect("/studio");
  const [project, voices, profile, meta] = await Promise.all([
    api<TtsProject>(args, `/studio/projects/${encodeURIComponent(id)}`),
    api<VoicePage>(args, PICKER_VOICES),
    loadProfile(args),
    pageMeta(args.request, args.context, "meta.titles.studio"),
  ]);
  // An STS project's id under the TTS editor is not a TTS project: not found.
  const tts = requireData(project);
  if (tts.type !== "tts") throw new Response(null, { status: 404 });
  const jobId = new URL(args.request.url).searchParams.get("job");
  const [plans, job] = await Promise.all([
    api<{ plan: string; plan_txt: number }[]>(args, "/utils/planlist"),
    jobId ? api<JobState>(args, `/studio/jobs/${encodeURIComponent(jobId)}`) : null,
  ]);
  const allowance = plans.data?.find((p) => p.plan === profile.plan)?.plan_txt ?? 0;
  return {
    project: tts,
    voices: voices.data?.voices ?? [],
    remaining: Math.max(0, allowance - profile.plan_txt),
    job: job?.success && job.data && jobId ? { id: jobId, ...job.data } : null,
    meta,
  };
}

type Reply = (options?: { formErrors?: string[] }) => SubmissionResult<string[]>;

/**
 * "Show pronunciation" of one paragraph (issue 15): what the engine will read, without saving. A mixed-language
 * paragraph is previewed in Korean when it has Hangul. The typed paragraphs stay in the form (reply()).
 */
async function pronunciation(
  args: ActionFunctionArgs,
  reply: Reply,
  index: number,
  paragraph: { text?: string; lang?: string } | undefined,
) {
  if (!paragraph?.text?.trim()) {
    const t = fixedT(await getLocale(args.request, args.context), "studio");
    return data(
      { form: "editor" as const, result: reply({ formErrors: [t("editor.pronounceEmpty")] }), usage: null, pronunciation: null },
      { status: 400 },
    );
  }
  const lang = paragraph.lang === "en" || (paragraph.lang === "multi" && !/[가-힣]/.test(paragraph.text)) ? "en" : "ko";
  const answer = await api<{ pronunciation: string; phonemes: string }>(args, "/studio/pronounce", {
    body: { text: paragraph.text, lang },
  });
  if (!answer.success || !answer.data)
    return data(
      { form: "editor" as const, result: reply({ formErrors: [answer.message] }), usage: null, pronunciation: null },
      { status: 400 },
    );
  return data({ form: "editor" as const, result: reply(), usage: null, pronunciation: { index, ...answer.data } });
}

/** Rename the project; save the paragraphs, and with `generate` start generating all or one of them. */
export async function action(args: ActionFunctionArgs) {
  await requireUser(args);
  const url = new URL(args.request.url);
  const id = url.searchParams.get("id") ?? "";
  const formData = await args.request.formData();
  const submission = parseWithZod(formData, { schema: TtsEditorSchema });
  if (submission.status !== "success") {
    // Add and delete paragraph buttons (conform intents) answer the changed form, also without JavaScript.
    const form = formData.get("intent") === "rename" ? "rename" : "editor";
    return data({ form, result: submission.reply() }, { status: submission.status === "error" ? 400 : 200 });
  }
  if (submission.value.intent === "rename") {
    const saved = await api(args, `/studio/projects/${encodeURIComponent(id)}`, { method: "PATCH", body: { name: submission.value.name } });
    if (!saved.success) return data({ form: "rename", result: submission.reply({ formErrors: [saved.message] }) }, { status: 400 });
    await setToast(args.request, args.context, { key: "saved" });
    throw redirect(url.pathname + url.search);
  }
  const { generate, paragraphs, pronounce } = submission.value;
  if (pronounce !== undefined) return pronunciation(args, (o) => submission.reply(o), Number(pronounce), paragraphs[Number(pronounce)]);
  const saved = await api<{ paragraphs: { id: string }[] }>(args, `/studio/projects/${encodeURIComponent(id)}/paragraphs`, {
    method: "PUT",
    body: { paragraphs },
  });
  if (!saved.success || !saved.data)
    return data({ form: "editor", result: submission.reply({ formErrors: [saved.message] }) }, { status: 400 });
  if (generate === undefined) {
    await setToast(args.request, args.context, { key: "saved" });
    throw redirect(`${url.pathname}?id=${encodeURIComponent(id)}`);
  }
  // "all", or the index of one paragraph (its id may be new after the save).
  const one = generate === "all" ? null : saved.data.paragraphs[Number(generate)]?.id;
  const started = await api<{ job_id: string | null }>(args, `/studio/projects/${encodeURIComponent(id)}/generate`, {
    body: one ? { paragraph_ids: [one] } : {},
  });
  if (!started.success || !started.data) {
    const kind = usageLimitFor(started.code);
    // A usage limit (characters short or used up) opens the spec's dialog; other refusals show under the form.
    const usage: UsageDialogData = kind ? { kind, message: started.message } : null;
    return data({ form: "editor", result: submission.reply(kind ? {} : { formErrors: [started.message] }), usage }, { status: 400 });
  }
  if (!started.data.job_id) {
    const t = fixedT(await getLocale(args.request, args.context), "studio");
    return data(
      { form: "editor", result: submission.reply({ formErrors: [t("editor.nothingToGenerate")] }), usage: null },
      { status: 200 },
    );
  }
  throw redirect(`${url.pathname}?id=${encodeURIComponent(id)}&job=${started.data.job_id}`);
}
