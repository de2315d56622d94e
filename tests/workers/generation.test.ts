import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { seedStatements } from "#db/seed";
import { Code } from "../../workers/api/src/lib/codes";
import { decodeWav } from "../../workers/api/src/speech/wav";
import { studioMember, worker, type StudioMember } from "./helpers";

beforeAll(async () => {
  await env.DB.batch(seedStatements().map((s) => env.DB.prepare(s)));
});

type Paragraph = { id: string; text: string; audioURL: string | null; duration_ms: number | null };
type State = {
  status: string;
  total: number;
  done: number;
  failed: number;
  items: { paragraphId: string; status: string; error?: string }[];
};

async function project(call: StudioMember["call"], texts: string[]) {
  const id = (await call<{ id: string }>("POST", "/projects", {})).body.data.id;
  const first = (await call<{ paragraphs: Paragraph[] }>("GET", `/projects/${id}`)).body.data.paragraphs[0]!;
  const saved = await call<{ paragraphs: Paragraph[] }>("PUT", `/projects/${id}/paragraphs`, {
    paragraphs: texts.map((text, i) => ({
      ...(i === 0 ? { id: first.id } : {}),
      text,
      voice_id: i % 2 ? "en-emma" : "ko-minjun",
      lang: i % 2 ? "en" : "ko",
      pause_ms: 400,
    })),
  });
  return { id, paragraphs: saved.body.data.paragraphs };
}

/** Reads the job's server-sent events until it ends; answers every state in order. */
async function follow(token: string, jobId: string) {
  const res = await worker.fetch(`http://localhost/api/v1/studio/jobs/${jobId}/events`, { headers: { "api-key": token } });
  expect(res.headers.get("content-type")).toBe("text/event-stream");
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  const states: State[] = [];
  let buffer = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    let at: number;
    while ((at = buffer.indexOf("\n\n")) >= 0) {
      states.push(JSON.parse(buffer.slice(0, at).replace(/^data: /, "")) as State);
      buffer = buffer.slice(at + 2);
    }
    if (states.at(-1)?.status === "completed") break;
  }
  return states;
}

