import { parseWithZod, readForm } from "~/utils/parse-form.server";
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { fixedT, getLocale } from "~/i18n/i18n.server";
import { PROJECT_TABS, usageLimitFor, type UsageDialogData, type UsageLimit } from "~/lib/studio";
import { ProjectListSchema } from "~/lib/studio-schemas";
import { api, requireData } from "~/utils/api.server";
import { generationJob } from "~/utils/jobs.server";
import { loadProfile, requireUser } from "~/utils/auth.server";
import { pageMeta } from "~/utils/meta.server";
import { setFlash, setToast, takeFlash } from "~/utils/toast.server";
import { Code } from "#contracts/codes";
import type { Job } from "#contracts/jobs";

/** The project list (/studio, app/routes/studio._index.tsx): its loader and action. */

/** At most this many projects play or generate from one click. */
const MAX_SELECTED = 20;

export async function loader(args: LoaderFunctionArgs) {
  await requireUser(args);
  const q = new URL(args.request.url).searchParams;
  const tab = PROJECT_TABS.find((t) => t === q.get("type")) ?? "all";
  // "Play selected" and "download selected": what of each chosen project is ready (a TTS project's
  // sentences joined, an STS project's conversions), in the list's order, and why the rest is skipped.
  const batchAction: "play" | "download" | null = q.get("play") === "1" ? "play" : q.get("download") === "1" ? "download" : null;
  const batchIds = batchAction ? q.getAll("id").filter(Boolean).slice(0, MAX_SELECTED) : [];
  // Jobs started by "generate" (project:job pairs), shown on their rows.
  const jobPairs = (q.get("jobs") ?? "")
    .split(",")
    .slice(0, MAX_SELECTED)
    .map((pair) => pair.split(":"))
    .filter((p): p is [string, string] => p.length === 2 && !!p[0] && !!p[1]);
  // /dashboard/studio is outside the signed-in frame, so the voice-slot alert the frame shows is this page's.
  const framed = !new URL(args.request.url).pathname.startsWith("/dashboard/studio");
  const [list, meta, batch, jobs, flash, profile] = await Promise.all([
    api(args, "GET /studio/projects", { query: { type: tab } }),
    pageMeta(args.request, args.context, "meta.titles.studio"),
    batchIds.length ? api(args, "GET /studio/batch", { query: new URLSearchParams({ ids: batchIds.join(",") }) }) : null,
    Promise.all(
      jobPairs.map(async ([projectId, jobId]) => ({
        projectId,
        state: await generationJob(args, jobId),
        jobId,
      })),
    ),
    takeFlash(args.request, args.context),
    framed ? null : loadProfile(args),
  ]);
  const projects = requireData(list);
  const items = batch?.success && batch.data ? batch.data.items : [];
  const ready = items.filter((i) => !i.skipped).map((i) => i.id);
  // Download selected: the ZIP of what is ready starts from the page that lists what was left out.
  const download =
    batchAction === "download" && ready.length > 0
      ? `/studio/download?${new URLSearchParams([...ready.map((id) => ["id", id]), ["format", q.get("format") === "mp3" ? "mp3" : "wav"]])}`
      : null;
  const jobByProject: Record<string, Job> = {};
  for (const j of jobs) if (j.state.success && j.state.data) jobByProject[j.projectId] = { ...j.state.data, id: j.jobId };
  // Deleting asks first (?confirm=delete&id=…, a dialog that is a real page without JavaScript), and
  // the deleted ones can be brought back for a few seconds (?undo=id,id).
  const toConfirm = q.get("confirm") === "delete" ? new Set(q.getAll("id")) : null;
  const confirmDelete = toConfirm ? projects.filter((p) => toConfirm.has(p.id)).map((p) => ({ id: p.id, name: p.name })) : [];
  const undo = (q.get("undo") ?? "")
    .split(",")
    .filter((id) => /^[\w-]{1,64}$/.test(id))
    .slice(0, 100);
  return {
    tab,
    projects,
    batch: batchAction ? { action: batchAction, items, download, ready: ready.length } : null,
    jobs: jobByProject,
    meta,
    confirmDelete,
    undo,
    ...refusalFrom(flash),
    slotAlert:
      profile?.cv_cnt_over === "Y"
        ? { slots: profile.planState?.limits.customVoice ?? 0, used: profile.planState?.usedCustomVoice ?? 0 }
        : null,
  };
}

const USAGE_KINDS: readonly UsageLimit[] = ["charsShort", "charsExhausted", "projectLimit", "timeExhausted", "fileTooLong"];

/** A refused post's error or usage dialog, handed over by the action's redirect (`refused` below). */
function refusalFrom(flash: Record<string, unknown> | null): { error: string | null; usage: UsageDialogData } {
  const refusal = flash?.studioList as { error?: unknown; usage?: { kind?: unknown; message?: unknown } } | undefined;
  const usage = refusal?.usage;
  return {
    error: typeof refusal?.error === "string" ? refusal.error : null,
    usage:
      usage && USAGE_KINDS.includes(usage.kind as UsageLimit) && typeof usage.message === "string"
        ? { kind: usage.kind as UsageLimit, message: usage.message }
        : null,
  };
}

/**
 * The list's own address after a post: the same path and tab, without `index` (a post from /studio goes to
 * `/studio?index`; no `?index` reaches the address bar, with or without JavaScript), without `drop`,
 * and without a batch ("play selected", "download selected" and its format): a batch answers the one click that
 * asked for it, and kept in the URL it would play or download again (with JavaScript, as soon as a generation
 * ends and the page's data is reloaded).
 */
