import { Hono } from "hono";
import { z } from "zod/v4";
import { bookmark, library, recommendedVoices, topVoices, unbookmark, visibleVoice, voiceSample, type VoiceRow } from "../domain/voices";
import { voiceAvatarSvg } from "../lib/avatar";
import { Code, type Locale } from "../lib/codes";
import { fail, ok } from "../lib/envelope";
import { AGES, CATEGORIES, FEATURES, GENDERS, label, TONES } from "../lib/labels";
import { optionalMember, requireMember } from "../lib/middleware";
import { sendStored } from "../lib/range";
import { queryParams } from "../lib/validate";
import { EngineError } from "../speech/types";
import type { AppEnv, Member } from "../env";

const listQuery = z.object({
  /** The language of names, intros and tag labels; the `lang` header when absent. */
  locale: z.enum(["ko", "en"]).optional(),
  type: z.enum(["basic", "open", "custom", "bookmark"]).optional(),
  /** Only voices that speak this language. */
  lang: z.enum(["ko", "en"]).optional(),
});

/** A voice card (spec section 3: type, name, pr, profileImageURL, audioURL, features, useCases) plus id and tags. */
function voiceCard(v: VoiceRow, locale: Locale, bookmarked = false) {
  return {
    id: v.id,
    type: v.type,
    lang: v.lang,
    name: v.name[locale],
    pr: v.intro[locale],
    profileImageURL: `/api/v1/voices/${encodeURIComponent(v.id)}/image`,
    audioURL: `/api/v1/voices/${encodeURIComponent(v.id)}/sample`,
    features: v.features.map((f) => label(FEATURES, f, locale)),
    useCases: v.categories.map((f) => label(CATEGORIES, f, locale)),
    tags: {
      tone: { code: v.tone, name: label(TONES, v.tone, locale) },
      gender: { code: v.gender, name: label(GENDERS, v.gender, locale) },
      age: { code: v.age, name: label(AGES, v.age, locale) },
      features: v.features,
      categories: v.categories,
    },
    usageCount: v.usageCount,
    bookmarked,
  };
}

/** The member behind an `optionalMember` route, or null for a visitor. */
const memberOrNull = (c: { var: { member?: Member } }) => (c.var.member as Member | undefined) ?? null;

/** The voice library (`/voices/*`, domain/voices.ts). */
export const voicesRoutes = new Hono<AppEnv>()
  /** The voice library: every visible voice, or one tab (type); custom and bookmark need a login. */
  .get("/", optionalMember, queryParams(listQuery), async (c) => {
    const { type, lang, locale: asked } = c.req.valid("query");
    const member = memberOrNull(c);
    if ((type === "custom" || type === "bookmark") && !member) return fail(c, Code.LOGIN_REQUIRED);
    const cards = await library(c.var.db, member, { type, lang });
    return ok(
      c,
      cards.map((v) => voiceCard(v.voice, asked ?? c.var.locale, v.bookmarked)),
    );
  })
  /** Top 5 voices of the week (spec: dashboard home), by generations in the last 7 days. */
  .get("/top", optionalMember, async (c) => {
    const rows = await topVoices(c.var.db, memberOrNull(c));
    return ok(
      c,
      rows.map((r) => ({ ...voiceCard(r.v, c.var.locale), weekUses: r.week })),
    );
  })
  /** AI-recommended voices (spec: dashboard home): the categories that suit the member's job and purpose answers. */
  .get("/recommended", requireMember, async (c) => {
    const ranked = await recommendedVoices(c.var.db, c.var.member, c.var.locale);
    return ok(
      c,
      ranked.map((v) => voiceCard(v, c.var.locale)),
    );
  })
  /** The voice's generated 240x240 profile image. */
  .get("/:id/image", optionalMember, async (c) => {
    const v = await visibleVoice(c.var.db, memberOrNull(c), c.req.param("id"));
    if (!v) return fail(c, Code.NOT_FOUND);
    return c.body(voiceAvatarSvg(v), 200, { "content-type": "image/svg+xml; charset=utf-8", "cache-control": "public, max-age=86400" });
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
      "cache-control": v.type === "custom" ? "private, max-age=3600" : "public, max-age=86400",
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
  });
