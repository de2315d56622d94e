import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { shortTemplate } from "#contracts/labs";
import { fixedT } from "~/i18n/i18n.server";
import { isLang, type Lang } from "~/i18n/config";
import { api, requireData } from "~/utils/api.server";
import { localeCookie } from "~/utils/cookies.server";

export type Shared = {
  share_id: string;
  locale: Lang;
  method: "tts" | "record" | "upload";
  /** How a conversion was made; null for speech from text. */
  conversion: "register" | "resynthesis" | null;
  voice: { id: string; name: { ko: string; en: string }; profileImageURL: string };
  duration: number;
  createdAt: number;
  audioURL: string;
  replyTo: { share_id: string; url: string; voiceName: { ko: string; en: string } } | null;
  /** `video`: the reply is a video letter. */
  replies: { share_id: string; url: string; voiceName: { ko: string; en: string }; createdAt: number; video: boolean }[];
  /** Its video letter (labs), or null. */
  video: { videoURL: string; posterURL: string | null; width: number; height: number; template: string | null } | null;
};

/**
 * The language a visitor asked for, if any: `?lng=`, the `lng` cookie, then the first language of
 * Accept-Language we speak. Null when none says, e.g. a link preview's crawler that sends no language.
 */
export async function visitorLanguage(request: Request): Promise<Lang | null> {
  const param = new URL(request.url).searchParams.get("lng");
  if (isLang(param)) return param;
  const cookie = await localeCookie.parse(request.headers.get("Cookie")).catch(() => null);
  if (isLang(cookie)) return cookie;
  const ranked = (request.headers.get("accept-language") ?? "")
    .slice(0, 500)
    .split(",")
    .map((part, i) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = Number(
        params
          .find((p) => p.trim().startsWith("q="))
          ?.trim()
          .slice(2) ?? 1,
      );
      return { lang: tag.trim().toLowerCase().split("-")[0], q: Number.isFinite(q) ? q : 0, i };
    })
    .filter((x) => x.q > 0)
    .sort((a, b) => b.q - a.q || a.i - b.i);
  return ranked.map((x) => x.lang).find(isLang) ?? null;
}

/**
 * A shared result (public): unknown and revoked ids are "not found". Its page and its social metadata speak
 * the visitor's language; the sharer's only when the visitor's request names none.
 */
export async function loader(args: LoaderFunctionArgs) {
  const id = args.params.id ?? "";
  const [answer, asked] = await Promise.all([api(args, "GET /share/:id", { params: { id } }), visitorLanguage(args.request)]);
  const shared = requireData(answer);
  const lang = asked ?? shared.locale;
  const t = fixedT(lang, "studio");
  // A short (docs/decisions/0042) says so in its title, with its template's name.
  const short = shortTemplate(shared.video?.template);
  const title = short
    ? fixedT(lang, "labs")("shorts.shareTitle", { template: short.title[lang], voice: shared.voice.name[lang] })
    : t("share.metaTitle", { voice: shared.voice.name[lang] });
  return { shared, meta: { lang, title, description: t("share.metaDescription") } };
}
