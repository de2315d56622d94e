import { parseWithZod, readForm } from "~/utils/parse-form.server";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { fixedT, getLocale } from "~/i18n/i18n.server";
import { type OpenVoiceDraft, type RecordingFacts } from "~/lib/library";
import { OpenVoiceWizardSchema, type OpenVoiceTags } from "~/lib/library-schemas";
import { z } from "zod/v4";
import { api, refusalData } from "~/utils/api.server";
import { requireUser } from "~/utils/auth.server";
import { pageMeta } from "~/utils/meta.server";
import { sealedCookie } from "~/utils/sealed.server";
import { setToast } from "~/utils/toast.server";

/** The facts a refused recording's check measured (contracts/open-voices.ts RecordingFacts), as the api sends them. */
const RecordingFactsSchema = z.object({
  format: z.enum(["wav", "mp3", "ogg-opus", "webm-opus", "m4a"]).optional(),
  duration: z.number().optional(),
  onset: z.number().nullable().optional(),
  level: z.number().optional(),
  snr: z.number().optional(),
  speakers: z.union([z.literal(1), z.literal(2)]).optional(),
  registers: z.array(z.number()).optional(),
});

/**
 * The open voice wizard (/dashboard/library/open, app/routes/dashboard.library.open.tsx; spec: 3 steps, tag
 * settings, AI voice creation, profile). What the member chose so far lives in a sealed cookie (24 hours, as
 * long as the api keeps a draft), so every step works without JavaScript and a failed check loses nothing:
 * step 1's tags, then step 2's draft (the checked recording and the voice made from it, held by the api).
 * Its path is the library's, not the wizard's: with JavaScript, Remix posts to `/dashboard/library/open.data`,
 * which a cookie of path `/dashboard/library/open` would not reach.
 */
type WizardState = { tags?: OpenVoiceTags; draftId?: string };
const wizardCookie = sealedCookie<WizardState>("open-voice", { path: "/dashboard/library", maxAge: 24 * 3600 });

export type WizardStep = 1 | 2 | 3;
const PATH = "/dashboard/library/open";

export async function loader(args: LoaderFunctionArgs) {
  await requireUser(args);
  const state = (await wizardCookie.read(args.request, args.context)) ?? {};
  const asked = Number(new URL(args.request.url).searchParams.get("step")) || 1;
  let draft: OpenVoiceDraft | null = null;
  let draftGone: string | null = null;
  if (state.draftId) {
    const answer = await api(args, "GET /voices/open/drafts/:id", { params: { id: state.draftId } });
    if (answer.success && answer.data) draft = answer.data;
    else {
      // Expired (24 hours) or gone: step 2 again, with the api's message.
      draftGone = answer.message;
      await wizardCookie.write(args.request, args.context, { tags: state.tags });
    }
  }
  // A step needs the ones before it.
  const step: WizardStep = !state.tags ? 1 : asked >= 3 && draft ? 3 : asked >= 2 ? 2 : 1;
  if (step !== asked && asked !== 1) throw redirect(`${PATH}?step=${step}`);
  const meta = await pageMeta(args.request, args.context, "library:meta.openVoice", "library:meta.libraryDescription");
  return { step, tags: state.tags ?? null, draft, draftGone, meta };
}

export async function action(args: ActionFunctionArgs) {
  await requireUser(args);
  const state = (await wizardCookie.read(args.request, args.context)) ?? {};
  const submission = parseWithZod(await readForm(args.request), { schema: OpenVoiceWizardSchema });
  if (submission.status !== "success") {
    const intent = submission.payload.intent;
    return data(
      { intent: typeof intent === "string" ? intent : null, result: submission.reply(), facts: null as RecordingFacts | null },
      { status: 400 },
    );
  }
  const value = submission.value;
  switch (value.intent) {
    case "restart":
      await wizardCookie.clear(args.request, args.context);
      throw redirect(PATH);
    case "tags": {
      const { intent: _, ...tags } = value;
      // Changed tags keep the draft unless its language or gender (which made the voice) changed.
      const keepDraft = state.draftId && state.tags?.lang === tags.lang && state.tags?.gender === tags.gender;
      await wizardCookie.write(args.request, args.context, { tags, draftId: keepDraft ? state.draftId : undefined });
      throw redirect(`${PATH}?step=2`);
    }
    case "recording": {
      if (!state.tags) throw redirect(PATH);
      const form = new FormData();
      form.set("file", value.file, value.file.name || "recording");
      form.set("method", value.method);
      form.set("lang", state.tags.lang);
      form.set("gender", state.tags.gender);
      const made = await api(args, "POST /voices/open/drafts", { form });
      if (!made.success || !made.data) {
        // The failed rule in the spec's words (the api's message), with what was measured before it failed.
        const measured = RecordingFactsSchema.safeParse(refusalData(made, "facts"));
        const facts: RecordingFacts | null = measured.success ? measured.data : null;
        return data({ intent: "recording" as const, result: submission.reply({ formErrors: [made.message] }), facts }, { status: 400 });
      }
      await wizardCookie.write(args.request, args.context, { tags: state.tags, draftId: made.data.draft_id });
      throw redirect(`${PATH}?step=2#preview`);
    }
    case "segment": {
      if (!state.draftId) throw redirect(`${PATH}?step=2`);
      const next = await api(args, "POST /voices/open/drafts/:id/segment", { params: { id: state.draftId } });
      if (!next.success)
        return data({ intent: "segment" as const, result: submission.reply({ formErrors: [next.message] }), facts: null }, { status: 400 });
      throw redirect(`${PATH}?step=2#preview`);
    }
    case "publish": {
      if (!state.tags || !state.draftId) throw redirect(PATH);
      const form = new FormData();
      form.set("draft_id", state.draftId);
      const { lang: _lang, features, categories, ...single } = state.tags;
      for (const [k, v] of Object.entries(single)) form.set(k, v);
      for (const f of features) form.append("features", f);
      for (const c of categories) form.append("categories", c);
      form.set("name", value.name);
      form.set("intro", value.intro);
      if (value.image && value.image.size > 0) form.set("image", value.image, value.image.name || "profile");
      const created = await api(args, "POST /voices/open", { form });
      if (!created.success || !created.data)
        return data(
          { intent: "publish" as const, result: submission.reply({ formErrors: [created.message] }), facts: null },
          { status: 400 },
        );
      await wizardCookie.clear(args.request, args.context);
      const t = fixedT(await getLocale(args.request, args.context), "library");
      await setToast(args.request, args.context, { key: "error", params: { message: t("wizard.published") } });
      throw redirect(`/dashboard/library/voices/${encodeURIComponent(created.data.id)}`);
    }
  }
}
