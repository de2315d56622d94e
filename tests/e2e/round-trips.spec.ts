import { DELAY_HEADER, TRACE_HEADER } from "#contracts/round-trips";
import { apiCall, expect, signUp, test } from "./fixtures";
import { remixCookieValue } from "./helpers";
import { signedInPages } from "../../scripts/signed-in-pages.mjs";

/**
 * What a member far from the database waits for on a page is the D1 round trips its loaders make one after another,
 * across every api call they make for it. Each signed-in page is asked for with a trace name the app forwards to its
 * api calls (contracts/round-trips.ts); the api counts the page's sequential round trips under it. A page may take at
 * most 2 (the shell's one read beside the page's own one); its rendering does not change with JavaScript, so it is
 * measured once, by HTTP.
 */
const MOST = 2;
/**
 * And it may make at most 3 api calls and 6 D1 calls (queries and batches) for them: the CPU a page costs follows these
 * counts (each api call pays its routing, session check and encoding), and unlike a CPU time they do not move with
 * the machine's load (docs/decisions/0067).
 */
const MOST_CALLS = 3;
const MOST_QUERIES = 6;
/**
 * Each query is held this long, so that api calls a loader makes together overlap as they do over a real network
 * (the local D1 answers faster than the code between two calls runs; workers/api/src/lib/round-trips.ts).
 */
const DELAY_MS = "30";

type Trace = { rounds: number; calls: number; queries: number };

test("every signed-in page's loaders wait for at most 2 D1 round trips in sequence, over at most 3 api calls and 6 D1 calls", async ({
  request,
}, info) => {
  test.skip(info.project.name !== "no-js", "one run is enough: the loaders are the same");
  const session = await signUp(request);
  const tts = await apiCall<{ id: string }>(request, session, "/studio/projects", { type: "tts", name: "round trips" });
  const sts = await apiCall<{ id: string }>(request, session, "/studio/projects", { type: "sts", name: "round trips" });
  expect(tts.success && sts.success).toBe(true);
  const inquiry = await request.post("/api/v1/help/inquiries", {
    headers: { "api-key": session.token },
    multipart: { category: "service", content: "How many round trips does this page take?" },
  });
  const no = ((await inquiry.json()) as { data: { no: number } }).data.no;
  expect(no).toBeGreaterThan(0);
  const pages = signedInPages({ tts: tts.data.id, sts: sts.data.id, inquiry: no });
  const cookie = `accessToken=${remixCookieValue(session.token)}; refreshToken=${remixCookieValue(session.refreshToken)}`;
  const measured: [string, Trace][] = [];
  for (const path of pages) {
    const trace = crypto.randomUUID();
    const res = await request.get(path, { headers: { cookie, [TRACE_HEADER]: trace, [DELAY_HEADER]: DELAY_MS }, maxRedirects: 0 });
    expect(res.status(), path).toBe(200);
    // A trace the api never saw is a page that asked D1 nothing (404).
    const counted = await request.get(`/api/v1/dev/round-trips/${trace}`);
    expect([200, 404], path).toContain(counted.status());
    measured.push([
      path,
      counted.status() === 404 ? { rounds: 0, calls: 0, queries: 0 } : ((await counted.json()) as { data: Trace }).data,
    ]);
  }
  console.log(
    [
      "| page | D1 round trips in sequence | api calls | D1 calls |",
      "|---|---|---|---|",
      ...measured.map(([p, n]) => `| ${p} | ${n.rounds} | ${n.calls} | ${n.queries} |`),
    ].join("\n"),
  );
  // The count is real: the pages that show the member's own data are traced.
  for (const path of ["/dashboard", "/studio/history", "/dashboard/plan"])
    expect(new Map(measured).get(path)?.rounds, path).toBeGreaterThan(0);
  for (const [path, n] of measured) {
    expect(n.rounds, path).toBeLessThanOrEqual(MOST);
    expect(n.calls, path).toBeLessThanOrEqual(MOST_CALLS);
    expect(n.queries, path).toBeLessThanOrEqual(MOST_QUERIES);
  }
});
