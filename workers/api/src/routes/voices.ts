import { and, asc, desc, eq, inArray, or, type SQL } from "drizzle-orm";
import { Hono } from "hono";
import { z } from "zod/v4";
import { voiceBookmarks, voices } from "../../../../db/schema";
import { voiceAvatarSvg } from "../lib/avatar";
import { Code, type Locale } from "../lib/codes";
import { fail, ok } from "../lib/envelope";
import { optionalMember, requireMember } from "../lib/middleware";
import { queryParams } from "../lib/validate";
import { AGES, CATEGORIES, FEATURES, GENDERS, label, TONES } from "../lib/voice-tags";
import type { AppEnv, Member } from "../env";

type VoiceRow = typeof voices.$inferSelect;

const listQuery = z.object({
  /** The language of names, intros and tag labels; the `lang` header when absent. */
  locale: z.enum(["ko", "en"]).optional(),
  type: z.enum(["basic", "open", "custom", "bookmark"]).optional(),
  /** Only voices that speak this language. */
  lang: z.enum(["ko", "en"]).optional(),
});

/** A voice card (spec section 3: type, name, pr, profileImageURL, audioURL, features, useCases) plus id and tags. */
export function voiceCard(v: VoiceRow, locale: Locale, bookmarked = false) {
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

/** Voices a member (or a visitor, when null) may see and use: basic and open ones, and their own custom ones. */
export const visibleTo = (member: Member | null): SQL =>
  member ? or(inArray(voices.type, ["basic", "open"]), eq(voices.ownerId, member.id))! : inArray(voices.type, ["basic", "open"]);

export const voicesRoutes = new Hono<AppEnv>()
  /** The voice library: every visible voice, or one tab (type); custom and bookmark need a login. */
  .get("/", optionalMember, queryParams(listQuery), async (c) => {
    const { type, lang, locale: asked } = c.req.valid("query");
    const locale = asked ?? c.var.locale;
    const member = (c.var.member as Member | undefined) ?? null;
    if ((type === "custom" || type === "bookmark") && !member) return fail(c, Code.LOGIN_REQUIRED);
    const db = c.var.db;
    const marks = member
      ? new Set((await db.select({ id: voiceBookmarks.voiceId }).from(voiceBookmarks).where(eq(voiceBookmarks.memberId, member.id))).map((r) => r.id))
      : new Set<string>();
    const where = [visibleTo(member)];
    if (type === "custom") where.push(eq(voices.type, "custom"));
    else if (type === "basic" || type === "open") where.push(eq(voices.type, type));
    if (lang) where.push(eq(voices.lang, lang));
    let rows = await db.select().from(voices).where(and(...where)).orderBy(asc(voices.lang), desc(voices.usageCount), asc(voices.id));
    if (type === "bookmark") rows = rows.filter((v) => marks.has(v.id));
    return ok(c, rows.map((v) => voiceCard(v, locale, marks.has(v.id))));
  })
  /** The voice's generated 240x240 profile image. */
  .get("/:id/image", optionalMember, async (c) => {
    const member = (c.var.member as Member | undefined) ?? null;
    const v = await c.var.db.select().from(voices).where(and(eq(voices.id, c.req.param("id")), visibleTo(member))).get();
    if (!v) return fail(c, Code.NOT_FOUND);
    return c.body(voiceAvatarSvg(v), 200, { "content-type": "image/svg+xml; charset=utf-8", "cache-control": "public, max-age=86400" });
  })
  .post("/:id/bookmark", requireMember, async (c) => {
    const v = await c.var.db.select({ id: voices.id }).from(voices).where(and(eq(voices.id, c.req.param("id")), visibleTo(c.var.member))).get();
    if (!v) return fail(c, Code.NOT_FOUND);
    await c.var.db.insert(voiceBookmarks).values({ memberId: c.var.member.id, voiceId: v.id, createdAt: Date.now() }).onConflictDoNothing();
    return ok(c, { bookmarked: true });
  })
  .delete("/:id/bookmark", requireMember, async (c) => {
    await c.var.db.delete(voiceBookmarks).where(and(eq(voiceBookmarks.memberId, c.var.member.id), eq(voiceBookmarks.voiceId, c.req.param("id"))));
    return ok(c, { bookmarked: false });
  });
