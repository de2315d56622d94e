// Sequential D1 round trips per api read: a D1 wrapper counts the queries that start while none is
// in flight (queries awaited together in one Promise.all or batch count once), for a signed-in member's reads. Each
// round trip is a wait on the primary for a member far from it (20-300 ms). The ceilings are today's counts, so a change
// that adds a round trip fails here; the target (every read at most 1) is not reached yet: see the README's table.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { seedStatements } from "../../db/seed";
import { createApp } from "../../workers/api/src/app";
import { signedUp } from "./helpers";

beforeAll(async () => {
  await env.DB.batch(seedStatements().map((s) => env.DB.prepare(s)));
});

type Statement = D1PreparedStatement & { inner: D1PreparedStatement };

/** The binding, counting round trips: a query that starts while another is in flight rides the same round. */
function counting(db: D1Database) {
  let inFlight = 0;
  let rounds = 0;
  const track = <T>(run: () => Promise<T>): Promise<T> => {
    if (inFlight === 0) rounds++;
    inFlight++;
    return run().finally(() => inFlight--);
  };
  const wrap = (inner: D1PreparedStatement): Statement =>
    ({
      inner,
      bind: (...values: unknown[]) => wrap(inner.bind(...values)),
      first: (col?: string) => track(() => (col === undefined ? inner.first() : inner.first(col))),
      run: () => track(() => inner.run()),
      all: () => track(() => inner.all()),
      raw: (opts?: { columnNames?: boolean }) => track(() => inner.raw(opts as never)),
    }) as unknown as Statement;
  const binding = {
    prepare: (query: string) => wrap(db.prepare(query)),
    batch: (statements: Statement[]) => track(() => db.batch(statements.map((s) => s.inner))),
    exec: (query: string) => track(() => db.exec(query)),
  } as unknown as D1Database;
  return { binding, rounds: () => rounds, reset: () => (rounds = 0) };
}

/**
 * Today's round trips of each read (a ceiling: fewer is welcome, more fails). Most reads are the session check
 * (`requireMember`: the member's live session) and then the read itself; /member/frame and /member/home already fold the
 * check into their one statement (docs/decisions/0051).
 */
const CEILINGS: Record<string, number> = {
  "/member/frame": 1,
  "/member/home": 1,
  "/member/getmember": 2,
  "/studio/projects": 3,
  "/studio/history": 3,
  "/voices?tab=basic": 2,
  "/voices/ko-seoyeon": 3,
  "/help/inquiries": 2,
  "/help/unread": 2,
  "/payment/list": 2,
};

describe("sequential D1 round trips of a signed-in member's reads", () => {
  it("stays within each read's ceiling (printed as a table)", async () => {
    const s = await signedUp(`rounds-${crypto.randomUUID().slice(0, 6)}@example.com`);
    const app = createApp();
    const d1 = counting(env.DB);
    const measured: [string, number, number][] = [];
    for (const path of Object.keys(CEILINGS)) {
      // Once to warm what an isolate keeps (the plan catalogue, prepared statements), then counted.
      const call = () =>
        app.request(`http://localhost/api/v1${path}`, { headers: { "api-key": s.token!, lang: "en" } }, { ...env, DB: d1.binding });
      expect((await call()).status, path).toBe(200);
      d1.reset();
      const res = await call();
      expect(res.status, path).toBe(200);
      measured.push([path, d1.rounds(), CEILINGS[path]!]);
    }
    console.log(["| read | round trips | ceiling |", "|---|---|---|", ...measured.map(([p, n, c]) => `| ${p} | ${n} | ${c} |`)].join("\n"));
    for (const [path, n, ceiling] of measured) expect(n, path).toBeLessThanOrEqual(ceiling);
  });
});
