import { parseWithZod, readForm } from "~/utils/parse-form.server";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { fixedT, getLocale } from "~/i18n/i18n.server";
import { CUSTOM_VOICE, type CustomVoiceStep } from "~/lib/custom-voices";
import { CustomVoiceWizardSchema, type CustomDesign } from "~/lib/custom-voices-schemas";
import { api } from "~/utils/api.server";
import { creationJob } from "~/utils/jobs.server";
import { requireUser } from "~/utils/auth.server";
import { pageMeta } from "~/utils/meta.server";
import { sealedCookie } from "~/utils/sealed.server";
import { Code } from "#contracts/codes";
import type { CustomVoice, CustomVoiceJobState } from "#contracts/custom-voices";

/**
 * Custom voice creation (/dashboard/custom, app/routes/dashboard.custom.tsx; spec: 4 steps, design, generate,
 * profile, done). As in the open voice wizard (docs/decisions/0030), what the member did so far lives in a
 * sealed cookie, so every step works without JavaScript: step 1's design, then the voice and job that step 2
 * started. The step shown follows from it and from the voice's own state (creating, ready, failed), read from
 * the api on each load. The cookie's path is /dashboard: with JavaScript Remix posts to `/dashboard/custom.data`.
 */
/** `named`: the profile step was saved (a ready voice has a default name from the api before that). */
type WizardState = { design?: CustomDesign; voiceId?: string; jobId?: string; named?: boolean };
const wizardCookie = sealedCookie<WizardState>("custom-voice", { path: "/dashboard", maxAge: 24 * 3600 });

const PATH = "/dashboard/custom";

/** Which dialog the page opens before the design step: the plan (Free) or the slots. */
export type Gate = "starter" | "slots" | null;

/** The running job as the page follows it (the job's id with its state). */
export type CreationJob = CustomVoiceJobState & { id: string };

/** A failed creation: the reason in the spec's words and, for a file's rule, which file. */
export type Failure = { code: number; reason: string; file: { index: number; name: string } | null };

/**
 * Five files of at most 10 MB and the form's fields: a body declaring more is refused before it is read. The
 * runtime counts the bytes it reads; this only stops an honest oversized upload early with a clear message.
 */
const BODY_MAX = CUSTOM_VOICE.maxFiles * CUSTOM_VOICE.fileMaxBytes + 1024 * 1024;

export async function loader(args: LoaderFunctionArgs) {
  await requireUser(args);
  const state = (await wizardCookie.read(args.request, args.context)) ?? {};
  const asked = Number(new URL(args.request.url).searchParams.get("step")) || 1;
  const meta = await pageMeta(args.request, args.context, "custom-voices:meta.title", "custom-voices:meta.description");

  let voice: CustomVoice | null = null;
  let job: CreationJob | null = null;
  let failure: Failure | null = null;
  let voiceGone: string | null = null;
  if (state.voiceId) {
    const [answer, jobAnswer] = await Promise.all([
      api(args, "GET /voices/custom/:id", { params: { id: state.voiceId } }),
      state.jobId ? creationJob(args, state.jobId) : null,
    ]);
    if (answer.success && answer.data) {
      voice = answer.data;
      const jobState = jobAnswer?.success && jobAnswer.data ? jobAnswer.data : null;
      if (voice.status === "creating") {
        job = { ...(jobState ?? { status: "queued", kind: "custom-voice", voiceId: voice.id }), id: state.jobId ?? "" };
      } else if (voice.status === "failed") {
        const file = jobState?.status === "failed" ? (jobState.file ?? null) : null;
        failure = {
          code: voice.failure?.code ?? (jobState?.status === "failed" ? jobState.code : Code.VOICE_CREATE_FAILED),
          reason: voice.failure?.reason ?? (jobState?.status === "failed" ? jobState.reason : ""),
          file,
        };
      }
    } else {
      // Deleted (from the slots page) or expired: the generate step again, with the api's message.
      voiceGone = answer.message;
      voice = null;
      await wizardCookie.write(args.request, args.context, { design: state.design });
    }
  }

  // A step needs the ones before it. Before a voice exists the member may go back to the design; once one is
  // being made, the page shows where it is (its progress, its profile or the end).
  let step: CustomVoiceStep;
  if (voice) step = voice.status !== "ready" ? 2 : state.named ? 4 : 3;
  else step = !state.design ? 1 : asked === 1 ? 1 : 2;
  // Back at /dashboard/custom after the last step: a new voice from the start.
  if (step === 4 && !new URL(args.request.url).searchParams.has("step")) {
    await wizardCookie.clear(args.request, args.context);
    return fresh(args, meta);
  }
  if (step !== asked && (voice || asked > step)) throw redirect(`${PATH}?step=${step}`);

  const gate = voice ? null : await slotGate(args);
  return { step, design: state.design ?? null, voice, job, failure, voiceGone, gate, meta };
}

