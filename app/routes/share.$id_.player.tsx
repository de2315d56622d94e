import type { MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { loader } from "./share.$id_.player.server";

/** Nothing to run: the player is a `<video>` (no scripts in a page other sites frame). */
export const handle = { i18n: ["common", "labs"], hydrate: false };

export { loader } from "./share.$id_.player.server";

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data ? [{ title: data.meta.title }, { name: "robots", content: "noindex" }] : [{ title: "Voice Studio" }];

/** A shared video letter's player: the video alone, filling the frame a social site gives it. */
export default function LetterPlayer() {
  const { share_id, video } = useLoaderData<typeof loader>();
  const { t } = useTranslation("labs");
  return (
    <main className="fixed inset-0 grid place-items-center bg-black">
      <video
        controls
        playsInline
        preload="metadata"
        src={video.videoURL}
        poster={video.posterURL ?? undefined}
        width={video.width}
        height={video.height}
        className="size-full object-contain"
        aria-label={t("letter.player.label")}
        data-testid="player-video"
      />
      <a
        href={`/share/${share_id}`}
        target="_blank"
        rel="noopener"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:rounded focus:bg-white focus:px-2 focus:py-1 focus:text-sm"
      >
        {t("letter.player.open")}
      </a>
    </main>
  );
}
