import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod, readForm } from "~/utils/parse-form.server";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { fixedT, getLocale } from "~/i18n/i18n.server";
import { usageLimitFor, type UsageDialogData } from "~/lib/studio";
import { TtsEditorSchema } from "~/lib/studio-schemas";
import { Code } from "#contracts/codes";
import { languageOffer } from "#contracts/speech-text";
import { api, refusalData, requireData } from "~/utils/api.server";
import { generationJob } from "~/utils/jobs.server";
import { loadProfile, requireUser } from "~/utils/auth.server";
import { pageMeta } from "~/utils/meta.server";
import { readerTimeZone } from "~/utils/time-zone.server";
import { versionTime } from "~/components/studio/editor/version-time";
import { pickerVoices, withChosen } from "~/utils/picker-voices.server";
import { setToast } from "~/utils/toast.server";

/** GET /studio/projects/:id answers a project with its versions (versions=1) or without: this tells which. */
const withVersions = <P extends object>(project: P): project is Extract<P, { versions: unknown }> => "versions" in project;

/** The TTS editor (/studio/projects/text-to-speech?id=…, app/routes/studio.projects.text-to-speech.tsx). */

export async function loader(args: LoaderFunctionArgs) {
  await requireUser(args);
  const id = new URL(args.request.url).searchParams.get("id");
  if (!id) throw redirect("/studio");
  const jobId = new URL(args.request.url).searchParams.get("job");
  // A paragraph's takes, listed when the member opened them (a link, so the list is a page without JavaScript).
  const takesOf = new URL(args.request.url).searchParams.get("takes");
  // One wave of api calls: a member far from the database waits for its slowest, not for their sum.
  const [project, picker, profile, meta, job, takes] = await Promise.all([
    api(args, "GET /studio/projects/:id", { params: { id }, query: { versions: "1" } }),
    pickerVoices(args),
    loadProfile(args),
    pageMeta(args.request, args.context, "meta.titles.studio"),
    jobId ? generationJob(args, jobId) : null,
    takesOf && /^[\w-]{1,64}$/.test(takesOf) ? api(args, "GET /studio/paragraphs/:id/takes", { params: { id: takesOf } }) : null,
  ]);
  // An STS project's id under the TTS editor is not a TTS project: not found.
  const tts = requireData(project);
  // Asked with versions=1, so the answer carries them.
  if (!withVersions(tts) || tts.type !== "tts") throw new Response(null, { status: 404 });
  // A voice the project uses that the picker does not list (another language's, a custom one) is looked up after.
  const voices = await withChosen(
    args,
    picker.voices,
    tts.paragraphs.map((p) => p.voice_id),
  );
  const q = new URL(args.request.url).searchParams;
  const clean = (v: string | null) => (v && /^[\w-]{1,64}$/.test(v) ? v : null);
  // What asks for confirmation (a paragraph, a version) and what can be undone (the version before a
  // step, a deleted version), from the URL so that every dialog works without JavaScript.
  const confirmParagraph = clean(q.get("confirm") === "paragraph" ? q.get("target") : null);
  const confirmVersion = clean(q.get("confirm") === "version" ? q.get("target") : null);
  const confirmingVersion = tts.versions.find((v) => v.id === confirmVersion);
  // Its time is written here, so the editor's first load carries no date formatting.
  const clock = { locale: await getLocale(args.request, args.context), timeZone: readerTimeZone(args.request) };
  return {
    versions: tts.versions,
    confirm: {
      paragraph: tts.paragraphs.find((p, i) => i > 0 && p.id === confirmParagraph) ?? null,
      version: confirmingVersion ? { ...confirmingVersion, when: versionTime(confirmingVersion.savedAt, clock) } : null,
    },
    undo: { version: clean(q.get("undo")), undelete: clean(q.get("undelete")) },
    project: tts,
    voices,
    voiceSearch: picker.search,
    // The period's characters with what an upgrade carried in, as the generate check counts them.
    remaining: Math.max(0, profile.planState.limits.characters - profile.plan_txt),
    job: job?.success && job.data && jobId ? { id: jobId, ...job.data } : null,
    takes: takes?.success && takes.data && takesOf ? { paragraph: takesOf, list: takes.data.takes } : null,
    meta,
  };
}

type Reply = (options?: { formErrors?: string[] }) => SubmissionResult<string[]>;

