// The business API as a customer with a key uses it, from the OpenAPI document alone: the voices the key's member may use
// (basic, open and their own custom voices, never another member's), one voice, the usage of the plan, and a wrong
// method with a valid key told 405 with Allow, not "log in".
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { seedStatements } from "#db/seed";
import { Code } from "../../workers/api/src/lib/codes";
import { worker, type Answer } from "./helpers";
import { newMember, type Loose } from "./operators";

beforeAll(async () => {
  await env.DB.batch(seedStatements().map((s) => env.DB.prepare(s)));
});

async function withKey() {
  const m = await newMember("biz");
  const res = await worker.fetch("http://localhost/api/v1/keys", {
    method: "POST",
    headers: { "api-key": m.token, "content-type": "application/json" },
    body: JSON.stringify({ name: "business" }),
  });
  const key = (await res.json<Answer>()).data!.key as string;
  // A custom voice of this member's own.
  const voiceId = `biz-custom-${crypto.randomUUID().slice(0, 8)}`;
  await env.DB.prepare(
    `INSERT INTO voices (id, type, owner_id, lang, name, intro, tone, gender, age, features, categories, engine, created_at)
     VALUES (?1, 'custom', ?2, 'ko', '{"ko":"내 목소리","en":"My voice"}', '{"ko":"소개","en":"Intro"}', 'medium', 'female', 'young', '["calm","warm"]', '["narration"]', '{}', 1)`,
  )
    .bind(voiceId, m.id)
    .run();
  return { ...m, key, voiceId };
}

const call = async (path: string, key: string | null, method = "GET") => {
  const res = await worker.fetch(`http://localhost/api/v1${path}`, {
    method,
    headers: { lang: "en", ...(key ? { authorization: `Bearer ${key}` } : {}) },
  });
  const body = await res.json<Answer>();
  return { status: res.status, allow: res.headers.get("allow"), ...body, data: body.data as Loose };
};

describe("the business API with a key", () => {
  it("lists the voices the key's member may use: basic and open for anyone, custom only their own", async () => {
    const a = await withKey();
    const b = await withKey();
    const basic = await call("/voices?tab=basic&limit=100", a.key);
    expect(basic.code).toBe(Code.OK);
    expect(basic.data.voices.length).toBeGreaterThan(0);
    expect(basic.data.voices.every((v: Loose) => v.type === "basic")).toBe(true);
    const mine = await call("/voices?tab=custom", a.key);
    expect(mine.data.voices.map((v: Loose) => v.id)).toEqual([a.voiceId]);
    expect((await call("/voices?tab=custom", b.key)).data.voices.map((v: Loose) => v.id)).toEqual([b.voiceId]);
    // One voice: their own custom voice, not the other's (as if it did not exist).
    expect((await call(`/voices/${a.voiceId}`, a.key)).data).toMatchObject({ id: a.voiceId, terms: { code: "private" } });
    const other = await call(`/voices/${b.voiceId}`, a.key);
    expect([other.status, other.code]).toEqual([404, Code.VOICE_NOT_FOUND]);
    // Without a key the member's own tabs are refused, and an unknown key is told so.
    expect((await call("/voices?tab=custom", null)).code).toBe(Code.LOGIN_REQUIRED);
    expect((await call("/voices?tab=basic", "vsk_nope")).code).toBe(Code.API_KEY_INVALID);
  });

  it("answers the plan's usage of the key's member, nobody else's", async () => {
    const a = await withKey();
    const usage = await call("/member/usage", a.key);
    expect(usage.code).toBe(Code.OK);
    expect(usage.data).toMatchObject({
      plan: expect.any(String),
      characters: { used: 0, limit: expect.any(Number), remaining: expect.any(Number) },
      seconds: { used: 0, limit: expect.any(Number), remaining: expect.any(Number) },
    });
    // A generation spends characters: the usage says so.
    const tts = await worker.fetch("http://localhost/api/v1/studio/tts", {
      method: "POST",
      headers: { authorization: `Bearer ${a.key}`, "content-type": "application/json" },
      body: JSON.stringify({ text: "안녕하세요", voice_id: "ko-seoyeon" }),
    });
    expect((await tts.json<Answer>()).code).toBe(Code.OK);
    const after = await call("/member/usage", a.key);
    expect(after.data.characters.used).toBe(5);
    expect(after.data.characters.remaining).toBe(Math.max(0, after.data.characters.limit - 5));
    const b = await withKey();
    expect((await call("/member/usage", b.key)).data.characters.used).toBe(0);
    expect((await call("/member/usage", null)).code).toBe(Code.LOGIN_REQUIRED);
  });

  it("a wrong method with a valid key is 405 with Allow, on every path of the document", async () => {
    const a = await withKey();
    for (const [path, method, allow] of [
      ["/studio/tts", "GET", "POST"],
      ["/studio/sts", "PUT", "POST"],
      ["/studio/inferences/x/audio", "DELETE", "GET"],
      ["/member/usage", "POST", "GET"],
      ["/voices", "PATCH", "GET"],
    ] as const) {
      const r = await call(path, a.key, method);
      expect([r.status, r.code, r.allow], `${method} ${path}`).toEqual([405, Code.METHOD_NOT_ALLOWED, expect.stringContaining(allow)]);
    }
  });
});
