import { Form, Link, useLoaderData, useLocation, useSearchParams } from "@remix-run/react";
import { Fragment } from "react";
import { useTranslation } from "react-i18next";
import { SubmitButton } from "~/components/forms";
import { ConfirmProjectsDelete, UndoProjectsDelete } from "~/components/studio/ConfirmDelete";
import { VoiceSlotAlert } from "~/components/dashboard/on-use";
import { JobProgress, UsageDialog } from "~/components/studio/on-use";
import { NoScriptRefresh } from "~/components/studio/NoScriptRefresh";
import { AutoDownload, BatchReport, Playlist } from "~/components/studio/Batch";
import { PROJECT_TABS } from "~/lib/studio";
import { formatDate, formatTimeAndZone, useClock } from "~/lib/time";
import { pageMetaTags } from "~/utils/seo";
import type { loader } from "./studio._index.server";
import { jobRunning } from "#contracts/jobs";

export const handle = { i18n: ["common", "account", "studio"] };

export { action, loader } from "./studio._index.server";
export const meta = pageMetaTags;

/** React 18 has no `inert` prop; the attribute passes through as written. */
const INERT = { inert: "" } as React.HTMLAttributes<HTMLDivElement>;

export default function ProjectList() {
  const { slotAlert } = useLoaderData<typeof loader>();
  if (!slotAlert) return <ProjectListPage />;
  // /dashboard/studio (outside the frame): the frame's blocking voice-slot alert, the page behind it inert.
  return (
    <>
      <VoiceSlotAlert slots={slotAlert.slots} used={slotAlert.used} />
      <div {...INERT}>
        <ProjectListPage />
      </div>
    </>
  );
}