/**
 * "Show pronunciation" of one paragraph: what the engine will read, without saving. A mixed-language
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
  const answer = await api(args, "POST /studio/pronounce", { body: { text: paragraph.text, lang } });
  if (!answer.success || !answer.data)
    return data(
      { form: "editor" as const, result: reply({ formErrors: [answer.message] }), usage: null, pronunciation: null },
      { status: 400 },
    );
  return data({ form: "editor" as const, result: reply(), usage: null, pronunciation: { index, ...answer.data } });
}

/** The paragraphs with one switched to a language and, when named, a voice ("index:lang:voice", the offer's button). */
function switchLanguage<P extends { lang: string; voice_id: string }>(paragraphs: P[], switched: string): P[] {
  const [at, lang, voice] = switched.split(":");
  return paragraphs.map((p, i) => (i === Number(at) ? { ...p, lang: lang as P["lang"], ...(voice ? { voice_id: voice } : {}) } : p));
}

/**
 * A new paragraph (no id yet) is read in the language its text is written in, not the one of the paragraph it was added
 * under: with the voice another paragraph of that language uses, else the first the picker lists. (With JavaScript the
 * editor switches it as it is typed; this is the same rule for a save without.)
 */
async function newParagraphsByText<P extends { id?: string; text: string; lang: string; voice_id: string }>(
  args: ActionFunctionArgs,
  paragraphs: P[],
) {
  const wanted = paragraphs.map((p) => (p.id ? null : languageOffer(p.text, p.lang)));
  if (!wanted.some(Boolean)) return paragraphs;
  const used = (lang: string) => paragraphs.find((p, i) => p.lang === lang && !wanted[i])?.voice_id;
  const listed = wanted.some((lang) => lang && !used(lang)) ? (await pickerVoices(args)).voices : [];
  return paragraphs.map((p, i) => {
    const lang = wanted[i];
    const voice = lang ? (used(lang) ?? listed.find((v) => v.lang === lang)?.id) : undefined;
    return lang && voice ? { ...p, lang: lang as P["lang"], voice_id: voice } : p;
  });
}

