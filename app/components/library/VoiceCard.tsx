import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { VoiceCard as Voice } from "#contracts/voices";
import { SamplePlayer } from "./SamplePlayer";
import { UseVoiceButton } from "./UseVoiceButton";

/** Where a voice's detail page is. */
export const voicePath = (id: string) => `/dashboard/library/voices/${encodeURIComponent(id)}`;

/** The card's fields every list has (the dashboard home's lists add `weekUses`). */
export type CardVoice = Pick<Voice, "id" | "name" | "pr" | "lang" | "profileImageURL" | "audioURL" | "features"> &
  Partial<Pick<Voice, "type" | "usageCount" | "ratingAverage" | "ratingCount" | "bookmarked" | "mine" | "hidden">> & {
    weekUses?: number;
  };

export { UseVoiceButton };

/**
 * A voice card: the profile image, name, language, kind, intro and mood tags, rating and use count,
 * the sample played in place, a link to the detail and (for members) "Use this voice".
 */
export function VoiceCard({ voice, use = true, headingLevel = 3 }: { voice: CardVoice; use?: boolean; headingLevel?: 2 | 3 }) {
  const { t } = useTranslation("library");
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article
      className="flex h-full flex-col gap-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200"
      data-testid="voice-card"
      data-voice={voice.id}
    >
      <div className="flex items-start gap-3">
        <img src={voice.profileImageURL} alt="" width={48} height={48} className="size-12 shrink-0 rounded-full" loading="lazy" />
        <div className="min-w-0 flex-1">
          <Heading className="flex flex-wrap items-center gap-x-2 font-semibold leading-snug">
            <Link to={voicePath(voice.id)} className="hover:underline" data-testid="voice-link">
              {voice.name}
            </Link>
            <span className="text-xs font-normal uppercase text-slate-500">{voice.lang}</span>
          </Heading>
          <p className="truncate text-sm text-slate-600">{voice.pr}</p>
          <p className="mt-1 flex flex-wrap gap-1 text-[11px] text-slate-600">
            {voice.type ? (
              <span className="rounded-full bg-brand-50 px-1.5 py-0.5 font-semibold text-brand-700">{t(`kinds.${voice.type}`)}</span>
            ) : null}
            {voice.features.map((f) => (
              <span key={f} className="rounded-full bg-slate-100 px-1.5 py-0.5">
                {f}
              </span>
            ))}
          </p>
        </div>
        <SamplePlayer src={voice.audioURL} name={voice.name} />
      </div>
      <p className="text-xs text-slate-500">
        {voice.ratingCount ? (
          <span>
            <span aria-hidden="true" className="text-amber-500">
              ★
            </span>{" "}
            {t("card.rating", { average: voice.ratingAverage?.toFixed(1), count: voice.ratingCount })}
          </span>
        ) : voice.ratingCount === 0 ? (
          <span>{t("card.noRating")}</span>
        ) : null}
        {voice.usageCount !== undefined ? <span> · {t("card.uses", { count: voice.usageCount })}</span> : null}
        {voice.weekUses ? <span> · {t("card.weekUses", { count: voice.weekUses })}</span> : null}
        {voice.bookmarked ? <span> · {t("card.bookmarked")}</span> : null}
        {voice.hidden ? <span className="text-red-700"> · {t("card.hidden")}</span> : null}
      </p>
      {use ? (
        <div className="mt-auto flex gap-2">
          <Link
            to={voicePath(voice.id)}
            className="flex-1 whitespace-nowrap rounded-lg px-3 py-2 text-center text-sm font-semibold text-slate-800 ring-1 ring-slate-300 hover:bg-slate-50"
          >
            {t("card.details")}
          </Link>
          <UseVoiceButton id={voice.id} className="flex-1" />
        </div>
      ) : null}
    </article>
  );
}

/** A grid of voice cards. */
export function VoiceGrid({ voices, testId, use = true }: { voices: CardVoice[]; testId: string; use?: boolean }) {
  return (
    <ul className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-3" data-testid={testId}>
      {voices.map((v) => (
        <li key={v.id}>
          <VoiceCard voice={v} use={use} />
        </li>
      ))}
    </ul>
  );
}