function ProjectListPage() {
  // A refused post's error or usage dialog comes with the page the action redirected to (no `?index`).
  const { tab, projects, batch, jobs, confirmDelete, undo, error, usage } = useLoaderData<typeof loader>();
  const { t } = useTranslation("studio");
  const [params] = useSearchParams();
  // The same list at /studio (in the frame with the sidebar) and /dashboard/studio (spec: without it; vite.config.ts).
  const base = useLocation().pathname.startsWith("/dashboard/studio") ? "/dashboard/studio" : "/studio";
  const tabPath = tab === "all" ? base : `${base}?type=${tab}`;
  const allSelected = params.get("select") === "all";
  const selected = new Set(params.getAll("id"));
  const clock = useClock();
  const link = "text-brand-700 underline";
  return (
    <main className="px-6 py-8">
      {Object.values(jobs).some((j) => jobRunning(j)) ? <NoScriptRefresh /> : null}
      {/* The delete confirmation and its undo (components/studio/ConfirmDelete.tsx). */}
      {confirmDelete.length ? <ConfirmProjectsDelete projects={confirmDelete} closeTo={tabPath} /> : null}
      {undo.length ? <UndoProjectsDelete ids={undo} /> : null}
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-2xl font-bold">{t("list.title")}</h1>
        <span className="flex gap-4">
          <Link to="/studio/dictionary" className={`text-sm ${link}`}>
            {t("list.dictionary")}
          </Link>
          <Link to="/studio/history" className={`text-sm ${link}`}>
            {t("list.history")}
          </Link>
        </span>
      </div>
      <nav aria-label={t("list.title")} className="mt-4 flex gap-2">
        {PROJECT_TABS.map((k) => (
          <Link
            key={k}
            to={k === "all" ? base : `${base}?type=${k}`}
            aria-current={tab === k ? "page" : undefined}
            className={`rounded-full px-4 py-1.5 text-sm font-medium ${tab === k ? "bg-slate-900 text-white" : "bg-white text-slate-700 ring-1 ring-slate-200"}`}
          >
            {t(`list.tabs.${k}`)}
          </Link>
        ))}
      </nav>
      <div className="mt-6 flex flex-wrap items-end gap-4">
        <Form method="post">
          <SubmitButton name="intent" value="new" className="sm:w-auto">
            + {t("list.newTts")}
          </SubmitButton>
        </Form>
        <Link
          to="/studio/projects/speech-to-speech"
          className="rounded-lg px-4 py-2.5 text-sm font-semibold text-brand-700 ring-1 ring-brand-600"
        >
          + {t("list.newSts")}
        </Link>
        <Form method="post" encType="multipart/form-data" className="flex flex-wrap items-end gap-2">
          <div>
            <label htmlFor="import-file" className="block text-sm font-medium text-slate-800">
              {t("list.import")}
            </label>
            <input
              id="import-file"
              name="file"
              type="file"
              accept=".txt,text/plain"
              required
              className="mt-1 block text-sm"
              aria-describedby="import-help"
            />
            <p id="import-help" className="mt-1 text-xs text-slate-500">
              {t("list.importHelp")}
            </p>
          </div>
          <SubmitButton name="intent" value="import" variant="secondary" className="sm:w-auto">
            {t("list.importButton")}
          </SubmitButton>
        </Form>
      </div>
      {usage ? <UsageDialog kind={usage.kind} message={usage.message} closeTo={tabPath} manageTo={tabPath} /> : null}
      {error ? (
        <p role="alert" className="mt-4 text-sm text-red-600">
          {error}
        </p>
      ) : null}
      {batch ? <BatchReport items={batch.items} action={batch.action} dismissTo={tabPath} /> : null}
      {batch?.download ? <AutoDownload href={batch.download} count={batch.ready} /> : null}
      {batch?.action === "play" ? <Playlist items={batch.items} /> : null}
      {projects.length === 0 ? (
        <p className="mt-10 text-slate-500">{t("list.empty")}</p>
      ) : (
        // Native submissions (reloadDocument): "download selected" answers a file, which a client-side navigation cannot take.
        <Form method="post" id="projects" className="mt-8" reloadDocument>
          {tab === "all" ? null : <input type="hidden" name="type" value={tab} />}
          <div className="mb-2 flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
            <Link
              to={allSelected ? "?" : `?${new URLSearchParams({ ...(tab === "all" ? {} : { type: tab }), select: "all" })}`}
              className={link}
            >
              {t("list.selectAll")}
            </Link>
            <button type="submit" formMethod="get" formAction={base} name="play" value="1" className={link}>
              {t("list.playSelected")}
            </button>
            <span className="flex items-center gap-1">
              <button
                type="submit"
                formMethod="get"
                formAction={base}
                name="download"
                value="1"
                className={link}
                data-testid="download-selected"
              >
                {t("list.downloadSelected")}
              </button>
              <label className="sr-only" htmlFor="download-format">
                {t("editor.format")}
              </label>
              <select id="download-format" name="format" className="rounded border border-slate-300 bg-white px-1 py-0.5 text-xs">
                <option value="wav">WAV</option>
                <option value="mp3">MP3</option>
              </select>
            </span>
            <button type="submit" name="intent" value="generate" className={link}>
              {t("list.generateSelected")}
            </button>
            <button type="submit" name="intent" value="generate-all" formNoValidate className={link}>
              {t("list.generateAll")}
            </button>
            <button type="submit" name="intent" value="delete" className="text-red-600 underline">
              {t("list.deleteSelected")}
            </button>
          </div>
          <table className="w-full overflow-hidden rounded-xl bg-white text-sm shadow-sm ring-1 ring-slate-200">
            <thead className="bg-slate-50 text-left text-slate-500">
              <tr>
                <th className="w-10 px-3 py-2">
                  <span className="sr-only">{t("list.selectAll")}</span>
                </th>
                <th className="whitespace-nowrap px-3 py-2">{t("list.name")}</th>
                <th className="whitespace-nowrap px-3 py-2">{t("list.type")}</th>
                <th className="hidden px-3 py-2 sm:table-cell">{t("list.paragraphs")}</th>
                <th className="whitespace-nowrap px-3 py-2">{t("list.updated")}</th>
              </tr>
            </thead>
            <tbody>
              {projects.map((p) => (
                <tr key={p.id} className="border-t border-slate-100" data-testid="project-row">
                  <td className="px-3 py-2">
                    <input
                      type="checkbox"
                      name="id"
                      value={p.id}
                      defaultChecked={allSelected || selected.has(p.id)}
                      aria-label={t("list.select", { name: p.name })}
                      className="accent-brand-600"
                    />
                  </td>
                  {/* At least 6rem, so at 360 px a short name is not broken letter by letter. */}
                  <td className="min-w-24 break-words px-3 py-2 font-medium">
                    <Link
                      to={p.type === "tts" ? `/studio/projects/text-to-speech?id=${p.id}` : `/studio/projects/speech-to-speech?id=${p.id}`}
                      className="hover:underline"
                    >
                      {p.name}
                    </Link>
                    {jobs[p.id] ? (
                      <span className="ml-2">
                        <JobProgress job={jobs[p.id]!} compact />
                      </span>
                    ) : null}
                  </td>
                  <td className="whitespace-nowrap px-3 py-2 uppercase text-slate-500">{p.type}</td>
                  {/* A speech-to-speech project has a recording, not paragraphs. */}
                  <td className="hidden px-3 py-2 sm:table-cell" data-testid="project-paragraphs">
                    {p.type === "tts" ? p.paragraphs : <span aria-label={t("list.noParagraphs")}>—</span>}
                  </td>
                  {/* The day and the time each whole: at 360 px "2026. 11. 24. 오후 9:19" was broken into five lines. */}
                  <td className="px-3 py-2 text-slate-500" data-testid="project-updated">
                    <span className="whitespace-nowrap">{formatDate(p.updatedAt, clock)}</span>
                    {formatTimeAndZone(p.updatedAt, clock).map((part) =>
                      part ? (
                        <Fragment key={part}>
                          {" "}
                          <span className="whitespace-nowrap">{part}</span>
                        </Fragment>
                      ) : null,
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </Form>
      )}
    </main>
  );
}
