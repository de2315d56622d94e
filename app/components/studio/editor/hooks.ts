// The TTS editor's hooks: the key of the last navigation, autosave, the leave warning and the keyboard's loader.
import { useBlocker, useFetcher, useNavigation } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState } from "react";
import { AUTOSAVE_DELAY_MS } from "~/lib/studio";
import type { Splice } from "./flow";

/**
 * `key` (the saved revision and paragraphs) as of the last navigation that ended without an answer with data: a job's
 * reloads of page data leave it, and so does a submit answered with data (nothing to generate, a usage dialog, an
 * error; docs/decisions/0053). Such an answer is shown by the form as it is: a new key would reset the form and drop
 * the answer's message as soon as the page data reloaded after it (the studio test's second "generate all" saw the
 * message only when it looked before that reload).
 */
export function useNavigatedKey(key: string, answer: unknown) {
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
export type SaveMade = { revision: number; ids: string[] };

/**
 * Autosave (docs/decisions/0037): with JavaScript, the paragraphs form is sent through a fetcher
 * AUTOSAVE_DELAY_MS after the last change, from the revision the page has; the answer gives the new
 * revision and the ids of new paragraphs (put into their hidden fields), a conflict, or an error. Without
 * JavaScript the Save button does the same as a page. The page data is not reloaded after an autosave.
 * A submit through the page (generate, Save, delete) saves too: "saving" while it runs, then "saved" when it saved
 * (the page data brought a newer revision, or its answer with data names what it made: `pageSaved`) and nothing was
 * typed meanwhile; a refused save stays "unsaved" (docs/decisions/0053).
 */
export function useAutosave(
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
export function useLeaveWarning(unsaved: boolean) {
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

/**
 * The editor's keys (flow.ts), whose code comes with the first focus in the script (a key is pressed in a focused
 * field), and the block being edited, for the bar that sets its voice and settings.
 */
export function useBlockKeys(splice: Splice) {
  const keys = useRef<typeof import("./flow").editorKeys>();
  const [current, setCurrent] = useState<number | null>(null);
  const load = () => import("./flow").then((m) => (keys.current = m.editorKeys));
  return {
    current,
    onFocus: (e: React.FocusEvent<HTMLFormElement>) => {
      void load();
      const block = (e.target as HTMLElement).closest("[data-testid=paragraph]");
      if (block) setCurrent([...e.currentTarget.querySelectorAll("[data-testid=paragraph]")].indexOf(block));
    },
    onKeyDown: (e: React.KeyboardEvent<HTMLFormElement>) => {
      if (keys.current) return keys.current(e, splice);
      // Enter pressed before the keys' code has arrived (the first key after the first focus, on a slow phone) would be
      // lost or typed as a line break: it waits for the code and is handled then, as it was pressed (a split, or
      // Ctrl/⌘+Enter's generate). Other keys there do what a textarea does.
      const t = e.target as HTMLTextAreaElement;
      if (
        e.key !== "Enter" ||
        e.nativeEvent.isComposing ||
        !(e.ctrlKey || e.metaKey || (t.type === "textarea" && !e.shiftKey && !e.altKey))
      )
        return;
      e.preventDefault();
      const pressed = { ...e, currentTarget: e.currentTarget, target: t, preventDefault() {} };
      void load().then((run) => run(pressed, splice));
    },
  };
}
