/**
 * D1's Sessions API (read replication, docs/decisions/0065): every request to the api runs on one session of the
 * database, so its reads may be served by a replica near the member while staying sequentially consistent. A caller
 * that carries the bookmark of its last answer (`x-d1-bookmark`: the app keeps it per browser in a cookie) reads at
 * least what it wrote; a caller without one starts at the primary, which is what every request did before, so a
 * business API client that writes and then reads (a generation, then its audio) is never shown a stale replica.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { BOOKMARK_HEADER } from "#contracts/d1-bookmark";

export { BOOKMARK_HEADER };

/** The session of the request being served (each request runs inside `withRequestSession`). */
const current = new AsyncLocalStorage<D1DatabaseSession>();

/**
 * A statement whose session is chosen when it runs, not when it is prepared: queries built once per isolate
 * (`preparedOnce`, drizzle's `.prepare()`) are prepared during some request and run during every later one, each on
 * its own request's session (its bookmark, its replica; the round-trip trace of lib/round-trips.ts).
 */
class SessionStatement {
  constructor(
    private readonly db: D1Database,
    readonly query: string,
    private readonly values: unknown[] = [],
  ) {}
  bind(...values: unknown[]) {
    return new SessionStatement(this.db, this.query, values);
  }
  /** The statement on the current request's session (the binding itself outside one). */
  real(): D1PreparedStatement {
    const statement = (current.getStore() ?? this.db).prepare(this.query);
    return this.values.length ? statement.bind(...this.values) : statement;
  }
  first(column?: string) {
    return column === undefined ? this.real().first() : this.real().first(column);
  }
  run() {
    return this.real().run();
  }
  all() {
    return this.real().all();
  }
  raw(options?: { columnNames?: boolean }) {
    return this.real().raw(options as { columnNames: true });
  }
}

const realStatement = (s: D1PreparedStatement) => (s instanceof SessionStatement ? s.real() : s);

/**
 * A stand-in for the D1 binding, made once per binding, whose queries go to the current request's session (the binding
 * itself outside one: Durable Objects, crons). Stable, so the environment built on it and the drizzle database built on
 * that are made once per isolate, not per request (`drizzle(d1, { schema })` walks the whole schema: ~3 ms of CPU).
 */
const bound = new WeakMap<D1Database, D1Database>();
function sessionBound(db: D1Database): D1Database {
  let proxy = bound.get(db);
  if (!proxy) {
    proxy = {
      prepare: (query: string) => new SessionStatement(db, query) as unknown as D1PreparedStatement,
      batch: (statements: D1PreparedStatement[]) => (current.getStore() ?? db).batch(statements.map(realStatement)),
      exec: (query: string) => db.exec(query),
      withSession: (constraint?: string) => db.withSession(constraint),
      dump: () => db.dump(),
    } as D1Database;
    bound.set(db, proxy);
  }
  return proxy;
}

/** The environment the app sees: the same object for every request of an isolate, its DB the request's session. */
const envs = new WeakMap<object, object>();
export function sessionEnv<E extends { DB: D1Database }>(env: E): E {
  let out = envs.get(env) as E | undefined;
  if (!out) {
    out = { ...env, DB: sessionBound(env.DB) };
    envs.set(env, out);
  }
  return out;
}

/** Runs `work` with `session` as the current request's, answering its result. */
export const withRequestSession = <T>(session: D1DatabaseSession, work: () => T): T => current.run(session, work);

/** A bookmark as D1 writes them (hex groups joined by hyphens); anything else is ignored, not trusted. */
const BOOKMARK = /^[0-9a-f]{1,16}(?:-[0-9a-f]{1,64}){1,8}$/;

export function requestSession(db: D1Database, bookmark: string | null) {
  const given = bookmark && bookmark.length <= 256 && BOOKMARK.test(bookmark) ? bookmark : null;
  let session: D1DatabaseSession;
  try {
    session = db.withSession(given ?? "first-primary");
  } catch {
    session = db.withSession("first-primary");
  }
  return session;
}
