import type { SubmissionResult } from "@conform-to/react";
import {
  Form,
  Link,
  useActionData,
  useBlocker,
  useFetcher,
  useLoaderData,
  useLocation,
  useNavigation,
  type ShouldRevalidateFunction,
} from "@remix-run/react";
import { useCallback, useEffect, useRef, useState, type ChangeEvent, type MouseEvent } from "react";
import { useTranslation } from "react-i18next";
import { ErrorList, Field, SubmitButton } from "~/components/forms";
import { GeneralErrorBoundary } from "~/components/shell/GeneralErrorBoundary";
import { ConfirmDialog, LeaveDialog, UndoBar } from "~/components/studio/editor-on-use";
import { JobProgress, UsageDialog, Waveform } from "~/components/studio/on-use";
import { NoScriptRefresh } from "~/components/studio/NoScriptRefresh";
import { VoicePicker, VoiceSearch, type VoiceCard } from "~/components/studio/VoicePicker";
import { AUTOSAVE_DELAY_MS, TTS_LANGS, TTS_MAX_CHARS, TTS_STYLES, type UsageDialogData } from "~/lib/studio";
import type { ProjectVersion, TtsParagraph, TtsProject } from "~/lib/studio-schemas";
import { pageMetaTags } from "~/utils/seo";
import type { action, loader } from "./studio.projects.text-to-speech.server";
import { jobRunning } from "../../contracts/jobs";
import { characterCount, hasSpeech, invalidCharacters, languageOffer } from "../../contracts/speech-text";

/** `back`: where a load failure's "back" goes (GeneralErrorBoundary), the project list. */
export const handle = { i18n: ["common", "account", "studio"], back: "/studio" };

export { action, loader } from "./studio.projects.text-to-speech.server";
export const meta = pageMetaTags;

/**
 * An autosave answers data only: the page keeps what is typed (docs/decisions/0037). So does a save refused as a
 * conflict: reloading the page data then would replace the typed text with the other tab's, and "overwrite" would
 * save that instead.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formData, actionResult, defaultShouldRevalidate }) =>
  formData?.get("autosave") === "1" || (actionResult as { conflict?: unknown } | undefined)?.conflict ? false : defaultShouldRevalidate;

/** A short, stable fingerprint of a string (djb2), for form ids. */
const shortHash = (text: string) => {
  let h = 5381;
  for (let i = 0; i < text.length; i++) h = (h * 33) ^ text.charCodeAt(i);
  return (h >>> 0).toString(36);
};

/**
 * A paragraph as the form holds it: a saved one, or one the page sent and the action echoed (values as text); `key`
 * names its row for React.
 */
type Row = { key: string } & Partial<Record<(typeof PARAGRAPH_FIELDS)[number], string | number>>;
const PARAGRAPH_FIELDS = ["id", "text", "voice_id", "style", "lang", "pitch", "tempo", "pause_ms"] as const;
/** A new paragraph's settings (the schema's defaults); its voice and language are the last paragraph's. */
const DEFAULTS = { text: "", style: "neutral", pitch: "0", tempo: "1", pause_ms: "300" } as const;

/**
 * The paragraphs of the form (docs/decisions/0059): what the action echoed after a page post (without
 * JavaScript: a refused save, "+ add", whose insert the action applied), else the saved ones; from the start again when
 * the form's id changes (`formKey`). "+ add" with JavaScript appends here; `setIds` puts the ids a save gave new
 * paragraphs into their rows.
 */
function useRows(formId: string, echoed: unknown, saved: TtsParagraph[]) {
  const start = () =>
    (Array.isArray(echoed) && echoed.length ? (echoed as Row[]) : saved).map((p, i) => {
      const row: Row = { key: `${formId}-${i}` };
      for (const name of PARAGRAPH_FIELDS) if (p[name] != null) row[name] = p[name];
      return row;
    });
  const [state, setState] = useState(() => ({ formId, rows: start(), added: 0 }));
  let current = state;
  if (state.formId !== formId) {
    current = { formId, rows: start(), added: 0 };
    setState(current);
  }
  return {
    rows: current.rows,
    add: (row: Omit<Row, "key">) =>
      setState((s) => ({ ...s, added: s.added + 1, rows: [...s.rows, { ...row, key: `${s.formId}-new-${s.added}` }] })),
    setIds: (ids: string[]) =>
      setState((s) => ({ ...s, rows: s.rows.map((r, i) => (ids[i] && r.id !== ids[i] ? { ...r, id: ids[i] } : r)) })),
  };
}

