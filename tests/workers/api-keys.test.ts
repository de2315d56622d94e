// Business API keys (GET|POST /keys, DELETE /keys/:id) and the public TTS and STS calls with
// `Authorization: Bearer <api key>`: stored hashed, shown once, revoked at once, a per-key rate limit,
// usage charged to the key's member, another member's key id 404 (docs/decisions/0031).
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { seedStatements } from "#db/seed";
import { LIMITS } from "../../workers/api/src/lib/rate-limit";
import { sha256Hex } from "../../workers/api/src/lib/crypto";
import { Code } from "../../workers/api/src/lib/codes";
import { encodeWav } from "../../workers/api/src/engine/dsp";
import { signedUp, withToken, worker, type Answer } from "./helpers";

beforeAll(async () => {
  await env.DB.batch(seedStatements().map((s) => env.DB.prepare(s)));
});

type Key = {
  id: string;
  name: string;
  prefix: string;
  createdAt: number;
  lastUsedAt: number | null;
  revokedAt: number | null;
  key?: string;
};

const keys = async (token: string | null, path = "", init: { method?: string; body?: unknown; lang?: string } = {}) => {
  const res = await worker.fetch(
    `http://localhost/api/v1/keys${path}`,
    withToken(token, { method: init.method ?? (init.body === undefined ? "GET" : "POST"), body: init.body, lang: init.lang }),
  );
  return { status: res.status, body: await res.json<Answer>() };
};

/** POST /studio/tts with a Bearer API key (no access token). */
const ttsWithKey = async (key: string, body: unknown = { text: "안녕하세요", voice_id: "ko-seoyeon" }, lang = "kr") => {
  const res = await worker.fetch("http://localhost/api/v1/studio/tts", {
    method: "POST",
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json", lang },
    body: JSON.stringify(body),
  });
  return { status: res.status, headers: res.headers, body: await res.json<Answer>() };
};

const usedChars = async (email: string) =>
  (await env.DB.prepare("SELECT used_chars AS n FROM members WHERE email = ?").bind(email).first<{ n: number }>())!.n;
const usedSeconds = async (email: string) =>
  (await env.DB.prepare("SELECT used_seconds AS n FROM members WHERE email = ?").bind(email).first<{ n: number }>())!.n;

async function newKey(token: string, name = "server") {
  const res = await keys(token, "", { body: { name } });
  expect(res.status).toBe(200);
  return res.body.data as unknown as Key & { key: string };
}