describe("project generation jobs", () => {
  it("generates sentence by sentence, streams progress in order, and keeps going past a failed sentence", async () => {
    const m = await studioMember("generator@example.com");
    const p = await project(m.call, ["첫 문장입니다.", "This one FAILs.", "셋째 문장입니다."]);
    const started = await m.call<{ job_id: string; total: number }>("POST", `/projects/${p.id}/generate`, {});
    expect(started.body.data.total).toBe(3);
    const states = await follow(m.token, started.body.data.job_id);
    const last = states.at(-1)!;
    expect(last).toMatchObject({ status: "completed", total: 3, done: 2, failed: 1 });
    expect(last.items.map((i) => i.status)).toEqual(["done", "failed", "done"]);
    expect(last.items[1]!.error).toBe("The speech could not be generated. Your characters were not used. Please try again shortly.");
    // Progress only moves forward.
    const dones = states.map((s) => s.done ?? 0);
    expect(dones).toEqual([...dones].sort((a, b) => a - b));
    expect(states.some((s) => s.status === "generating")).toBe(true);
    // The generated sentences have audio; the failed one has none and cost nothing.
    const after = (await m.call<{ paragraphs: Paragraph[] }>("GET", `/projects/${p.id}`)).body.data.paragraphs;
    expect(after.map((x) => !!x.audioURL)).toEqual([true, false, true]);
    const audio = await worker.fetch(`http://localhost${after[0]!.audioURL}`, { headers: { "api-key": m.token } });
    const wav = decodeWav(await audio.arrayBuffer());
    // 8 characters at 70 ms plus the 400 ms pause after the paragraph.
    expect(Math.abs((wav.samples.length / wav.sampleRate) * 1000 - (8 * 70 + 400))).toBeLessThan(10);
    const used = await env.DB.prepare("SELECT used_chars AS n FROM members WHERE email = 'generator@example.com'").first<{ n: number }>();
    expect(used!.n).toBe(8 + 9);
    const job = await m.call<State>("GET", `/jobs/${started.body.data.job_id}`);
    expect(job.body.data.status).toBe("completed");
  });

  it("regenerates only what changed (unchanged sentences keep their audio and cost nothing)", async () => {
    const m = await studioMember("regenerator@example.com");
    const p = await project(m.call, ["하나입니다.", "Two is here."]);
    await follow(m.token, (await m.call<{ job_id: string }>("POST", `/projects/${p.id}/generate`, {})).body.data.job_id);
    const again = await m.call<{ job_id: string | null; total: number }>("POST", `/projects/${p.id}/generate`, {});
    expect(again.body.data).toEqual({ job_id: null, total: 0 });
    const before = (await m.call<{ paragraphs: Paragraph[] }>("GET", `/projects/${p.id}`)).body.data.paragraphs;
    await m.call("PUT", `/projects/${p.id}/paragraphs`, {
      paragraphs: [
        { id: before[0]!.id, text: "하나입니다.", voice_id: "ko-minjun", lang: "ko", pause_ms: 400 },
        { id: before[1]!.id, text: "Two has changed.", voice_id: "en-emma", lang: "en", pause_ms: 400 },
      ],
    });
    const changed = await m.call<{ job_id: string; total: number }>("POST", `/projects/${p.id}/generate`, {});
    expect(changed.body.data.total).toBe(1);
    const last = (await follow(m.token, changed.body.data.job_id)).at(-1)!;
    expect(last.items.map((i) => i.paragraphId)).toEqual([before[1]!.id]);
    const used = await env.DB.prepare("SELECT used_chars AS n FROM members WHERE email = 'regenerator@example.com'").first<{ n: number }>();
    expect(used!.n).toBe(6 + 12 + 16);
  });

  it("a paragraph with nothing to read (emoji, a pause) is not generated, as an empty one: no job that fails for it", async () => {
    const m = await studioMember("emoji-only@example.com");
    const p = await project(m.call, ["안녕하세요.", "🎉🎉", "…"]);
    const all = await m.call<{ job_id: string; total: number }>("POST", `/projects/${p.id}/generate`, {});
    expect(all.body.data.total).toBe(1);
    const last = (await follow(m.token, all.body.data.job_id)).at(-1)!;
    expect(last).toMatchObject({ status: "completed", done: 1, failed: 0 });
    expect(last.items.map((i) => i.paragraphId)).toEqual([p.paragraphs[0]!.id]);
    const emoji = await m.call("POST", `/projects/${p.id}/generate`, { paragraph_ids: [p.paragraphs[1]!.id] });
    expect(emoji.body.data).toEqual({ job_id: null, total: 0 });
  });

  it("refuses a project longer than the remaining characters before starting, and other members' projects and jobs", async () => {
    const m = await studioMember("short-job@example.com");
    const p = await project(m.call, ["가".repeat(300), "나".repeat(300)]);
    await env.DB.prepare("UPDATE members SET used_chars = 9500, usage_period_end = ? WHERE email = 'short-job@example.com'")
      .bind(Date.now() + 86_400_000)
      .run();
    const refused = await m.call("POST", `/projects/${p.id}/generate`, {});
    expect(refused.status).toBe(402);
    expect(refused.body).toMatchObject({ code: Code.CHARS_SHORT, message: expect.stringContaining("500") });
    // One paragraph fits.
    const one = await m.call<{ job_id: string; total: number }>("POST", `/projects/${p.id}/generate`, {
      paragraph_ids: [p.paragraphs[1]!.id],
    });
    expect(one.body.data.total).toBe(1);
    await follow(m.token, one.body.data.job_id);

    const intruder = await studioMember("job-intruder@example.com");
    expect((await intruder.call("POST", `/projects/${p.id}/generate`, {})).status).toBe(404);
    expect((await intruder.call("GET", `/jobs/${one.body.data.job_id}`)).status).toBe(404);
    expect((await intruder.call("GET", `/jobs/${one.body.data.job_id}/events`)).status).toBe(404);
    expect((await intruder.call("GET", `/paragraphs/${p.paragraphs[1]!.id}/audio`)).status).toBe(404);
    expect((await m.call("GET", `/jobs/not-a-job`)).status).toBe(404);
  });
});

