import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Waveform } from "./on-use";

/**
 * Before and after (STS step 5): both versions with their waveforms, and with JavaScript an A/B
 * switch that carries on playing the other version from the same moment.
 */
export function BeforeAfter({ before, after }: { before: string; after: string }) {
  const { t } = useTranslation("studio");
  const box = useRef<HTMLDivElement>(null);
  const [side, setSide] = useState<"before" | "after">("after");
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  const players = () => {
    const [a, b] = Array.from(box.current?.querySelectorAll("audio") ?? []);
    return { before: a, after: b };
  };
  const toggle = () => {
    const p = players();
    const from = p[side];
    const next = side === "before" ? "after" : "before";
    const to = p[next];
    if (from && to) {
      const wasPlaying = !from.paused;
      to.currentTime = Math.min(from.currentTime, Number.isFinite(to.duration) ? to.duration : from.currentTime);
      from.pause();
      if (wasPlaying) void to.play().catch(() => {});
    }
    setSide(next);
  };
  return (
    <div ref={box} className="space-y-3" data-testid="before-after" data-side={side}>
      <div className={`rounded-xl p-3 ring-1 ${side === "before" ? "ring-brand-600" : "ring-slate-200"}`}>
        <p className="mb-1 text-xs font-semibold text-slate-600">{t("sts.result.before")}</p>
        <Waveform src={before} label={t("sts.result.listenBefore")} testId="audio-before" />
      </div>
      <div className={`rounded-xl p-3 ring-1 ${side === "after" ? "ring-brand-600" : "ring-slate-200"}`}>
        <p className="mb-1 text-xs font-semibold text-slate-600">{t("sts.result.after")}</p>
        <Waveform src={after} label={t("sts.result.listenAfter")} testId="audio-after" />
      </div>
      {ready ? (
        <div className="flex flex-wrap items-center gap-3">
          <button
            type="button"
            onClick={toggle}
            className="rounded-lg px-4 py-2 text-sm font-semibold ring-1 ring-slate-300"
            data-testid="ab-switch"
            aria-pressed={side === "after"}
          >
            {t("sts.result.ab")}: {side === "before" ? "A · " + t("sts.result.before") : "B · " + t("sts.result.after")}
          </button>
          <span className="text-xs text-slate-500">{t("sts.result.abHint")}</span>
        </div>
      ) : null}
    </div>
  );
}
