import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";

/** The one sample playing on the page: starting another pauses it (spec: one at a time). */
let current: { audio: HTMLAudioElement; owner: symbol } | null = null;

type State = "idle" | "loading" | "playing" | "paused";

/**
 * A voice card's sample, played in place. Without JavaScript it is a link to the clip (the browser
 * plays it); with JavaScript it is a play/pause button: Enter or Space toggles it, only one sample plays
 * on the page at a time, and a paused sample resumes where it stopped.
 */
export function SamplePlayer({ src, name, size = "md" }: { src: string; name: string; size?: "sm" | "md" }) {
  const { t } = useTranslation("library");
  const [state, setState] = useState<State>("idle");
  const audio = useRef<HTMLAudioElement | null>(null);
  const owner = useRef(Symbol("sample"));
  // Until hydrated, a click follows the link (the browser plays the file); then it is a button.
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);

  useEffect(
    () => () => {
      audio.current?.pause();
      if (current?.owner === owner.current) current = null;
    },
    [],
  );

  const toggle = () => {
    const mine = audio.current;
    if (mine && (state === "playing" || state === "loading")) {
      mine.pause();
      return;
    }
    if (current && current.owner !== owner.current) current.audio.pause();
    let el = mine;
    if (!el) {
      el = new Audio(src);
      el.preload = "auto";
      el.onplaying = () => setState("playing");
      el.onpause = () => setState((s) => (s === "idle" ? s : "paused"));
      el.onended = () => {
        el!.currentTime = 0;
        setState("idle");
      };
      el.onerror = () => {
        // The api client comes with the first failure (it is not in the first load of a page of samples).
        const failed = el!;
        void import("~/lib/api-client").then(({ apiClient }) => apiClient.mediaFailed(src, failed));
        setState("idle");
      };
      audio.current = el;
    }
    current = { audio: el, owner: owner.current };
    setState("loading");
    el.play().catch(() => setState("idle"));
  };

  const active = state === "playing" || state === "loading";
  const label = active ? t("player.pause", { name }) : t("player.play", { name });
  return (
    <a
      href={src}
      role="button"
      aria-label={label}
      aria-pressed={active}
      title={label}
      data-testid="voice-sample"
      data-state={state}
      data-ready={ready ? "true" : undefined}
      onClick={(e) => {
        e.preventDefault();
        toggle();
      }}
      onKeyDown={(e) => {
        // A link answers Enter by itself (as a click); Space is the button's key.
        if (e.key === " ") {
          e.preventDefault();
          toggle();
        }
      }}
      className={`grid shrink-0 place-items-center rounded-full bg-brand-600 text-white hover:bg-brand-700 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 ${
        size === "sm" ? "size-8 text-xs" : "size-10 text-sm"
      }`}
    >
      <span aria-hidden="true">{state === "loading" ? "…" : active ? "❚❚" : "▶"}</span>
    </a>
  );
}
