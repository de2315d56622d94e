// The parts of a block shown once there is something in them: its audio (player, downloads, takes) after a generation,
// and what the engine reads after "Show pronunciation".
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Waveform } from "~/components/studio/on-use";
import { onUse } from "~/components/shell/on-use";
import { TakeList as TakeListNow } from "./takes";
import type { Take, TtsParagraph } from "~/lib/studio-schemas";

/** A block's takes, once the member opened them (docs/decisions/0050: loaded when first shown). */
const TakeList = /*#__PURE__*/ onUse(() => import("./takes").then((m) => m.TakeList), import.meta.env.SSR && TakeListNow);

export function ParagraphAudio({ saved, n, here, takes }: { saved: TtsParagraph; n: number; here: string; takes: Take[] | null }) {
  const { t } = useTranslation("studio");
  const audioURL = saved.audioURL!;
  return (
    <div className="flex w-full min-w-0 flex-wrap items-center gap-x-3 gap-y-1">
      <div className="min-w-0 flex-1 basis-48">
        <Waveform src={audioURL} label={t("editor.audio", { n })} testId="paragraph-audio" />
      </div>
      {saved.audioCurrent ? null : <span className="text-xs text-amber-700">{t("editor.audioOutdated")}</span>}
      <span className="flex items-center gap-2 text-xs">
        <a href={`${audioURL}?download=1`} download className="underline" data-testid="download-wav">
          WAV
        </a>
        <a href={`${audioURL}?download=1&format=mp3`} download className="underline">
          MP3
        </a>
        <label className="flex items-center gap-1 text-slate-600">
          <input type="checkbox" form="download-form" name="p" value={saved.id} className="accent-brand-600" />
          {t("editor.pick")}
        </label>
        {saved.takes && saved.takes > 1 && !takes ? (
          <Link to={`${here}&takes=${saved.id}`} preventScrollReset className="underline" data-testid="takes-open">
            {t("editor.takes.open", { count: saved.takes })}
          </Link>
        ) : null}
      </span>
      {takes ? <TakeList takes={takes} closeTo={here} /> : null}
    </div>
  );
}

export function Pronunciation({ reading }: { reading: { pronunciation: string; phonemes: string } }) {
  const { t } = useTranslation("studio");
  return (
    <div className="mt-3 rounded-lg bg-slate-50 p-3 text-sm" role="status" data-testid="pronunciation">
      <p>
        <span className="font-medium text-slate-600">{t("editor.pronunciation")}</span> <span lang="ko">{reading.pronunciation}</span>
      </p>
      <p className="mt-1 break-all text-slate-600">
        <span className="font-medium">{t("editor.phonemes")}</span> /{reading.phonemes}/
      </p>
      <Link to="/studio/dictionary" className="mt-1 inline-block text-brand-700 underline">
        {t("editor.fixInDictionary")}
      </Link>
    </div>
  );
}
