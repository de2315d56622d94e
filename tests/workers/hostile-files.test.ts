// Hostile input through the api: files whose sizes, counts and lengths lie, that are cut
// short, nested deep, or declare absurd channel counts and rates; a 256 KB single-line script; names
// with an emoji or a rare CJK character (two UTF-16 units) at the cut. Every refusal must come with
// its code at once (well within 2 s: the old MP4 sample-table loops stalled for seconds on 248
// bytes), store nothing and charge nothing; every download must answer 200 with a valid
// Content-Disposition. The files are built here, byte by byte, or derived from the fixtures.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { seedStatements } from "#db/seed";
import { Code } from "../../workers/api/src/lib/codes";
import { encodeWav } from "../../workers/api/src/engine/dsp";
import m4aUrl from "./fixtures/audio/tones.m4a?inline";
import mp3Url from "./fixtures/audio/tones.mp3?inline";
import oggUrl from "./fixtures/audio/tones-stereo.ogg?inline";
import webmUrl from "./fixtures/audio/tones.webm?inline";
import { signedUp, worker } from "./helpers";
import {
  bytesOf,
  cat,
  str,
  u32be,
  u32le,
  voice,
  wav,
  box,
  full,
  nested,
  m4a,
  setCrc,
  oggPage,
  opusHead,
  opusTags,
  oggPages,
  UNKNOWN,
  ID,
  trackEntry,
  webm,
  nestedTracks,
} from "./hostile-bytes";

type Answer<T = Record<string, unknown>> = { success: boolean; code: number; data: T; message: string };

beforeAll(async () => {
  await env.DB.batch(seedStatements().map((s) => env.DB.prepare(s)));
});

// ---------------------------------------------------------------------------------------------
// Calling the api

function form(file: Uint8Array, name: string, extra: Record<string, string> = {}) {
  const f = new FormData();
  f.set("file", new File([file as Uint8Array<ArrayBuffer>], name));
  for (const [k, v] of Object.entries(extra)) f.set(k, v);
  return f;
}
const headers = (token: string, lang = "kr") => ({ lang, "api-key": token });
const memberId = async (email: string) =>
  (await env.DB.prepare("SELECT id FROM members WHERE email = ?").bind(email).first<{ id: string }>())!.id;
const usedSeconds = async (email: string) =>
  (await env.DB.prepare("SELECT used_seconds AS s FROM members WHERE email = ?").bind(email).first<{ s: number }>())!.s;

/** What a member has stored: R2 objects under their prefixes and rows in D1. */
async function stored(email: string) {
  const id = await memberId(email);
  const [sources, results] = await Promise.all([
    env.MEDIA.list({ prefix: `sources/${id}/` }),
    env.MEDIA.list({ prefix: `inferences/${id}/` }),
  ]);
  const count = async (table: string) =>
    (await env.DB.prepare(`SELECT COUNT(*) AS n FROM ${table} WHERE member_id = ?`).bind(id).first<{ n: number }>())!.n;
  return {
    objects: sources.objects.length + results.objects.length,
    sources: await count("sts_sources"),
    inferences: await count("inferences"),
    projects: await count("projects"),
  };
}

/** A generous bound for "refused at once": the old code took seconds (or ran out of memory) on some of these. */
const AT_ONCE_MS = 2000;

type Case = [label: string, bytes: Uint8Array, code: number];

/** Each file to both upload endpoints: its code, within the bound, and nothing stored or charged. */
async function expectRefused(cases: Case[]) {
  const email = `hostile-${crypto.randomUUID().slice(0, 8)}@example.com`;
  const s = await signedUp(email);
  for (const path of ["/studio/sts/sources", "/studio/sts"]) {
    for (const [label, bytes, code] of cases) {
      const started = Date.now();
      const res = await worker.fetch(`http://localhost/api/v1${path}`, {
        method: "POST",
        headers: headers(s.token!),
        body: form(bytes, `${label}.bin`, { voice_id: "ko-minjun" }),
      });
      const elapsed = Date.now() - started;
      const body = await res.json<Answer>();
      expect({ label, path, code: body.code }, body.message).toEqual({ label, path, code });
      expect(res.status, label).toBeLessThan(500);
      expect(body.message, label).toBeTruthy();
      expect(elapsed, `${label} to ${path}`).toBeLessThan(AT_ONCE_MS);
    }
  }
  expect(await stored(email)).toEqual({ objects: 0, sources: 0, inferences: 0, projects: 0 });
  expect(await usedSeconds(email)).toBe(0);
}

