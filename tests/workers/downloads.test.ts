import { env } from "cloudflare:workers";
import { unzipSync } from "fflate";
import { beforeAll, describe, expect, it } from "vitest";
import { seedStatements } from "#db/seed";
import { Code } from "../../workers/api/src/lib/codes";
import { fileName } from "../../workers/api/src/speech/export";
import { decodeWav } from "../../workers/api/src/speech/wav";
import { drizzle } from "drizzle-orm/d1";
import * as schema from "#db/schema";
import { purgeDeleted, UNDO_WINDOW_MS } from "../../workers/api/src/domain/studio/projects";
import { purgeDeletedResults, RESULT_UNDO_MS } from "../../workers/api/src/domain/studio/results";
import { generatedProject, studioMember, worker, type StudioMember } from "./helpers";

beforeAll(async () => {
  await env.DB.batch(seedStatements().map((s) => env.DB.prepare(s)));
});

type Paragraph = { id: string; text: string; audioURL: string | null };

/** A project of these sentences, each with a 250 ms pause, generated (the engine stand-in speaks 70 ms per character). */
function generated(m: StudioMember, name: string, texts: string[]) {
  const paragraphs = texts.map((text): [string, number] => [text, 250]);
  return generatedProject(m, name, paragraphs);
}

/**
 * Walks the MPEG audio frames of an MP3 (MPEG-2 Layer III at 24 kHz: 576 samples a frame) and
 * answers the frame count and sample rate; throws on a broken frame header.
 */
function mp3Frames(bytes: Uint8Array) {
  let at = 0;
  if (bytes[0] === 0x49 && bytes[1] === 0x44 && bytes[2] === 0x33)
    at = 10 + ((bytes[6]! << 21) | (bytes[7]! << 14) | (bytes[8]! << 7) | bytes[9]!); // ID3v2
  const BITRATES_V2 = [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160];
  const RATES_V2 = [22050, 24000, 16000];
  let frames = 0;
  let rate = 0;
  while (at + 4 <= bytes.length) {
    const b1 = bytes[at + 1]!;
    const b2 = bytes[at + 2]!;
    if (bytes[at] !== 0xff || (b1 & 0xe0) !== 0xe0) throw new Error(`no frame sync at ${at}`);
    if (((b1 >> 3) & 3) !== 2 || ((b1 >> 1) & 3) !== 1) throw new Error("not MPEG-2 Layer III");
    const bitrate = BITRATES_V2[b2 >> 4]! * 1000;
    rate = RATES_V2[(b2 >> 2) & 3]!;
    if (!bitrate || !rate) throw new Error("bad frame header");
    at += Math.floor((72 * bitrate) / rate) + ((b2 >> 1) & 1);
    frames++;
  }
  return { frames, rate, seconds: (frames * 576) / rate };
}

const wavSeconds = (bytes: ArrayBuffer | Uint8Array) => {
  const w = decodeWav(bytes);
  return w.samples.length / w.sampleRate;
};

