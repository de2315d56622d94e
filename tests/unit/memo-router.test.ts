// Page speed (docs/decisions/0043): the api's router keeps its answers per method and path; every
// request still reaches the handler of its own path with its own parameters, however many paths it has seen.
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { MemoRouter } from "../../workers/api/src/lib/memo-router";

function app() {
  const a = new Hono({ router: new MemoRouter() }).basePath("/api/v1");
  a.use("*", async (c, next) => {
    await next();
    c.header("x-seen", "1");
  });
  // Patterns the RegExpRouter refuses side by side (the api's own case), so the TrieRouter answers.
  a.get("/voices/custom/:id", (c) => c.text(`custom ${c.req.param("id")}`));
  a.get("/voices/:id/image", (c) => c.text(`image ${c.req.param("id")}`));
  a.get("/voices/:id", (c) => c.text(`voice ${c.req.param("id")}`));
  a.post("/voices/:id", (c) => c.text(`posted ${c.req.param("id")}`));
  return a;
}

describe("MemoRouter", () => {
  it("answers each path with its own handler and parameters, the second time as the first", async () => {
    const a = app();
    for (let round = 0; round < 2; round++) {
      for (const [method, path, body] of [
        ["GET", "/api/v1/voices/ko-a", "voice ko-a"],
        ["GET", "/api/v1/voices/ko-b", "voice ko-b"],
        ["GET", "/api/v1/voices/ko-a/image", "image ko-a"],
        ["GET", "/api/v1/voices/custom/c1", "custom c1"],
        ["POST", "/api/v1/voices/ko-a", "posted ko-a"],
      ] as const) {
        const res = await a.request(path, { method });
        expect(await res.text()).toBe(body);
        expect(res.headers.get("x-seen")).toBe("1");
      }
    }
    expect((await a.request("/api/v1/nothing")).status).toBe(404);
    expect((await a.request("/api/v1/nothing")).status).toBe(404);
  });

  it("stays right past its size bound and for long paths it does not keep", async () => {
    const a = app();
    for (let i = 0; i < 2500; i++) expect(await (await a.request(`/api/v1/voices/v${i}`)).text()).toBe(`voice v${i}`);
    expect(await (await a.request("/api/v1/voices/v3")).text()).toBe("voice v3");
    const long = "x".repeat(300);
    expect(await (await a.request(`/api/v1/voices/${long}`)).text()).toBe(`voice ${long}`);
    expect(await (await a.request(`/api/v1/voices/${long}/image`)).text()).toBe(`image ${long}`);
  });
});
