// Range on every audio URL (lib/range.ts) and the security headers of every api answer
// (lib/security-headers.ts, docs/decisions/0018).
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { seedStatements } from "#db/seed";
import { createApp } from "../../workers/api/src/app";
import { Code } from "../../workers/api/src/lib/codes";
import { encodeWav } from "../../workers/api/src/engine/dsp";
import { signedUp, worker, type Answer } from "./helpers";

beforeAll(async () => {
  await env.DB.batch(seedStatements().map((s) => env.DB.prepare(s)));
});

const tone = (seconds = 1.5, rate = 44_100) =>
  encodeWav(
    Float32Array.from(
      { length: Math.round(seconds * rate) },
      (_, n) => 0.3 * (0.5 + 0.5 * Math.sin((2 * Math.PI * 4 * n) / rate)) * Math.sin((2 * Math.PI * 140 * n) / rate),
    ),
    rate,
  );

async function call(
  token: string | null,
  path: string,
  init: { headers?: Record<string, string>; form?: FormData; body?: unknown; method?: string } = {},
) {
  return worker.fetch(`http://localhost/api/v1${path}`, {
    method: init.method ?? (init.form || init.body ? "POST" : "GET"),
    headers: {
      lang: "en",
      ...(token ? { "api-key": token } : {}),
      ...(init.body ? { "content-type": "application/json" } : {}),
      ...init.headers,
    },
    body: init.form ?? (init.body ? JSON.stringify(init.body) : undefined),
  });
}

/** One member's converted result, its checked source and its public share: every kind of audio URL. */
async function audioUrls(email: string) {
  const token = (await signedUp(email)).token!;
  const f = new FormData();
  f.set("file", new File([tone() as Uint8Array<ArrayBuffer>], "clip.wav"));
  f.set("voice_id", "ko-minjun");
  const src = (await (await call(token, "/studio/sts/sources", { form: f })).json<Answer>()).data as { source_id: string };
  const g = new FormData();
  g.set("file", new File([tone() as Uint8Array<ArrayBuffer>], "clip.wav"));
  g.set("voice_id", "ko-minjun");
  const id = ((await (await call(token, "/studio/sts", { form: g })).json<Answer>()).data as { inference_id: string }).inference_id;
  const share = (
    (await (await call(token, `/studio/inferences/${id}/share`, { method: "POST" })).json<Answer>()).data as { share_id: string }
  ).share_id;
  return {
    token,
    urls: [
      `/studio/inferences/${id}/audio`,
      `/studio/inferences/${id}/audio?format=mp3`,
      `/studio/inferences/${id}/source`,
      `/studio/inferences/${id}/source?format=mp3&download=1`,
      `/studio/sts/sources/${src.source_id}/audio`,
      `/share/${share}/audio`,
      `/share/${share}/audio?format=mp3`,
      "/voices/ko-minjun/sample",
    ],
  };
}

describe("Range on audio URLs", () => {
  it("answers one range with 206 and its bytes, open-ended and suffix ranges, 416 past the end, on every audio URL", async () => {
    const { token, urls } = await audioUrls("range-all@example.com");
    for (const url of urls) {
      const whole = await call(token, url);
      expect([url, whole.status, whole.headers.get("accept-ranges")]).toEqual([url, 200, "bytes"]);
      const bytes = new Uint8Array(await whole.arrayBuffer());
      const size = bytes.byteLength;
      expect(size).toBeGreaterThan(1000);
      expect(Number(whole.headers.get("content-length"))).toBe(size);

      const cases: [string, number, number][] = [
        ["bytes=0-1", 0, 1], // Safari's first probe
        ["bytes=100-599", 100, 599],
        [`bytes=${size - 300}-`, size - 300, size - 1],
        ["bytes=-200", size - 200, size - 1],
        [`bytes=10-${size + 5000}`, 10, size - 1],
      ];
      for (const [range, first, last] of cases) {
        const part = await call(token, url, { headers: { Range: range } });
        expect([url, range, part.status]).toEqual([url, range, 206]);
        expect(part.headers.get("content-range")).toBe(`bytes ${first}-${last}/${size}`);
        expect(part.headers.get("accept-ranges")).toBe("bytes");
        expect(Number(part.headers.get("content-length"))).toBe(last - first + 1);
        expect(part.headers.get("content-type")).toBe(whole.headers.get("content-type"));
        expect(new Uint8Array(await part.arrayBuffer())).toEqual(bytes.slice(first, last + 1));
      }

      const beyond = await call(token, url, { headers: { Range: `bytes=${size}-` } });
      expect([url, beyond.status]).toEqual([url, 416]);
      expect(beyond.headers.get("content-range")).toBe(`bytes */${size}`);
      const body = await beyond.json<Answer>();
      expect(body).toMatchObject({ success: false, code: Code.RANGE_NOT_SATISFIABLE });
      expect(body.message).toMatch(/range/i);
    }
    // A range of another member's audio is still "not found".
    const thief = (await signedUp("range-thief@example.com")).token!;
    expect((await call(thief, urls[0]!, { headers: { Range: "bytes=0-1" } })).status).toBe(404);
  });

  it("answers several ranges or a malformed header with the whole file, and says 416 in Korean too", async () => {
    const { token, urls } = await audioUrls("range-other@example.com");
    const url = urls[0]!;
    const size = (await (await call(token, url)).arrayBuffer()).byteLength;
    for (const range of ["bytes=0-1,5-9", "bytes=abc", "items=0-5", "bytes=9-3"]) {
      const res = await call(token, url, { headers: { Range: range } });
      expect([range, res.status]).toEqual([range, 200]);
      expect((await res.arrayBuffer()).byteLength).toBe(size);
    }
    const ko = await worker.fetch(`http://localhost/api/v1${url}`, { headers: { "api-key": token, lang: "kr", Range: "bytes=-0" } });
    expect(ko.status).toBe(416);
    expect((await ko.json<Answer>()).message).toMatch(/[가-힣]/);
  });
});