describe("API keys", () => {
  it("shows a new key once, stores only its SHA-256, and lists it by prefix and last use", async () => {
    const s = await signedUp("keys-owner@example.com");
    const created = await newKey(s.token!, "  production server ");
    expect(created.key).toMatch(/^vsk_[A-Za-z0-9_-]{43}$/);
    expect(created).toMatchObject({ name: "production server", prefix: created.key.slice(0, 12), lastUsedAt: null, revokedAt: null });
    const row = await env.DB.prepare("SELECT * FROM api_keys WHERE id = ?").bind(created.id).first<Record<string, unknown>>();
    expect(row!.key_hash).toBe(await sha256Hex(created.key));
    expect(JSON.stringify(row)).not.toContain(created.key);
    const list = await keys(s.token!);
    const listed = (list.body.data as { keys: Key[]; limit: number }).keys;
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ id: created.id, prefix: created.prefix, lastUsedAt: null });
    expect(listed[0]!.key).toBeUndefined();
    expect(JSON.stringify(list.body)).not.toContain(created.key);
    expect((list.body.data as { limit: number }).limit).toBe(10);
    // A use is dated in the list.
    expect((await ttsWithKey(created.key)).status).toBe(200);
    const after = ((await keys(s.token!)).body.data as { keys: Key[] }).keys[0]!;
    expect(after.lastUsedAt).toBeGreaterThan(0);
  });

  it("charges the key's member, not anyone else, for TTS and STS, and serves the result's audio with the key", async () => {
    const owner = await signedUp("keys-charged@example.com");
    const bystander = await signedUp("keys-bystander@example.com");
    const { key } = await newKey(owner.token!);
    const spoken = await ttsWithKey(key, { text: "반갑습니다", voice_id: "ko-seoyeon" });
    expect(spoken.body).toMatchObject({ success: true, code: Code.OK, data: { characters: 5 } });
    expect(await usedChars("keys-charged@example.com")).toBe(5);
    expect(await usedChars("keys-bystander@example.com")).toBe(0);
    // The result belongs to the key's member: its audio with the key, and not to anyone else.
    const url = `http://localhost${spoken.body.data!.audioURL}`;
    const audio = await worker.fetch(url, { headers: { authorization: `Bearer ${key}` } });
    expect(audio.status).toBe(200);
    expect(audio.headers.get("content-type")).toBe("audio/wav");
    await audio.arrayBuffer();
    expect((await worker.fetch(url, { headers: { "api-key": bystander.token! } })).status).toBe(404);
    const theirs = await newKey(bystander.token!);
    expect((await worker.fetch(url, { headers: { authorization: `Bearer ${theirs.key}` } })).status).toBe(404);
    // Speech to speech: whole seconds of the recording from the key's member.
    const f = new FormData();
    const samples = Float32Array.from(
      { length: 44_100 * 2 },
      (_, n) => 0.3 * Math.sin((2 * Math.PI * 140 * n) / 44_100) * (0.5 + 0.5 * Math.sin((2 * Math.PI * 4 * n) / 44_100)),
    );
    f.set("file", new File([encodeWav(samples, 44_100) as Uint8Array<ArrayBuffer>], "memo.wav"));
    f.set("voice_id", "ko-seoyeon");
    const converted = await worker.fetch("http://localhost/api/v1/studio/sts", {
      method: "POST",
      headers: { authorization: `Bearer ${key}` },
      body: f,
    });
    const body = await converted.json<Answer>();
    expect(body).toMatchObject({ success: true, data: { seconds: 2 } });
    expect(await usedSeconds("keys-charged@example.com")).toBe(2);
    expect(await usedSeconds("keys-bystander@example.com")).toBe(0);
  });

  it("revokes a key at once; a revoked, unknown or malformed key answers 4501 in the asked language", async () => {
    const s = await signedUp("keys-revoke@example.com");
    const { key, id } = await newKey(s.token!);
    expect((await ttsWithKey(key)).status).toBe(200);
    const revoked = await keys(s.token!, `/${id}`, { method: "DELETE" });
    expect(revoked.status).toBe(200);
    expect((revoked.body.data as Key).revokedAt).toBeGreaterThan(0);
    const refused = await ttsWithKey(key, undefined, "en");
    expect(refused.status).toBe(401);
    expect(refused.body).toMatchObject({
      success: false,
      code: Code.API_KEY_INVALID,
      data: null,
      message: expect.stringContaining("revoked"),
    });
    expect((await ttsWithKey(key, undefined, "kr")).body.message).toContain("폐기");
    expect((await ttsWithKey(`vsk_${"A".repeat(43)}`)).body.code).toBe(Code.API_KEY_INVALID);
    expect((await ttsWithKey("not-a-key")).body.code).toBe(Code.API_KEY_INVALID);
    // Revoked keys stay listed, marked; revoking again answers the same key.
    expect(((await keys(s.token!)).body.data as { keys: Key[] }).keys[0]!.revokedAt).toBeGreaterThan(0);
    expect((await keys(s.token!, `/${id}`, { method: "DELETE" })).status).toBe(200);
    // A withdrawn member's keys go with the account.
    const other = await signedUp("keys-withdrawn@example.com");
    const theirs = await newKey(other.token!);
    await env.DB.prepare("DELETE FROM members WHERE email = ?").bind("keys-withdrawn@example.com").run();
    expect((await ttsWithKey(theirs.key)).body.code).toBe(Code.API_KEY_INVALID);
  });

  it("keeps a key to its own rate limit (4502 with Retry-After) without touching the member's other keys", async () => {
    const s = await signedUp("keys-limit@example.com");
    const busy = await newKey(s.token!, "busy");
    const calm = await newKey(s.token!, "calm");
    // Fill the key's window as earlier calls would have (the counter is the rate_limits row).
    await env.DB.prepare("INSERT INTO rate_limits (key, window_start, count) VALUES (?, ?, ?)")
      .bind(`apiKeyCalls:${busy.id}`, Date.now(), LIMITS.apiKeyCalls.max)
      .run();
    const limited = await ttsWithKey(busy.key, undefined, "en");
    expect(limited.status).toBe(429);
    expect(limited.body.code).toBe(Code.API_KEY_RATE_LIMITED);
    expect(limited.headers.get("retry-after")).toBe(String(LIMITS.apiKeyCalls.windowSeconds));
    expect(await usedChars("keys-limit@example.com")).toBe(0);
    expect((await ttsWithKey(calm.key)).status).toBe(200);
  });

  it("counts every call against the limit: the call after the limit is refused", async () => {
    const s = await signedUp("keys-count@example.com");
    const k = await newKey(s.token!);
    await env.DB.prepare("INSERT INTO rate_limits (key, window_start, count) VALUES (?, ?, ?)")
      .bind(`apiKeyCalls:${k.id}`, Date.now(), LIMITS.apiKeyCalls.max - 1)
      .run();
    expect((await ttsWithKey(k.key)).status).toBe(200);
    expect((await ttsWithKey(k.key)).status).toBe(429);
  });

  it("allows 10 live keys, validates the name, and answers another member's key id with 404 (IDOR: owner, other member, visitor)", async () => {
    const owner = await signedUp("keys-idor-owner@example.com");
    const other = await signedUp("keys-idor-other@example.com");
    const first = await newKey(owner.token!);
    for (let i = 1; i < 10; i++) await newKey(owner.token!, `key ${i}`);
    const full = await keys(owner.token!, "", { body: { name: "eleven" }, lang: "en" });
    expect(full.status).toBe(409);
    expect(full.body).toMatchObject({ code: Code.API_KEY_LIMIT, message: expect.stringContaining("10") });
    expect((await keys(owner.token!, "", { body: { name: "" } })).status).toBe(400);
    expect((await keys(owner.token!, "", { body: { name: "x".repeat(41) } })).status).toBe(400);
    expect((await keys(owner.token!, "", { body: { name: "bad\u202ename" } })).status).toBe(400);
    // Another member: not found, and the key still works.
    const theirs = await keys(other.token!, `/${first.id}`, { method: "DELETE" });
    expect(theirs.status).toBe(404);
    expect(theirs.body.code).toBe(Code.NOT_FOUND);
    expect(((await keys(other.token!)).body.data as { keys: Key[] }).keys).toEqual([]);
    expect((await ttsWithKey(first.key)).status).toBe(200);
    // A visitor: login required, for listing, creating and revoking.
    expect((await keys(null)).body.code).toBe(Code.LOGIN_REQUIRED);
    expect((await keys(null, "", { body: { name: "x" } })).status).toBe(401);
    expect((await keys(null, `/${first.id}`, { method: "DELETE" })).status).toBe(401);
    // The owner: revoked; then a new key fits again.
    expect((await keys(owner.token!, `/${first.id}`, { method: "DELETE" })).status).toBe(200);
    expect((await keys(owner.token!, "", { body: { name: "replacement" } })).status).toBe(200);
  });

  it("limits how many keys a member creates in an hour (4290)", async () => {
    const s = await signedUp("keys-create-limit@example.com");
    const { id } = (await env.DB.prepare("SELECT id FROM members WHERE email = ?")
      .bind("keys-create-limit@example.com")
      .first<{ id: string }>())!;
    await env.DB.prepare("INSERT INTO rate_limits (key, window_start, count) VALUES (?, ?, ?)")
      .bind(`apiKeyCreatePerMember:${id}`, Date.now(), LIMITS.apiKeyCreatePerMember.max)
      .run();
    const refused = await keys(s.token!, "", { body: { name: "one too many" } });
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe(Code.RATE_LIMITED);
    expect(((await keys(s.token!)).body.data as { keys: Key[] }).keys).toEqual([]);
  });

  it("takes keys only on the public calls: elsewhere a Bearer key is not a login", async () => {
    const s = await signedUp("keys-scope@example.com");
    const { key } = await newKey(s.token!);
    const projects = await worker.fetch("http://localhost/api/v1/studio/projects", { headers: { authorization: `Bearer ${key}` } });
    expect(projects.status).toBe(401);
    const listing = await worker.fetch("http://localhost/api/v1/keys", { headers: { authorization: `Bearer ${key}` } });
    expect(listing.status).toBe(401);
    // The access token still works on the public calls, with or without a key beside it.
    const res = await worker.fetch("http://localhost/api/v1/studio/tts", {
      method: "POST",
      headers: { "api-key": s.token!, authorization: "Bearer nonsense", "content-type": "application/json" },
      body: JSON.stringify({ text: "안녕", voice_id: "ko-seoyeon" }),
    });
    expect(res.status).toBe(200);
  });
});
