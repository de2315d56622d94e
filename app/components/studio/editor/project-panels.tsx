// The TTS editor's panels below the paragraphs, loaded on use (app/components/studio/editor-on-use.tsx): the version
// history and the project's audio.
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Waveform } from "~/components/studio/on-use";
import type { ProjectVersion, TtsProject } from "~/lib/studio-schemas";
import { hasSpeech } from "#contracts/speech-text";
import { useClock } from "~/lib/time";
import { versionTime } from "./version-time";

/** The version history (rendered when there is one): the last saved versions, each restorable, each deletable after a confirmation. */
export function Versions({ versions, here }: { versions: ProjectVersion[]; here: string }) {
  const { t } = useTranslation("studio");
  const clock = useClock();
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
            <span className="font-medium tabular-nums">{versionTime(v.savedAt, clock)}</span>
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
 * The whole project, once a sentence has audio: a player of all sentences joined with their pauses (once every sentence has
 * audio of its current text), and the download form (one file or a ZIP of each sentence, WAV or
 * MP3; the sentences ticked below, or all). A GET form, so it works without JavaScript.
 */
export function ProjectAudio({ project }: { project: TtsProject }) {
  const { t } = useTranslation("studio");
  const spoken = project.paragraphs.filter((p) => hasSpeech(p.text));
  const ready = spoken.length > 0 && spoken.every((p) => p.audioCurrent);
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
            <optgroup label={t("editor.audioFormats")}>
              <option value="wav">WAV</option>
              <option value="mp3">MP3</option>
            </optgroup>
            <optgroup label={t("editor.subtitleFormats")}>
              <option value="srt">SRT</option>
              <option value="vtt">VTT</option>
            </optgroup>
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
