import { and, asc, desc, eq, sql } from "drizzle-orm";
import { Hono } from "hono";
import { z } from "zod/v4";
import { members, voiceBookmarks, voices } from "../../../../db/schema";
import { voiceAvatarSvg } from "../lib/avatar";
import { Code, type Locale } from "../lib/codes";
import { fail, ok } from "../lib/envelope";
import { optionalMember, requireMember } from "../lib/middleware";
import { sendStored } from "../lib/range";
import { queryParams } from "../lib/validate";
import { AGES, CATEGORIES, CATEGORIES_FOR_ANSWER, FEATURES, GENDERS, label, TONES } from "../lib/voice-tags";
import type { AppEnv, Member } from "../env";
import { visibleTo } from "../domain/voices";
import { speechEngine } from "../speech/engine";
import { encodeMp3 } from "../speech/export";
import { renderPassage } from "../speech/render";
import { EngineError, type VoiceParams } from "../speech/types";
import { sha256Hex } from "../lib/crypto";

type VoiceRow = typeof voices.$inferSelect;

/** What a sample says: the voice introducing itself in its own language. */
export function sampleText(v: Pick<VoiceRow, "lang" | "name" | "intro">) {
  return v.lang === "ko"
    ? `안녕하세요, 저는 ${v.name.ko}입니다. ${v.intro.ko} 목소리로 여러분의 이야기를 들려드릴게요.`
    : `Hello, I'm ${v.name.en}. A ${v.intro.en.toLowerCase()} voice, ready to tell your story.`;
}

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
  /** Top 5 voices of the week (spec: dashboard home), by generations in the last 7 days. */
  .get("/top", optionalMember, async (c) => {
    const member = (c.var.member as Member | undefined) ?? null;
    const today = Math.floor(Date.now() / 86_400_000);
    const week = sql<number>`COALESCE((SELECT SUM(u.count) FROM voice_usage u WHERE u.voice_id = "voices"."id" AND u.day > ${today - 7}), 0)`;
    const rows = await c.var.db.select({ v: voices, week }).from(voices).where(visibleTo(member)).orderBy(desc(week), desc(voices.usageCount), asc(voices.id)).limit(5);
    return ok(c, rows.map((r) => ({ ...voiceCard(r.v, c.var.locale), weekUses: r.week })));
  })
  /** AI-recommended voices (spec: dashboard home): the categories that suit the member's job and purpose answers. */
  .get("/recommended", requireMember, async (c) => {
    const m = await c.var.db.select({ work: members.work, purpose: members.purpose }).from(members).where(eq(members.id, c.var.member.id)).get();
    const answers = `${m?.work ?? ""},${m?.purpose ?? ""}`.split(",").map((a) => a.split(":")[0]!.trim()).filter(Boolean);
    const wanted = new Set(answers.flatMap((a) => CATEGORIES_FOR_ANSWER[a] ?? []));
    const rows = await c.var.db.select().from(voices).where(visibleTo(c.var.member)).orderBy(desc(voices.usageCount), asc(voices.id));
    // The member's language first, then the most matching categories; without answers, the most used.
    const score = (v: VoiceRow) => v.categories.filter((cat) => wanted.has(cat)).length * 2 + (v.lang === c.var.locale ? 1 : 0);
    const ranked = [...rows].sort((a, b) => score(b) - score(a)).slice(0, 6);
    return ok(c, ranked.map((v) => voiceCard(v, c.var.locale)));
  })
  /** The voice's generated 240x240 profile image. */
  .get("/:id/image", optionalMember, async (c) => {
    const member = (c.var.member as Member | undefined) ?? null;
    const v = await c.var.db.select().from(voices).where(and(eq(voices.id, c.req.param("id")), visibleTo(member))).get();
    if (!v) return fail(c, Code.NOT_FOUND);
    return c.body(voiceAvatarSvg(v), 200, { "content-type": "image/svg+xml; charset=utf-8", "cache-control": "public, max-age=86400" });
  })
  /**
   * The voice's sample clip (the card's audioURL), spoken by the engine the first time it is asked
   * for and kept in R2 as MP3, keyed by the engine's name, the voice's parameters and the text, so a
   * changed voice or engine gets a fresh sample. Costs the listener nothing.
   */
  .get("/:id/sample", optionalMember, async (c) => {
    const member = (c.var.member as Member | undefined) ?? null;
    const v = await c.var.db.select().from(voices).where(and(eq(voices.id, c.req.param("id")), visibleTo(member))).get();
    if (!v) return fail(c, Code.NOT_FOUND);
    const engine = speechEngine(c.env);
    const text = sampleText(v);
    const key = `voices/samples/${v.id}-${(await sha256Hex(JSON.stringify([engine.name, v.engine, text]))).slice(0, 16)}.mp3`;
    if (!(await c.env.MEDIA.head(key))) {
      try {
        const audio = await renderPassage(engine, { text, lang: v.lang, voice: { id: v.id, params: v.engine as VoiceParams }, style: "neutral", pitch: 0, tempo: 1 });
        await c.env.MEDIA.put(key, await encodeMp3(audio), { httpMetadata: { contentType: "audio/mpeg" } });
      } catch (err) {
        if (err instanceof EngineError) return fail(c, Code.ENGINE_FAILED);
        throw err;
      }
    }
    // As stored, whole or one range (lib/range.ts).
    const sent = await sendStored(c, c.env.MEDIA, key, {
      "content-type": "audio/mpeg",
      "cache-control": v.type === "custom" ? "private, max-age=3600" : "public, max-age=86400",
    });
    return sent ?? fail(c, Code.INTERNAL);
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
