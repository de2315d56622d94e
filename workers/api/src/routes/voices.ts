import { Hono } from "hono";
import { z } from "zod/v4";
import {
  COMMENT_PAGE,
  LIBRARY_PAGE,
  LIBRARY_QUERY_MAX,
  LIBRARY_SORTS,
  LIBRARY_TABS,
  VOICE_AGES,
  VOICE_CARDS_MAX,
  VOICE_CATEGORIES,
  VOICE_GENDERS,
  VOICE_LANGS,
  VOICE_MOODS,
  VOICE_TONES,
} from "#contracts/voices";
import { recommendedVoiceCards, topVoiceCards, voiceCardsOf } from "../domain/library/cards";
import { addComment, listComments } from "../domain/library/comments";
import { voiceDetail } from "../domain/library/detail";
import { libraryPage } from "../domain/library/list";
import { rateVoice } from "../domain/library/ratings";
import { reportVoice } from "../domain/library/reports";
import { memberScope } from "../domain/scope";
import { bookmark, unbookmark, visibleVoice, voiceSample } from "../domain/voices";
import { voiceAvatarSvg } from "../lib/avatar";
import { Code } from "../lib/codes";
import { answer, fail, ok } from "../lib/envelope";
import { optionalMember, requireMember } from "../lib/middleware";
import { sendStored } from "../lib/range";
import { jsonBody, queryParams } from "../lib/validate";
import { EngineError } from "../speech/types";
import type { AppEnv, Member } from "../env";

/**
 * A tag filter: codes repeated (`tone=low&tone=high`) or comma-joined (`tone=low,high`), each one of `values`;
 * duplicates dropped. The raw text is bounded before it is split.
 */
const codes = <const T extends readonly [string, ...string[]]>(values: T) =>
  z
    .union([z.string().max(400), z.array(z.string().max(400)).max(values.length)])
    .transform((v) => [
      ...new Set(
        (Array.isArray(v) ? v : [v])
          .flatMap((s) => s.split(","))
          .map((s) => s.trim())
          .filter(Boolean),
      ),
    ])
    .pipe(z.array(z.enum(values)).max(values.length))
    .optional();

const listQuery = z.object({
  /** The language of names, intros and tag labels; the `lang` header when absent. */
  locale: z.enum(VOICE_LANGS).optional(),
  tab: z.enum(LIBRARY_TABS).optional(),
  tone: codes(VOICE_TONES),
  gender: codes(VOICE_GENDERS),
  age: codes(VOICE_AGES),
  mood: codes(VOICE_MOODS),
  category: codes(VOICE_CATEGORIES),
  /** Only voices that speak these languages. */
  lang: codes(VOICE_LANGS),
  q: z
    .string()
    .trim()
    .max(LIBRARY_QUERY_MAX)
    .optional()
    .transform((q) => q || undefined),
  sort: z.enum(LIBRARY_SORTS).default("popular"),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(LIBRARY_PAGE.maxLimit).default(LIBRARY_PAGE.defaultLimit),
});
/** Voice ids, repeated (`ids=a&ids=b`) or comma-joined (`ids=a,b`): 1 to VOICE_CARDS_MAX, each 1 to 64 characters. */
const cardsQuery = z.object({
  ids: z
    .union([z.string().max(VOICE_CARDS_MAX * 65), z.array(z.string().max(VOICE_CARDS_MAX * 65)).max(VOICE_CARDS_MAX)])
    .transform((v) => [
      ...new Set(
        (Array.isArray(v) ? v : [v])
          .flatMap((s) => s.split(","))
          .map((s) => s.trim())
          .filter(Boolean),
      ),
    ])
    .pipe(z.array(z.string().max(64)).min(1).max(VOICE_CARDS_MAX)),
});
const commentsQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(COMMENT_PAGE.maxLimit).default(COMMENT_PAGE.defaultLimit),
});
/** Bodies are read loosely here and checked by the domain, which answers the library's own codes (4404-4409). */
const ratingBody = z.object({ score: z.unknown().optional() });
const commentBody = z.object({ text: z.string() });
const reportBody = z.object({ category: z.unknown().optional(), description: z.unknown().optional() });

/** The member behind an `optionalMember` route, or null for a visitor. */
const memberOrNull = (c: { var: { member?: Member } }) => (c.var.member as Member | undefined) ?? null;