const cuts = (label: string, bytes: Uint8Array, at: number[], code = Code.AUDIO_CORRUPT): Case[] =>
  at.map((keep) => [`${label} cut to ${keep}`, bytes.slice(0, Math.round(bytes.length * keep)), code]);

// ---------------------------------------------------------------------------------------------

describe("hostile uploads are refused at once, with their code, storing nothing", () => {
  it("MP4/M4A: sample tables declaring 0xFFFFFFFF entries, zero-length and empty boxes, deep nesting, lying fragments, truncations", async () => {
    const lying = m4a({ stts: full("stts", u32be(1), u32be(0xffffffff), u32be(1024)), stsz: full("stsz", u32be(0), u32be(0xffffffff)) });
    // Like the 248-byte file: a few hundred bytes whose stts and stsz declare 0xFFFFFFFF samples.
    expect(lying.length).toBeLessThan(400);
    const fragmented = m4a({
      stts: full("stts", u32be(0)),
      stsz: full("stsz", u32be(0), u32be(0)),
      stsc: full("stsc", u32be(0)),
      stco: full("stco", u32be(0)),
      extra: box("mvex", full("trex", u32be(1), u32be(1), u32be(1024), u32be(0), u32be(0))),
    });
    const trun = (flags: number, count: number) =>
      box("moof", box("traf", full("tfhd", u32be(1)), box("trun", u32be(flags), u32be(count))));
    const fixture = bytesOf(m4aUrl);
    await expectRefused([
      ["stts and stsz of 0xFFFFFFFF samples", lying, Code.AUDIO_CORRUPT],
      ["stts of 0xFFFFFFFF samples", m4a({ stts: full("stts", u32be(1), u32be(0xffffffff), u32be(1024)) }), Code.AUDIO_CORRUPT],
      ["stsz of 0xFFFFFFFF samples of 16 bytes", m4a({ stsz: full("stsz", u32be(16), u32be(0xffffffff)) }), Code.AUDIO_CORRUPT],
      ["stsz table of 0xFFFFFFFF entries", m4a({ stsz: full("stsz", u32be(0), u32be(0xffffffff)) }), Code.AUDIO_CORRUPT],
      ["stsc of 0xFFFFFFFF entries", m4a({ stsc: full("stsc", u32be(0xffffffff)) }), Code.AUDIO_CORRUPT],
      ["stco of 0xFFFFFFFF chunks", m4a({ stco: full("stco", u32be(0xffffffff)) }), Code.AUDIO_CORRUPT],
      ["empty stts box", m4a({ stts: box("stts") }), Code.AUDIO_CORRUPT],
      ["zero-size (to the end) tkhd", m4a({ mdia: (mdia) => cat(u32be(0), str("tkhd"), mdia) }), Code.AUDIO_NOT_AUDIO],
      ["a box of 4 bytes", m4a({ extra: cat(u32be(4), str("free")) }), Code.AUDIO_CORRUPT],
      ["mdia nested 50,000 deep", m4a({ mdia: (mdia) => nested("mdia", 50_000, mdia) }), Code.AUDIO_CORRUPT],
      ["trun of 0xFFFFFFFF samples of the default size 0", cat(fragmented, trun(0, 0xffffffff)), Code.AUDIO_CORRUPT],
      ["trun of 0xFFFFFFFF sized samples", cat(fragmented, trun(0x200, 0xffffffff)), Code.AUDIO_CORRUPT],
      ...cuts("tones.m4a", fixture, [0.02, 0.3, 0.6, 0.95]),
    ]);
  });

  it("WAV: lying data and fmt sizes, 2,000 channels, 1 Hz and 10 MHz rates, truncations", async () => {
    const good = wav();
    await expectRefused([
      ["data size 0x7FFFFFFF", wav({ dataSize: 0x7fffffff }), Code.AUDIO_CORRUPT],
      ["fmt size 0xFFFFFF00", wav({ fmtSize: 0xffffff00 }), Code.AUDIO_CORRUPT],
      ["fmt size 4", wav({ fmtSize: 4 }), Code.AUDIO_CORRUPT],
      ["2,000 channels", wav({ channels: 2000, frames: 200 }), Code.AUDIO_UNSUPPORTED],
      ["1 Hz", wav({ rate: 1, frames: 20 }), Code.AUDIO_UNSUPPORTED],
      ["10 MHz", wav({ rate: 10_000_000, frames: 200_000 }), Code.AUDIO_UNSUPPORTED],
      ["cut in the header", good.slice(0, 12), Code.AUDIO_CORRUPT],
      ["cut in fmt", good.slice(0, 30), Code.AUDIO_CORRUPT],
      ...cuts("voice.wav", good, [0.3, 0.6, 0.999]),
    ]);
  });

  it("Ogg/Opus: a granule position past its packets, 200 channels, 3.8 s packets, a lying page size, truncations", async () => {
    const fixture = bytesOf(oggUrl);
    // The last page's granule position says almost 5 minutes (the packets hold 1.5 s).
    const longer = fixture.slice();
    const last = oggPages(longer).pop()!;
    longer.set([...u32le((290 * 48_000) % 2 ** 32), ...u32le(0)], last + 6);
    setCrc(longer.subarray(last));
    const head = (channels: number) => cat(oggPage([opusHead(channels)], { flags: 2 }), oggPage([opusTags], { seq: 1 }));
    const packet63 = [(3 << 3) | 3, 63]; // 63 frames of 60 ms in 2 bytes
    await expectRefused([
      ["granule position of 290 s", longer, Code.AUDIO_CORRUPT],
      ["200 channels", cat(head(200), oggPage([[0xfc, 0xff, 0xfe]], { granule: 960, seq: 2, flags: 4 })), Code.AUDIO_UNSUPPORTED],
      [
        "packets of 3.8 s",
        cat(
          head(1),
          oggPage(
            Array.from({ length: 200 }, () => packet63),
            { granule: 200 * 181_440, seq: 2, flags: 4 },
          ),
        ),
        Code.AUDIO_CORRUPT,
      ],
      [
        "a page declaring 255 segments of 255 bytes",
        cat(head(1), str("OggS"), [0, 4], new Array(20).fill(0), [255], new Array(255).fill(255), new Array(64).fill(0)),
        Code.AUDIO_CORRUPT,
      ],
      ...cuts("tones.ogg", fixture, [0.1, 0.5, 0.9]),
    ]);
  });

  it("WebM: sizes of 2^56, unknown sizes, deep nesting, 200 channels, 3.8 s packets, truncations", async () => {
    const fixture = bytesOf(webmUrl);
    const huge = cat(ID.tracks, [0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xfe], trackEntry(1)); // 2^56 - 2 bytes
    await expectRefused([
      ["Tracks of 2^56 - 2 bytes", webm({ tracks: huge }), Code.AUDIO_CORRUPT],
      ["Tracks of unknown size", webm({ tracks: cat(ID.tracks, UNKNOWN, trackEntry(1)) }), Code.AUDIO_CORRUPT],
      ["Tracks nested 50,000 deep", webm({ tracks: nestedTracks(50_000) }), Code.AUDIO_CORRUPT],
      ["200 channels", webm({ channels: 200, blocks: [[0xfc, 0xff, 0xfe]] }), Code.AUDIO_UNSUPPORTED],
      ["packets of 3.8 s", webm({ blocks: Array.from({ length: 200 }, () => [(3 << 3) | 3, 63]) }), Code.AUDIO_CORRUPT],
      ...cuts("tones.webm", fixture, [0.1, 0.5, 0.9]),
    ]);
  });

  it("MP3: truncations, and an Xing header counting more frames than there are", async () => {
    const fixture = bytesOf(mp3Url);
    const xing = fixture.slice();
    const at = [...xing.subarray(0, 400)].findIndex(
      (_, i) => String.fromCharCode(...xing.subarray(i, i + 4)) === "Xing" || String.fromCharCode(...xing.subarray(i, i + 4)) === "Info",
    );
    expect(at).toBeGreaterThan(0);
    xing.set(u32be(0x7fffffff), at + 8);
    await expectRefused([["Xing frame count 0x7FFFFFFF", xing, Code.AUDIO_CORRUPT], ...cuts("tones.mp3", fixture, [0.3, 0.6, 0.9])]);
  });
});

