// Sequential D1 round trips per api read: a D1 wrapper counts the queries that start while none is
// in flight (queries awaited together in one Promise.all or batch count once), for a signed-in member's reads. Each
// round trip is a wait on the primary for a member far from it (20-300 ms), so every read a signed-in page makes takes
// one: the session check runs beside the read (lib/middleware.ts), and a read asks for what it needs at once. A page's
// loaders together take at most 2 (tests/e2e/round-trips.spec.ts).
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { seedStatements } from "#db/seed";
import { createApp } from "../../workers/api/src/app";
import { signedUp, withToken } from "./helpers";
import { newTrace, traced } from "../../workers/api/src/lib/round-trips";

beforeAll(async () => {
  await env.DB.batch(seedStatements().map((s) => env.DB.prepare(s)));
});

/** The binding, counting the round trips in sequence (lib/round-trips.ts), each query held `delayMs` first. */
function counting(db: D1Database, delayMs = 10) {
  const trace = newTrace();
  const binding = traced(db, { trace, delayMs });
  return { binding, rounds: () => trace.rounds, reset: () => Object.assign(trace, newTrace()) };
}

describe("the round-trip counter", () => {
  it("counts a query that waited for another's answer as a trip after it, and queries started together as one", async () => {
    const d1 = counting(env.DB);
    const q = (n: number) => d1.binding.prepare("SELECT ?1 AS n").bind(n).first();
    await Promise.all([q(1), q(2), d1.binding.batch([d1.binding.prepare("SELECT 3"), d1.binding.prepare("SELECT 4")])]);
    expect(d1.rounds()).toBe(1);
    d1.reset();
    await q(1);
    await q(2);
    expect(d1.rounds()).toBe(2);
    d1.reset();
    // A chain of two beside a single query: the chain decides.
    await Promise.all([q(1).then(() => q(2)), q(3)]);
    expect(d1.rounds()).toBe(2);
  });
});

/** The reads of the signed-in pages; `:tts`, `:sts` and `:inquiry` are the member's own, made first. */
const READS = [
  "/member/frame",
  "/member/home",
  "/member/getmember",
  "/member/usage",
  "/utils/planlist",
  "/studio/projects",
  "/studio/projects/:tts",
  "/studio/projects/:tts/versions",
  "/studio/projects/:tts?versions=1",
  "/studio/sts/projects/:sts",
  "/studio/history",
  "/studio/dictionary",
  "/voices?tab=basic",
  "/voices/top",
  "/voices/ko-seoyeon",
  "/voices/ko-seoyeon/comments",
  "/voices/slots",
  "/labs/avatars",
  "/keys",
  "/help/inquiries",
  "/help/inquiries/:inquiry",
  "/help/unread",
  "/payment/list",
  "/notices",
];

describe("sequential D1 round trips of a signed-in member's reads", () => {
  it("is at most 1 for every read (printed as a table)", async () => {
    const s = await signedUp(`rounds-${crypto.randomUUID().slice(0, 6)}@example.com`);
    const app = createApp();
    const post = async (path: string, body: unknown) =>
      (await (await app.request(`http://localhost/api/v1${path}`, withToken(s.token!, { body }), env)).json()) as {
        data: Record<string, string>;
      };
    const form = new FormData();
    form.set("category", "service");
    form.set("content", "How many round trips?");
    const own = {
      ":tts": (await post("/studio/projects", { type: "tts", name: "rounds" })).data.id!,
      ":sts": (await post("/studio/projects", { type: "sts", name: "rounds" })).data.id!,
      ":inquiry": String(
        (
          (await (
            await app.request(
              "http://localhost/api/v1/help/inquiries",
              { method: "POST", headers: { "api-key": s.token! }, body: form },
              env,
            )
          ).json()) as {
            data: { no: number };
          }
        ).data.no,
      ),
    };
    const d1 = counting(env.DB);
    const measured: [string, number][] = [];
    for (const read of READS) {
      const path = read.replace(/:(tts|sts|inquiry)/, (k) => own[k as keyof typeof own]);
      // Once to warm what an isolate keeps (the plan catalogue, prepared statements), then counted.
      const call = () =>
        app.request(`http://localhost/api/v1${path}`, { headers: { "api-key": s.token!, lang: "en" } }, { ...env, DB: d1.binding });
      expect((await call()).status, path).toBe(200);
      d1.reset();
      const res = await call();
      expect(res.status, path).toBe(200);
      measured.push([read, d1.rounds()]);
    }
    console.log(["| read | round trips |", "|---|---|", ...measured.map(([p, n]) => `| ${p} | ${n} |`)].join("\n"));
    // The wrapper sees the queries: a read of the member's own rows takes at least one.
    expect(new Map(measured).get("/studio/history")).toBe(1);
    for (const [path, n] of measured) expect(n, path).toBeLessThanOrEqual(1);
  });
});