export default function TtsEditor() {
  const { project, voices, voiceSearch, remaining, job, versions, confirm, undo } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("studio");
  const formKey = useNavigatedKey(`${project.revision}-${shortHash(project.paragraphs.map((p) => p.id).join())}`, actionData);
  // A new form once a navigation brought other saved paragraphs (a restore, a deleted paragraph, a save that gave new
  // paragraphs their ids, another tab's save on reload); not after page data reloaded during a job (the member may be
  // typing; docs/decisions/0037), and not after the form's own save answered with data (docs/decisions/0053).
  const formId = `editor-${project.id}-${formKey}`;
  const answer = actionData?.form === "editor" ? (actionData.result as SubmissionResult<string[]>) : undefined;
  const renamed = actionData?.form === "rename" ? (actionData.result as SubmissionResult<string[]>) : undefined;
  const { rows, add, setIds } = useRows(formId, (answer?.initialValue as { paragraphs?: unknown } | null)?.paragraphs, project.paragraphs);
  const errorsOf = (name: string) => answer?.error?.[name] ?? undefined;
  // A refused save puts the cursor on the first field it names (as the form hook of the other pages does).
  useEffect(() => {
    if (answer?.status === "error") document.getElementById(formId)?.querySelector<HTMLElement>("[aria-invalid=true]")?.focus();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per answer
  }, [answer]);
  const formErrors = errorsOf("");
  const usage = actionData && "usage" in actionData ? (actionData.usage as UsageDialogData) : null;
  const reading =
    actionData && "pronunciation" in actionData
      ? (actionData.pronunciation as { index: number; pronunciation: string; phonemes: string } | null)
      : null;
  const pageConflict = actionData && "conflict" in actionData ? (actionData.conflict as { revision: number } | null) : null;
  const pageSaved = actionData && "saved" in actionData ? (actionData.saved as SaveMade) : null;
  const autosave = useAutosave(formId, project.revision, actionData, pageSaved, setIds);
  const conflict = autosave.conflict ?? pageConflict;
  const here = `/studio/projects/text-to-speech?id=${project.id}`;
  const leave = useLeaveWarning(autosave.unsaved);
  const last = rows.at(-1);
  const added = { ...DEFAULTS, voice_id: String(last?.voice_id ?? voices[0]?.id ?? ""), lang: String(last?.lang ?? "ko") };
  const nameErrors = renamed?.error?.name ?? undefined;
  return (
    <main className="px-4 py-8 sm:px-6">
      {leave ? <LeaveDialog stay={leave.stay} go={leave.go} /> : null}
      <Link to="/studio" className="text-sm text-slate-600 underline">
        ← {t("editor.back")}
      </Link>
      <h1 className="mt-2 text-2xl font-bold">{t("editor.title")}</h1>
      <Form
        method="post"
        id={`rename-${project.id}`}
        noValidate
        aria-describedby={renamed?.error?.[""] ? `rename-${project.id}-error` : undefined}
        className="mt-4 flex flex-wrap items-end gap-2"
      >
        <input type="hidden" name="intent" value="rename" />
        <Field
          className="min-w-0 flex-1 sm:min-w-64 sm:flex-none"
          label={t("editor.name")}
          inputProps={{
            // A rename that went through shows the new name (the page data brought it); a refused one, what was typed.
            key: project.name,
            id: `rename-${project.id}-name`,
            name: "name",
            type: "text",
            required: true,
            defaultValue: typeof renamed?.initialValue?.name === "string" ? renamed.initialValue.name : project.name,
          }}
          errors={nameErrors}
        />
        <SubmitButton variant="secondary" className="sm:w-auto">
          {t("editor.rename")}
        </SubmitButton>
        <ErrorList id={`rename-${project.id}-error`} errors={renamed?.error?.[""] ?? undefined} />
      </Form>
      <p className="mt-4 text-sm text-slate-600">{t("editor.rules")}</p>
      <p className="mt-1 text-sm font-medium" data-testid="remaining">
        {t("editor.remaining", { remaining: remaining.toLocaleString() })}
      </p>
      <Shortcuts />
      {job ? <JobProgress job={job} /> : null}
      {jobRunning(job) ? <NoScriptRefresh /> : null}
      {usage ? <UsageDialog kind={usage.kind} message={usage.message} closeTo={here} /> : null}
      {undo.version ? (
        <UndoBar
          message={t("undo.done")}
          action={here}
          fields={[
            ["intent", "restore-version"],
            ["version", undo.version],
          ]}
        />
      ) : null}
      {undo.undelete ? (
        <UndoBar
          message={t("undo.versionDeleted")}
          action={here}
          fields={[
            ["intent", "undelete-version"],
            ["version", undo.undelete],
          ]}
        />
      ) : null}
      {confirm.paragraph ? (
        <ConfirmDialog
          name="delete-paragraph"
          title={t("confirm.paragraphTitle")}
          text={confirm.paragraph.text.trim() ? confirm.paragraph.text : t("confirm.emptyParagraph")}
          closeTo={here}
          fields={{ intent: "delete-paragraph", paragraph: confirm.paragraph.id }}
        />
      ) : null}
      {confirm.version ? (
        <ConfirmDialog
          name="delete-version"
          title={t("confirm.versionTitle")}
          text={t("versions.item", { date: formatTime(confirm.version.savedAt), count: confirm.version.paragraphs })}
          closeTo={here}
          fields={{ intent: "delete-version", version: confirm.version.id }}
        />
      ) : null}
      <ProjectAudio project={project} />
      {conflict ? (
        <div role="alert" className="mt-6 rounded-2xl bg-amber-50 p-4 text-sm ring-1 ring-amber-300" data-testid="conflict">
          <p>{t("autosave.conflict")}</p>
          <div className="mt-3 flex flex-wrap gap-3">
            <a href={here} className="rounded-lg border border-slate-300 bg-white px-3 py-1.5 font-semibold" onClick={autosave.allowLeave}>
              {t("autosave.reload")}
            </a>
            <button
              type="submit"
              form={formId}
              name="overwrite"
              value={conflict.revision}
              className="rounded-lg bg-amber-600 px-3 py-1.5 font-semibold text-white"
            >
              {t("autosave.overwrite")}
            </button>
          </div>
        </div>
      ) : null}
      <VoiceSearch search={voiceSearch} keep={{ id: project.id }} />
      <Form
        method="post"
        id={formId}
        noValidate
        aria-describedby={formErrors ? `${formId}-error` : undefined}
        className="mt-6 space-y-3"
        onInput={autosave.changed}
        onChange={autosave.changed}
        onKeyDown={editorKeys}
        onSubmit={autosave.submitted}
      >
        <input type="hidden" name="intent" value="save" />
        <input type="hidden" name="revision" value={autosave.revision} readOnly />
        <div className="flex items-center justify-end">
          <SaveState state={autosave.state} error={autosave.error} />
        </div>
        {rows.map((row, index) => (
          <ParagraphFields
            key={row.key}
            formId={formId}
            row={row}
            index={index}
            errorsOf={errorsOf}
            voices={voices}
            saved={project.paragraphs.find((p) => p.id === row.id) ?? null}
            removable={index > 0}
            reading={reading?.index === index ? reading : null}
          />
        ))}
        <ErrorList id={`${formId}-error`} errors={formErrors} />
        <p className="text-xs text-slate-500">{t("editor.generateHint")}</p>
        <div className="flex flex-wrap gap-3">
          {/* Without JavaScript the action adds the paragraph (conform's insert intent) and echoes the form with it. */}
          <button
            type="submit"
            name="__intent__"
            value={JSON.stringify({ type: "insert", payload: { name: "paragraphs", defaultValue: added } })}
            formNoValidate
            onClick={(e) => {
              e.preventDefault();
              const form = e.currentTarget.form!;
              const data = new FormData(form);
              const at = `paragraphs[${rows.length - 1}]`;
              add({
                ...added,
                voice_id: String(data.get(`${at}.voice_id`) ?? added.voice_id),
                lang: String(data.get(`${at}.lang`) ?? added.lang),
              });
              // The new paragraph's text box, once it is there.
              requestAnimationFrame(() => form.querySelectorAll("textarea")[rows.length]?.focus());
            }}
            className="rounded-lg border border-slate-300 bg-white px-4 py-2.5 text-sm font-semibold"
          >
            + {t("editor.add")}
          </button>
          <SubmitButton variant="secondary" className="sm:w-auto">
            {t("editor.save")}
          </SubmitButton>
          <SubmitButton name="generate" value="all" className="sm:w-auto">
            {t("editor.generateAll")}
          </SubmitButton>
        </div>
      </Form>
      <Versions versions={versions} here={here} />
    </main>
  );
}

