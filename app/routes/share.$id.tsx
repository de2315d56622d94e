import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Waveform } from "~/components/studio/Waveform";
import { fixedT } from "~/i18n/i18n.server";
import { seo } from "~/lib/seo";
import { api, requireData } from "~/utils/api.server";
import { rootDataFrom } from "~/utils/root-data";

export const handle = { i18n: ["common", "studio"] };

type Shared = {
  share_id: string;
  locale: "ko" | "en";
  method: "tts" | "record" | "upload";
  voice: { id: string; name: { ko: string; en: string }; profileImageURL: string };
  duration: number;
  createdAt: number;
  audioURL: string;
  /** Its video letter (labs, issue 20), or null. */
  video: { videoURL: string; posterURL: string | null; width: number; height: number } | null;
};

/** A shared result (public): unknown and revoked ids are "not found". */
export async function loader(args: LoaderFunctionArgs) {
  const id = args.params.id ?? "";
  const answer = await api<Shared>(args, `/share/${encodeURIComponent(id)}`);
  const shared = requireData(answer);
  // Social previews speak the sharer's language: the title and description come from that bundle.
  const t = fixedT(shared.locale, "studio");
  return {
    shared,
    meta: { title: t("share.metaTitle", { voice: shared.voice.name[shared.locale] }), description: t("share.metaDescription") },
  };
}

/** Open Graph and Twitter metadata rendered on the server, with the audio itself (og:audio). */
export const meta: MetaFunction<typeof loader> = ({ data, matches, location }) => {
  const root = rootDataFrom(matches);
  if (!data || !root) return [{ title: "Voice Studio" }];
  const audio = `${root.origin}${data.shared.audioURL}?format=mp3`;
  const video = data.shared.video;
  // A video letter (issue 20): the video itself and its poster for social previews.
  const videoTags = video
    ? [
        { property: "og:video", content: `${root.origin}${video.videoURL}` },
        { property: "og:video:secure_url", content: `${root.origin}${video.videoURL}`.replace(/^http:/, "https:") },
        { property: "og:video:type", content: "video/webm" },
        { property: "og:video:width", content: String(video.width) },
        { property: "og:video:height", content: String(video.height) },
        { name: "twitter:player:stream", content: `${root.origin}${video.videoURL}` },
        { name: "twitter:player:stream:content_type", content: "video/webm" },
      ]
    : [];
  return [
    ...seo({
      title: data.meta.title,
      description: data.meta.description,
      siteName: root.siteName,
      locale: data.shared.locale,
      url: `${root.origin}${location.pathname}`,
      image: video?.posterURL ? `${root.origin}${video.posterURL}` : `${root.origin}/og-image.png`,
    }),
    ...videoTags,
    { property: "og:audio", content: audio },
    { property: "og:audio:secure_url", content: audio.replace(/^http:/, "https:") },
    { property: "og:audio:type", content: "audio/mpeg" },
    { name: "twitter:label1", content: "Voice" },
    { name: "twitter:data1", content: data.shared.voice.name[data.shared.locale] },
    { name: "robots", content: "noindex" },
  ];
};

/** The share page (spec: public share pages with a reply button): the player, the voice, reply. */
export default function SharePage() {
  const { shared } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation("studio");
  const lang = i18n.language === "en" ? "en" : "ko";
  const voice = shared.voice.name[lang];
  const date = new Intl.DateTimeFormat(lang === "ko" ? "ko-KR" : "en-US", { dateStyle: "long" }).format(shared.createdAt);
  return (
    <main className="mx-auto max-w-2xl px-6 py-12">
      <div className="rounded-3xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
        <div className="flex items-center gap-3">
          <img src={shared.voice.profileImageURL} alt="" width={56} height={56} className="size-14 rounded-full" />
          <div>
            <h1 className="text-xl font-bold">{t("share.heading", { voice })}</h1>
            <p className="text-sm text-slate-500">{t("share.made", { date, seconds: shared.duration.toFixed(1) })}</p>
          </div>
        </div>
        {shared.video ? (
          <video
            controls
            preload="metadata"
            src={shared.video.videoURL}
            poster={shared.video.posterURL ?? undefined}
            width={shared.video.width}
            height={shared.video.height}
            className="mx-auto mt-5 h-auto max-h-[70vh] w-auto max-w-full rounded-2xl bg-black"
            data-testid="shared-video"
          />
        ) : null}
        <div className="mt-5">
          <Waveform src={shared.audioURL} label={t("share.player")} testId="shared-audio" height={64} />
        </div>
        <Link
          to="/studio/projects/speech-to-speech"
          className="mt-6 inline-block rounded-lg bg-brand-600 px-5 py-3 text-sm font-semibold text-white"
          data-testid="reply"
        >
          {t("share.reply")}
        </Link>
        <p className="mt-4 text-xs text-slate-500">{t("share.what")}</p>
      </div>
    </main>
  );
}