/** A generated TTS project of one member: its paragraphs' audio and the joined project audio. */
async function generatedProject(email: string) {
  const token = (await signedUp(email)).token!;
  const studio = async <T>(method: string, path: string, body?: unknown) =>
    (await (await call(token, `/studio${path}`, { method, body })).json<Answer>()).data as T;
  const id = (await studio<{ id: string }>("POST", "/projects", { name: "Range" })).id;
  const first = (await studio<{ paragraphs: { id: string }[] }>("GET", `/projects/${id}`)).paragraphs[0]!;
  await studio("PUT", `/projects/${id}/paragraphs`, {
    paragraphs: [
      { id: first.id, text: "첫 문장입니다.", voice_id: "ko-minjun", lang: "ko", pause_ms: 250 },
      { text: "둘째 문장이에요.", voice_id: "ko-minjun", lang: "ko", pause_ms: 250 },
    ],
  });
  const job = (await studio<{ job_id: string }>("POST", `/projects/${id}/generate`, {})).job_id;
  for (let i = 0; i < 400; i++) {
    if ((await studio<{ status: string }>("GET", `/jobs/${job}`)).status === "completed") break;
    await new Promise((r) => setTimeout(r, 25));
  }
  const paragraphs = (await studio<{ paragraphs: { audioURL: string }[] }>("GET", `/projects/${id}`)).paragraphs;
  return {
    token,
    urls: [
      paragraphs[0]!.audioURL.replace("/api/v1", ""),
      `/studio/projects/${id}/download?inline=1`,
      `/studio/projects/${id}/download?format=mp3&inline=1`,
    ],
  };
}

describe("Range on a project's audio", () => {
  it("serves ranges of a paragraph's audio and of the joined project (WAV and MP3)", async () => {
    const { token, urls } = await generatedProject("range-project@example.com");
    for (const url of urls) {
      const whole = await call(token, url);
      expect([url, whole.status, whole.headers.get("accept-ranges")]).toEqual([url, 200, "bytes"]);
      const bytes = new Uint8Array(await whole.arrayBuffer());
      const size = bytes.byteLength;
      for (const [range, first, last] of [
        ["bytes=0-1", 0, 1],
        ["bytes=64-", 64, size - 1],
        ["bytes=-100", size - 100, size - 1],
      ] as const) {
        const part = await call(token, url, { headers: { Range: range } });
        expect([url, range, part.status, part.headers.get("content-range")]).toEqual([url, range, 206, `bytes ${first}-${last}/${size}`]);
        expect(new Uint8Array(await part.arrayBuffer())).toEqual(bytes.slice(first, last + 1));
      }
      const beyond = await call(token, url, { headers: { Range: `bytes=${size + 10}-` } });
      expect([url, beyond.status, beyond.headers.get("content-range")]).toEqual([url, 416, `bytes */${size}`]);
    }
  });
});

describe("security headers of api answers", () => {
  const common = {
    "x-frame-options": "DENY",
    "x-content-type-options": "nosniff",
    "referrer-policy": "strict-origin-when-cross-origin",
    "permissions-policy": "camera=(), geolocation=(), microphone=(self)",
  };

  it("every answer (data, errors, unknown paths, audio) forbids framing and sniffing; HSTS only over https", async () => {
    const { token, urls } = await audioUrls("headers@example.com");
    for (const [path, status] of [
      ["/utils/planlist", 200],
      ["/nope", 404],
      ["/studio/projects", 8000],
    ] as const) {
      const res = await call(null, path);
      if (status !== 8000) expect(res.status).toBe(status);
      expect(Object.fromEntries(Object.keys(common).map((h) => [h, res.headers.get(h)]))).toEqual(common);
      expect(res.headers.get("content-security-policy")).toBe(
        "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
      );
      expect(res.headers.get("strict-transport-security")).toBeNull();
    }
    const audio = await call(token, urls[0]!);
    expect(audio.headers.get("x-content-type-options")).toBe("nosniff");
    // Opened on its own, the browser's player page still loads the audio.
    expect(audio.headers.get("content-security-policy")).toMatch(/media-src 'self'.*frame-ancestors 'none'/);
    const secure = await worker.fetch("https://studio.example/api/v1/utils/planlist");
    expect(secure.headers.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains");
  });

  it("the local sandbox's approval page may use inline styles and post its form back", async () => {
    // The sandbox answers only with PAYMENTS=sandbox (local runs); the tests run live, so ask the app with that variable.
    const res = await createApp().request(
      "http://localhost/api/v1/sandbox/paypal/checkoutnow?token=UNKNOWN",
      {},
      { ...env, PAYMENTS: "sandbox" },
    );
    expect(res.headers.get("content-type")).toMatch(/text\/html/);
    expect(res.headers.get("content-security-policy")).toBe(
      "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
    );
    expect(res.headers.get("x-frame-options")).toBe("DENY");
  });
});
