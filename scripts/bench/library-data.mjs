// The voice library at scale, for the query-plan test (tests/workers/library-plan.test.ts) and the library
// bench (scripts/bench-library.mjs): VOICES voices (basic, open and a few custom; some hidden, some deleted)
// with every tag spread evenly, RATERS members who each rate every voice (VOICES x RATERS ratings, kept in
// the counters by migration 0016's triggers), bookmarks and 20 featured voices. Deterministic: the same
// rows every time. Plain SQL with recursive CTEs, so the rows are made inside the database.

const MOODS = ["calm", "bright", "warm", "trustworthy", "energetic", "soft", "cute", "charismatic", "friendly", "serious"];
const CATEGORIES = ["narration", "advertising", "education", "audiobook", "news", "game", "kids", "documentary", "podcast", "announcement"];
const TONES = ["low", "medium", "high"];
const GENDERS = ["male", "female", "other"];
const AGES = ["child", "teen", "young", "middle", "senior", "other"];

const arr = (xs) => `'${JSON.stringify(xs)}'`;
const at = (xs, index) => `json_extract(${arr(xs)}, '$[' || (${index}) || ']')`;

/** Rater member `r`'s id (0-based). */
export const raterId = (r) => `bench-r-${r}`;

/**
 * Statements that add the data to a migrated database (after db/seed.ts or not). `now` places the
 * featured period around it.
 * @param {{ voices?: number, raters?: number, now?: number }} [opts]
 * @returns {string[]}
 */
export function libraryBenchStatements({ voices = 10_000, raters = 10, now = Date.now() } = {}) {
  const seq = (n) => `WITH RECURSIVE seq(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM seq WHERE i < ${n - 1})`;
  return [
    // 100 creators and the raters: members without a password.
    `INSERT OR IGNORE INTO members (id, email, type, nickname, created_at)
     ${seq(100)} SELECT 'bench-m-' || i, 'bench-m-' || i || '@bench.invalid', 'email', 'creator ' || i, 0 FROM seq`,
    `INSERT OR IGNORE INTO members (id, email, type, nickname, created_at)
     ${seq(raters)} SELECT 'bench-r-' || i, 'bench-r-' || i || '@bench.invalid', 'email', 'rater ' || i, 0 FROM seq`,
    // One voice in 20 is basic, one in 50 custom, the rest open; 1% hidden, about 1% deleted.
    `INSERT OR IGNORE INTO voices (id, type, owner_id, lang, name, intro, tone, gender, age, features, categories, engine,
       usage_count, created_at, hidden_at, hidden_reason, deleted_at)
     ${seq(voices)} SELECT printf('bench-v-%05d', i),
       CASE WHEN i % 20 = 0 THEN 'basic' WHEN i % 50 = 1 THEN 'custom' ELSE 'open' END,
       CASE WHEN i % 20 = 0 THEN NULL ELSE 'bench-m-' || (i % 100) END,
       CASE WHEN i % 2 = 0 THEN 'ko' ELSE 'en' END,
       json_object('ko', '보이스 ' || i, 'en', 'Voice ' || i),
       '{"ko":"벤치","en":"Bench"}',
       ${at(TONES, "i % 3")}, ${at(GENDERS, "(i / 3) % 3")}, ${at(AGES, "(i / 9) % 6")},
       json_array(${at(MOODS, "i % 10")}, ${at(MOODS, "(i + 3) % 10")}),
       json_array(${at(CATEGORIES, "(i / 7) % 10")}),
       '{}',
       (i * 7919) % 1000,
       ${now} - 60000 * (${voices} - i),
       CASE WHEN i % 100 = 7 THEN 1 END, CASE WHEN i % 100 = 7 THEN 'bench' END,
       CASE WHEN i % 89 = 5 THEN 1 END
     FROM seq`,
    // Every rater rates every voice: VOICES x RATERS ratings.
    `INSERT OR IGNORE INTO voice_ratings (voice_id, member_id, score, created_at, updated_at)
     SELECT v.id, m.id, 1 + ((CAST(substr(v.id, 9) AS INTEGER) * 31 + CAST(substr(m.id, 9) AS INTEGER) * 17) % 5), 0, 0
     FROM voices v, members m WHERE v.id LIKE 'bench-v-%' AND m.id LIKE 'bench-r-%'`,
    // Each rater bookmarks one voice in seven.
    `INSERT OR IGNORE INTO voice_bookmarks (member_id, voice_id, created_at)
     SELECT m.id, v.id, 0 FROM voices v, members m
     WHERE v.id LIKE 'bench-v-%' AND m.id LIKE 'bench-r-%' AND (CAST(substr(v.id, 9) AS INTEGER) + CAST(substr(m.id, 9) AS INTEGER)) % 7 = 0`,
    // 20 featured voices, now.
    `INSERT OR IGNORE INTO voice_events (id, voice_id, starts_at, ends_at, created_at)
     ${seq(20)} SELECT 'bench-e-' || i, printf('bench-v-%05d', i * 37 + 2), ${now - 86_400_000}, ${now + 30 * 86_400_000}, 0 FROM seq`,
  ];
}
