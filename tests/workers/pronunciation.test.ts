// The pronunciation preview (POST /studio/pronounce) and a member's pronunciation dictionary
// (GET/POST /studio/dictionary, PATCH/DELETE /studio/dictionary/:id), applied to every generation.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { seedStatements } from "#db/seed";
import { Code } from "../../workers/api/src/lib/codes";
import { signedUp, withToken, worker, type Answer } from "./helpers";

const studio = async (token: string | null, path: string, init: { method?: string; body?: unknown; lang?: string } = {}) => {
  const res = await worker.fetch(
    `http://localhost/api/v1/studio${path}`,
    withToken(token, { method: init.method ?? (init.body === undefined ? "GET" : "POST"), body: init.body, lang: init.lang }),
  );
  return { status: res.status, body: await res.json<Answer>() };
};
beforeAll(async () => {
  await env.DB.batch(seedStatements().map((s) => env.DB.prepare(s)));
});

type Entry = { id: string; lang: string; word: string; reading: string };

describe("POST /studio/pronounce", () => {
  it("answers the respelling the engine reads and its IPA, in Korean and English", async () => {
    const s = await signedUp("pronounce@example.com");
    const ko = await studio(s.token!, "/pronounce", { body: { text: "저는 민준입니다. 3시에 만나요", lang: "ko" } });
    expect(ko.status).toBe(200);
    expect(ko.body.data).toMatchObject({ pronunciation: "저는 민주님니다. 세시에 만나요" });
    expect(String(ko.body.data!.phonemes)).toMatch(/m.*i.*n.*dʑ/);
    const en = await studio(s.token!, "/pronounce", { body: { text: "It costs $5.", lang: "en" } });
    expect(en.body.data).toMatchObject({ pronunciation: "It costs five dollars." });
    expect(String(en.body.data!.phonemes)).toContain("d");
  });

  it("shows what the audio says: emoji and decorations are not read, sentences are read one by one", async () => {
    const s = await signedUp("pronounce-emoji@example.com");
    const en = await studio(s.token!, "/pronounce", { body: { text: "Party time 🎉 ★ Dr. Kim arrives at 9am.", lang: "en" } });
    expect(en.body.data).toMatchObject({ pronunciation: "Party time Doctor Kim arrives at nine A M." });
    // The IPA is that of the words alone: eSpeak would otherwise say the emoji's name ("party popper") and the star's.
    const words = await studio(s.token!, "/pronounce", { body: { text: "Party time Doctor Kim arrives at nine A M.", lang: "en" } });
    expect(en.body.data!.phonemes).toBe(words.body.data!.phonemes);
    const ko = await studio(s.token!, "/pronounce", { body: { text: "축하해요 🎉 ♪ 모두 모여요", lang: "ko" } });
    expect(ko.body.data).toMatchObject({ pronunciation: "추카해요 모두 모여요" });
  });

  it("applies the member's dictionary first, and refuses visitors, empty and over-long text with localized messages", async () => {
    const s = await signedUp("pronounce-dict@example.com");
    await studio(s.token!, "/dictionary", { body: { lang: "ko", word: "VS", reading: "보이스 스튜디오" } });
    expect((await studio(s.token!, "/pronounce", { body: { text: "VS입니다", lang: "ko" } })).body.data).toMatchObject({
      pronunciation: "보이스 스튜디오임니다",
    });
    expect((await studio(null, "/pronounce", { body: { text: "안녕", lang: "ko" } })).status).toBe(401);
    const empty = await studio(s.token!, "/pronounce", { body: { text: "   ", lang: "ko" }, lang: "en" });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toMatch(/[a-z]/);
    expect((await studio(s.token!, "/pronounce", { body: { text: "가".repeat(501), lang: "ko" } })).status).toBe(400);
    expect((await studio(s.token!, "/pronounce", { body: { text: "안녕", lang: "ja" } })).status).toBe(400);
  });
});

