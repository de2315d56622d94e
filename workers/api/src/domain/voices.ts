import { and, asc, desc, eq, inArray, isNull, or, sql, type Placeholder, type SQL } from "drizzle-orm";
import { members, voiceBookmarks, voices } from "#db/schema";
import type { Bindings, Member } from "../env";
import type { Locale } from "../lib/codes";
import { preparedOnce } from "../lib/prepared";
import { sha256Hex } from "../lib/crypto";
import { speechEngine } from "../speech/engine";
import { encodeMp3 } from "../speech/export";
import { renderPassage } from "../speech/render";
import type { VoiceParams } from "../speech/types";
import type { Db } from "./scope";

export type VoiceRow = typeof voices.$inferSelect;

/**
 * Voices a member (or a visitor, when null) may see and use (docs/decisions/0028): basic and open ones that an
 * operator has not hidden, and their own voices (custom ones, and their open ones even when hidden); never a
 * deleted one. Everyone else gets "not found" for the rest.
 */
export const visibleTo = (member: Pick<Member, "id"> | null): SQL => visibleWhere(member ? member.id : null);

/** `visibleTo` by the member's id, which may be a placeholder of a prepared query (null: a visitor). */
function visibleWhere(memberId: string | Placeholder | null): SQL {
  const listed = and(inArray(voices.type, ["basic", "open"]), isNull(voices.hiddenAt))!;
  // A custom voice being made, or one whose making failed, is no voice yet (docs/decisions/0034).
  const own = memberId !== null ? and(eq(voices.ownerId, memberId), eq(voices.status, "ready")) : undefined;
  return and(isNull(voices.deletedAt), memberId !== null ? or(listed, own) : listed)!;
}

/** One voice the member (or visitor) may use, or undefined. */
export const visibleVoice = (db: Db, member: Member | null, id: string) =>
  db
    .select()
    .from(voices)
    .where(and(eq(voices.id, id), visibleTo(member)))
    .get();

/** Top 5 voices of the week (spec: dashboard home), by generations in the last 7 days. */
export async function topVoices(db: Db, member: Pick<Member, "id"> | null) {
  const since = Math.floor(Date.now() / 86_400_000) - 7;
  return member ? topForMember(db).all({ since, member: member.id }) : topForVisitor(db).all({ since });
}

/**
 * The top voices' query, built once per database with placeholders (docs/decisions/0051):
 * `since` (the first day not counted), and `member` for a member's own voices.
 */
const topQuery = (db: Db, visible: SQL) => {
  const week = sql<number>`COALESCE((SELECT SUM(u.count) FROM voice_usage u WHERE u.voice_id = "voices"."id" AND u.day > ${sql.placeholder("since")}), 0)`;
  return db
    .select({ v: voices, week })
    .from(voices)
    .where(visible)
    .orderBy(desc(week), desc(voices.usageCount), asc(voices.id))
    .limit(5)
    .prepare();
};
const topForMember = preparedOnce((db) => topQuery(db, visibleWhere(sql.placeholder("member"))));
const topForVisitor = preparedOnce((db) => topQuery(db, visibleWhere(null)));

/**
 * Which content categories suit a member's sign-up answers (job codes of `work`, purpose codes of
 * `perpose`; lib/labels.ts `WORK` and `PURPOSE`): the basis of "AI-recommended voices".
 */
export const CATEGORIES_FOR_ANSWER: Record<string, string[]> = {
  creator: ["narration", "advertising", "game"],
  marketer: ["advertising", "announcement"],
  podcaster: ["podcast", "audiobook"],
  educator: ["education", "kids"],
  developer: ["announcement", "education"],
  designer: ["advertising", "narration"],
  student: ["education", "narration"],
  office: ["announcement", "education"],
  business: ["advertising", "announcement"],
  narration: ["narration", "documentary"],
  advertising: ["advertising"],
  podcast: ["podcast", "audiobook"],
  education: ["education", "kids"],
  game: ["game", "kids"],
  hobby: ["audiobook", "narration"],
  api: ["announcement", "news"],
};

/**
 * AI-recommended voices (spec: dashboard home): the member's language first, then the categories that suit their
 * sign-up answers, which the statement reads itself (GET /member/home runs it beside its session check, one round trip).
 */
export async function recommendedVoices(db: Db, member: Pick<Member, "id">, locale: Locale) {
  return recommendedQuery(db).all({ member: member.id, locale });
}

/** What JavaScript's `trim()` removes (SQLite's `trim(x)` takes only spaces): the answers' codes are cut as the app cuts them. */
const JS_WHITESPACE =
  "\t\n\v\f\r \u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000\ufeff";

/**
 * The categories wanted for the member `member` (a placeholder): their answers (`work`, then `purpose`: codes
 * separated by commas, an `other:` code followed by the member's own words) cut at each comma, each item's code
 * before any colon, trimmed, looked up in `CATEGORIES_FOR_ANSWER`. One value per row, repeats possible; none for
 * a member without answers (or gone).
 */