/** Rename the project; save the paragraphs, and with `generate` start generating all or one of them. */
export async function action(args: ActionFunctionArgs) {
  await requireUser(args);
  const url = new URL(args.request.url);
  const id = url.searchParams.get("id") ?? "";
  const formData = await readForm(args.request);
  const submission = parseWithZod(formData, { schema: TtsEditorSchema });
  if (submission.status !== "success") {
    // Add and delete paragraph buttons (conform intents) answer the changed form, also without JavaScript.
    if (formData.get("autosave") === "1") {
      const t = fixedT(await getLocale(args.request, args.context), "studio");
      return data({ form: "autosave" as const, revision: null, ids: null, error: t("autosave.invalid"), conflict: null }, { status: 400 });
    }
    const form = formData.get("intent") === "rename" ? "rename" : "editor";
    return data({ form, result: submission.reply() }, { status: submission.status === "error" ? 400 : 200 });
  }
  const value = submission.value;
  const base = `${url.pathname}?id=${encodeURIComponent(id)}`;
  if (value.intent === "delete-paragraph") {
    // Confirmed: the project as saved, without that paragraph, as a checkpoint (its answer is the undo).
    const project = requireData(await api(args, "GET /studio/projects/:id", { params: { id } }));
    const rest = project.paragraphs.filter((p) => p.id !== value.paragraph).map(({ audioURL: _a, audioCurrent: _c, ...p }) => p);
    const saved = await api(args, "PUT /studio/projects/:id/paragraphs", {
      params: { id },
      body: { paragraphs: rest, checkpoint: true, revision: project.revision },
    });
    if (!saved.success) await setToast(args.request, args.context, { key: "error", params: { message: saved.message } });
    throw redirect(saved.success && saved.data?.undoVersion ? `${base}&undo=${saved.data.undoVersion}` : base);
  }
  if (value.intent === "pick-take") {
    const picked = await api(args, "POST /studio/paragraphs/:id/takes/:take/pick", {
      params: { id: value.paragraph, take: value.take },
      body: {},
    });
    await setToast(args.request, args.context, picked.success ? { key: "saved" } : { key: "error", params: { message: picked.message } });
    throw redirect(`${base}&takes=${encodeURIComponent(value.paragraph)}`);
  }
  if (value.intent === "restore-version") {
    const restored = await api(args, "POST /studio/projects/:id/versions/:version/restore", {
      params: { id, version: value.version },
      body: {},
    });
    if (!restored.success) await setToast(args.request, args.context, { key: "error", params: { message: restored.message } });
    else await setToast(args.request, args.context, { key: "saved" });
    throw redirect(restored.success && restored.data?.undoVersion ? `${base}&undo=${restored.data.undoVersion}` : base);
  }
  if (value.intent === "delete-version" || value.intent === "undelete-version") {
    const params = { id, version: value.version };
    const done =
      value.intent === "delete-version"
        ? await api(args, "DELETE /studio/projects/:id/versions/:version", { params })
        : await api(args, "POST /studio/projects/:id/versions/:version/undelete", { params });
    if (!done.success) await setToast(args.request, args.context, { key: "error", params: { message: done.message } });
    throw redirect(done.success && value.intent === "delete-version" ? `${base}&undelete=${encodeURIComponent(value.version)}` : base);
  }
  if (value.intent === "rename") {
    const saved = await api(args, "PATCH /studio/projects/:id", { params: { id }, body: { name: value.name } });
    if (!saved.success) return data({ form: "rename", result: submission.reply({ formErrors: [saved.message] }) }, { status: 400 });
    await setToast(args.request, args.context, { key: "saved" });
    throw redirect(url.pathname + url.search);
  }
  const { generate, pronounce, remove, autosave } = value;
  const chosen = value.language ? switchLanguage(value.paragraphs, value.language) : value.paragraphs;
  const paragraphs = await newParagraphsByText(args, chosen);
  if (pronounce !== undefined) return pronunciation(args, (o) => submission.reply(o), Number(pronounce), paragraphs[Number(pronounce)]);
  // Saved from the revision the page has (a conflict when another tab saved since), or over the
  // revision the conflict named ("overwrite").
  const revision = value.overwrite ?? value.revision;
  const saved = await api(args, "PUT /studio/projects/:id/paragraphs", {
    params: { id },
    body: { paragraphs, revision },
  });
  const theirs = refusalData(saved, "revision");
  const conflict = saved.code === Code.PROJECT_CONFLICT ? { revision: typeof theirs === "number" ? theirs : 0 } : null;
  if (autosave)
    return data(
      saved.success && saved.data
        ? {
            form: "autosave" as const,
            revision: saved.data.revision,
            ids: saved.data.paragraphs.map((p) => p.id),
            error: null,
            conflict: null,
          }
        : { form: "autosave" as const, revision: null, ids: null, error: saved.message, conflict },
      { status: saved.success ? 200 : conflict ? 409 : 400 },
    );
  if (!saved.success || !saved.data)
    return data({ form: "editor", result: submission.reply({ formErrors: [saved.message] }), conflict }, { status: conflict ? 409 : 400 });
  // An answer with data after this save names what it made, as an autosave's does: the page keeps what is typed, takes the
  // revision and new paragraphs' ids, and shows the answer (docs/decisions/0053).
  const made = { revision: saved.data.revision, ids: saved.data.paragraphs.map((p) => p.id) };
  if (remove !== undefined) {
    // Deleting a paragraph asks first: the typed text is saved, then the confirmation (a dialog, a page without JavaScript).
    const target = saved.data.paragraphs[Number(remove)]?.id;
    throw redirect(target && Number(remove) > 0 ? `${base}&confirm=paragraph&target=${target}` : base);
  }
  if (generate === undefined) {
    await setToast(args.request, args.context, { key: "saved" });
    throw redirect(`${url.pathname}?id=${encodeURIComponent(id)}`);
  }
  // "all", or the index of one paragraph (its id may be new after the save).
  const one = generate === "all" ? null : saved.data.paragraphs[Number(generate)]?.id;
  const started = await api(args, "POST /studio/projects/:id/generate", { params: { id }, body: one ? { paragraph_ids: [one] } : {} });
  if (!started.success || !started.data) {
    const kind = usageLimitFor(started.code);
    // A usage limit (characters short or used up) opens the spec's dialog; other refusals show under the form.
    const usage: UsageDialogData = kind ? { kind, message: started.message } : null;
    return data(
      { form: "editor", result: submission.reply(kind ? {} : { formErrors: [started.message] }), usage, saved: made },
      { status: 400 },
    );
  }
  if (!started.data.job_id) {
    const t = fixedT(await getLocale(args.request, args.context), "studio");
    return data(
      { form: "editor", result: submission.reply({ formErrors: [t("editor.nothingToGenerate")] }), usage: null, saved: made },
      { status: 200 },
    );
  }
  throw redirect(`${url.pathname}?id=${encodeURIComponent(id)}&job=${started.data.job_id}`);
}
