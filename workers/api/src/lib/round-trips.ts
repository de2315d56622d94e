/**
 * Sequential D1 round trips, counted and (for the bench) slowed, on local runs only. A page's loaders call the api
 * several times, in parallel or one after another; what a member far from the primary waits for is the longest chain
 * of D1 round trips that follow one another across all of those calls. The app forwards two headers of a page request
 * to each api call it makes for it (app/utils/api.server.ts): `x-round-trace` names the page request, and every query
 * of the api requests carrying it is counted under that name; `x-d1-delay` (milliseconds, at most 1000) holds each
 * query that long before it goes to D1, as a database one region away would. Both are ignored unless APP_ENV is
 * "development", and the count is read from GET /api/v1/dev/round-trips/:trace (tests/e2e/round-trips.spec.ts,
 * scripts/bench-cpu.mjs).
 *
 * A query's depth is one more than the deepest query already answered when it starts: one that waited for another's
 * answer (a check, then the read) is a trip after it, while queries started together (a Promise.all, a batch, two api
 * calls made at once) share a depth. A delay makes "started together" hold when the local D1 answers faster than the
 * code between two queries runs.
 */
import { DELAY_HEADER, TRACE_HEADER } from "#contracts/round-trips";

/**
 * The deepest query answered so far, and the deepest started (the round trips in sequence); beside them the api calls
 * and the D1 calls (queries and batches) made under the trace, which the bench reports.
 */
export type Trace = { answered: number; rounds: number; calls: number; queries: number };
export const newTrace = (): Trace => ({ answered: 0, rounds: 0, calls: 0, queries: 0 });

/** The traces of recent page requests; the oldest are forgotten past a few hundred (a bench sends thousands). */
const traces = new Map<string, Trace>();
const TRACES_KEPT = 500;

export const roundTrips = (name: string): Trace | null => traces.get(name) ?? null;

/** The trace and delay a request asks for, when it may ask (a development deployment), else null. */
export function tracing(request: Request, appEnv: string | undefined): { trace: Trace | null; delayMs: number } | null {
  if (appEnv !== "development") return null;
  const name = request.headers.get(TRACE_HEADER);
  const delay = Number(request.headers.get(DELAY_HEADER) ?? 0);
  const delayMs = Number.isInteger(delay) && delay > 0 && delay <= 1000 ? delay : 0;
  const valid = name !== null && /^[\w-]{1,64}$/.test(name);
  if (!valid && delayMs === 0) return null;
  let trace: Trace | null = null;
  if (valid) {
    trace = traces.get(name) ?? null;
    if (!trace) {
      if (traces.size >= TRACES_KEPT) traces.delete(traces.keys().next().value!);
      trace = newTrace();
      traces.set(name, trace);
    }
    trace.calls++;
  }
  return { trace, delayMs };
}

/** The session (or binding) with each query counted under `trace` and held `delayMs` first. */
export function traced<S extends Pick<D1Database, "prepare" | "batch">>(
  session: S,
  { trace, delayMs }: { trace: Trace | null; delayMs: number },
): S {
  const track = async <T>(run: () => Promise<T>): Promise<T> => {
    const depth = trace ? trace.answered + 1 : 0;
    if (trace) {
      trace.rounds = Math.max(trace.rounds, depth);
      trace.queries++;
    }
    if (delayMs) await new Promise((r) => setTimeout(r, delayMs));
    const answer = await run();
    if (trace) trace.answered = Math.max(trace.answered, depth);
    return answer;
  };
  const wrap = (inner: D1PreparedStatement): D1PreparedStatement =>
    ({
      inner,
      bind: (...values: unknown[]) => wrap(inner.bind(...values)),
      first: (column?: string) => track(() => (column === undefined ? inner.first() : inner.first(column))),
      run: () => track(() => inner.run()),
      all: () => track(() => inner.all()),
      raw: (options?: { columnNames?: boolean }) => track(() => inner.raw(options as { columnNames: true })),
    }) as unknown as D1PreparedStatement;
  const unwrap = (s: D1PreparedStatement) => (s as D1PreparedStatement & { inner?: D1PreparedStatement }).inner ?? s;
  return {
    ...session,
    prepare: (query: string) => wrap(session.prepare(query)),
    batch: (statements: D1PreparedStatement[]) => track(() => session.batch(statements.map(unwrap))),
    ...("getBookmark" in session ? { getBookmark: () => (session as unknown as D1DatabaseSession).getBookmark() } : {}),
  } as S;
}
