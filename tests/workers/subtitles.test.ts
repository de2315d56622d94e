// A project's subtitles (SRT, WebVTT) against its joined WAV: the engine stand-in speaks 70 ms per character, so every
// sentence's place in the file is known to the sample, and the cues must name it to the millisecond.
import { env } from "cloudflare:workers";
import { unzipSync } from "fflate";
import { beforeAll, describe, expect, it } from "vitest";
import { seedStatements } from "#db/seed";
import { Code } from "../../workers/api/src/lib/codes";
import { decodeWav } from "../../workers/api/src/speech/wav";
import { generatedProject, studioMember, worker, type Answer } from "./helpers";

beforeAll(async () => {
  await env.DB.batch(seedStatements().map((s) => env.DB.prepare(s)));
});

type Cue = { start: number; end: number; text: string };
/** A subtitle file's text (strictly UTF-8). */
const text = async (res: Response) => new TextDecoder("utf-8", { fatal: true }).decode(await res.arrayBuffer());
const ms = (t: string) => {
  const [h, m, s, f] = t.split(/[:.,]/).map(Number);
  return ((h! * 60 + m!) * 60 + s!) * 1000 + f!;
};

function parseSrt(body: string): Cue[] {
  expect(body.endsWith("\r\n\r\n")).toBe(true);
  expect(body.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
  return body
    .slice(0, -4)
    .split("\r\n\r\n")
    .map((block, i) => {
      const [index, times, ...text] = block.split("\r\n");
      expect(index).toBe(String(i + 1));
      const m = /^(\d{2}:\d{2}:\d{2},\d{3}) --> (\d{2}:\d{2}:\d{2},\d{3})$/.exec(times!);
      expect(m, times).not.toBeNull();
      return { start: ms(m![1]!), end: ms(m![2]!), text: text.join("\n") };
    });
}

function parseVtt(body: string): Cue[] {
  expect(body.startsWith("WEBVTT\n\n")).toBe(true);
  expect(body).not.toContain("\r");
  return body
    .slice("WEBVTT\n\n".length)
    .trimEnd()
    .split("\n\n")
    .map((block) => {
      const [times, ...text] = block.split("\n");
      const m = /^(\d{2}:\d{2}:\d{2}\.\d{3}) --> (\d{2}:\d{2}:\d{2}\.\d{3})$/.exec(times!);
      expect(m, times).not.toBeNull();
      return { start: ms(m![1]!), end: ms(m![2]!), text: text.join("\n") };
    });
}

/**
 * Where sound is in a WAV, in ms: stretches between runs of exact silence of 5 ms or more (a tone has no such run; the
 * pauses are exact zeros). A stretch's first and last sample are faded to nothing, so its ends round to the millisecond.
 */
function soundStretches(wav: ArrayBuffer) {
  const { samples, sampleRate } = decodeWav(wav);
  const quiet = (i: number) => Math.round(samples[i]! * 32767) === 0;
  const minRun = (sampleRate * 5) / 1000;
  const out: [number, number][] = [];
  let start = -1;
  let lastSound = -1;
  for (let i = 0; i < samples.length; i++) {
    if (quiet(i)) continue;
    if (start < 0) start = i;
    else if (i - lastSound > minRun) {
      out.push([start, lastSound + 1]);
      start = i;
    }
    lastSound = i;
  }
  if (start >= 0) out.push([start, lastSound + 1]);
  const toMs = (n: number) => Math.round((n * 1000) / sampleRate);
  return { stretches: out.map(([a, b]) => [toMs(a), toMs(b)]), lengthMs: toMs(samples.length) };
}

const FIRST = "첫 문장입니다. 둘째 문장이에요.\n셋째 줄입니다.";
const SECOND = "넷째 문장입니다.[pause 1s]다섯째 [강조]문장[/강조]입니다. 끝났어요.";
/**
 * 70 ms a character. The first paragraph: 8 characters, 300 ms between sentences, 9, the line break's 500 ms, 8, and its
 * 400 ms pause (2,950 ms). The second starts there with 9 characters, the mark's 1,000 ms, 10 (the emphasis marks are
 * not spoken), 300 ms, 5, and its 250 ms pause.
 */
const EXPECTED: Cue[] = [
  { start: 0, end: 560, text: "첫 문장입니다." },
  { start: 860, end: 1_490, text: "둘째 문장이에요." },
  { start: 1_990, end: 2_550, text: "셋째 줄입니다." },
  { start: 2_950, end: 3_580, text: "넷째 문장입니다." },
  { start: 4_580, end: 5_280, text: "다섯째 문장입니다." },
  { start: 5_580, end: 5_930, text: "끝났어요." },
];

describe("subtitles of a project", () => {
  it("times SRT and WebVTT cues to each sentence of the joined WAV, to the millisecond", async () => {
    const m = await studioMember("subtitles@example.com");
    const p = await generatedProject(m, "Sub / titles", [
      [FIRST, 400],
      [SECOND, 250],
    ]);
    const wav = await m.get(`/studio/projects/${p.id}/download?format=wav`);
    const sound = soundStretches(await wav.arrayBuffer());
    expect(sound.lengthMs).toBe(5_930 + 250);
    expect(sound.stretches).toEqual(EXPECTED.map((c) => [c.start, c.end]));

    const srt = await m.get(`/studio/projects/${p.id}/download?format=srt`);
    expect(srt.status).toBe(200);
    expect(srt.headers.get("content-type")).toBe("application/x-subrip");
    expect(srt.headers.get("content-disposition")).toBe(`attachment; filename="Sub titles.srt"; filename*=UTF-8''Sub%20titles.srt`);
    expect(parseSrt(await text(srt))).toEqual(EXPECTED);

    const vtt = await m.get(`/studio/projects/${p.id}/download?format=vtt`);
    expect(vtt.headers.get("content-type")).toBe("text/vtt; charset=utf-8");
    expect(vtt.headers.get("content-disposition")).toMatch(/^attachment; filename="Sub titles\.vtt"/);
    expect(parseVtt(await text(vtt))).toEqual(EXPECTED);

    // Chosen paragraphs: the second alone starts at zero, as its joined file does.
    const second = parseSrt(await text(await m.get(`/studio/projects/${p.id}/download?format=srt&paragraphs=${p.paragraphs[1]!.id}`)));
    expect(second).toEqual(EXPECTED.slice(3).map((c) => ({ ...c, start: c.start - 2_950, end: c.end - 2_950 })));

    // With split=1, one file per paragraph, named as the audio files are, each timed to its own audio.
    const zip = await m.get(`/studio/projects/${p.id}/download?format=vtt&split=1`);
    expect(zip.headers.get("content-type")).toBe("application/zip");
    const files = unzipSync(new Uint8Array(await zip.arrayBuffer()));
    expect(Object.keys(files)).toEqual([
      "01 첫 문장입니다. 둘째 문장이에요. 셋째 줄입니다..vtt",
      "02 넷째 문장입니다.[pause 1s]다섯째 [강조]문장[.vtt",
    ]);
    expect(Object.values(files).map((f) => parseVtt(new TextDecoder().decode(f)))).toEqual([
      EXPECTED.slice(0, 3),
      EXPECTED.slice(3).map((c) => ({ ...c, start: c.start - 2_950, end: c.end - 2_950 })),
    ]);
  });

  it("falls back to one cue per paragraph for audio made before sentences were recorded", async () => {
    const m = await studioMember("subtitles-before@example.com");
    const p = await generatedProject(m, "Before", [
      [FIRST, 400],
      [SECOND, 250],
    ]);
    await env.DB.prepare("UPDATE paragraphs SET sentences = NULL WHERE id = ?").bind(p.paragraphs[0]!.id).run();
    const cues = parseSrt(await text(await m.get(`/studio/projects/${p.id}/download?format=srt`)));
    expect(cues).toEqual([{ start: 0, end: 2_550, text: "첫 문장입니다. 둘째 문장이에요. 셋째 줄입니다." }, ...EXPECTED.slice(3)]);
  });

  it("keeps a take's sentences with its audio: a paragraph that says again what a take said has its subtitles", async () => {
    const m = await studioMember("subtitles-takes@example.com");
    const p = await generatedProject(m, "Takes", [
      [FIRST, 400],
      [SECOND, 250],
    ]);
    const save = (first: string) =>
      m.call("PUT", `/projects/${p.id}/paragraphs`, {
        paragraphs: [
          { id: p.paragraphs[0]!.id, text: first, voice_id: "ko-minjun", lang: "ko", pause_ms: 400 },
          { id: p.paragraphs[1]!.id, text: SECOND, voice_id: "ko-minjun", lang: "ko", pause_ms: 250 },
        ],
      });
    await save("바뀐 문장입니다.");
    const job = (await m.call<{ job_id: string }>("POST", `/projects/${p.id}/generate`, {})).body.data.job_id;
    for (let i = 0; i < 400 && (await m.call<{ status: string }>("GET", `/jobs/${job}`)).body.data.status !== "completed"; i++)
      await new Promise((r) => setTimeout(r, 25));
    const changed = parseSrt(await text(await m.get(`/studio/projects/${p.id}/download?format=srt`)));
    // 9 characters, then its 400 ms pause.
    expect(changed[0]).toEqual({ start: 0, end: 630, text: "바뀐 문장입니다." });
    expect(changed[1]!.start).toBe(1_030);
    await save(FIRST);
    expect(parseSrt(await text(await m.get(`/studio/projects/${p.id}/download?format=srt`)))).toEqual(EXPECTED);
  });

  it("shows the words as written where the dictionary changed how they are read, and splits a long sentence", async () => {
    const m = await studioMember("subtitles-dictionary@example.com");
    expect((await m.call("POST", "/dictionary", { lang: "ko", word: "AI", reading: "에이아이" })).body.success).toBe(true);
    const long =
      "이것은 자막 한 줄에 다 들어가지 않을 만큼 아주 길게 이어지는 문장이라서 여러 줄로 나뉘어야 하고 두 줄을 넘으면 다음 자막으로 이어지는 긴 문장입니다.";
    const p = await generatedProject(m, "AI", [[`AI 문장입니다. ${long}`, 300]]);
    const cues = parseVtt(await text(await m.get(`/studio/projects/${p.id}/download?format=vtt`)));
    // "에이아이 문장입니다." is spoken (11 characters); the subtitle says what was written.
    expect(cues[0]).toEqual({ start: 0, end: 770, text: "AI 문장입니다." });
    // The long sentence (86 characters, three lines) as a cue of two lines and one of one, one after the other, within
    // its time.
    const start = 770 + 300;
    const end = start + [...long].length * 70;
    expect(cues.slice(1).map((c) => c.text.split("\n").length)).toEqual([2, 1]);
    expect(cues.slice(1).every((c) => c.text.split("\n").every((line) => [...line].length <= 42))).toBe(true);
    expect(
      cues
        .slice(1)
        .map((c) => c.text.replace(/\n/g, " "))
        .join(" "),
    ).toBe(long);
    expect([cues[1]!.start, cues[1]!.end === cues[2]!.start, cues[2]!.end]).toEqual([start, true, end]);
  });

  it("refuses as the audio download does: not ready, another member's project, a visitor", async () => {
    const m = await studioMember("subtitles-owner@example.com");
    const p = await generatedProject(m, "Mine", [["하나입니다.", 250]]);
    await m.call("PUT", `/projects/${p.id}/paragraphs`, {
      paragraphs: [{ id: p.paragraphs[0]!.id, text: "바뀐 하나입니다.", voice_id: "ko-minjun", lang: "ko", pause_ms: 250 }],
    });
    const stale = await m.get(`/studio/projects/${p.id}/download?format=srt`);
    expect([stale.status, ((await stale.json()) as Answer).code]).toEqual([409, Code.AUDIO_NOT_READY]);

    const other = await studioMember("subtitles-intruder@example.com");
    for (const format of ["srt", "vtt"]) {
      const theirs = await other.get(`/studio/projects/${p.id}/download?format=${format}`);
      expect([theirs.status, ((await theirs.json()) as Answer).code]).toEqual([404, Code.NOT_FOUND]);
      expect((await other.get(`/studio/projects/${p.id}/download?format=${format}&split=1`)).status).toBe(404);
      const visitor = await worker.fetch(`http://localhost/api/v1/studio/projects/${p.id}/download?format=${format}`);
      expect([visitor.status, ((await visitor.json()) as Answer).code]).toEqual([401, Code.LOGIN_REQUIRED]);
    }
  });
});
