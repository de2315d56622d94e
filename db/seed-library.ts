import type { VoiceParams } from "../workers/api/src/engine/types";
import type { voices } from "./schema";

/**
 * The voice library's seed: a few open voices by three seed creators, with ratings, comments and
 * one event, so the library, the Open voice and Event tabs and a voice's detail have something to show.
 * The creators are members without a password (nobody can log in as them). Idempotent: fixed ids, and
 * upserts that keep what members did since (their own ratings, comments, bookmarks).
 */

type VoiceRow = typeof voices.$inferInsert;

export const seedCreators = [
  { id: "seed-creator-1", email: "creator1@seed.voicestudio.invalid", nickname: "하늘소리" },
  { id: "seed-creator-2", email: "creator2@seed.voicestudio.invalid", nickname: "mellowcast" },
  { id: "seed-creator-3", email: "creator3@seed.voicestudio.invalid", nickname: "이야기꾼" },
];

const open = (
  n: number,
  owner: number,
  lang: "ko" | "en",
  name: [string, string],
  intro: [string, string],
  tags: Pick<VoiceRow, "tone" | "gender" | "age" | "features" | "categories">,
  engine: VoiceParams,
): VoiceRow => ({
  id: `open-seed-${n}`,
  type: "open",
  ownerId: seedCreators[owner]!.id,
  lang,
  name: { ko: name[0], en: name[1] },
  intro: { ko: intro[0], en: intro[1] },
  ...tags,
  engine,
  usageCount: 0,
  // Days apart, so "newest" has an order to show.
  createdAt: Date.UTC(2026, 9, 1 + n),
});

/** Names within 14 characters and intros within 10 (spec section 5), two moods each. */
export const seedOpenVoices: VoiceRow[] = [
  open(
    1,
    0,
    "ko",
    ["새벽 라디오", "Dawn Radio"],
    ["잔잔한 DJ", "Quiet DJ"],
    {
      tone: "low",
      gender: "male",
      age: "middle",
      features: ["calm", "warm"],
      categories: ["podcast", "narration"],
    },
    { variant: "m1", semitones: -2, formant: 0.95, rate: 150 },
  ),
  open(
    2,
    0,
    "ko",
    ["동화 선생님", "Story Teacher"],
    ["다정한 동화", "Kind tales"],
    {
      tone: "high",
      gender: "female",
      age: "young",
      features: ["soft", "friendly"],
      categories: ["kids", "audiobook"],
    },
    { variant: "f2", semitones: 3, formant: 1.12, rate: 160 },
  ),
  open(
    3,
    1,
    "en",
    ["Midnight Host", "Midnight Host"],
    ["Late show", "Late show"],
    {
      tone: "low",
      gender: "male",
      age: "young",
      features: ["charismatic", "calm"],
      categories: ["podcast", "advertising"],
    },
    { englishVoice: "en-us", variant: "m2", semitones: -3, formant: 0.94, rate: 165 },
  ),
  open(
    4,
    1,
    "en",
    ["Sunny Coach", "Sunny Coach"],
    ["Upbeat tips", "Upbeat tips"],
    {
      tone: "high",
      gender: "female",
      age: "young",
      features: ["energetic", "bright"],
      categories: ["education", "advertising"],
    },
    { englishVoice: "en-us", variant: "f4", semitones: 2, formant: 1.08, rate: 185 },
  ),
  open(
    5,
    2,
    "ko",
    ["할머니 이야기", "Grandma Tales"],
    ["옛날이야기", "Old tales"],
    {
      tone: "medium",
      gender: "female",
      age: "senior",
      features: ["warm", "soft"],
      categories: ["audiobook", "kids"],
    },
    { variant: "f3", semitones: -1, formant: 1.0, rate: 135 },
  ),
  open(
    6,
    2,
    "ko",
    ["게임 해설자", "Game Caster"],
    ["열정 중계", "Hype calls"],
    {
      tone: "medium",
      gender: "male",
      age: "young",
      features: ["energetic", "charismatic"],
      categories: ["game"],
    },
    { variant: "m3", semitones: 1, formant: 1.0, rate: 200 },
  ),
  open(
    7,
    1,
    "en",
    ["Calm Reader", "Calm Reader"],
    ["Bedtime", "Bedtime"],
    {
      tone: "medium",
      gender: "other",
      age: "middle",
      features: ["calm", "trustworthy"],
      categories: ["audiobook", "documentary"],
    },
    { englishVoice: "en-gb-x-rp", variant: "f1", semitones: 0, formant: 0.98, rate: 150 },
  ),
  open(
    8,
    0,
    "ko",
    ["뉴스 앵커 K", "Anchor K"],
    ["또박또박", "Crisp news"],
    {
      tone: "medium",
      gender: "female",
      age: "middle",
      features: ["trustworthy", "serious"],
      categories: ["news", "announcement"],
    },
    { variant: "f2", semitones: 0, formant: 1.02, rate: 170 },
  ),
];

