import { Link } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Waveform } from "./on-use";

/** One chosen project in the list's batch answer (GET /api/v1/studio/batch). */
export type BatchItem = {
  id: string;
  name: string | null;
  type: "tts" | "sts" | null;
  tracks: { title: string; audioURL: string }[];
  skipped: null | { reason: "notGenerated" | "empty" | "noConversions" | "notFound"; count?: number };
};

/**
 * "Play selected": every ready track of the chosen projects in order, TTS projects joined and
 * STS conversions one by one, in the studio's player (`Waveform`: the browser's own player without JavaScript, the
 * waveform with it); with JavaScript, when one ends the next one starts (continuous play across projects), and the
 * one playing is marked.
 */
export function Playlist({ items }: { items: BatchItem[] }) {
  const { t } = useTranslation("studio");
  const tracks = items.flatMap((item) => item.tracks.map((track) => ({ ...track, project: item.name ?? "" })));
  const players = useRef<(HTMLAudioElement | null)[]>([]);
  const [current, setCurrent] = useState<number | null>(null);
  if (tracks.length === 0) return null;
  return (
    <section
      aria-labelledby="playlist-title"
      className="mt-6 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200"
      data-testid="playlist"
    >
      <h2 id="playlist-title" className="font-semibold">
        {t("list.playing")}
      </h2>
      <p className="mt-1 text-xs text-slate-500">{t("list.batch.continuous", { count: tracks.length })}</p>
      <ol className="mt-2 space-y-3">
        {tracks.map((track, i) => (
          <li
            key={track.audioURL}
            className={`rounded-lg p-2 text-sm ${current === i ? "bg-brand-50 ring-1 ring-brand-200" : ""}`}
            data-testid="playlist-track"
            aria-current={current === i ? "true" : undefined}
          >
            <span className="block truncate font-medium">
              {i + 1}. {track.title}
              {track.title !== track.project ? <span className="ml-2 text-xs font-normal text-slate-500">{track.project}</span> : null}
            </span>
            <div className="mt-1 flex">
              <Waveform
                src={track.audioURL}
                label={track.title}
                testId="playlist-player"
                audioTestId="playlist-audio"
                mediaRef={(el) => {
                  players.current[i] = el;
                }}
                onPlay={() => {
                  setCurrent(i);
                  // One at a time: starting a track pauses the others.
                  players.current.forEach((p, j) => j !== i && p && !p.paused && p.pause());
                }}
                onEnded={() => {
                  const next = players.current[i + 1];
                  if (next) void next.play().catch(() => undefined);
                  else setCurrent(null);
                }}
              />
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}

/**
 * What a batch action left out: each skipped project by name with its reason, in a message
 * that stays until dismissed (with JavaScript the button hides it; without, the link goes back to the
 * list without the batch).
 */
export function BatchReport({ items, action, dismissTo }: { items: BatchItem[]; action: "play" | "download"; dismissTo: string }) {
  const { t } = useTranslation("studio");
  const [hidden, setHidden] = useState(false);
  const skipped = items.filter((i) => i.skipped);
  if (hidden || skipped.length === 0) return null;
  const nothing = skipped.length === items.length;
  return (
    <div role="status" className="mt-6 rounded-xl bg-amber-50 p-4 text-sm text-amber-950 ring-1 ring-amber-200" data-testid="batch-report">
      <div className="flex items-start justify-between gap-3">
        <p className="font-semibold">{t(`list.batch.${action}${nothing ? "Nothing" : "Skipped"}`, { count: skipped.length })}</p>
        <Link
          to={dismissTo}
          onClick={(e) => {
            e.preventDefault();
            setHidden(true);
          }}
          className="shrink-0 underline"
        >
          {t("list.batch.dismiss")}
        </Link>
      </div>
      <ul className="mt-2 list-disc space-y-1 pl-5">
        {skipped.map((item) => (
          <li key={item.id} data-testid="batch-skipped">
            {item.skipped!.reason === "notFound"
              ? t("list.batch.reasons.notFound")
              : t(`list.batch.reasons.${item.skipped!.reason}`, { name: item.name, count: item.skipped!.count ?? 0 })}
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * Starts the download of what is ready once the page shows what was left out: with JavaScript by going
 * to the file (the page stays), without it by a refresh to the file; a link does the same by hand.
 */
export function AutoDownload({ href, count }: { href: string; count: number }) {
  const { t } = useTranslation("studio");
  useEffect(() => {
    window.location.assign(href);
  }, [href]);
  return (
    <p className="mt-3 text-sm text-slate-700" data-testid="batch-download">
      <noscript>
        <meta httpEquiv="refresh" content={`0;url=${href}`} />
      </noscript>
      {t("list.batch.downloading", { count })}{" "}
      <a href={href} className="text-brand-700 underline">
        {t("list.batch.downloadAgain")}
      </a>
    </p>
  );
}
