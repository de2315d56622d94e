import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { seedStatements } from "#db/seed";
import { createApp } from "../../workers/api/src/app";
import { encodeWav } from "../../workers/api/src/engine/dsp";
import { signedUp, worker } from "./helpers";

/**
 * Every /api/v1 route against one shared corpus of bad input: malformed JSON, the wrong
 * content type, wrong types, huge and hostile values, hostile query strings, garbage multipart, the
 * wrong method, and another member's ids; as a visitor and as a member, in Korean and English.
 * Nothing may answer 5xx; every JSON answer is the envelope with a message in the asked language;
 * another member's resources are never served or changed.
 */
type Route = { method: string; path: string };
type Envelope = { success: boolean; code: number; data: unknown; message: string };

const HANGUL = /[가-힣]/;
/** Routes that end the caller's own session or account: a member's corpus run skips them (the visitor's does not). */
const ENDS_SESSION = new Set(["POST /api/v1/member/logout_all", "POST /api/v1/member/signout", "POST /api/v1/member/logout"]);
/**
 * Public resources: another member's id there is no secret (a public voice's detail too; private and hidden
 * voices and comments have their own IDOR tests in library-community.test.ts).
 */
const PUBLIC = [/^\/api\/v1\/voices\/:id(\/|$)/, /^\/api\/v1\/share\//, /^\/api\/v1\/sandbox\//];

const deep = (depth: number) => "[".repeat(depth) + "]".repeat(depth);
const HOSTILE_VALUES: unknown[] = [
  null,
  -1,
  1e308,
  2 ** 53 + 1,
  "",
  "\u0000\u202e\u2066evil",
  "x".repeat(40_000),
  "😀".repeat(5_000),
  [],
  { __proto__: { admin: true }, constructor: { prototype: { admin: true } } },
  [["nested"]],
];
const FIELDS = [
  "email",
  "password",
  "pwd",
  "cert",
  "type",
  "code",
  "state",
  "ticket",
  "nickname",
  "name",
  "text",
  "voice_id",
  "plan",
  "amount",
  "toplan",
  "num",
  "no",
  "card_no",
  "imp_uid",
  "orderID",
  "merchant_uid",
  "reason",
  "comment",
  "inference_id",
  "paragraphs",
  "paragraph_ids",
  "score",
  "lang",
  "style",
  "pitch",
  "tempo",
  "card_number1",
  "expiry",
  "birth",
  "pwd_2digit",
  "reason_clear",
  "option",
  "message",
  "days",
];

/** JSON bodies: every field the API knows, each set to one hostile value, plus shapes that are not objects. */
function jsonBodies(): { label: string; body: string; type?: string }[] {
  const bodies: { label: string; body: string; type?: string }[] = [
    { label: "malformed", body: "{oops" },
    { label: "truncated", body: '{"email": "a@b.co", "password": ' },
    { label: "array", body: "[1,2,3]" },
    { label: "string", body: '"text"' },
    { label: "null", body: "null" },
    { label: "deep", body: deep(20_000) },
    { label: "deep object", body: '{"a":'.repeat(5_000) + "1" + "}".repeat(5_000) },
    { label: "over the body limit", body: JSON.stringify({ text: "가".repeat(200_000) }) },
    { label: "text/plain", body: '{"email":"a@b.co"}', type: "text/plain" },
    { label: "form", body: "email=a%40b.co", type: "application/x-www-form-urlencoded" },
  ];
  HOSTILE_VALUES.forEach((value, i) => {
    bodies.push({ label: `hostile ${i}`, body: JSON.stringify(Object.fromEntries(FIELDS.map((f) => [f, value]))) });
  });
  return bodies;
}

const HOSTILE_QUERY =
  "?page=-1&limit=99999999999999&ids=" +
  "x,".repeat(3_000) +
  "&format=exe&type=%00&split=2&paragraphs=,,,&inline=maybe&locale=xx&download=%E2%80%AE&q=" +
  "%F0%9F%98%80".repeat(500);

// The api's own app, called directly: the pool's entrypoint wrapper grows with every call through
// `exports.default` (a Proxy per construction), which thousands of calls overflow.
const app = createApp();
const pending: Promise<unknown>[] = [];
const ctx = {
  waitUntil: (p: Promise<unknown>) => void pending.push(p.catch(() => {})),
  passThroughOnException() {},
  props: {},
} as unknown as ExecutionContext;

let calls = 0;
async function call(method: string, path: string, init: { token?: string | null; lang: string; body?: BodyInit; type?: string }) {
  calls++;
  const headers: Record<string, string> = { lang: init.lang };
  if (init.token) headers["api-key"] = init.token;
  if (init.type) headers["content-type"] = init.type;
  const res = await app.request(`http://localhost${path}`, { method, headers, body: init.body }, env, ctx);
  const type = res.headers.get("content-type") ?? "";
  const text = await res.text();
  let envelope: Envelope | null = null;
  if (type.startsWith("application/json")) envelope = JSON.parse(text) as Envelope;
  return { status: res.status, type, envelope };
}

function expectSound(what: string, lang: string, r: Awaited<ReturnType<typeof call>>) {
  expect(r.status, what).toBeLessThan(500);
  if (!r.envelope) return;
  expect(typeof r.envelope.success, what).toBe("boolean");
  expect(typeof r.envelope.code, what).toBe("number");
  expect(r.envelope, what).toHaveProperty("data");
  expect(r.envelope.message.length, what).toBeGreaterThan(0);
  // The message is in the asked language (values it quotes, such as the Korean card types, aside).
  if (!r.envelope.success)
    expect(HANGUL.test(r.envelope.message.replace(/"[^"]*"/g, "")), `${what}: ${r.envelope.message}`).toBe(lang === "kr");
}

let routes: Route[] = [];
let a: { token: string };
const other: Record<string, string> = {};

beforeAll(async () => {
  await env.DB.batch(seedStatements().map((s) => env.DB.prepare(s)));
  const seen = new Set<string>();
  routes = createApp()
    .routes.filter((r) => r.method !== "ALL")
    .filter((r) => !seen.has(`${r.method} ${r.path}`) && seen.add(`${r.method} ${r.path}`));
  a = (await signedUp(`corpus-a-${crypto.randomUUID().slice(0, 6)}@example.com`)) as { token: string };
  // Member B's resources, whose ids member A tries.
  const b = (await signedUp(`corpus-b-${crypto.randomUUID().slice(0, 6)}@example.com`)) as { token: string };
  const asB = async (method: string, path: string, body?: unknown, form?: FormData) =>
    (await (
      await worker.fetch(`http://localhost/api/v1${path}`, {
        method,
        headers: { "api-key": b.token, lang: "en", ...(body === undefined ? {} : { "content-type": "application/json" }) },
        body: form ?? (body === undefined ? undefined : JSON.stringify(body)),
      })
    ).json()) as Envelope & { data: Record<string, unknown> };
  const project = await asB("POST", "/studio/projects", { type: "tts", name: "B's project" });
  other.project = String(project.data.id);
  const detail = await asB("GET", `/studio/projects/${other.project}`);
  const paragraph = (detail.data.paragraphs as { id: string; voice_id: string }[])[0]!;
  other.paragraph = paragraph.id;
  await asB("PUT", `/studio/projects/${other.project}/paragraphs`, {
    paragraphs: [{ id: paragraph.id, text: "안녕하세요.", voice_id: paragraph.voice_id }],
  });
  const job = await asB("POST", `/studio/projects/${other.project}/generate`, {});
  other.job = String(job.data?.job_id ?? crypto.randomUUID());
  const tts = await asB("POST", "/studio/tts", { text: "안녕하세요.", voice_id: paragraph.voice_id, lang: "ko" });
  other.inference = String(tts.data.inference_id);
  const f = new FormData();
  const voice = Float32Array.from(
    { length: 44_100 * 2 },
    (_, n) => 0.3 * (0.5 + 0.5 * Math.sin((2 * Math.PI * 4 * n) / 44_100)) * Math.sin((2 * Math.PI * 140 * n) / 44_100),
  );
  f.set("file", new File([encodeWav(voice, 44_100) as Uint8Array<ArrayBuffer>], "b.wav"));
  const source = await asB("POST", "/studio/sts/sources", undefined, f);
  other.source = String(source.data?.source_id ?? crypto.randomUUID());
  other.stsProject = String(source.data?.project_id ?? crypto.randomUUID());
  // An open voice draft of B's (6 s of the same voice-like sound).
  const longer = Float32Array.from({ length: 6 * 44_100 }, (_, n) => voice[n % voice.length]!);
  const d = new FormData();
  d.set("file", new File([encodeWav(longer, 44_100) as Uint8Array<ArrayBuffer>], "b-voice.wav"));
  d.set("lang", "ko");
  d.set("gender", "male");
  const draft = await asB("POST", "/voices/open/drafts", undefined, d);
  other.draft = String(draft.data?.draft_id ?? crypto.randomUUID());
});

/** The route's path with another member's ids (or a random one where there is no such resource). */
function concrete(path: string) {
  return path
    .replace("/studio/projects/:id", `/studio/projects/${other.project}`)
    .replace("/studio/sts/projects/:id", `/studio/sts/projects/${other.stsProject}`)
    .replace("/studio/sts/sources/:id", `/studio/sts/sources/${other.source}`)
    .replace("/studio/inferences/:id", `/studio/inferences/${other.inference}`)
    .replace("/studio/jobs/:id", `/studio/jobs/${other.job}`)
    .replace("/studio/paragraphs/:id", `/studio/paragraphs/${other.paragraph}`)
    .replace("/voices/open/drafts/:id", `/voices/open/drafts/${other.draft}`)
    .replace("/voices/:id", "/voices/ko-seoyeon")
    .replace(/:id/g, crypto.randomUUID())
    .replace("/*", "/anything");
}

describe("the bad-input corpus on every /api/v1 route", () => {
  it("covers the whole API", () => {
    expect(routes.length).toBeGreaterThan(80);
  });

  for (const who of ["visitor", "member"] as const) {
    it(`answers every route without a 5xx, in the envelope, in the asked language (${who})`, async () => {
      const token = who === "member" ? a.token : null;
      const before = calls;
      const bodies = jsonBodies();
      for (const route of routes) {
        if (who === "member" && ENDS_SESSION.has(`${route.method} ${route.path}`)) continue;
        const path = concrete(route.path);
        for (const lang of ["kr", "en"]) {
          const what = (label: string) => `${who} ${route.method} ${route.path} [${label}] ${lang}`;
          // Each body in one of the two languages (alternating), to keep the corpus quick.
          for (const b of route.method === "GET" ? [] : bodies.filter((_, i) => (i % 2 === 0) === (lang === "kr"))) {
            const r = await call(route.method, path, { token, lang, body: b.body, type: b.type ?? "application/json" });
            expectSound(what(b.label), lang, r);
          }
          expectSound(what("hostile query"), lang, await call(route.method, path + HOSTILE_QUERY, { token, lang }));
          const garbage = new FormData();
          garbage.set("file", new File([new Uint8Array(64).fill(0xff)], "\u202egnp.exe"));
          garbage.set("voice_id", "../../etc/passwd");
          expectSound(what("garbage multipart"), lang, await call("POST", path, { token, lang, body: garbage }));
          const wrong = await call("PROPFIND", path, { token, lang });
          expectSound(what("wrong method"), lang, wrong);
          // The operator console hides every path from non-operators, with the unknown path's 404 (docs/decisions/0032).
          if (route.path.startsWith("/api/v1/admin/")) expect(wrong.status, what("wrong method")).toBe(404);
          else if (wrong.envelope?.code !== 8000) expect(wrong.status, what("wrong method")).toBe(405);
        }
      }
      expect(calls - before).toBeGreaterThan(1500);
    }, 600_000);
  }

  it("another member's ids are never served or changed", async () => {
    for (const route of routes) {
      if (!route.path.includes(":id") || PUBLIC.some((p) => p.test(route.path))) continue;
      const r = await call(route.method, concrete(route.path), {
        token: a.token,
        lang: "en",
        body: route.method === "GET" || route.method === "DELETE" ? undefined : "{}",
        type: "application/json",
      });
      expect(r.status, `${route.method} ${route.path}`).toBeLessThan(500);
      expect([400, 404, 409], `${route.method} ${route.path}: ${r.status}`).toContain(r.status);
      expect(r.envelope?.success, `${route.method} ${route.path}`).toBe(false);
    }
    const project = await env.DB.prepare("SELECT name FROM projects WHERE id = ?").bind(other.project).first<{ name: string }>();
    expect(project).toEqual({ name: "B's project" });
    expect(await env.DB.prepare("SELECT id FROM inferences WHERE id = ?").bind(other.inference).first()).not.toBeNull();
    expect(await env.DB.prepare("SELECT id FROM paragraphs WHERE id = ?").bind(other.paragraph).first()).not.toBeNull();
    expect(await env.DB.prepare("SELECT id FROM voice_drafts WHERE id = ?").bind(other.draft).first()).not.toBeNull();
  });
});
