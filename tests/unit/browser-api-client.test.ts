import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createApiClient, REPORT_DEDUP_MS } from "~/lib/api-client";
import { apiUser, setApiUser } from "~/lib/api-user";

/**
 * The browser's /api/v1 client (app/lib/api-client.ts) against a real HTTP server standing in for
 * the app's origin: /api/v1 answers what each test needs, /api/notify records the reports.
 */
type Received = { method: string; contentType: string | undefined; body: { message: string; detail: string; userId: string } };
let server: Server;
let base = "";
let reports: Received[] = [];
let notifyStatus = 202;

beforeAll(async () => {
  server = createServer((req, res) => {
    let raw = "";
    req.on("data", (chunk) => (raw += chunk));
    req.on("end", () => {
      const url = new URL(req.url!, "http://x");
      if (url.pathname === "/api/notify") {
        reports.push({ method: req.method!, contentType: req.headers["content-type"], body: JSON.parse(raw) });
        res.writeHead(notifyStatus, { "content-type": "application/json" }).end("{}");
      } else if (url.pathname === "/api/v1/ok") {
        res
          .writeHead(200, { "content-type": "application/json" })
          .end(JSON.stringify({ success: true, code: 1000, data: {}, message: "OK" }));
      } else if (url.pathname === "/api/v1/audio") {
        res.writeHead(200, { "content-type": "audio/wav" }).end("RIFF");
      } else if (url.pathname === "/api/v1/broken") {
        res.writeHead(500, { "content-type": "text/plain" }).end("boom");
      } else {
        res
          .writeHead(404, { "content-type": "application/json" })
          .end(JSON.stringify({ success: false, code: 4004, data: null, message: "Not found." }));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  reports = [];
  notifyStatus = 202;
});

/** Reports are sent without being awaited; wait until the stand-in has them (or a generous 5 s). */
async function reportsArrived(n: number) {
  for (let i = 0; i < 500 && reports.length < n; i++) await new Promise((r) => setTimeout(r, 10));
  return reports;
}

describe("browser api client", () => {
  it("reports a failed envelope once as JSON {message, detail, userId}, and answers the response to the caller", async () => {
    let clock = 10_000;
    const client = createApiClient({ base, now: () => clock });
    client.setUser("member@example.com");
    const res = await client.apiFetch("/api/v1/voices/nope/sample");
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ code: 4004 });
    const [first] = await reportsArrived(1);
    expect(first).toMatchObject({ method: "POST", contentType: "application/json" });
    expect(first!.body.message).toBe("Not found.");
    expect(first!.body.userId).toBe("member@example.com");
    expect(JSON.parse(first!.body.detail)).toMatchObject({ url: "/api/v1/voices/nope/sample", method: "GET", status: 404 });

    // The same failure again within 2000 ms is not sent; after it, it is.
    clock += REPORT_DEDUP_MS - 1;
    await client.apiFetch("/api/v1/voices/nope/sample");
    // Another failure goes out at once (and shows the earlier repeat was dropped, not delayed).
    await client.apiFetch("/api/v1/other");
    await reportsArrived(2);
    clock += 1;
    await client.apiFetch("/api/v1/voices/nope/sample");
    const all = await reportsArrived(3);
    expect(all.map((r) => JSON.parse(r.body.detail).url)).toEqual([
      "/api/v1/voices/nope/sample",
      "/api/v1/other",
      "/api/v1/voices/nope/sample",
    ]);
  });

  it("reports HTTP errors without an envelope, and nothing for successes (JSON or audio)", async () => {
    const client = createApiClient({ base });
    expect((await client.apiFetch("/api/v1/ok")).ok).toBe(true);
    expect(await (await client.apiFetch("/api/v1/audio")).text()).toBe("RIFF");
    expect((await client.apiFetch("/api/v1/broken")).status).toBe(500);
    const got = await reportsArrived(1);
    await new Promise((r) => setTimeout(r, 100));
    expect(reports).toHaveLength(1);
    expect(got[0]!.body).toMatchObject({ message: "HTTP 500", userId: "unknown" });
  });

  it("names the account the root set (setApiUser) unless the client was given one", async () => {
    const client = createApiClient({ base, user: apiUser });
    setApiUser("root@example.com");
    await client.apiFetch("/api/v1/broken");
    expect((await reportsArrived(1))[0]!.body.userId).toBe("root@example.com");
    setApiUser(null);
    await client.apiFetch("/api/v1/missing");
    expect((await reportsArrived(2))[1]!.body.userId).toBe("unknown");
    client.setUser("own@example.com");
    setApiUser("root@example.com");
    await client.apiFetch("/api/v1/other");
    expect((await reportsArrived(3))[2]!.body.userId).toBe("own@example.com");
  });

  it("ignores a failing /api/notify and reports an unreachable api as a network error", async () => {
    notifyStatus = 500;
    const client = createApiClient({ base });
    expect((await client.apiFetch("/api/v1/missing")).status).toBe(404);
    await reportsArrived(1);
    const offline = createApiClient({ base: "http://127.0.0.1:9" });
    await expect(offline.apiFetch("/api/v1/ok")).rejects.toThrow();
  });

  it("reports an event stream or a player only when the api refused it", async () => {
    const client = createApiClient({ base });
    client.streamFailed("/api/v1/studio/jobs/x/events", { readyState: 0 }); // reconnecting: not an api error
    client.mediaFailed("/api/v1/share/x/audio", { error: { code: 1 } }); // aborted by the listener
    client.streamFailed("/api/v1/studio/jobs/x/events", { readyState: 2 });
    client.mediaFailed("/api/v1/share/x/audio", { error: { code: 4 } });
    const got = await reportsArrived(2);
    await new Promise((r) => setTimeout(r, 100));
    expect(reports.map((r) => JSON.parse(r.body.detail).url).sort()).toEqual(["/api/v1/share/x/audio", "/api/v1/studio/jobs/x/events"]);
    expect(got.map((r) => r.body.message).sort()).toEqual(["audio could not be played (media error 4)", "event stream refused"]);
  });
});
