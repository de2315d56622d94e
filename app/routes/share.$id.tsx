import type { MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Waveform } from "~/components/studio/Waveform";
import { shortTemplate } from "#contracts/labs";
import { seo } from "~/lib/seo";
import { formatDate, useClock } from "~/lib/time";
import { rootDataFrom } from "~/utils/root-data";
import type { loader } from "./share.$id.server";

export const handle = { i18n: ["common", "studio", "labs"] };

export { loader } from "./share.$id.server";

/** Open Graph and Twitter metadata rendered on the server, with the audio itself (og:audio). */
export const meta: MetaFunction<typeof loader> = ({ data, matches, location }) => {
  const root = rootDataFrom(matches);
  if (!data || !root) return [{ title: "Voice Studio" }];
  // The configured public origin (PUBLIC_ORIGIN), never the request's Host.
  const audio = `${root.origin}${data.shared.audioURL}?format=mp3`;
  const lang = data.meta.lang;
  const video = data.shared.video;
  // A video letter: the video itself and its poster for social previews.
  const videoTags = video
    ? [
        { property: "og:video", content: `${root.origin}${video.videoURL}` },
        ...(root.origin.startsWith("https:") ? [{ property: "og:video:secure_url", content: `${root.origin}${video.videoURL}` }] : []),
        { property: "og:video:type", content: "video/webm" },
        { property: "og:video:width", content: String(video.width) },
        { property: "og:video:height", content: String(video.height) },
        // Twitter's player card: the player page (the one page it may frame) and the stream itself.
        { name: "twitter:card", content: "player" },
        { name: "twitter:player", content: `${root.origin}/share/${data.shared.share_id}/player` },
        { name: "twitter:player:width", content: String(video.width) },
        { name: "twitter:player:height", content: String(video.height) },
        { name: "twitter:player:stream", content: `${root.origin}${video.videoURL}` },
        { name: "twitter:player:stream:content_type", content: "video/webm" },
      ]
    : [];
  const base = seo({
    title: data.meta.title,
    description: data.meta.description,
    siteName: root.siteName,
    locale: lang,
    url: `${root.origin}${location.pathname}`,
    image: video?.posterURL ? `${root.origin}${video.posterURL}` : `${root.origin}/og-image.png`,
  });
  return [
    // A video letter's card is the player, not the large image.
    ...(video ? base.filter((tag) => !("name" in tag && tag.name === "twitter:card")) : base),
    ...videoTags,
    { property: "og:audio", content: audio },
    // Only an https origin has a secure URL (an http one rewritten to https would name a server that does not exist).
    ...(audio.startsWith("https:") ? [{ property: "og:audio:secure_url", content: audio }] : []),
    { property: "og:audio:type", content: "audio/mpeg" },
    { name: "twitter:label1", content: "Voice" },
    { name: "twitter:data1", content: data.shared.voice.name[lang] },
    { name: "robots", content: "noindex" },
  ];
};

/** The share page (spec: public share pages with a reply button): the player, the voice, reply. */
export default function SharePage() {
  const { shared } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation(["studio", "labs"]);
  const lang = i18n.language === "en" ? "en" : "ko";
  const voice = shared.voice.name[lang];
  const clock = useClock();
  const date = formatDate(shared.createdAt, clock, "long");
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
        {shared.conversion ? (
          <p className="mt-3 text-xs text-slate-500" data-testid="share-method">
            {t(shared.conversion === "resynthesis" ? "share.method.resynthesis" : "share.method.register", { voice })}
          </p>
        ) : null}
        {shared.replyTo ? (
          <p className="mt-3 text-sm" data-testid="in-reply-to">
            <Link to={shared.replyTo.url} className="text-brand-700 underline">
              ↩ {t("share.inReplyTo", { voice: shared.replyTo.voiceName[lang] })}
            </Link>
          </p>
        ) : null}
        {shortTemplate(shared.video?.template) ? (
          <p className="mt-4 text-sm font-semibold text-fuchsia-700" data-testid="shared-short">
            {t("labs:shorts.label")} · {shortTemplate(shared.video?.template)!.title[lang]}
          </p>
        ) : null}
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
        {/* Reply with my voice: the STS studio with this share as the one answered; a visitor logs in or signs up first and comes back to it. */}
        <div className="mt-6 flex flex-wrap gap-3">
          <Link
            to={`/studio/projects/speech-to-speech?reply=${encodeURIComponent(shared.share_id)}`}
            className="inline-block rounded-lg bg-brand-600 px-5 py-3 text-sm font-semibold text-white"
            data-testid="reply"
          >
            {t("share.reply")}
          </Link>
          {/* A video letter answered with one (avatar talk, its result made a letter and shared back). */}
          {shared.video ? (
            <Link
              to={`/labs/avatar?reply=${encodeURIComponent(shared.share_id)}`}
              className="inline-block rounded-lg px-5 py-3 text-sm font-semibold text-brand-700 ring-1 ring-brand-600"
              data-testid="reply-video"
            >
              {t("labs:letter.reply.button")}
            </Link>
          ) : null}
        </div>
        <p className="mt-2 text-xs text-slate-500">{t("share.replyHelp")}</p>
        <p className="mt-4 text-xs text-slate-500">{t("share.what")}</p>
      </div>
      {shared.replies.length > 0 ? (
        <section aria-labelledby="replies-title" className="mt-6 rounded-3xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
          <h2 id="replies-title" className="font-semibold">
            {t("share.replies")}
          </h2>
          <ul className="mt-3 space-y-2 text-sm">
            {shared.replies.map((r) => (
              <li key={r.share_id} data-testid="share-reply">
                <Link to={r.url} className="text-brand-700 underline">
                  {t("share.replyItem", {
                    voice: r.voiceName[lang],
                    date: formatDate(r.createdAt, clock),
                  })}
                </Link>
                {r.video ? (
                  <span
                    className="ml-2 rounded bg-brand-50 px-1.5 py-0.5 text-xs font-semibold text-brand-700"
                    data-testid="reply-is-video"
                  >
                    {t("labs:letter.reply.video")}
                  </span>
                ) : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </main>
  );
}