describe("the pronunciation dictionary", () => {
  it("adds, lists, changes and deletes the member's own words", async () => {
    const s = await signedUp("dict-owner@example.com");
    const added = await studio(s.token!, "/dictionary", { body: { lang: "ko", word: "  카카오뱅크 ", reading: "카카오 뱅크" } });
    expect(added.status).toBe(200);
    const entry = added.body.data as Entry;
    expect(entry).toMatchObject({ lang: "ko", word: "카카오뱅크", reading: "카카오 뱅크" });
    await studio(s.token!, "/dictionary", { body: { lang: "en", word: "GIF", reading: "jif" } });
    const list = await studio(s.token!, "/dictionary");
    expect((list.body.data as { entries: Entry[]; limit: number }).entries.map((e) => e.word)).toEqual(["GIF", "카카오뱅크"]);
    expect((list.body.data as { limit: number }).limit).toBe(200);
    const changed = await studio(s.token!, `/dictionary/${entry.id}`, { method: "PATCH", body: { reading: "카카오뱅크으" } });
    expect(changed.body.data).toMatchObject({ reading: "카카오뱅크으" });
    expect((await studio(s.token!, `/dictionary/${entry.id}`, { method: "DELETE" })).body.success).toBe(true);
    expect((await studio(s.token!, `/dictionary/${entry.id}`, { method: "DELETE" })).body.code).toBe(Code.NOT_FOUND);
  });

  it("keeps each member's words to that member (owner, another member, visitor)", async () => {
    const owner = await signedUp("dict-a@example.com");
    const other = await signedUp("dict-b@example.com");
    const entry = (await studio(owner.token!, "/dictionary", { body: { lang: "ko", word: "비밀단어", reading: "비밀" } })).body
      .data as Entry;
    expect(((await studio(other.token!, "/dictionary")).body.data as { entries: Entry[] }).entries).toEqual([]);
    expect((await studio(other.token!, `/dictionary/${entry.id}`, { method: "PATCH", body: { reading: "바뀜" } })).body.code).toBe(
      Code.NOT_FOUND,
    );
    expect((await studio(other.token!, `/dictionary/${entry.id}`, { method: "DELETE" })).body.code).toBe(Code.NOT_FOUND);
    // Another member's preview does not use the owner's words.
    expect(
      ((await studio(other.token!, "/pronounce", { body: { text: "비밀단어", lang: "ko" } })).body.data as { pronunciation: string })
        .pronunciation,
    ).not.toBe("비밀");
    expect(
      ((await studio(owner.token!, "/pronounce", { body: { text: "비밀단어", lang: "ko" } })).body.data as { pronunciation: string })
        .pronunciation,
    ).toBe("비밀");
    for (const [method, path] of [
      ["GET", "/dictionary"],
      ["PATCH", `/dictionary/${entry.id}`],
      ["DELETE", `/dictionary/${entry.id}`],
    ] as const) {
      expect((await studio(null, path, { method, body: method === "PATCH" ? { reading: "x" } : undefined })).status).toBe(401);
    }
    const still = ((await studio(owner.token!, "/dictionary")).body.data as { entries: Entry[] }).entries;
    expect(still).toEqual([expect.objectContaining({ id: entry.id, reading: "비밀" })]);
  });

  it("refuses a word twice (also two concurrent adds), a full dictionary, and bad words, with localized messages", async () => {
    const s = await signedUp("dict-limits@example.com");
    const twice = await Promise.all(
      [1, 2].map(() => studio(s.token!, "/dictionary", { body: { lang: "ko", word: "동시", reading: "동시이" } })),
    );
    expect(twice.map((r) => r.body.code).sort()).toEqual([Code.OK, Code.DICTIONARY_DUPLICATE].sort());
    const duplicate = twice.find((r) => !r.body.success)!;
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.message).toMatch(/이미 사전에/);
    // The same word in the other language is another entry.
    expect((await studio(s.token!, "/dictionary", { body: { lang: "en", word: "동시", reading: "dongsi" } })).body.success).toBe(true);

    const member = (await env.DB.prepare("SELECT id FROM members WHERE email = ?")
      .bind("dict-limits@example.com")
      .first<{ id: string }>())!;
    const statements = Array.from({ length: 199 }, (_, n) =>
      env.DB.prepare(
        "INSERT INTO pronunciation_entries (id, member_id, lang, word, reading, created_at) VALUES (?, ?, 'ko', ?, 'x', 0)",
      ).bind(`fill-${n}`, member.id, `단어${n}`),
    );
    await env.DB.batch(statements);
    const full = await studio(s.token!, "/dictionary", { body: { lang: "ko", word: "하나더", reading: "하나 더" }, lang: "en" });
    expect(full.status).toBe(409);
    expect(full.body.code).toBe(Code.DICTIONARY_FULL);
    expect(full.body.message).toContain("200");

    for (const body of [
      { lang: "ko", word: "", reading: "a" },
      { lang: "ko", word: "가".repeat(41), reading: "a" },
      { lang: "ko", word: "줄\n바꿈", reading: "a" },
      { lang: "ko", word: "a", reading: "가".repeat(81) },
      { lang: "fr", word: "a", reading: "b" },
      { word: "a", reading: "b" },
    ]) {
      const r = await studio(s.token!, "/dictionary", { body });
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.code).toBe(Code.BAD_REQUEST);
    }
  });

  it("changes what a generation says: a long reading makes a longer clip for the same one character", async () => {
    const s = await signedUp("dict-generation@example.com");
    const speak = async () => {
      const r = await studio(s.token!, "/tts", { body: { text: "가", voice_id: "ko-minjun", lang: "ko" } });
      expect(r.body.success, r.body.message).toBe(true);
      return r.body.data as { duration: number; characters: number };
    };
    const plain = await speak();
    await studio(s.token!, "/dictionary", { body: { lang: "ko", word: "가", reading: "가나다라마바사 아자차카타파하" } });
    const read = await speak();
    expect(read.characters).toBe(plain.characters);
    expect(read.duration).toBeGreaterThan(plain.duration * 3);
  });
});
