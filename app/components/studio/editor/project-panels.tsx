// The TTS editor's panels below the paragraphs, loaded on use (app/components/studio/editor-on-use.tsx): the version
// history and the project's audio with its background music.
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Waveform } from "~/components/studio/on-use";
import type { ProjectVersion, TtsProject } from "~/lib/studio-schemas";
import { MUSIC_LEVEL } from "#contracts/music";
import { hasSpeech } from "#contracts/speech-text";
import { formatDuration } from "~/lib/units";
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
        {project.music ? (
          <fieldset className="flex items-center gap-3" data-testid="download-music">
            <legend className="sr-only">{t("music.title")}</legend>
            <label className="flex items-center gap-1">
              <input type="radio" name="music" value="1" defaultChecked className="accent-brand-600" />
              {t("music.withMusic")}
            </label>
            <label className="flex items-center gap-1">
              <input type="radio" name="music" value="0" className="accent-brand-600" />
              {t("music.voiceOnly")}
            </label>
          </fieldset>
        ) : null}
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
      <MusicBed project={project} />
    </section>
  );
}

/**
 * The project's background music: with none, a file form to add one; with one, its player, its level and "remove".
 * Plain posts to /studio/music that come back here, so they work without JavaScript.
 */
function MusicBed({ project }: { project: TtsProject }) {
  const { t, i18n } = useTranslation("studio");
  const music = project.music;
  return (
    <section className="mt-4 border-t border-slate-100 pt-3" aria-labelledby="music-title" data-testid="music">
      <h3 id="music-title" className="text-sm font-semibold">
        {t("music.title")}
      </h3>
      <p className="text-xs text-slate-500">{t("music.hint")}</p>
      {music ? (
        <div className="mt-2 space-y-2 text-sm">
          <p className="break-words text-slate-700" data-testid="music-name">
            {t("music.length", { name: music.name, length: formatDuration(music.durationMs / 1000, i18n.language) })}
          </p>
          <audio
            controls
            preload="none"
            src={music.audioURL}
            aria-label={t("music.player", { name: music.name })}
            className="w-full max-w-md"
          />
          <div className="flex flex-wrap items-end gap-3">
            <Form method="post" action="/studio/music" className="flex flex-wrap items-end gap-2">
              <input type="hidden" name="intent" value="level" />
              <input type="hidden" name="project" value={project.id} />
              <label className="flex flex-col gap-1">
                <span>{t("music.level")}</span>
                <span className="flex items-center gap-2">
                  <input
                    type="number"
                    name="level"
                    min={MUSIC_LEVEL.min}
                    max={MUSIC_LEVEL.max}
                    step={MUSIC_LEVEL.step}
                    defaultValue={music.level}
                    required
                    className="w-20 rounded-lg border border-slate-300 px-2 py-1 tabular-nums"
                  />
                  <span aria-hidden="true">%</span>
                </span>
              </label>
              <button type="submit" className="rounded-lg border border-slate-300 px-3 py-1.5 font-semibold">
                {t("music.apply")}
              </button>
            </Form>
            <Form method="post" action="/studio/music">
              <input type="hidden" name="intent" value="remove" />
              <input type="hidden" name="project" value={project.id} />
              <button type="submit" className="rounded-lg px-3 py-1.5 font-semibold text-red-700 underline">
                {t("music.remove")}
              </button>
            </Form>
          </div>
          <p className="text-xs text-slate-500">{t("music.levelHint")}</p>
        </div>
      ) : null}
      <Form method="post" action="/studio/music" encType="multipart/form-data" className="mt-2 flex flex-wrap items-end gap-2 text-sm">
        <input type="hidden" name="intent" value="upload" />
        <input type="hidden" name="project" value={project.id} />
        <label className="flex min-w-0 flex-col gap-1">
          <span>{t("music.file")}</span>
          <input type="file" name="file" accept="audio/*,.wav,.mp3,.ogg,.webm,.m4a" required className="max-w-full text-sm" />
        </label>
        <button type="submit" className="rounded-lg border border-slate-300 px-3 py-1.5 font-semibold" data-testid="music-upload">
          {music ? t("music.replace") : t("music.upload")}
        </button>
      </Form>
    </section>
  );
}