/**
 * `key` (the saved revision and paragraphs) as of the last navigation that ended without an answer with data: a job's
 * reloads of page data leave it, and so does a submit answered with data (nothing to generate, a usage dialog, an
 * error; docs/decisions/0053). Such an answer is shown by the form as it is: a new key would reset the form and drop
 * the answer's message as soon as the page data reloaded after it (the studio test's second "generate all" saw the
 * message only when it looked before that reload).
 */
function useNavigatedKey(key: string, answer: unknown) {
  const navigation = useNavigation();
  const [value, setValue] = useState(key);
  const loading = useRef(false);
  const shown = useRef(answer);
  useEffect(() => {
    if (navigation.state !== "idle") loading.current = true;
    else if (loading.current) {
      loading.current = false;
      if (answer !== undefined && answer !== shown.current) shown.current = answer;
      else setValue(key);
    }
  }, [navigation.state, key, answer]);
  return value;
}

/** What a save through the page made, when the page answered with data (the server's `saved`). */
type SaveMade = { revision: number; ids: string[] };

/** "2026-11-25 08:54", in Korea's time zone as every page's dates (the server's UTC would be 9 hours behind). */
const versionTime = new Intl.DateTimeFormat("sv-SE", { dateStyle: "short", timeStyle: "short", timeZone: "Asia/Seoul" });
const formatTime = (ms: number) => versionTime.format(ms);

/**
 * Autosave (docs/decisions/0037): with JavaScript, the paragraphs form is sent through a fetcher
 * AUTOSAVE_DELAY_MS after the last change, from the revision the page has; the answer gives the new
 * revision and the ids of new paragraphs (put into their hidden fields), a conflict, or an error. Without
 * JavaScript the Save button does the same as a page. The page data is not reloaded after an autosave.
 * A submit through the page (generate, Save, delete) saves too: "saving" while it runs, then "saved" when it saved
 * (the page data brought a newer revision, or its answer with data names what it made: `pageSaved`) and nothing was
 * typed meanwhile; a refused save stays "unsaved" (docs/decisions/0053).
 */
