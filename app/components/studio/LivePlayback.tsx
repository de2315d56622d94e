import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { jobRunning, type ItemState, type Job } from "#contracts/jobs";

type Position = { item: number; part: number };

/**
 * What to play at `at`: a sentence the job published (GET /studio/jobs/:id/parts/...), the paragraph's own audio when it
 * was done without sentences (unchanged since its last generation), "wait" while the next sentence is being made,
 * "skip" past a failed paragraph or one whose sentences were all played, "end" after the job's last.
 */
export function nextSource(jobId: string, job: Job, items: ItemState[], at: Position): string | "wait" | "skip" | "end" {
  const item = items[at.item];
  if (!item) return jobRunning(job) ? "wait" : "end";
  if (item.status === "failed") return "skip";
  const parts = item.parts ?? 0;
  if (at.part < parts) return `/api/v1/studio/jobs/${jobId}/parts/${encodeURIComponent(item.paragraphId)}/${at.part}`;
  if (item.status !== "done") return "wait";
  if (item.parts === undefined && at.part === 0) return `/api/v1/studio/paragraphs/${encodeURIComponent(item.paragraphId)}/audio`;
  return "skip";
}

/**
 * Plays a running job's paragraphs sentence by sentence as they are made (JavaScript only: without it the page's
 * refresh shows each paragraph once done). It starts by itself when the job is running as the page opens (the member
 * just pressed Generate; the browser allows sound after that press), and the member can stop it or start it again.
 */
export function LivePlayback({ job, items }: { job: Job; items: ItemState[] }) {
  const { t } = useTranslation("studio");
  const audio = useRef<HTMLAudioElement>(null);
  const [at, setAt] = useState<Position>({ item: 0, part: 0 });
  const [on, setOn] = useState(() => jobRunning(job));
  const [playing, setPlaying] = useState(false);
  const source = nextSource(job.id, job, items, at);
  // Without JavaScript there is nothing to play with: the control appears once the page runs.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);

  useEffect(() => {
    if (!on || playing) return;
    if (source === "skip") setAt((p) => ({ item: p.item + 1, part: 0 }));
    else if (source === "end") setOn(false);
    else if (source !== "wait" && audio.current) {
      const el = audio.current;
      el.src = source;
      setPlaying(true);
      // The browser may refuse sound it was not asked for: the button starts it again.
      el.play().catch(() => {
        setPlaying(false);
        setOn(false);
      });
    }
  }, [on, playing, source]);

  const advance = () => {
    setPlaying(false);
    setAt((p) => ({ item: p.item, part: p.part + 1 }));
  };
  const toggle = () => {
    if (on) {
      audio.current?.pause();
      setPlaying(false);
      setOn(false);
    } else setOn(true);
  };
  if (!hydrated) return null;
  return (
    <div className="mt-3 flex flex-wrap items-center gap-3" data-testid="live-playback" data-playing={playing ? "1" : "0"}>
      <button
        type="button"
        onClick={toggle}
        aria-pressed={on}
        className="rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm font-semibold text-slate-800 hover:bg-slate-50"
      >
        {on ? t("editor.live.stop") : t("editor.live.listen")}
      </button>
      {on ? (
        <span className="text-sm text-slate-600" data-testid="live-playback-status">
          {source === "wait" ? t("editor.live.waiting") : t("editor.live.playing", { n: at.item + 1, k: at.part + 1 })}
        </span>
      ) : null}
      {/* A sentence the job let go of (404) is passed over: the paragraph's own audio is there once it is done. */}
      <audio ref={audio} onEnded={advance} onError={advance} preload="auto" className="hidden" />
    </div>
  );
}