// ---------------------------------------------------------------------------------------------

describe("text import stays linear", () => {
  it("a 256 KB single line, and other pathological scripts, are refused or imported at once", async () => {
    const email = `import-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const s = await signedUp(email);
    const upload = async (name: string, content: string) => {
      const f = new FormData();
      f.set("file", new File([content], name, { type: "text/plain" }));
      const started = Date.now();
      const res = await worker.fetch("http://localhost/api/v1/studio/projects/import", {
        method: "POST",
        headers: headers(s.token!, "en"),
        body: f,
      });
      const body = await res.json<Answer<{ id: string; paragraphs: number }>>();
      return { status: res.status, body, elapsed: Date.now() - started };
    };
    // Bounds of a second: the old splitter took about 1.5 s of CPU on a 256 KB line (quadratic), the new one milliseconds.
    const refused: [string, string, number][] = [
      ["a 256 KB line of one letter", "a".repeat(256 * 1024), Code.BAD_REQUEST],
      ["a 256 KB line of short words", "word ".repeat(52_428), Code.BAD_REQUEST],
      ["256 KB of line breaks", "\n".repeat(256 * 1024), Code.TEXT_EMPTY],
    ];
    for (const [label, text, code] of refused) {
      const r = await upload("script.txt", text);
      expect([label, r.body.code], r.body.message).toEqual([label, code]);
      expect(r.body.message).toBeTruthy();
      expect(r.elapsed, label).toBeLessThan(1000);
    }
    expect((await stored(email)).projects).toBe(0);
    // A long Korean line and a line of spaces are imported, split at 500 characters.
    const korean = await upload("대본.txt", "가나다 ".repeat(20_000));
    expect(korean.status).toBe(200);
    expect(korean.body.data.paragraphs).toBe(Math.ceil((20_000 * 4 - 1) / 500));
    expect(korean.elapsed).toBeLessThan(1000);
    const spaces = await upload("spaces.txt", `${" ".repeat(200_000)}끝`);
    expect([spaces.status, spaces.body.data.paragraphs]).toEqual([200, 1]);
  });
});

// ---------------------------------------------------------------------------------------------

const EMOJI = "\u{1F600}"; // 😀, two UTF-16 units
const RARE_CJK = "\u{20000}"; // 𠀀 (CJK Extension B), two UTF-16 units

/** A valid Content-Disposition (RFC 6266): an ASCII fallback and the UTF-8 name; answers the name. */
function dispositionName(header: string | null) {
  expect(header).toMatch(/^(attachment|inline); filename="[\x20-\x7e]*"; filename\*=UTF-8''[A-Za-z0-9%!'()*._~-]+$/);
  return decodeURIComponent(header!.split("UTF-8''")[1]!);
}

describe("names cut by code point; downloads never answer 500", () => {
  it("an STS upload named with an emoji or a rare CJK character at the cut downloads with its name whole", async () => {
    const email = `names-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const s = await signedUp(email);
    const call = (path: string, init: RequestInit = {}) =>
      worker.fetch(`http://localhost/api/v1${path}`, { ...init, headers: headers(s.token!) });
    const recording = encodeWav(voice(16_000 * 1.5), 16_000);
    // 59 letters and an emoji: the project name (60) and the file name (60) cut right after it.
    const name = `${"a".repeat(59)}${EMOJI}${"b".repeat(50)}.wav`;
    const source = await (
      await call("/studio/sts/sources", { method: "POST", body: form(recording, name) })
    ).json<Answer<{ source_id: string; project_id: string; name: string; audioURL: string }>>();
    expect(source.success, source.message).toBe(true);
    expect(source.data.name).toBe(`${"a".repeat(59)}${EMOJI}${"b".repeat(40)}`); // 100 code points
    const project = await (await call(`/studio/sts/projects/${source.data.project_id}`)).json<Answer<{ name: string }>>();
    expect(project.data.name).toBe(`${"a".repeat(59)}${EMOJI}`);
    const audio = await call(source.data.audioURL.replace("/api/v1", ""));
    expect(audio.status).toBe(200);
    expect(dispositionName(audio.headers.get("content-disposition"))).toBe(`${"a".repeat(59)}${EMOJI}.wav`);

    // The public API: the result is named after the file, cut at 30, and its voice for its download.
    const converted = await (
      await call("/studio/sts", { method: "POST", body: form(recording, `${"가".repeat(29)}${RARE_CJK}나.wav`, { voice_id: "ko-minjun" }) })
    ).json<Answer<{ inference_id: string }>>();
    expect(converted.success, converted.message).toBe(true);
    for (const path of [
      `/studio/inferences/${converted.data.inference_id}/audio?download=1`,
      `/studio/inferences/${converted.data.inference_id}/source?download=1&format=mp3`,
    ]) {
      const res = await call(path);
      expect(res.status, path).toBe(200);
      expect(dispositionName(res.headers.get("content-disposition"))).toMatch(
        new RegExp(`^${"가".repeat(29)}${RARE_CJK}( - 민준| \\(original\\))\\.(wav|mp3)$`, "u"),
      );
      await res.arrayBuffer();
    }
  });

  it("a TTS result and a project cut in a character, or with a lone surrogate already stored, download with 200", async () => {
    const email = `names-tts-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const s = await signedUp(email);
    const call = (path: string, init: { method?: string; body?: unknown } = {}) =>
      worker.fetch(`http://localhost/api/v1${path}`, {
        method: init.method ?? "GET",
        headers: { ...headers(s.token!), ...(init.body ? { "content-type": "application/json" } : {}) },
        body: init.body ? JSON.stringify(init.body) : undefined,
      });
    const tts = await (
      await call("/studio/tts", { method: "POST", body: { text: `${"가".repeat(29)}${RARE_CJK} 입니다`, voice_id: "ko-minjun" } })
    ).json<Answer<{ inference_id: string }>>();
    expect(tts.success, tts.message).toBe(true);
    const result = await call(`/studio/inferences/${tts.data.inference_id}/audio?download=1`);
    expect(result.status).toBe(200);
    expect(dispositionName(result.headers.get("content-disposition"))).toBe(`${"가".repeat(29)}${RARE_CJK}.wav`);
    await result.arrayBuffer();

    // An imported script named with an emoji at the cut (60) keeps it whole.
    const f = new FormData();
    f.set("file", new File(["첫 문장입니다."], `${"x".repeat(59)}${EMOJI}yz.txt`, { type: "text/plain" }));
    const imported = await (
      await worker.fetch("http://localhost/api/v1/studio/projects/import", { method: "POST", headers: headers(s.token!), body: f })
    ).json<Answer<{ id: string }>>();
    expect(imported.success, imported.message).toBe(true);
    const project = await (
      await call(`/studio/projects/${imported.data.id}`)
    ).json<Answer<{ name: string; paragraphs: { id: string }[] }>>();
    expect(project.data.name).toBe(`${"x".repeat(59)}${EMOJI}`);

    // A lone surrogate already stored (names were cut by UTF-16 unit before): the download still answers.
    await env.DB.prepare("UPDATE projects SET name = ? WHERE id = ?")
      .bind(`${"x".repeat(59)}\uD83D`, imported.data.id)
      .run();
    const job = await (
      await call(`/studio/projects/${imported.data.id}/generate`, { method: "POST", body: {} })
    ).json<Answer<{ job_id: string }>>();
    expect(job.success, job.message).toBe(true);
    for (let i = 0; i < 200; i++) {
      const state = await (await call(`/studio/jobs/${job.data.job_id}`)).json<Answer<{ status: string }>>();
      if (state.data.status === "completed") break;
      await new Promise((r) => setTimeout(r, 25));
    }
    for (const path of [
      `/studio/projects/${imported.data.id}/download`,
      `/studio/projects/${imported.data.id}/download?split=1`,
      `/studio/download?ids=${imported.data.id}`,
      `/studio/paragraphs/${project.data.paragraphs[0]!.id}/audio?download=1`,
    ]) {
      const res = await call(path);
      expect(res.status, path).toBe(200);
      expect(dispositionName(res.headers.get("content-disposition")), path).toMatch(/^x{59}\uFFFD/u);
      await res.arrayBuffer();
    }
  });
});