/**
 * Before a voice counts a slot: is one free? (Free needs Starter first: the page decides that from the frame's
 * profile, as the library does.) An unanswered slots call opens no dialog; the api refuses the creation anyway.
 */
async function slotGate(args: LoaderFunctionArgs): Promise<Gate> {
  const answer = await api(args, "GET /voices/slots");
  if (!answer.success || !answer.data) return null;
  const { slots, unlimited, used } = answer.data;
  return !unlimited && used >= slots ? "slots" : null;
}

async function fresh(args: LoaderFunctionArgs, meta: { title: string; description: string }) {
  const gate = await slotGate(args);
  return {
    step: 1 as CustomVoiceStep,
    design: null,
    voice: null as CustomVoice | null,
    job: null as CreationJob | null,
    failure: null as Failure | null,
    voiceGone: null as string | null,
    gate,
    meta,
  };
}

export async function action(args: ActionFunctionArgs) {
  await requireUser(args);
  const state = (await wizardCookie.read(args.request, args.context)) ?? {};
  const declared = Number(args.request.headers.get("content-length") ?? 0);
  if (declared > BODY_MAX) {
    const t = fixedT(await getLocale(args.request, args.context), "custom-voices");
    return data({ intent: "generate", result: null, error: t("errors.bodyTooLarge"), gate: null as Gate }, { status: 400 });
  }
  const submission = parseWithZod(await readForm(args.request), { schema: CustomVoiceWizardSchema });
  if (submission.status !== "success") {
    const intent = submission.payload.intent;
    return data(
      { intent: typeof intent === "string" ? intent : null, result: submission.reply(), error: null, gate: null as Gate },
      { status: 400 },
    );
  }
  const value = submission.value;
  switch (value.intent) {
    case "restart":
      await wizardCookie.clear(args.request, args.context);
      throw redirect(PATH);
    case "design": {
      const { intent: _, ...design } = value;
      // A voice already started keeps its design: a new design starts a new voice.
      await wizardCookie.write(args.request, args.context, state.voiceId ? state : { design });
      throw redirect(`${PATH}?step=2`);
    }
    case "retry":
      await wizardCookie.write(args.request, args.context, { design: state.design });
      throw redirect(`${PATH}?step=2`);
    case "generate": {
      if (!state.design) throw redirect(PATH);
      if (state.voiceId) throw redirect(`${PATH}?step=2`);
      const form = new FormData();
      for (const file of value.file) form.append("file", file, file.name || "recording");
      const { moods, categories, ...single } = state.design;
      for (const [k, v] of Object.entries(single)) form.set(k, v);
      for (const m of moods) form.append("moods", m);
      for (const c of categories) form.append("categories", c);
      for (const name of CUSTOM_VOICE.consents) form.set(name, "on");
      const started = await api(args, "POST /voices/custom", { form });
      if (!started.success || !started.data) {
        const gate: Gate =
          started.code === Code.CUSTOM_VOICE_NEEDS_STARTER ? "starter" : started.code === Code.CUSTOM_VOICE_SLOTS_FULL ? "slots" : null;
        return data(
          { intent: "generate", result: submission.reply({ formErrors: gate ? [] : [started.message] }), error: null, gate },
          { status: 400 },
        );
      }
      await wizardCookie.write(args.request, args.context, {
        design: state.design,
        voiceId: started.data.voice_id,
        jobId: started.data.job_id,
      });
      throw redirect(`${PATH}?step=2`);
    }
    case "segment": {
      if (!state.voiceId) throw redirect(PATH);
      const next = await api(args, "POST /voices/custom/:id/segment", { params: { id: state.voiceId } });
      if (!next.success)
        return data(
          { intent: "segment", result: submission.reply({ formErrors: [next.message] }), error: null, gate: null as Gate },
          { status: 400 },
        );
      throw redirect(`${PATH}?step=3#profile`);
    }
    case "profile": {
      if (!state.voiceId) throw redirect(PATH);
      const form = new FormData();
      form.set("name", value.name);
      form.set("intro", value.intro);
      if (value.image && value.image.size > 0) form.set("image", value.image, value.image.name || "profile");
      const saved = await api(args, "POST /voices/custom/:id/profile", { params: { id: state.voiceId }, form });
      if (!saved.success || !saved.data)
        return data(
          { intent: "profile", result: submission.reply({ formErrors: [saved.message] }), error: null, gate: null as Gate },
          { status: 400 },
        );
      await wizardCookie.write(args.request, args.context, { ...state, named: true });
      throw redirect(`${PATH}?step=4`);
    }
  }
}
