import { Link, useLoaderData } from "@remix-run/react";
import { ConfirmHistoryDelete, UndoHistoryDelete } from "~/components/studio/ConfirmDelete";
import { useTranslation } from "react-i18next";
import { Waveform } from "~/components/studio/Waveform";
import { cutText } from "~/lib/shell";
import { formatDateTime, useClock } from "~/lib/time";
import { formatSeconds } from "~/lib/units";
import { pageMetaTags } from "~/utils/seo";
import type { loader } from "./studio.history.server";

export const handle = { i18n: ["common", "account", "studio", "labs"] };

export { action, loader } from "./studio.history.server";
export const meta = pageMetaTags;

/**
 * Work history (spec sections 2 and 3): every generation and conversion, newest first (date, method,
 * voice model, quality, duration, original and converted versions), to play, save or delete.
 */
export default function History() {
  const { items, page, hasMore, confirmDelete, undo } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation("studio");
  const clock = useClock();
  // This page of the history, without the confirmation or the undo.
  const here = page > 1 ? `/studio/history?page=${page}` : "/studio/history";
  const confirmPath = (id: string) =>
    `/studio/history?${new URLSearchParams({ ...(page > 1 ? { page: String(page) } : {}), confirm: "delete", id })}`;
  return (
    <main className="px-4 py-8 sm:px-6">
      {/* Deleting asks first and can be undone for a few seconds (components/studio/ConfirmDelete.tsx). */}
      {confirmDelete ? <ConfirmHistoryDelete item={confirmDelete} closeTo={here} /> : null}
      <Link to="/studio" className="text-sm text-slate-600 underline">
        ← {t("editor.back")}
      </Link>
      <h1 className="mt-2 text-2xl font-bold">{t("history.title")}</h1>
      {undo ? <UndoHistoryDelete key={undo} id={undo} /> : null}
      {items.length === 0 ? (
        <p className="mt-8 text-slate-500">{t("history.empty")}</p>
      ) : (
        <ul className="mt-6 space-y-3">
          {items.map((item) => (
            <li key={item.inference_id} className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200" data-testid="history-item">
              <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1 text-xs text-slate-500">
                <time dateTime={new Date(item.createdAt).toISOString()}>{formatDateTime(item.createdAt, clock)}</time>
                <span data-testid="history-method">{t(`history.methods.${item.method}`)}</span>
                <span>{item.voiceName}</span>
                <span>{formatSeconds(item.duration, i18n.language)}</span>
                {item.method === "tts" ? (
                  <span>{t("history.characters", { count: item.characters })}</span>
                ) : (
                  <span>{t("history.seconds", { seconds: item.seconds })}</span>
                )}
                <span>{t("history.quality", { quality: item.quality })}</span>
              </div>
              <p className="mt-1 line-clamp-2 text-sm">{item.text}</p>
              {item.sourceURL ? (
                <div className="mt-2 flex flex-wrap items-center gap-3 text-xs">
                  <span className="w-16 font-semibold text-slate-600">{t("history.original")}</span>
                  {/* At least 13rem, so on a phone the links go to the next line instead of squeezing the player. */}
                  <div className="flex min-w-52 flex-1">
                    <Waveform
                      src={item.sourceURL}
                      label={`${t("history.original")}: ${cutText(item.text, 40)}`}
                      testId="history-original"
                    />
                  </div>
                  <DownloadLinks url={item.sourceURL} />
                </div>
              ) : null}
              <div className="mt-2 flex flex-wrap items-center gap-3 text-xs">
                {item.sourceURL ? <span className="w-16 font-semibold text-slate-600">{t("history.converted")}</span> : null}
                <div className="flex min-w-52 flex-1">
                  <Waveform src={item.audioURL} label={t("history.audio", { text: cutText(item.text, 40) })} testId="history-audio" />
                </div>
                <DownloadLinks url={item.audioURL} />
                {item.videoURL ? (
                  <a href={item.videoURL} className="font-semibold text-brand-700 underline" data-testid="history-video">
                    {item.videoTemplate ? t("labs:shorts.label") : t("labs:letter.historyLink")}
                  </a>
                ) : null}
                <Link
                  to={confirmPath(item.inference_id)}
                  preventScrollReset
                  className="text-red-600 underline"
                  aria-label={`${t("history.delete")}: ${cutText(item.text, 40)}`}
                  data-testid="history-delete"
                >
                  {t("history.delete")}
                </Link>
              </div>
            </li>
          ))}
        </ul>
      )}
      <nav aria-label={t("history.pages")} className="mt-6 flex gap-4 text-sm">
        {page > 1 ? (
          <Link to={`?page=${page - 1}`} className="underline">
            ← {t("history.newer")}
          </Link>
        ) : null}
        {hasMore ? (
          <Link to={`?page=${page + 1}`} className="underline">
            {t("history.older")} →
          </Link>
        ) : null}
      </nav>
    </main>
  );
}

/** A result saved as WAV (as stored) or MP3. */
function DownloadLinks({ url }: { url: string }) {
  return (
    <>
      <a href={`${url}?download=1`} download className="underline">
        WAV
      </a>
      <a href={`${url}?download=1&format=mp3`} download className="underline">
        MP3
      </a>
    </>
  );
}
