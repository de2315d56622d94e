// D1's Sessions API (docs/decisions/0065): every api request runs on one session; its answer carries the session's
// bookmark, and a request that sends a bookmark back reads at least what was written before it (locally the database
// has no replicas, so this checks the plumbing: the header both ways, a bookmark that never goes back, a bad one ignored).
import { describe, expect, it } from "vitest";
import { BOOKMARK_HEADER, cookieBookmark, laterBookmark } from "#contracts/d1-bookmark";
import { requestSession, sessionEnv, withRequestSession } from "../../workers/api/src/lib/d1-session";
import { env } from "cloudflare:workers";
import { signedUp, worker } from "./helpers";

describe("D1 sessions", () => {
  it("answers the session's bookmark, takes one back, and ignores one that is not a bookmark", async () => {
    const s = await signedUp(`d1-${crypto.randomUUID().slice(0, 6)}@example.com`);
    const first = await worker.fetch("http://localhost/api/v1/member/getmember", { headers: { "api-key": s.token!, lang: "en" } });
    expect(first.status).toBe(200);
    const bookmark = first.headers.get(BOOKMARK_HEADER);
    expect(bookmark).toMatch(/^[0-9a-f]+(-[0-9a-f]+)+$/);
    // A write, then a read in a new request that carries the bookmark: the write is there.
    const saved = await worker.fetch("http://localhost/api/v1/member/updatemember", {
      method: "POST",
      headers: { "api-key": s.token!, lang: "en", "content-type": "application/json", [BOOKMARK_HEADER]: bookmark! },
      body: JSON.stringify({ nickname: "북마크" }),
    });
    const afterWrite = saved.headers.get(BOOKMARK_HEADER);
    expect(laterBookmark(bookmark, afterWrite)).toBe(afterWrite);
    const read = await worker.fetch("http://localhost/api/v1/member/getmember", {
      headers: { "api-key": s.token!, lang: "en", [BOOKMARK_HEADER]: afterWrite! },
    });
    expect(((await read.json()) as { data: { nickname: string } }).data.nickname).toBe("북마크");
    // Garbage is not handed to D1: the request starts at the primary and answers as usual.
    const garbage = await worker.fetch("http://localhost/api/v1/member/getmember", {
      headers: { "api-key": s.token!, lang: "en", [BOOKMARK_HEADER]: "'; DROP TABLE members; --" },
    });
    expect(garbage.status).toBe(200);
  });

  it("keeps the later of two bookmarks and reads the cookie's", () => {
    expect(laterBookmark("00000001-00000002", "00000001-00000003")).toBe("00000001-00000003");
    expect(laterBookmark("00000001-00000003", "00000001-00000002")).toBe("00000001-00000003");
    expect(laterBookmark(null, "0000-1")).toBe("0000-1");
    expect(cookieBookmark("lng=ko; d1b=0000000a-00000001; accessToken=x")).toBe("0000000a-00000001");
    expect(cookieBookmark("d1b=<script>")).toBeNull();
    expect(requestSession(env.DB, "not a bookmark").getBookmark()).toBeNull();
  });

  it("gives the app one environment per isolate (its drizzle database made once), its queries on the request's session", async () => {
    const app = sessionEnv(env);
    expect(sessionEnv(env)).toBe(app);
    expect(app.DB).not.toBe(env.DB);
    const session = requestSession(env.DB, null);
    await withRequestSession(session, () => app.DB.prepare("SELECT 1 AS one").first());
    // The query went through the session: it has a bookmark now; outside a request the binding answers.
    expect(session.getBookmark()).toMatch(/^[0-9a-f]+(-[0-9a-f]+)+$/);
    expect(await app.DB.prepare("SELECT 2 AS two").first()).toEqual({ two: 2 });
  });

  it("runs a statement prepared during one request on the session of the request that runs it", async () => {
    const used: string[] = [];
    const fake = (name: string) => {
      const statement = {
        bind: () => statement,
        first: async () => (used.push(`${name} first`), null),
        all: async () => (used.push(`${name} all`), { results: [] }),
        run: async () => (used.push(`${name} run`), { meta: {} }),
        raw: async () => (used.push(`${name} raw`), []),
      };
      return {
        prepare: () => statement,
        batch: async (list: unknown[]) => (used.push(`${name} batch of ${list.length}`), []),
        getBookmark: () => null,
      } as unknown as D1DatabaseSession;
    };
    const app = sessionEnv(env);
    // Prepared once, during the first request (as `preparedOnce` queries are), then run during two later ones.
    const prepared = withRequestSession(fake("first request"), () => app.DB.prepare("SELECT ?1 AS n"));
    await withRequestSession(fake("second request"), () => prepared.bind(1).first());
    await withRequestSession(fake("third request"), async () => {
      await prepared.bind(2).all();
      await app.DB.batch([prepared.bind(3), prepared.bind(4)]);
    });
    expect(used).toEqual(["second request first", "third request all", "third request batch of 2"]);
    // Outside a request, the binding itself answers, with the values bound.
    expect(await prepared.bind(5).first()).toEqual({ n: 5 });
  });
});
