import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { seedStatements } from "#db/seed";
import { basicVoices } from "#db/seed-voices";
import { Code } from "../../workers/api/src/lib/codes";
import { signedUp, worker } from "./helpers";

type Card = {
  id: string;
  type: string;
  lang: string;
  name: string;
  pr: string;
  profileImageURL: string;
  audioURL: string;
  features: string[];
  useCases: string[];
  tags: { tone: { code: string; name: string }; gender: { code: string }; age: { code: string }; features: string[]; categories: string[] };
  bookmarked: boolean;
};

/** GET /voices…: the page's cards as `data`. */
const get = async (path: string, headers: Record<string, string> = {}) => {
  const res = await worker.fetch(`http://localhost/api/v1${path}`, { headers });
  const body = await res.json<{ success: boolean; code: number; data: { voices: Card[] } | null; message: string }>();
  return { status: res.status, body: { ...body, data: body.data?.voices ?? null } };
};

beforeAll(async () => {
  await env.DB.batch(seedStatements().map((s) => env.DB.prepare(s)));
});

describe("the basic voices (seed)", () => {
  it("has at least 12 voices, six per language, both genders, child to senior, low to high tone", () => {
    expect(basicVoices.length).toBeGreaterThanOrEqual(12);
    for (const lang of ["ko", "en"] as const) {
      const mine = basicVoices.filter((v) => v.lang === lang);
      expect(mine.length, lang).toBeGreaterThanOrEqual(6);
      expect(new Set(mine.map((v) => v.gender)), lang).toEqual(new Set(["male", "female"]));
      expect(new Set(mine.map((v) => v.tone)), lang).toEqual(new Set(["low", "medium", "high"]));
    }
    const ages = new Set(basicVoices.map((v) => v.age));
    for (const age of ["child", "young", "middle", "senior"]) expect(ages.has(age as never), age).toBe(true);
    // Distinct parameter sets, names within the spec's 14 characters and two mood tags each.
    expect(new Set(basicVoices.map((v) => JSON.stringify(v.engine))).size).toBe(basicVoices.length);
    for (const v of basicVoices) {
      expect([...v.name.ko].length).toBeLessThanOrEqual(14);
      expect([...v.name.en].length).toBeLessThanOrEqual(14);
      expect(v.features).toHaveLength(2);
    }
  });
});

describe("GET /api/v1/voices", () => {
  it("answers voice cards with the spec's fields, localized by locale", async () => {
    const ko = await get("/voices?locale=ko&tab=basic");
    expect(ko.status).toBe(200);
    expect(ko.body.data!.length).toBe(basicVoices.length);
    const minjun = ko.body.data!.find((v) => v.id === "ko-minjun")!;
    expect(minjun).toMatchObject({
      type: "basic",
      lang: "ko",
      name: "민준",
      pr: "차분한 내레이터",
      profileImageURL: "/api/v1/voices/ko-minjun/image",
      audioURL: "/api/v1/voices/ko-minjun/sample",
      features: ["차분한", "신뢰감 있는"],
      useCases: ["내레이션", "다큐멘터리"],
      bookmarked: false,
    });
    expect(minjun.tags).toMatchObject({
      tone: { code: "medium", name: "중간 톤" },
      gender: { code: "male" },
      age: { code: "young" },
      features: ["calm", "trustworthy"],
    });
    const en = await get("/voices?locale=en&tab=basic&lang=ko");
    expect(en.body.data!.every((v) => v.lang === "ko")).toBe(true);
    expect(en.body.data!.find((v) => v.id === "ko-minjun")).toMatchObject({
      name: "Minjun",
      pr: "Calm narrator",
      features: ["Calm", "Trustworthy"],
    });
    // Without locale, the lang header decides.
    expect((await get("/voices?tab=basic", { lang: "en" })).body.data!.find((v) => v.id === "en-emma")!.name).toBe("Emma");
  });

  it("refuses an unknown tab or locale with a localized 400, and custom/bookmark without a login", async () => {
    const bad = await get("/voices?tab=famous", { lang: "en" });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe(Code.BAD_REQUEST);
    expect(bad.body.message).toMatch(/^tab: /);
    expect((await get("/voices?locale=fr")).status).toBe(400);
    for (const tab of ["mine", "custom", "bookmark"]) expect((await get(`/voices?tab=${tab}`)).body.code, tab).toBe(Code.LOGIN_REQUIRED);
  });

  it("bookmarks: a member marks and unmarks voices; the bookmark tab lists them", async () => {
    const s = await signedUp("voicefan@example.com");
    const auth = { "api-key": s.token! };
    const mark = await worker.fetch("http://localhost/api/v1/voices/en-ava/bookmark", { method: "POST", headers: auth });
    expect((await mark.json<{ success: boolean }>()).success).toBe(true);
    const tab = await get("/voices?tab=bookmark", auth);
    expect(tab.body.data!.map((v) => v.id)).toEqual(["en-ava"]);
    expect((await get("/voices?tab=basic", auth)).body.data!.find((v) => v.id === "en-ava")!.bookmarked).toBe(true);
    const missing = await worker.fetch("http://localhost/api/v1/voices/nobody/bookmark", { method: "POST", headers: auth });
    expect(missing.status).toBe(404);
    await worker.fetch("http://localhost/api/v1/voices/en-ava/bookmark", { method: "DELETE", headers: auth });
    expect((await get("/voices?tab=bookmark", auth)).body.data).toEqual([]);
    const anonymous = await worker.fetch("http://localhost/api/v1/voices/en-ava/bookmark", { method: "POST" });
    expect(anonymous.status).toBe(401);
  });

  it("another member's custom voice is neither listed nor reachable", async () => {
    const owner = await signedUp("owner@example.com");
    const other = await signedUp("other@example.com");
    const ownerId = (await env.DB.prepare("SELECT id FROM members WHERE email = ?").bind("owner@example.com").first<{ id: string }>())!.id;
    await env.DB.prepare(
      "INSERT INTO voices (id, type, owner_id, lang, name, intro, tone, gender, age, features, categories, engine, created_at) VALUES ('cv-1', 'custom', ?, 'ko', ?, ?, 'medium', 'male', 'young', '[]', '[]', '{}', 0)",
    )
      .bind(ownerId, JSON.stringify({ ko: "내 목소리", en: "My voice" }), JSON.stringify({ ko: "소개", en: "Intro" }))
      .run();
    expect((await get("/voices?tab=custom", { "api-key": owner.token! })).body.data!.map((v) => v.id)).toEqual(["cv-1"]);
    expect((await get("/voices?tab=custom", { "api-key": other.token! })).body.data).toEqual([]);
    expect((await get("/voices", { "api-key": other.token! })).body.data!.some((v) => v.id === "cv-1")).toBe(false);
    expect((await worker.fetch("http://localhost/api/v1/voices/cv-1/image", { headers: { "api-key": other.token! } })).status).toBe(404);
    expect((await worker.fetch("http://localhost/api/v1/voices/cv-1/image", { headers: { "api-key": owner.token! } })).status).toBe(200);
  });
});