/** The voice library (`/voices/*`: domain/voices.ts and domain/library/, docs/decisions/0028). */
export const voicesRoutes = new Hono<AppEnv>()
  /** The library: a tab, tag filters, a name search and a sort, one page at a time (contracts/voices.ts VoicePage). */
  .get("/", optionalMember, queryParams(listQuery), async (c) => {
    const { locale, ...query } = c.req.valid("query");
    const viewer = { db: c.var.db, member: memberOrNull(c), locale: locale ?? c.var.locale };
    const page = await libraryPage(viewer, query);
    return page.ok ? ok(c, { ...page.value, query }) : answer(c, page);
  })
  /** Top 5 voices of the week (spec: dashboard home), by generations in the last 7 days. */
  .get("/top", optionalMember, async (c) => ok(c, await topVoiceCards({ db: c.var.db, member: memberOrNull(c), locale: c.var.locale })))
  /** AI-recommended voices (spec: dashboard home): the categories that suit the member's job and purpose answers. */
  .get("/recommended", requireMember, async (c) =>
    ok(c, await recommendedVoiceCards({ db: c.var.db, member: c.var.member, locale: c.var.locale })),
  )
  /** Up to 20 voices' cards in one call (`ids`), those the caller may see, in the order asked. */
  .get("/cards", optionalMember, queryParams(cardsQuery), async (c) =>
    ok(c, await voiceCardsOf({ db: c.var.db, member: memberOrNull(c), locale: c.var.locale }, c.req.valid("query").ids)),
  )
  /** The voice detail (contracts/voices.ts VoiceDetail); 4207 for a voice the caller may not see. */
  .get("/:id", optionalMember, async (c) =>
    answer(c, await voiceDetail({ db: c.var.db, member: memberOrNull(c), locale: c.var.locale }, c.req.param("id"))),
  )
  /** The voice's generated 240x240 profile image. */
  .get("/:id/image", optionalMember, async (c) => {
    const v = await visibleVoice(c.var.db, memberOrNull(c), c.req.param("id"));
    if (!v) return fail(c, Code.NOT_FOUND);
    return c.body(voiceAvatarSvg(v), 200, {
      "content-type": "image/svg+xml; charset=utf-8",
      // A private or hidden voice's image is not for shared caches.
      "cache-control": v.type === "basic" ? "public, max-age=86400" : "private, max-age=3600",
    });
  })
  /** The voice's sample clip (the card's audioURL), made once (domain/voices.ts `voiceSample`). Costs the listener nothing. */
  .get("/:id/sample", optionalMember, async (c) => {
    const v = await visibleVoice(c.var.db, memberOrNull(c), c.req.param("id"));
    if (!v) return fail(c, Code.NOT_FOUND);
    let key: string;
    try {
      key = await voiceSample(c.env, v);
    } catch (err) {
      if (err instanceof EngineError) return fail(c, Code.ENGINE_FAILED);
      throw err;
    }
    // As stored, whole or one range (lib/range.ts).
    const sent = await sendStored(c, c.env.MEDIA, key, {
      "content-type": "audio/mpeg",
      "cache-control": v.type === "basic" ? "public, max-age=86400" : "private, max-age=3600",
    });
    return sent ?? fail(c, Code.INTERNAL);
  })
  .post("/:id/bookmark", requireMember, async (c) => {
    if (!(await bookmark(c.var.db, c.var.member, c.req.param("id")))) return fail(c, Code.NOT_FOUND);
    return ok(c, { bookmarked: true });
  })
  .delete("/:id/bookmark", requireMember, async (c) => {
    await unbookmark(c.var.db, c.var.member, c.req.param("id"));
    return ok(c, { bookmarked: false });
  })
  /** The member's score, 1-5 (a new one replaces the old); answers the voice's new average and count. */
  .put("/:id/rating", requireMember, jsonBody(ratingBody), async (c) =>
    answer(c, await rateVoice(memberScope(c), c.req.param("id"), c.req.valid("json").score)),
  )
  /** The voice's comments, newest first (contracts/voices.ts CommentPage). */
  .get("/:id/comments", optionalMember, queryParams(commentsQuery), async (c) => {
    const { page, limit } = c.req.valid("query");
    return answer(c, await listComments({ db: c.var.db, member: memberOrNull(c), locale: c.var.locale }, c.req.param("id"), page, limit));
  })
  .post("/:id/comments", requireMember, jsonBody(commentBody), async (c) =>
    answer(c, await addComment(memberScope(c), c.req.param("id"), c.req.valid("json").text)),
  )
  /** Reports the voice: one per member (4400, HTTP 409, for a second). */
  .post("/:id/report", requireMember, jsonBody(reportBody), async (c) =>
    answer(c, await reportVoice(memberScope(c), c.req.param("id"), c.req.valid("json"))),
  );
