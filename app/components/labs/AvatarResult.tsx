import { Link } from "@remix-run/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { formatSeconds } from "~/lib/units";
import type { Avatar } from "#contracts/labs";
import { AvatarStage } from "~/components/labs/AvatarStage";
import { LetterShare } from "~/components/labs/LetterShare";
import type { Stage } from "~/components/labs/media-stage";
import { MakeVideoLetter } from "~/components/labs/VideoLetter";
import { avatarPath } from "~/lib/labs";
import type { StudioResult } from "~/lib/studio";
import { useRootData } from "~/utils/root-data";

const card = "rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200";

/**
 * Avatar talk's result step: the avatar speaking the conversion, downloads, and the video letter. Moved out of the
 * route module: loaded when first shown (`AvatarResult` in ./on-use, docs/decisions/0050).
 */
export function AvatarResult({ avatar, result, replying }: { avatar: Avatar; result: StudioResult; replying: boolean }) {
  const { t, i18n } = useTranslation(["labs", "studio"]);
  const origin = useRootData()?.origin ?? "";
  const [stage, setStage] = useState<Stage | null>(null);
  return (
    <section className={`mt-6 ${card}`} data-testid="avatar-result">
      <h2 className="font-semibold">{t("avatar.result.title", { name: avatar.name })}</h2>
      <p className="mt-1 text-sm text-slate-600">
        {t("studio:sts.result.voice", { name: result.voiceName })} · {formatSeconds(result.duration, i18n.language)}
      </p>
      <div className="mt-4">
        <AvatarStage avatarUrl={avatar.url} audioUrl={result.audioURL} onStage={setStage} />
      </div>
      <div className="mt-4 flex flex-wrap items-center gap-3 text-sm">
        <span className="font-semibold">{t("studio:sts.result.download")}</span>
        <a href={`${result.audioURL}?download=1`} download className="underline" data-testid="download-wav">
          WAV
        </a>
        <a href={`${result.audioURL}?download=1&format=mp3`} download className="underline">
          MP3
        </a>
        <Link to={avatarPath({ avatar: avatar.id })} className="ml-auto rounded-lg px-4 py-2 font-semibold ring-1 ring-slate-300">
          {t("avatar.result.again")}
        </Link>
      </div>
      <div className="mt-6 border-t border-slate-200 pt-4" data-testid="letter">
        <h3 className="font-semibold">{t("letter.title")}</h3>
        <p className="mt-1 text-sm text-slate-600">{t("letter.help")}</p>
        {result.videoURL ? (
          <video controls preload="metadata" src={result.videoURL} className="mt-3 w-full max-w-md rounded-xl" data-testid="letter-video" />
        ) : null}
        <div className="mt-3">
          <MakeVideoLetter stage={stage} inferenceId={result.inference_id} />
        </div>
        {result.videoURL ? (
          <LetterShare
            shareUrl={result.share ? `${origin}${result.share.url}` : null}
            inputId="letter-share-url"
            className="mt-3"
            labels={{
              url: t("letter.shareUrl"),
              revoke: t("letter.revoke"),
              share: replying ? t("letter.reply.shareBack") : t("letter.share"),
            }}
            note={
              result.isReply ? (
                <p className="w-full text-slate-600" data-testid="reply-linked">
                  {t("letter.reply.linked")}
                </p>
              ) : null
            }
          />
        ) : null}
      </div>
      <p className="mt-3 text-xs text-slate-500">{t("studio:sts.honesty")}</p>
    </section>
  );
}