describe("GET /api/v1/voices/:id/image", () => {
  it("is a 240x240 SVG that differs between voices and stays the same for one voice", async () => {
    const one = await worker.fetch("http://localhost/api/v1/voices/ko-haeun/image");
    expect(one.status).toBe(200);
    expect(one.headers.get("content-type")).toMatch(/^image\/svg\+xml/);
    const svg = await one.text();
    expect(svg).toMatch(/<svg[^>]+width="240" height="240"/);
    const again = await (await worker.fetch("http://localhost/api/v1/voices/ko-haeun/image")).text();
    const other = await (await worker.fetch("http://localhost/api/v1/voices/en-james/image")).text();
    expect(again).toBe(svg);
    expect(other).not.toBe(svg);
    expect((await worker.fetch("http://localhost/api/v1/voices/nope/image")).status).toBe(404);
  });
});

describe("top and recommended voices (dashboard home)", () => {
  it("top 5 of the week counts only the last 7 days of generations", async () => {
    const { recordVoiceUse } = await import("../../workers/api/src/domain/voices");
    const now = Date.now();
    for (let i = 0; i < 3; i++) await recordVoiceUse(env.DB, "en-leo", now);
    await recordVoiceUse(env.DB, "ko-dohyun", now - 86_400_000);
    await recordVoiceUse(env.DB, "ko-dohyun", now);
    // Old generations make a voice used, not "of the week".
    for (let i = 0; i < 10; i++) await recordVoiceUse(env.DB, "ko-haeun", now - 9 * 86_400_000);
    const top = await worker.fetch("http://localhost/api/v1/voices/top", { headers: { lang: "en" } });
    const cards = (await top.json<{ data: (Card & { weekUses: number })[] }>()).data;
    expect(cards).toHaveLength(5);
    expect(cards.slice(0, 2).map((c) => [c.id, c.weekUses])).toEqual([
      ["en-leo", 3],
      ["ko-dohyun", 2],
    ]);
    // Among voices unused this week, the all-time most used comes first.
    expect(cards[2]!.id).toBe("ko-haeun");
  });

  it("recommends voices whose categories suit the member's job and purpose", async () => {
    const s = await signedUp("teacher@example.com");
    await env.DB.prepare("UPDATE members SET work = 'educator', purpose = 'education,other:수업 자료' WHERE email = ?")
      .bind("teacher@example.com")
      .run();
    const res = await worker.fetch("http://localhost/api/v1/voices/recommended", { headers: { "api-key": s.token!, lang: "kr" } });
    const cards = (await res.json<{ data: Card[] }>()).data;
    expect(cards.length).toBeGreaterThan(0);
    expect(cards[0]!.tags.categories.some((c) => c === "education" || c === "kids")).toBe(true);
    expect(cards[0]!.lang).toBe("ko");
    expect((await worker.fetch("http://localhost/api/v1/voices/recommended")).status).toBe(401);
  });
});
