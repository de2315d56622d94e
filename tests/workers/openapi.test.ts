// The OpenAPI document of the public API is served at a stable URL (GET /api/v1/openapi.json),
// names only routes the app has, and the codes real calls answer are the ones it lists.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { seedStatements } from "#db/seed";
import { createApp } from "../../workers/api/src/app";
import { openApiDocument, PUBLIC_OPERATIONS } from "../../workers/api/src/lib/openapi";
import { signedUp, worker, type Answer } from "./helpers";

beforeAll(async () => {
  await env.DB.batch(seedStatements().map((s) => env.DB.prepare(s)));
});

const codesOf = (path: string, method: string) =>
  PUBLIC_OPERATIONS.find((o) => o.path === path && o.method === method)!.codes as readonly number[];

describe("GET /api/v1/openapi.json", () => {
  it("serves the document, the same as the module's, to anyone", async () => {
    const res = await worker.fetch("http://localhost/api/v1/openapi.json");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/vnd.oai.openapi+json;version=3.1");
    expect(await res.json()).toEqual(JSON.parse(JSON.stringify(openApiDocument())));
  });

  it("names only paths and methods the app routes", () => {
    const routes = createApp().routes.map((r) => `${r.method} ${r.path}`);
    const doc = openApiDocument();
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const method of Object.keys(methods)) {
        const honoPath = `/api/v1${path.replace(/\{(\w+)\}/g, ":$1")}`;
        expect(routes, `${method} ${path}`).toContain(`${method.toUpperCase()} ${honoPath}`);
      }
    }
  });

  it("lists the codes that real calls answer", async () => {
    const s = await signedUp("openapi@example.com");
    const keyRes = await worker.fetch("http://localhost/api/v1/keys", {
      method: "POST",
      headers: { "api-key": s.token!, "content-type": "application/json" },
      body: JSON.stringify({ name: "openapi" }),
    });
    const key = (await keyRes.json<Answer>()).data!.key as string;
    const auth = { authorization: `Bearer ${key}` };
    const calls: [string, string, RequestInit][] = [
      [
        "/studio/tts",
        "post",
        {
          method: "POST",
          headers: { ...auth, "content-type": "application/json" },
          body: JSON.stringify({ text: "안녕", voice_id: "ko-seoyeon" }),
        },
      ],
      ["/studio/tts", "post", { method: "POST", headers: { ...auth, "content-type": "application/json" }, body: "{}" }],
      ["/studio/tts", "post", { method: "POST", headers: { ...auth, "content-type": "application/json" }, body: "{" }],
      ["/studio/tts", "post", { method: "POST", headers: { ...auth, "content-type": "text/plain" }, body: "x" }],
      [
        "/studio/tts",
        "post",
        {
          method: "POST",
          headers: { ...auth, "content-type": "application/json" },
          body: JSON.stringify({ text: "<b>", voice_id: "ko-seoyeon" }),
        },
      ],
      [
        "/studio/tts",
        "post",
        {
          method: "POST",
          headers: { ...auth, "content-type": "application/json" },
          body: JSON.stringify({ text: "안녕", voice_id: "nobody" }),
        },
      ],
      [
        "/studio/tts",
        "post",
        { method: "POST", headers: { authorization: "Bearer vsk_nope", "content-type": "application/json" }, body: "{}" },
      ],
      ["/studio/tts", "post", { method: "POST", headers: { "content-type": "application/json" }, body: "{}" }],
      ["/studio/sts", "post", { method: "POST", headers: auth, body: new FormData() }],
      ["/studio/inferences/{id}/audio", "get", { headers: auth }],
      ["/voices", "get", { headers: auth }],
      ["/voices?page=0", "get", { headers: auth }],
      ["/voices/{id}", "get", { headers: auth }],
      ["/voices/ko-seoyeon", "get", { headers: auth }],
      ["/member/usage", "get", { headers: auth }],
      ["/member/usage", "get", {}],
    ];
    const seen = new Set<number>();
    // The document's path of a call (a query or a real id in place of its parameter).
    const documented = (path: string) =>
      PUBLIC_OPERATIONS.find((o) => new RegExp(`^${o.path.replace(/\{\w+\}/g, "[^/?]+")}(\\?.*)?$`).test(path))!.path;
    for (const [path, method, init] of calls) {
      const url = `http://localhost/api/v1${path.replace("{id}", "unknown-id")}`;
      const res = await worker.fetch(url, init);
      const code = res.headers.get("content-type")?.includes("json") ? (await res.json<Answer>()).code : 1000;
      expect(codesOf(documented(path), method), `${method} ${path} answered ${code}`).toContain(code);
      seen.add(code);
    }
    expect([...seen].sort()).toEqual([1000, 4000, 4001, 4004, 4015, 4203, 4207, 4501, 8000]);
  });
});
