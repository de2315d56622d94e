import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { fixedT } from "~/i18n/i18n.server";
import { api, requireData } from "~/utils/api.server";
import { visitorLanguage } from "./share.$id.server";

/**
 * A shared video letter's player (/share/:id/player, docs/decisions/0047): just the video, for the
 * share page's Twitter player card (`twitter:player`); the one page social sites may frame
 * (server/security-headers.ts `PLAYER_PATH`). An unknown or revoked share, or a shared result without a
 * video letter, answers 404 like the revoked share page.
 */
export async function loader(args: LoaderFunctionArgs) {
  const id = args.params.id ?? "";
  const [answer, asked] = await Promise.all([api(args, "GET /share/:id", { params: { id } }), visitorLanguage(args.request)]);
  const shared = requireData(answer);
  if (!shared.video) throw new Response(null, { status: 404 });
  const lang = asked ?? shared.locale;
  const t = fixedT(lang, "labs");
  return {
    share_id: shared.share_id,
    video: shared.video,
    meta: { lang, title: t("letter.player.title", { voice: shared.voice.name[lang] }) },
  };
}