describe("downloads", () => {
  it("joins the sentences with their pauses into one WAV or MP3, and zips one file per sentence", async () => {
    const m = await studioMember("downloader@example.com");
    const p = await generated(m, "My / show: 1", ["첫 문장입니다.", "둘째 문장이에요.", "끝."]);
    const parts = await Promise.all(
      p.paragraphs.map(async (x) => new Uint8Array(await (await m.get(x.audioURL!.replace("/api/v1", ""))).arrayBuffer())),
    );
    const partSamples = parts.map((b) => decodeWav(b).samples);

    const wav = await m.get(`/studio/projects/${p.id}/download`);
    expect(wav.status).toBe(200);
    expect(wav.headers.get("content-type")).toBe("audio/wav");
    expect(wav.headers.get("content-disposition")).toBe(`attachment; filename="My show 1.wav"; filename*=UTF-8''My%20show%201.wav`);
    const joined = decodeWav(await wav.arrayBuffer());
    expect(joined.sampleRate).toBe(24_000);
    // Every sentence in order, each with its 250 ms pause, sample for sample.
    expect(joined.samples.length).toBe(partSamples.reduce((n, s) => n + s.length, 0));
    const second = partSamples[0]!.length;
    expect(joined.samples.subarray(second, second + 500)).toEqual(partSamples[1]!.subarray(0, 500));
    // 8, 9 and 2 characters at 70 ms, and three 250 ms pauses.
    expect(Math.abs(joined.samples.length / 24_000 - (19 * 0.07 + 0.75))).toBeLessThan(0.03);

    const mp3 = await m.get(`/studio/projects/${p.id}/download?format=mp3`);
    expect(mp3.headers.get("content-type")).toBe("audio/mpeg");
    const frames = mp3Frames(new Uint8Array(await mp3.arrayBuffer()));
    expect(frames.rate).toBe(24_000);
    // LAME adds its encoder delay and padding (under two frames) and an info frame.
    expect(frames.seconds).toBeGreaterThanOrEqual(joined.samples.length / 24_000);
    expect(frames.seconds - joined.samples.length / 24_000).toBeLessThan(0.1);

    const zip = await m.get(`/studio/projects/${p.id}/download?split=1`);
    expect(zip.headers.get("content-type")).toBe("application/zip");
    const files = unzipSync(new Uint8Array(await zip.arrayBuffer()));
    expect(Object.keys(files)).toEqual(["01 첫 문장입니다..wav", "02 둘째 문장이에요..wav", "03 끝..wav"]);
    expect(Object.values(files)).toEqual(parts);

    const mp3zip = unzipSync(
      new Uint8Array(
        await (await m.get(`/studio/projects/${p.id}/download?split=1&format=mp3&paragraphs=${p.paragraphs[2]!.id}`)).arrayBuffer(),
      ),
    );
    expect(Object.keys(mp3zip)).toEqual(["01 끝..mp3"]);
    expect(mp3Frames(mp3zip["01 끝..mp3"]!).seconds).toBeGreaterThan(wavSeconds(parts[2]!));

    // One sentence, to save, as MP3.
    const one = await m.get(`${p.paragraphs[1]!.audioURL!.replace("/api/v1", "")}?format=mp3&download=1`);
    expect(one.headers.get("content-disposition")).toMatch(/^attachment; filename="My show 1 - 02\.mp3"/);
    expect(mp3Frames(new Uint8Array(await one.arrayBuffer())).frames).toBeGreaterThan(10);
  });

  it("refuses while a sentence has no audio of its current text, and other members' projects", async () => {
    const m = await studioMember("stale-download@example.com");
    const p = await generated(m, "Stale", ["하나입니다.", "둘입니다."]);
    await m.call("PUT", `/projects/${p.id}/paragraphs`, {
      paragraphs: [
        { id: p.paragraphs[0]!.id, text: "하나입니다.", voice_id: "ko-minjun", lang: "ko", pause_ms: 250 },
        { id: p.paragraphs[1]!.id, text: "바뀐 둘입니다.", voice_id: "ko-minjun", lang: "ko", pause_ms: 250 },
        { text: "새 문장입니다.", voice_id: "ko-minjun", lang: "ko" },
      ],
    });
    const now = (await m.call<{ paragraphs: (Paragraph & { audioCurrent: boolean })[] }>("GET", `/projects/${p.id}`)).body.data.paragraphs;
    expect(now.map((x) => x.audioCurrent)).toEqual([true, false, false]);
    const refused = await m.get(`/studio/projects/${p.id}/download`);
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({
      success: false,
      code: Code.AUDIO_NOT_READY,
      message: "Paragraphs not generated yet, or changed since: 2. Please generate them first.",
    });
    // The unchanged sentence alone can still be downloaded.
    expect((await m.get(`/studio/projects/${p.id}/download?paragraphs=${p.paragraphs[0]!.id}`)).status).toBe(200);
    expect((await m.get(`/studio/projects/${p.id}/download?paragraphs=nope`)).status).toBe(404);
    expect((await m.get(`/studio/projects/${p.id}/download?format=ogg`)).status).toBe(400);

    const empty = (await m.call<{ id: string }>("POST", "/projects", {})).body.data.id;
    expect(await (await m.get(`/studio/projects/${empty}/download`)).json()).toMatchObject({ code: Code.TEXT_EMPTY });

    const other = await studioMember("download-intruder@example.com");
    expect((await other.get(`/studio/projects/${p.id}/download?paragraphs=${p.paragraphs[0]!.id}`)).status).toBe(404);
    expect((await other.get(`/studio/download?ids=${p.id}`)).status).toBe(404);
    expect((await other.get(`/studio/projects/${p.id}/download?format=srt`)).status).toBe(404);
    expect((await worker.fetch(`http://localhost/api/v1/studio/projects/${p.id}/download?format=vtt`)).status).toBe(401);
    expect((await other.get(`${p.paragraphs[0]!.audioURL!.replace("/api/v1", "")}?format=mp3`)).status).toBe(404);
  });

  it("downloads selected projects as a ZIP with one joined file each", async () => {
    const m = await studioMember("multi-download@example.com");
    const a = await generated(m, "Same", ["가나다라입니다."]);
    const b = await generated(m, "Same", ["마바사입니다.", "아자차입니다."]);
    const res = await m.get(`/studio/download?ids=${a.id},${b.id}&format=wav`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="voice-studio\.zip"/);
    const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
    expect(Object.keys(files)).toEqual(["Same.wav", "Same (2).wav"]);
    expect(Math.abs(wavSeconds(files["Same.wav"]!) - (8 * 0.07 + 0.25))).toBeLessThan(0.02);
    expect(Math.abs(wavSeconds(files["Same (2).wav"]!) - (14 * 0.07 + 0.5))).toBeLessThan(0.02);
    expect((await m.get(`/studio/download`)).status).toBe(400);
  });

  it("results download as MP3, and a recording shared by a sentence and its history entry is kept until both are gone", async () => {
    const m = await studioMember("history-audio@example.com");
    const p = await generated(m, "Shared audio", ["공유되는 소리입니다."]);
    const history = (await m.call<{ items: { inference_id: string; audioURL: string }[] }>("GET", "/history")).body.data.items;
    expect(history).toHaveLength(1);
    const mp3 = await m.get(`${history[0]!.audioURL.replace("/api/v1", "")}?format=mp3&download=1`);
    expect(mp3.headers.get("content-type")).toBe("audio/mpeg");
    expect(mp3.headers.get("content-disposition")).toMatch(/^attachment; filename=/);
    expect(mp3Frames(new Uint8Array(await mp3.arrayBuffer())).seconds).toBeGreaterThan(0.7);

    const key = (await env.DB.prepare("SELECT audio_key AS k FROM paragraphs WHERE id = ?")
      .bind(p.paragraphs[0]!.id)
      .first<{ k: string }>())!.k;
    expect((await m.call("POST", "/delHistory", { inference_id: history[0]!.inference_id })).body.success).toBe(true);
    expect((await m.get(p.paragraphs[0]!.audioURL!.replace("/api/v1", ""))).status).toBe(200);
    expect(await env.MEDIA.head(key)).not.toBeNull();
    await m.call("DELETE", `/projects/${p.id}`);
    // A deleted project can be undone for a while; its purge releases the audio.
    await purgeDeleted({ db: drizzle(env.DB, { schema }), env }, Date.now() + UNDO_WINDOW_MS + 1);
    // The deleted history entry shares the audio until its own undo time is over (decision 0045).
    expect(await env.MEDIA.head(key)).not.toBeNull();
    await purgeDeletedResults({ db: drizzle(env.DB, { schema }), env }, Date.now() + RESULT_UNDO_MS + 1);
    expect(await env.MEDIA.head(key)).toBeNull();
  });

  it("file names drop path and reserved characters and stay unique", () => {
    const taken = new Set<string>();
    expect(fileName("../a/b:c*?", "wav", taken)).toBe("a b c.wav");
    expect(fileName("a b c", "wav", taken)).toBe("a b c (2).wav");
    expect(fileName("   ", "mp3")).toBe("audio.mp3");
  });
});

describe("voice samples", () => {
  it("speaks a voice's sample once, keeps it, and serves it to anyone for a basic voice", async () => {
    const first = await worker.fetch("http://localhost/api/v1/voices/ko-seoyeon/sample");
    expect(first.status).toBe(200);
    expect(first.headers.get("content-type")).toBe("audio/mpeg");
    const bytes = new Uint8Array(await first.arrayBuffer());
    expect(mp3Frames(bytes).seconds).toBeGreaterThan(1);
    const listed = await env.MEDIA.list({ prefix: "voices/samples/ko-seoyeon-" });
    expect(listed.objects).toHaveLength(1);
    const again = await worker.fetch("http://localhost/api/v1/voices/ko-seoyeon/sample");
    expect(again.headers.get("etag")).toBe(first.headers.get("etag"));
    expect(new Uint8Array(await again.arrayBuffer())).toEqual(bytes);
    expect((await worker.fetch("http://localhost/api/v1/voices/nobody/sample")).status).toBe(404);
  });
});