const wantedCategories = () => sql`WITH RECURSIVE
    answers(rest) AS (
      SELECT COALESCE(${members.work}, '') || ',' || COALESCE(${members.purpose}, '') || ',' FROM ${members}
      WHERE ${members.id} = ${sql.placeholder("member")}),
    items(item, rest) AS (
      SELECT NULL, rest FROM answers
      UNION ALL
      SELECT substr(rest, 1, instr(rest, ',') - 1), substr(rest, instr(rest, ',') + 1) FROM items WHERE rest <> '')
  SELECT wanted.value FROM items
  JOIN json_each(${JSON.stringify(CATEGORIES_FOR_ANSWER)}) answer
    ON answer.key = trim(CASE WHEN instr(item, ':') > 0 THEN substr(item, 1, instr(item, ':') - 1) ELSE item END, ${JS_WHITESPACE})
  JOIN json_each(answer.value) wanted`;

/**
 * The most matching categories (2 points each), then the member's language (1 point); without answers, the most
 * used. Scored and cut in SQL (docs/decisions/0043): every visible voice used to come back to
 * the worker to be sorted there, thousands of rows once the open voices grow. Built once per database with
 * placeholders (docs/decisions/0051): `member` and `locale`; the wanted categories come from the member's row.
 */
const recommendedQuery = preparedOnce((db) => {
  const matching = sql`(SELECT COUNT(*) FROM json_each(${voices.categories}) c WHERE c.value IN (${wantedCategories()}))`;
  const score = sql<number>`${matching} * 2 + (CASE WHEN ${voices.lang} = ${sql.placeholder("locale")} THEN 1 ELSE 0 END)`;
  return db
    .select()
    .from(voices)
    .where(visibleWhere(sql.placeholder("member")))
    .orderBy(desc(score), desc(voices.usageCount), asc(voices.id))
    .limit(RECOMMENDED_VOICES)
    .prepare();
});

/** How many AI-recommended voices the dashboard home shows. */
export const RECOMMENDED_VOICES = 6;

/** What a sample says: the voice introducing itself in its own language. */
export function sampleText(v: Pick<VoiceRow, "lang" | "name" | "intro">) {
  return v.lang === "ko"
    ? `안녕하세요, 저는 ${v.name.ko}입니다. ${v.intro.ko} 목소리로 여러분의 이야기를 들려드릴게요.`
    : `Hello, I'm ${v.name.en}. A ${v.intro.en.toLowerCase()} voice, ready to tell your story.`;
}

/**
 * The R2 key of the voice's sample clip, spoken by the engine the first time it is asked for and kept
 * as MP3, keyed by the engine's name, the voice's parameters and the text, so a changed voice or
 * engine gets a fresh sample. Throws the engine's EngineError when it cannot speak.
 */
export async function voiceSample(env: Bindings, v: VoiceRow) {
  const engine = speechEngine(env);
  const text = sampleText(v);
  const key = `voices/samples/${v.id}-${(await sha256Hex(JSON.stringify([engine.name, v.engine, text]))).slice(0, 16)}.mp3`;
  if (!(await env.MEDIA.head(key))) {
    const audio = await renderPassage(engine, {
      text,
      lang: v.lang,
      voice: { id: v.id, params: v.engine as VoiceParams },
      style: "neutral",
      pitch: 0,
      tempo: 1,
    });
    await env.MEDIA.put(key, await encodeMp3(audio), { httpMetadata: { contentType: "audio/mpeg" } });
  }
  return key;
}

/** Bookmarks a voice the member may use (false when there is none). */
export async function bookmark(db: Db, member: Member, id: string) {
  const v = await db
    .select({ id: voices.id })
    .from(voices)
    .where(and(eq(voices.id, id), visibleTo(member)))
    .get();
  if (!v) return false;
  await db.insert(voiceBookmarks).values({ memberId: member.id, voiceId: v.id, createdAt: Date.now() }).onConflictDoNothing();
  return true;
}

export const unbookmark = (db: Db, member: Member, id: string) =>
  db.delete(voiceBookmarks).where(and(eq(voiceBookmarks.memberId, member.id), eq(voiceBookmarks.voiceId, id)));

/** Counts one generation with a voice: its total and today's count (for "top voices of the week"). */
export async function recordVoiceUse(db: D1Database, voiceId: string, now = Date.now()) {
  const day = Math.floor(now / 86_400_000);
  await db.batch([
    db.prepare("UPDATE voices SET usage_count = usage_count + 1 WHERE id = ?1").bind(voiceId),
    db
      .prepare(
        "INSERT INTO voice_usage (voice_id, day, count) VALUES (?1, ?2, 1) ON CONFLICT (voice_id, day) DO UPDATE SET count = count + 1",
      )
      .bind(voiceId, day),
  ]);
}
