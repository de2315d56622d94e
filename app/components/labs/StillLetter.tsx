import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { checkStillImage, STILL_IMAGE, STILLS } from "#contracts/letters";
import type { Stage } from "./media-stage";
import type { StillPicture } from "./still-stage.client";
import { MakeVideoLetter } from "./VideoLetter";

type Choice = (typeof STILLS)[number]["id"] | "own";

/** A shipped still (an SVG) as a picture the canvas can draw. */
async function loadStill(url: string): Promise<StillPicture> {
  const img = new Image();
  img.src = url;
  await img.decode();
  return { source: img, width: img.naturalWidth || 640, height: img.naturalHeight || 640 };
}

/**
 * A video letter from a plain STS result (docs/decisions/0047): one of the stills shipped with the
 * product or the member's own image (checked by its bytes: PNG/JPEG/WebP signature, size and pixels, before the
 * browser decodes it), drawn with the audio's level (`still-stage.client.ts`, loaded only here), recorded and
 * uploaded like an avatar letter (`MakeVideoLetter`), then shared with the result's share link.
 */
export function StillLetter({ inferenceId, audioUrl, videoUrl }: { inferenceId: string; audioUrl: string; videoUrl: string | null }) {
  const { t, i18n } = useTranslation("labs");
  const lang = i18n.language === "en" ? "en" : "ko";
  const canvas = useRef<HTMLCanvasElement>(null);
  const [choice, setChoice] = useState<Choice>(STILLS[0].id);
  const [own, setOwn] = useState<StillPicture | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [stage, setStage] = useState<Stage | null>(null);
  const [playing, setPlaying] = useState(false);

  // The stage for the chosen picture, made again when the choice changes.
  useEffect(() => {
    let cancelled = false;
    let made: Stage | null = null;
    const still = STILLS.find((s) => s.id === choice);
    const picture = still ? loadStill(still.url) : Promise.resolve(own);
    void Promise.all([picture, import("./still-stage.client")])
      .then(([p, { createStillStage }]) => (p && !cancelled ? createStillStage(canvas.current!, p, audioUrl) : null))
      .then((s) => {
        if (!s) return;
        if (cancelled) return s.dispose();
        made = s;
        s.audio.addEventListener("play", () => setPlaying(true));
        s.audio.addEventListener("pause", () => setPlaying(false));
        s.audio.addEventListener("ended", () => setPlaying(false));
        setStage(s);
      })
      .catch((err: unknown) => {
        console.warn("still stage", err);
        if (!cancelled) setError(t("still.failed"));
      });
    return () => {
      cancelled = true;
      made?.dispose();
      setStage(null);
      setPlaying(false);
    };
  }, [choice, own, audioUrl, t]);

  const pickFile = async (file: File | undefined) => {
    setError(null);
    if (!file) return;
    // Checked by its bytes (never its name or type) before anything decodes it.
    const checked = checkStillImage(new Uint8Array(await file.slice(0, 1024 * 1024).arrayBuffer()), file.size);
    if (!checked.ok) {
      setError(
        t(`still.refused.${checked.reason}`, {
          mb: STILL_IMAGE.maxBytes / 1024 / 1024,
          mp: Math.round(STILL_IMAGE.maxPixels / 1_000_000),
          side: STILL_IMAGE.maxSide,
        }),
      );
      return;
    }
    try {
      const bitmap = await createImageBitmap(file);
      setOwn({ source: bitmap, width: bitmap.width, height: bitmap.height });
      setChoice("own");
    } catch {
      setError(t("still.refused.type"));
    }
  };

  return (
    <div className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200" data-testid="still-letter">
      <h2 className="font-semibold">{t("still.title")}</h2>
      <p className="mt-1 text-sm text-slate-600">{t("still.help")}</p>
      {videoUrl ? (
        <video controls preload="metadata" src={videoUrl} className="mt-3 w-full max-w-xs rounded-xl bg-black" data-testid="letter-video" />
      ) : null}
      <noscript>
        <p className="mt-3 text-sm text-slate-600">{t("still.noScript")}</p>
      </noscript>
      <div className="mt-4 grid gap-4 md:grid-cols-[1fr_auto]">
        <fieldset>
          <legend className="text-sm font-semibold">{t("still.legend")}</legend>
          <div className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-4">
            {STILLS.map((s) => (
              <label
                key={s.id}
                className="flex cursor-pointer flex-col items-center gap-1 rounded-xl p-2 text-xs ring-1 ring-slate-200 has-[:checked]:ring-2 has-[:checked]:ring-brand-600"
              >
                <img src={s.url} alt="" width={64} height={64} className="size-16 rounded-lg" />
                <span className="flex items-center gap-1">
                  <input
                    type="radio"
                    name="still"
                    value={s.id}
                    checked={choice === s.id}
                    onChange={() => setChoice(s.id)}
                    className="accent-brand-600"
                  />
                  {s.name[lang]}
                </span>
              </label>
            ))}
            <label className="flex flex-col items-center justify-center gap-1 rounded-xl p-2 text-xs ring-1 ring-slate-200 has-[:checked]:ring-2 has-[:checked]:ring-brand-600">
              <span className="flex items-center gap-1">
                <input
                  type="radio"
                  name="still"
                  value="own"
                  checked={choice === "own"}
                  disabled={!own}
                  onChange={() => setChoice("own")}
                  className="accent-brand-600"
                />
                {t("still.own")}
              </span>
            </label>
          </div>
          <label className="mt-3 block text-sm">
            <span className="text-slate-600">{t("still.file", { mb: STILL_IMAGE.maxBytes / 1024 / 1024 })}</span>
            <input
              type="file"
              accept={STILL_IMAGE.accept}
              onChange={(e) => void pickFile(e.currentTarget.files?.[0])}
              className="mt-1 block w-full text-sm"
              data-testid="still-file"
            />
          </label>
          {error ? (
            <p className="mt-2 text-sm text-red-600" role="alert" data-testid="still-error">
              {error}
            </p>
          ) : null}
        </fieldset>
        <div className="w-full max-w-[240px] space-y-2">
          <canvas
            ref={canvas}
            width={640}
            height={640}
            className="block aspect-square w-full rounded-xl bg-slate-100 ring-1 ring-slate-200"
            role="img"
            aria-label={t("still.canvas")}
            data-testid="still-canvas"
            data-ready={stage ? "true" : "false"}
          />
          <button
            type="button"
            disabled={!stage}
            onClick={() => (playing ? stage?.pause() : void stage?.play())}
            className="w-full rounded-lg px-4 py-2 text-sm font-semibold ring-1 ring-slate-300 disabled:opacity-50"
          >
            {playing ? t("still.pause") : t("still.play")}
          </button>
        </div>
      </div>
      <div className="mt-4">
        <MakeVideoLetter stage={stage} inferenceId={inferenceId} />
      </div>
    </div>
  );
}