function listUrl(url: URL, drop: string[] = []) {
  const params = new URLSearchParams(url.search);
  for (const k of ["index", ...drop, "play", "download", "format"]) params.delete(k);
  return params;
}
const at = (url: URL, params: URLSearchParams) => (params.size ? `${url.pathname}?${params}` : url.pathname);

/** New project, import a script, delete, generate the selected projects or all of them. */
export async function action(args: ActionFunctionArgs) {
  await requireUser(args);
  const submission = parseWithZod(await readForm(args.request), { schema: ProjectListSchema });
  const url = new URL(args.request.url);
  // A chosen file that is empty is said, not passed over in silence; an unknown button or no file chosen: nothing to do.
  if (submission.status !== "success") {
    const file = submission.payload.file;
    if (submission.payload.intent === "import" && file instanceof File && file.name) return refusedImport(args);
    throw redirect(at(url, listUrl(url)));
  }
  const form = submission.value;
  switch (form.intent) {
    case "new": {
      const created = await api(args, "POST /studio/projects", { body: { type: "tts" } });
      if (!created.success || !created.data) return refused(args, created);
      throw redirect(`/studio/projects/text-to-speech?id=${created.data.id}`);
    }
    case "import": {
      const upload = new FormData();
      upload.set("file", form.file, form.file.name);
      const created = await api(args, "POST /studio/projects/import", { form: upload });
      // Not a UTF-8 text file, too large, too many lines, or no text: the api's 4000/4201 say nothing of a file.
      if (created.code === Code.BAD_REQUEST || created.code === Code.TEXT_EMPTY) return refusedImport(args);
      if (!created.success || !created.data) return refused(args, created);
      throw redirect(`/studio/projects/text-to-speech?id=${created.data.id}`);
    }
    case "delete": {
      // Asked first; once confirmed, deleted with an undo offered on the list.
      const ids = form.id.slice(0, 100);
      const back = listUrl(url, ["confirm", "id", "undo", "select"]);
      if (ids.length === 0) throw redirect(at(url, back));
      if (!form.confirmed) {
        const ask = new URLSearchParams(back);
        ask.set("confirm", "delete");
        for (const id of ids) ask.append("id", id);
        throw redirect(at(url, ask));
      }
      const deleted: string[] = [];
      for (const id of ids) {
        const answer = await api(args, "DELETE /studio/projects/:id", { params: { id } });
        if (answer.success) deleted.push(id);
      }
      if (deleted.length) back.set("undo", deleted.join(","));
      throw redirect(at(url, back));
    }
    case "restore": {
      const back = listUrl(url, ["undo"]);
      for (const id of form.id.slice(0, 100)) {
        const answer = await api(args, "POST /studio/projects/:id/restore", { params: { id } });
        if (!answer.success) {
          await setToast(args.request, args.context, { key: "error", params: { message: answer.message } });
          break;
        }
      }
      throw redirect(at(url, back));
    }
    case "generate":
    case "generate-all":
      return generate(
        args,
        form.intent === "generate"
          ? form.id
          : ((await api(args, "GET /studio/projects", { query: { type: "tts" } })).data?.map((p) => p.id) ?? []),
      );
  }
}

/**
 * Generates the chosen projects (or every TTS project): each starts its own job (only sentences
 * that changed since their last generation are spoken again), shown on its row.
 */
async function generate(args: ActionFunctionArgs, ids: string[]) {
  const started: string[] = [];
  for (const id of ids.slice(0, MAX_SELECTED)) {
    const job = await api(args, "POST /studio/projects/:id/generate", { params: { id }, body: {} });
    if (!job.success) {
      // STS projects have nothing to generate here; any other refusal (a usage limit) stops the rest.
      if (job.code === Code.NOT_FOUND) continue;
      if (started.length === 0) return refused(args, job);
      break;
    }
    if (job.data?.job_id) started.push(`${id}:${job.data.job_id}`);
  }
  const url = new URL(args.request.url);
  const params = listUrl(url, ["select"]);
  if (started.length > 0) {
    params.set("jobs", started.join(","));
    await setToast(args.request, args.context, { key: "generating", params: { count: String(started.length) } });
  } else {
    await setToast(args.request, args.context, {
      key: "error",
      params: { message: fixedT(await getLocale(args.request, args.context), "studio")("editor.nothingToGenerate") },
    });
  }
  throw redirect(at(url, params));
}

/**
 * A refused call: a usage limit opens its dialog, anything else shows as an error, on the list's own address (a
 * redirect carrying the refusal in the flash cookie: no `?index` stays in the address, and a reload does not post again).
 */
/** An import refused for its file: what a script file must be, in the member's language. */
async function refusedImport(args: ActionFunctionArgs): Promise<never> {
  const message = fixedT(await getLocale(args.request, args.context), "studio")("list.importRefused");
  return refused(args, { code: Code.BAD_REQUEST, message });
}

async function refused(args: ActionFunctionArgs, answer: { code: number; message: string }): Promise<never> {
  const kind = usageLimitFor(answer.code);
  const usage: UsageDialogData = kind ? { kind, message: answer.message } : null;
  await setFlash(args.request, args.context, { studioList: { error: kind ? null : answer.message, usage } });
  const url = new URL(args.request.url);
  throw redirect(at(url, listUrl(url)));
}