function useAutosave(
  formId: string,
  loadedRevision: number,
  pageAnswer: unknown,
  pageSaved: SaveMade | null,
  applyIds: (ids: string[]) => void,
) {
  const navigation = useNavigation();
  const fetcher = useFetcher<{
    form: "autosave";
    revision: number | null;
    ids: string[] | null;
    error: string | null;
    conflict: { revision: number } | null;
  }>();
  const [revision, setRevision] = useState(loadedRevision);
  const [dirty, setDirty] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const changedSince = useRef(false);
  const leaving = useRef(false);
  // A page submit of this form under way: from which revision, and whether anything was typed since.
  const [pageSave, setPageSave] = useState<{ from: number } | null>(null);
  const typedSincePageSave = useRef(false);
  // A save through the page (generate, delete, a full Save) brings a newer revision with the page data.
  useEffect(() => setRevision((r) => Math.max(r, loadedRevision)), [loadedRevision]);
  // Or, answered with data, names it and the new paragraphs' ids (no reload after a refusal such as a usage limit).
  useEffect(() => {
    if (!pageSaved) return;
    setRevision((r) => Math.max(r, pageSaved.revision));
    applyIds(pageSaved.ids);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per answer
  }, [pageSaved]);
  const send = useCallback(() => {
    const element = document.getElementById(formId) as HTMLFormElement | null;
    if (!element) return;
    const data = new FormData(element);
    data.set("autosave", "1");
    changedSince.current = false;
    fetcher.submit(data, { method: "post" });
  }, [fetcher, formId]);
  useEffect(() => {
    if (navigation.state !== "idle" || !pageSave) return;
    setPageSave(null);
    const answered = pageAnswer !== undefined;
    const saved = answered ? pageSaved !== null && pageSaved.revision > pageSave.from : loadedRevision > pageSave.from;
    if (saved && !typedSincePageSave.current) setDirty(false);
    // A submit that saved nothing ("show pronunciation", a refusal) leaves the text as it was: the autosave it stopped
    // starts again, so the text does not stay unsaved until the next keystroke.
    else if (dirty) {
      clearTimeout(timer.current);
      timer.current = setTimeout(send, AUTOSAVE_DELAY_MS);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- when the page's submit ends
  }, [navigation.state]);
  const answer = fetcher.data;
  useEffect(() => {
    if (fetcher.state !== "idle" || !answer) return;
    if (answer.revision !== null) {
      // The page may have moved on meanwhile (a save through the page): never back to an older revision.
      setRevision((r) => Math.max(r, answer.revision!));
      if (answer.ids) applyIds(answer.ids);
      if (!changedSince.current) setDirty(false);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per answer
  }, [answer, fetcher.state]);
  const changed = useCallback(
    (e: React.FormEvent) => {
      const target = e.target as HTMLElement;
      // The download ticks and buttons are not part of the text.
      if (target instanceof HTMLInputElement && target.form?.id !== formId) return;
      setDirty(true);
      changedSince.current = true;
      typedSincePageSave.current = true;
      clearTimeout(timer.current);
      timer.current = setTimeout(send, AUTOSAVE_DELAY_MS);
    },
    [formId, send],
  );
  // Once an answer arrives, changes typed during the save go out too.
  useEffect(() => {
    if (fetcher.state === "idle" && answer?.revision !== null && changedSince.current && !timer.current) send();
  }, [fetcher.state, answer, send]);
  useEffect(() => () => clearTimeout(timer.current), []);
  const saving = fetcher.state !== "idle";
  const failed = !saving && !!answer && answer.revision === null;
  return {
    revision,
    state: saving || pageSave ? "saving" : failed ? "failed" : dirty ? "unsaved" : "saved",
    error: failed ? answer!.error : null,
    conflict: !saving && answer?.conflict ? answer.conflict : null,
    // While the page saves, its own navigation is not a leave.
    unsaved: (dirty || saving) && !pageSave && !leaving.current,
    changed,
    /** A submit through the page saves everything: no autosave is needed after it. */
    submitted: (e: React.FormEvent<HTMLFormElement>) => {
      // Add and remove buttons of the form library change the form in place, and an invalid form is not sent: not a save.
      if (e.defaultPrevented || (e.nativeEvent as SubmitEvent).submitter?.getAttribute("name") === "__intent__") return;
      clearTimeout(timer.current);
      setPageSave({ from: revision });
      typedSincePageSave.current = false;
      // This tab's own autosave is on its way: the page's save comes after it and must not conflict with it.
      const field = e.currentTarget.elements.namedItem("revision");
      if (saving && field instanceof HTMLInputElement) field.value = "";
    },
    allowLeave: () => {
      leaving.current = true;
    },
  } as const;
}

/**
 * Before leaving with unsaved changes: the browser's own question only where the page itself goes (reload, close,
 * another site: `beforeunload`), and for a link in the app the product's dialog (`useBlocker`, answered by
 * `LeaveDialog`). Answers the blocked navigation's two ways out, or null when nothing is blocked.
 */
function useLeaveWarning(unsaved: boolean) {
  useEffect(() => {
    if (!unsaved) return;
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = "";
    };
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => window.removeEventListener("beforeunload", onBeforeUnload);
  }, [unsaved]);
  const blocker = useBlocker(({ currentLocation, nextLocation }) => unsaved && currentLocation.pathname !== nextLocation.pathname);
  return blocker.state === "blocked" ? { stay: () => blocker.reset(), go: () => blocker.proceed() } : null;
}

function SaveState({ state, error }: { state: "saving" | "saved" | "failed" | "unsaved"; error: string | null }) {
  const { t } = useTranslation("studio");
  const tone = state === "failed" ? "text-red-700" : state === "saved" ? "text-emerald-700" : "text-slate-600";
  // Autosave starts once the page has hydrated (what the browser tests wait for).
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return (
    <p
      role="status"
      aria-live="polite"
      className={`text-xs font-medium ${tone}`}
      data-testid="save-state"
      data-state={state}
      data-hydrated={hydrated}
    >
      {t(`autosave.${state}`)}
      {error ? <span className="ml-1">{error}</span> : null}
    </p>
  );
}

/**
 * The editor's keys: Alt+↓ / Alt+↑ next and previous paragraph, Ctrl+Enter (⌘+Enter) generate this
 * paragraph, Alt+K play or pause this paragraph's audio. Listed on the page (`Shortcuts`).
 */
function editorKeys(e: React.KeyboardEvent<HTMLFormElement>) {
  const current = (e.target as HTMLElement).closest<HTMLElement>("[data-testid=paragraph]");
  if (!current) return;
  const all = [...e.currentTarget.querySelectorAll<HTMLElement>("[data-testid=paragraph]")];
  const at = all.indexOf(current);
  if (e.altKey && (e.key === "ArrowDown" || e.key === "ArrowUp")) {
    const next = all[at + (e.key === "ArrowDown" ? 1 : -1)];
    if (next) {
      e.preventDefault();
      next.querySelector("textarea")?.focus();
    }
  } else if ((e.ctrlKey || e.metaKey) && e.key === "Enter") {
    e.preventDefault();
    current.querySelector<HTMLButtonElement>("button[name=generate]")?.click();
  } else if (e.altKey && (e.key === "k" || e.key === "K" || e.code === "KeyK")) {
    e.preventDefault();
    // The audio element itself, whether or not the waveform has drawn yet: the waveform follows its play and pause
    // events, so its button never disagrees with what plays (a key before it drew and one after used to).
    const audio = current.querySelector<HTMLAudioElement>("[data-testid=paragraph-audio] audio");
    if (audio) void (audio.paused ? audio.play() : audio.pause());
  }
}

function Shortcuts() {
  const { t } = useTranslation("studio");
  return (
    <details className="mt-2 text-sm text-slate-600" data-testid="shortcuts">
      <summary className="cursor-pointer font-medium">{t("keys.title")}</summary>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
        <dt>
          <kbd>Alt</kbd>+<kbd>↓</kbd> / <kbd>Alt</kbd>+<kbd>↑</kbd>
        </dt>
        <dd>{t("keys.move")}</dd>
        <dt>
          <kbd>Ctrl</kbd>+<kbd>Enter</kbd>
        </dt>
        <dd>{t("keys.generate")}</dd>
        <dt>
          <kbd>Alt</kbd>+<kbd>K</kbd>
        </dt>
        <dd>{t("keys.play")}</dd>
      </dl>
    </details>
  );
}

/** The version history: the last saved versions, each restorable, each deletable after a confirmation. */
function Versions({ versions, here }: { versions: ProjectVersion[]; here: string }) {
  const { t } = useTranslation("studio");
  if (versions.length === 0) return null;
  return (
    <section
      className="mt-8 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200"
      aria-labelledby="versions-title"
      data-testid="versions"
    >
      <h2 id="versions-title" className="font-semibold">
        {t("versions.title")}
      </h2>
      <p className="text-xs text-slate-500">{t("versions.hint")}</p>
      <ul className="mt-3 divide-y divide-slate-100">
        {versions.map((v) => (
          <li key={v.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2 text-sm" data-testid="version">
            <span className="font-medium tabular-nums">{formatTime(v.savedAt)}</span>
            <span className="text-slate-500">{t("versions.count", { count: v.paragraphs })}</span>
            <span className="min-w-0 flex-1 truncate text-slate-600">{v.preview || t("versions.empty")}</span>
            {v.current ? (
              <span className="text-xs text-emerald-700">{t("versions.current")}</span>
            ) : (
              <Form method="post" action={here} replace>
                <input type="hidden" name="intent" value="restore-version" />
                <input type="hidden" name="version" value={v.id} />
                <button type="submit" className="rounded-lg border border-slate-300 px-2 py-1 text-xs font-semibold">
                  {t("versions.restore")}
                </button>
              </Form>
            )}
            <Link to={`${here}&confirm=version&target=${v.id}`} className="text-xs text-red-600 underline" preventScrollReset>
              {t("versions.delete")}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * The offer to read a paragraph in the language its text is written in, with a voice of that language (the first the
 * pickers list). Its button saves the switch without JavaScript; with JavaScript it sets the paragraph's language and
 * voice in place (autosave then saves them), and "keep" hides the offer until the text changes.
 */
function LanguageOffer({
  index,
  text,
  lang,
  voices,
  fieldId,
}: {
  index: number;
  text: string;
  lang: string;
  voices: VoiceCard[];
  fieldId: (field: "lang" | "voice_id") => string;
}) {
  const { t } = useTranslation("studio");
  const [kept, setKept] = useState<string | null>(null);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const written = languageOffer(text, lang);
  if (!written || kept === text) return null;
  const voice = voices.find((v) => v.lang === written);
  const switchInPlace = (e: MouseEvent) => {
    e.preventDefault();
    const select = document.getElementById(fieldId("lang"));
    if (select instanceof HTMLSelectElement) {
      select.value = written;
      select.dispatchEvent(new Event("change", { bubbles: true }));
    }
    // A click checks the voice's radio as the member's own would (the picker and autosave follow it).
    if (voice) document.getElementById(`${fieldId("voice_id")}-${voice.id}`)?.click();
  };
  return (
    <div
      role="status"
      className="mt-2 flex flex-wrap items-center gap-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900"
      data-testid="language-offer"
    >
      <span>{voice ? t(`editor.languageOffer.${written}`, { voice: voice.name }) : t(`editor.languageOfferNoVoice.${written}`)}</span>
      <button
        type="submit"
        name="language"
        value={`${index}:${written}:${voice?.id ?? ""}`}
        onClick={hydrated ? switchInPlace : undefined}
        className="rounded-lg bg-amber-600 px-2.5 py-1 text-xs font-semibold text-white"
      >
        {t("editor.languageSwitch")}
      </button>
      {hydrated ? (
        <button
          type="button"
          onClick={() => setKept(text)}
          className="rounded-lg px-2.5 py-1 text-xs font-semibold text-amber-900 underline"
        >
          {t("editor.languageKeep")}
        </button>
      ) : null}
    </div>
  );
}

/** The sliders' ranges (spec section 9: pitch 48 steps from -24 to 24; the api's limits). */
const RANGES = {
  pitch: { min: -24, max: 24, step: 1, unit: "" },
  tempo: { min: 0.5, max: 2, step: 0.05, unit: "×" },
  pause_ms: { min: 0, max: 10_000, step: 50, unit: "ms" },
} as const;
const DEFAULTS_OF = { ...DEFAULTS, lang: "ko" } as const;

function ParagraphFields({
  formId,
  row,
  index,
  errorsOf,
  voices,
  saved,
  removable,
  reading,
}: {
  formId: string;
  row: Row;
  index: number;
  /** The errors of a field by its name, from the action's answer. */
  errorsOf: (name: string) => string[] | undefined;
  voices: VoiceCard[];
  saved: TtsParagraph | null;
  removable: boolean;
  /** What the engine reads for this paragraph, after "Show pronunciation". */
  reading: { pronunciation: string; phonemes: string } | null;
}) {
  const { t } = useTranslation("studio");
  const name = (field: (typeof PARAGRAPH_FIELDS)[number]) => `paragraphs[${index}].${field}`;
  const id = (field: (typeof PARAGRAPH_FIELDS)[number]) => `${formId}-${name(field)}`;
  const initial = String(row.text ?? "");
  const [text, setText] = useState(initial);
  // An answer's error on the text stands until the text changes after it.
  const answered = errorsOf(name("text"));
  const [answeredAt, setAnsweredAt] = useState({ errors: answered, text });
  if (answeredAt.errors !== answered) setAnsweredAt({ errors: answered, text });
  const textErrors = answeredAt.errors === answered && text !== answeredAt.text ? undefined : answered;
  // The same text rules as the api (contracts/speech-text.ts): the characters read, and what cannot be spoken.
  const unreadable = invalidCharacters(text);
  const count = characterCount(text);
  const described = [textErrors ? `${id("text")}-error` : "", unreadable.length ? `${id("text")}-unreadable` : ""].join(" ").trim();
  const select = "rounded-lg border border-slate-300 bg-white px-2 py-1 text-sm";
  const selectProps = (field: "style" | "lang") => ({
    id: id(field),
    name: name(field),
    defaultValue: String(row[field] ?? DEFAULTS_OF[field]),
    className: select,
    ...(field === "lang" ? { onChange: (e: ChangeEvent<HTMLSelectElement>) => setLang(e.target.value) } : {}),
  });
  const [lang, setLang] = useState(String(row.lang ?? DEFAULTS_OF.lang));
  return (
    <fieldset className="rounded-2xl bg-white p-3 shadow-sm ring-1 ring-slate-200 sm:p-4" data-testid="paragraph">
      <legend className="px-1 text-sm font-semibold">{t("editor.paragraph", { n: index + 1 })}</legend>
      <input type="hidden" name={name("id")} value={row.id ?? ""} />
      <label htmlFor={id("text")} className="sr-only">
        {t("editor.text")}
      </label>
      <textarea
        id={id("text")}
        name={name("text")}
        defaultValue={initial}
        onChange={(e) => setText(e.target.value)}
        rows={3}
        className="block w-full rounded-lg border border-slate-300 px-3 py-2"
        aria-invalid={textErrors || unreadable.length ? true : undefined}
        aria-describedby={described || undefined}
      />
      <div className="mt-1 flex flex-wrap justify-between gap-x-2 text-xs text-slate-500">
        <ErrorList id={`${id("text")}-error`} errors={textErrors} />
        {unreadable.length ? (
          <p id={`${id("text")}-unreadable`} className="text-red-600" data-testid="unreadable">
            {t("editor.unreadable", { chars: unreadable.join(" ") })}
          </p>
        ) : null}
        <span className={count > TTS_MAX_CHARS ? "ml-auto font-medium text-red-600" : "ml-auto"} data-testid="char-count">
          {t("editor.count", { count, max: TTS_MAX_CHARS })}
        </span>
      </div>
      <LanguageOffer index={index} text={text} lang={lang} voices={voices} fieldId={id} />
      {/* Two columns on a phone (style and language, pitch and tempo, pause): flowing, the English labels left the style
          alone on a row and the sliders out of line. */}
      <div className="mt-2 grid grid-cols-2 items-end gap-x-3 gap-y-2 sm:flex sm:flex-wrap" data-testid="paragraph-controls">
        <div className="col-span-2 min-w-0 basis-full">
          <VoicePicker
            field={{
              id: id("voice_id"),
              name: name("voice_id"),
              initialValue: row.voice_id,
              errors: errorsOf(name("voice_id")),
              errorId: `${id("voice_id")}-error`,
            }}
            voices={voices}
            legend={t("editor.voiceOf", { n: index + 1 })}
          />
          <ErrorList id={`${id("voice_id")}-error`} errors={errorsOf(name("voice_id"))} />
        </div>
        <label className="flex min-w-0 flex-col text-xs font-medium text-slate-600">
          {t("editor.style")}
          <select {...selectProps("style")}>
            {TTS_STYLES.map((s) => (
              <option key={s} value={s}>
                {t(`editor.styles.${s}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="flex min-w-0 flex-col text-xs font-medium text-slate-600">
          {t("editor.lang")}
          <select {...selectProps("lang")}>
            {TTS_LANGS.map((l) => (
              <option key={l} value={l}>
                {t(`editor.langs.${l}`)}
              </option>
            ))}
          </select>
        </label>
        {(["pitch", "tempo", "pause_ms"] as const).map((field) => (
          <RangeField
            key={field}
            label={t(`editor.${field === "pause_ms" ? "pause" : field}`)}
            id={id(field)}
            name={name(field)}
            initial={String(row[field] ?? DEFAULTS_OF[field])}
            errors={errorsOf(name(field))}
            range={RANGES[field]}
          />
        ))}
      </div>
      <div className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-2">
        <button
          type="submit"
          name="generate"
          value={index}
          className="rounded-lg border border-brand-600 px-3 py-1.5 text-sm font-semibold text-brand-700"
        >
          {t("editor.generateOne")}
        </button>
        <button
          type="submit"
          name="pronounce"
          value={index}
          className="rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-semibold text-slate-700"
        >
          {t("editor.pronounce")}
        </button>
        {removable ? (
          <button type="submit" name="remove" value={index} className="text-sm text-red-600 underline">
            {t("editor.remove")}
          </button>
        ) : null}
        {saved?.audioURL ? (
          <div className="flex w-full min-w-0 flex-wrap items-center gap-x-3 gap-y-1">
            <div className="min-w-0 flex-1 basis-48">
              <Waveform src={saved.audioURL} label={t("editor.audio", { n: index + 1 })} testId="paragraph-audio" />
            </div>
            {saved.audioCurrent ? null : <span className="text-xs text-amber-700">{t("editor.audioOutdated")}</span>}
            <span className="flex items-center gap-2 text-xs">
              <a href={`${saved.audioURL}?download=1`} download className="underline" data-testid="download-wav">
                WAV
              </a>
              <a href={`${saved.audioURL}?download=1&format=mp3`} download className="underline">
                MP3
              </a>
              <label className="flex items-center gap-1 text-slate-600">
                <input type="checkbox" form="download-form" name="p" value={saved.id} className="accent-brand-600" />
                {t("editor.pick")}
              </label>
            </span>
          </div>
        ) : null}
      </div>
      {reading ? (
        <div className="mt-3 rounded-lg bg-slate-50 p-3 text-sm" role="status" data-testid="pronunciation">
          <p>
            <span className="font-medium text-slate-600">{t("editor.pronunciation")}</span> <span lang="ko">{reading.pronunciation}</span>
          </p>
          <p className="mt-1 break-all text-slate-600">
            <span className="font-medium">{t("editor.phonemes")}</span> /{reading.phonemes}/
          </p>
          <Link to="/studio/dictionary" className="mt-1 inline-block text-brand-700 underline">
            {t("editor.fixInDictionary")}
          </Link>
        </div>
      ) : null}
    </fieldset>
  );
}

/** A slider with its range and its value shown beside it; without JavaScript it submits its number as any input. */
function RangeField({
  label,
  id,
  name,
  initial,
  errors,
  range,
}: {
  label: string;
  id: string;
  name: string;
  initial: string;
  errors: string[] | undefined;
  range: { min: number; max: number; step: number; unit: string };
}) {
  const [value, setValue] = useState(initial);
  return (
    <div className="flex min-w-0 flex-1 flex-col text-xs font-medium text-slate-600 sm:min-w-32">
      <label htmlFor={id} className="flex justify-between gap-2">
        <span>{label}</span>
        <output htmlFor={id} className="tabular-nums text-slate-900" data-testid={`${name.split(".").at(-1)}-value`}>
          {value}
          {range.unit}
        </output>
      </label>
      <input
        type="range"
        id={id}
        name={name}
        defaultValue={initial}
        onChange={(e) => setValue(e.target.value)}
        min={range.min}
        max={range.max}
        step={range.step}
        aria-invalid={errors ? true : undefined}
        aria-describedby={errors ? `${id}-error` : undefined}
        className="mt-1 w-full accent-brand-600"
      />
      <span className="flex justify-between text-[10px] font-normal text-slate-500" aria-hidden="true">
        <span>{range.min}</span>
        <span>{range.max}</span>
      </span>
      <ErrorList id={`${id}-error`} errors={errors} />
    </div>
  );
}

/**
 * The whole project: a player of all sentences joined with their pauses (once every sentence has
 * audio of its current text), and the download form (one file or a ZIP of each sentence, WAV or
 * MP3; the sentences ticked below, or all). A GET form, so it works without JavaScript.
 */
function ProjectAudio({ project }: { project: TtsProject }) {
  const { t } = useTranslation("studio");
  const spoken = project.paragraphs.filter((p) => hasSpeech(p.text));
  const ready = spoken.length > 0 && spoken.every((p) => p.audioCurrent);
  const generated = spoken.some((p) => p.audioURL);
  if (!generated) return null;
  return (
    <section className="mt-6 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200" aria-labelledby="project-audio-title">
      <h2 id="project-audio-title" className="font-semibold">
        {t("editor.projectAudio")}
      </h2>
      {ready ? (
        <div className="mt-2">
          <Waveform
            src={`/api/v1/studio/projects/${project.id}/download?inline=1`}
            label={t("editor.projectAudio")}
            testId="project-audio"
            height={64}
          />
        </div>
      ) : (
        <p className="mt-1 text-sm text-slate-600">{t("editor.notReady", { count: spoken.filter((p) => !p.audioCurrent).length })}</p>
      )}
      <form id="download-form" method="get" action="/studio/download" className="mt-3 flex flex-wrap items-end gap-3 text-sm">
        <input type="hidden" name="project" value={project.id} />
        <fieldset className="flex items-center gap-3">
          <legend className="sr-only">{t("editor.downloadAs")}</legend>
          <label className="flex items-center gap-1">
            <input type="radio" name="split" value="0" defaultChecked className="accent-brand-600" />
            {t("editor.oneFile")}
          </label>
          <label className="flex items-center gap-1">
            <input type="radio" name="split" value="1" className="accent-brand-600" />
            {t("editor.eachSentence")}
          </label>
        </fieldset>
        <label className="flex items-center gap-1">
          {t("editor.format")}
          <select name="format" className="rounded-lg border border-slate-300 bg-white px-2 py-1">
            <option value="wav">WAV</option>
            <option value="mp3">MP3</option>
          </select>
        </label>
        <button type="submit" className="rounded-lg bg-slate-900 px-4 py-2 font-semibold text-white" data-testid="download">
          {t("editor.download")}
        </button>
        <p className="w-full text-xs text-slate-500">{t("editor.downloadHint")}</p>
      </form>
    </section>
  );
}

/** Spec section 8: a project that cannot be loaded offers going back, and trying again unless it is not found. */
export function ErrorBoundary() {
  return <GeneralErrorBoundary defaultHandler={(status) => <LoadFailed notFound={status === 404} />} />;
}

function LoadFailed({ notFound }: { notFound: boolean }) {
  const { t } = useTranslation("studio");
  const location = useLocation();
  return (
    <main className="px-6 py-16 text-center">
      <h1 className="text-xl font-bold">{t("editor.loadFailed")}</h1>
      <div className="mt-6 flex justify-center gap-3">
        <Link to="/studio" className="rounded-lg border border-slate-300 px-4 py-2 text-sm font-semibold">
          {t("editor.back")}
        </Link>
        {notFound ? null : (
          <a href={location.pathname + location.search} className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white">
            {t("editor.retry")}
          </a>
        )}
      </div>
    </main>
  );
}