describe("sentences heard before their paragraph is done", () => {
  type Item = State["items"][number] & { parts?: number };
  it("publishes each sentence as it is made; the parts in order are the paragraph's audio; only to the job's owner", async () => {
    const m = await studioMember(`parts-${crypto.randomUUID().slice(0, 6)}@example.com`);
    // Eight sentences: enough that the progress stream, opened right after the start, sees the paragraph half made even
    // on a loaded machine (with three it could open after the last).
    const SENTENCES = 8;
    const p = await project(m.call, [
      "첫 번째 문장입니다. 두 번째 문장이에요! 세 번째는 질문일까요? 네 번째 문장. 다섯 번째 문장. 여섯 번째 문장. 일곱 번째 문장. 여덟 번째 문장.",
    ]);
    const started = await m.call<{ job_id: string }>("POST", `/projects/${p.id}/generate`, {});
    const jobId = started.body.data.job_id;
    const states = await follow(m.token, jobId);
    const item = (s: State) => s.items?.[0] as Item | undefined;
    // Sentences were published while the paragraph was still being made (the stream may open after the first).
    const early = states.filter((s) => item(s)?.status === "generating").map((s) => item(s)!.parts ?? 0);
    expect(early.some((n) => n >= 1 && n < SENTENCES)).toBe(true);
    // The sentences, then the paragraph's own pause (400 ms) as the last part.
    expect(item(states.at(-1)!)).toMatchObject({ status: "done", parts: SENTENCES + 1 });

    const part = (i: number, token: string | null) =>
      worker.fetch(`http://localhost/api/v1/studio/jobs/${jobId}/parts/${p.paragraphs[0]!.id}/${i}`, {
        headers: token ? { "api-key": token } : {},
      });
    const pcm = async (res: Response) => decodeWav(await res.arrayBuffer()).samples;
    const parts: Float32Array[] = [];
    for (let i = 0; i <= SENTENCES; i++) {
      const res = await part(i, m.token);
      expect([res.status, res.headers.get("content-type"), res.headers.get("cache-control")]).toEqual([
        200,
        "audio/wav",
        "private, no-store",
      ]);
      parts.push(await pcm(res));
    }
    expect((await part(SENTENCES + 1, m.token)).status).toBe(404);
    expect(parts[SENTENCES]!.length).toBe(0.4 * 24_000);
    // Each later part starts with the pause between sentences (300 ms at 24 kHz, silent).
    expect(parts[1]!.slice(0, 7000).every((x) => x === 0)).toBe(true);
    const after = (await m.call<{ paragraphs: Paragraph[] }>("GET", `/projects/${p.id}`)).body.data.paragraphs;
    const whole = await pcm(await worker.fetch(`http://localhost${after[0]!.audioURL}`, { headers: { "api-key": m.token } }));
    const joined = new Float32Array(parts.reduce((n, x) => n + x.length, 0));
    parts.reduce((at, x) => (joined.set(x, at), at + x.length), 0);
    expect(joined.length).toBe(whole.length);
    expect(joined.every((x, i) => x === whole[i])).toBe(true);

    // Another member and a visitor hear nothing of it.
    const other = await studioMember(`parts-other-${crypto.randomUUID().slice(0, 6)}@example.com`);
    expect((await part(0, other.token)).status).toBe(404);
    expect([401, 404]).toContain((await part(0, null)).status);
  });
});