/** Ratings by the seed creators (never of their own voice): [voice, creator, score]. */
export const seedRatings: [number, number, number][] = [
  [1, 1, 5],
  [1, 2, 4],
  [2, 1, 5],
  [2, 2, 5],
  [3, 0, 4],
  [3, 2, 3],
  [4, 0, 4],
  [5, 0, 5],
  [5, 1, 4],
  [6, 0, 3],
  [7, 0, 4],
  [7, 2, 5],
  [8, 1, 4],
];

/** Comments: [voice, author, ko/en text (the author's language)]. */
export const seedComments: [number, number, string][] = [
  [1, 1, "Perfect for my late-night podcast intro."],
  [1, 2, "밤에 듣기 딱 좋은 목소리예요."],
  [2, 2, "아이들이 정말 좋아해요!"],
  [3, 0, "목소리가 멋져요. 광고에 써 봤어요."],
  [5, 1, "So warm. My kids asked for another story."],
  [7, 2, "잠들기 전에 듣기 좋아요."],
];

const literal = (v: unknown): string => {
  if (v === null || v === undefined) return "NULL";
  if (typeof v === "number") return String(v);
  const text = typeof v === "string" ? v : JSON.stringify(v);
  return `'${text.replaceAll("'", "''")}'`;
};
const values = (row: unknown[]) => row.map(literal).join(", ");

const DAY = 86_400_000;

/** The statements, for db/seed.ts. `now` places the event: it began yesterday and runs 30 days. */
export function libraryStatements(now = Date.now()): string[] {
  const members = seedCreators.map(
    (m) =>
      `INSERT INTO members (id, email, type, nickname, created_at) VALUES (${values([m.id, m.email, "email", m.nickname, Date.UTC(2026, 8, 1)])}) ON CONFLICT (id) DO UPDATE SET nickname = excluded.nickname;`,
  );
  const voiceRows = seedOpenVoices.map((v) => {
    const cols = {
      id: v.id,
      type: v.type,
      owner_id: v.ownerId,
      lang: v.lang,
      name: v.name,
      intro: v.intro,
      tone: v.tone,
      gender: v.gender,
      age: v.age,
      features: v.features,
      categories: v.categories,
      engine: v.engine,
      created_at: v.createdAt,
    };
    const names = Object.keys(cols);
    const updates = names
      .filter((n) => n !== "id")
      .map((n) => `${n} = excluded.${n}`)
      .join(", ");
    // Keeps usage, ratings and bookmarks counted since.
    return `INSERT INTO voices (${names.join(", ")}) VALUES (${values(Object.values(cols))}) ON CONFLICT (id) DO UPDATE SET ${updates};`;
  });
  const ratings = seedRatings.map(
    ([voice, creator, score]) =>
      `INSERT INTO voice_ratings (voice_id, member_id, score, created_at, updated_at) VALUES (${values([`open-seed-${voice}`, seedCreators[creator]!.id, score, Date.UTC(2026, 10, 1), Date.UTC(2026, 10, 1)])}) ON CONFLICT (voice_id, member_id) DO UPDATE SET score = excluded.score;`,
  );
  const comments = seedComments.map(
    ([voice, author, text], i) =>
      `INSERT OR IGNORE INTO voice_comments (id, voice_id, member_id, text, created_at) VALUES (${values([`seed-comment-${i + 1}`, `open-seed-${voice}`, seedCreators[author]!.id, text, Date.UTC(2026, 10, 2 + i)])});`,
  );
  const events = ["open-seed-2", "open-seed-4", "open-seed-7", "ko-haeun"].map(
    (voice, i) =>
      `INSERT INTO voice_events (id, voice_id, starts_at, ends_at, created_at) VALUES (${values([`seed-event-${i + 1}`, voice, now - DAY, now + 30 * DAY, now])}) ON CONFLICT (id) DO UPDATE SET starts_at = excluded.starts_at, ends_at = excluded.ends_at;`,
  );
  return [...members, ...voiceRows, ...ratings, ...comments, ...events];
}
