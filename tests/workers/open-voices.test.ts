// Open voice registration through the api (routes/open-voices.ts, domain/open-voices.ts; docs/decisions/0029):
// step 2's draft (the recording checked, kept and made into a voice by the engine's creation call, here Xinference's
// stand-in: a reference clip and its transcript), its preview, step 3's publication with tags, name, intro and image, deletion by the
// creator with projects that used the voice, IDOR (owner, another member, visitor) and rate limits.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { seedStatements } from "#db/seed";
import { medianF0 } from "../../workers/api/src/engine/convert";
import { Code } from "../../workers/api/src/lib/codes";
import { imageInfo } from "../../workers/api/src/lib/image";
import { EngineError } from "../../workers/api/src/speech/types";
import { XinferenceEngine, xinferenceConfig } from "../../workers/api/src/speech/xinference";
import { decodeWav } from "../../workers/api/src/speech/wav";
import { drizzle } from "drizzle-orm/d1";
import * as schema from "#db/schema";
import { expireDrafts } from "../../workers/api/src/domain/open-voices";
import { signedUp, worker, type Answer } from "./helpers";
import { jpeg, png, pngHeader, webp } from "./images";
import { voice, wavOf } from "./voice-recordings";

beforeAll(async () => {
  await env.DB.batch(seedStatements().map((s) => env.DB.prepare(s)));
});

type Init = { method?: string; form?: FormData; body?: unknown; lang?: string; headers?: Record<string, string> };
async function call(token: string | null, path: string, init: Init = {}) {
  return worker.fetch(`http://localhost/api/v1${path}`, {
    method: init.method ?? (init.form || init.body ? "POST" : "GET"),
    headers: {
      lang: init.lang ?? "en",
      ...(token ? { "api-key": token } : {}),
      ...(init.body ? { "content-type": "application/json" } : {}),
      ...init.headers,
    },
    body: init.form ?? (init.body ? JSON.stringify(init.body) : undefined),
  });
}
const json = async (res: Response) => ({ status: res.status, ...(await res.json<Answer>()) });

function formOf(fields: Record<string, string | string[]>, files: Record<string, Uint8Array> = {}) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) for (const item of Array.isArray(v) ? v : [v]) form.append(k, item);
  for (const [k, bytes] of Object.entries(files)) form.set(k, new File([bytes as Uint8Array<ArrayBuffer>], `${k}.bin`));
  return form;
}

const RECORDING = () => wavOf(voice(8, 150));
type Draft = {
  draft_id: string;
  facts: { duration: number; speakers: number };
  previewURL: string;
  audioURL: string;
  profile: Record<string, unknown>;
};

async function makeDraft(token: string, fields: Record<string, string> = { lang: "ko", gender: "female" }, file = RECORDING()) {
  return json(await call(token, "/voices/open/drafts", { form: formOf(fields, { file }) }));
}

const FIELDS = {
  tone: "medium",
  gender: "female",
  age: "young",
  features: ["calm", "warm"],
  categories: ["narration", "audiobook"],
  name: "봄날의 라디오 DJ 목소리",
  intro: "따뜻한 아침 인사",
};

async function publish(token: string, draftId: string, more: Record<string, string | string[]> = {}, image?: Uint8Array) {
  return json(await call(token, "/voices/open", { form: formOf({ ...FIELDS, draft_id: draftId, ...more }, image ? { image } : {}) }));
}

const memberId = async (email: string) =>
  (await env.DB.prepare("SELECT id FROM members WHERE email = ?").bind(email).first<{ id: string }>())!.id;

describe("step 2: a draft (POST /voices/open/drafts)", () => {
  it("checks the recording, keeps it, makes the voice through the engine's creation call, and previews it in that voice", async () => {
    const s = await signedUp("ov-draft@example.com");
    const r = await makeDraft(s.token!);
    expect(r.success, r.message).toBe(true);
    const d = r.data as unknown as Draft;
    expect(d.facts.duration).toBeCloseTo(8, 1);
    expect(d.facts.speakers).toBe(1);
    // A cloned voice: a 5-15 s reference clip of the recording, kept in R2, and its transcript (the stand-in's words).
    const engine = (await env.DB.prepare("SELECT engine FROM voice_drafts WHERE id = ?").bind(d.draft_id).first<{ engine: string }>())!;
    const params = JSON.parse(engine.engine) as { prompt: { key: string; text: string }; segment: { start: number; end: number } };
    expect(params.prompt.key).toBe(`voices/prompts/${await memberId("ov-draft@example.com")}/${d.draft_id}.wav`);
    expect(params.prompt.text).toMatch(/^음성( 음성)*$/);
    expect(params.segment.end - params.segment.start).toBeGreaterThanOrEqual(5);
    expect(params.segment.end - params.segment.start).toBeLessThanOrEqual(15);
    const clip = decodeWav(await (await env.MEDIA.get(params.prompt.key))!.arrayBuffer());
    expect(clip.samples.length / clip.sampleRate).toBeCloseTo(params.segment.end - params.segment.start, 1);
    expect((d.profile.recording as { f0: number }).f0).toBeGreaterThan(140);
    // The preview is spoken by the created voice (the stand-in speaks at the F0 it was given).
    const preview = await call(s.token!, d.previewURL.replace("/api/v1", ""));
    expect(preview.status).toBe(200);
    expect(preview.headers.get("content-type")).toBe("audio/wav");
    const audio = decodeWav(await preview.arrayBuffer());
    // The stand-in's cloned voice speaks at the F0 it measures on the clip: the recording's register, not a preset's 150 Hz.
    const f0 = (d.profile.recording as { f0: number }).f0;
    expect(Math.abs(12 * Math.log2(medianF0(audio.samples, audio.sampleRate)! / f0))).toBeLessThan(2);
    // Asked again: the same kept file. MP3 too.
    expect((await call(s.token!, d.previewURL.replace("/api/v1", "") + "?format=mp3")).headers.get("content-type")).toBe("audio/mpeg");
    const kept = await call(s.token!, d.audioURL.replace("/api/v1", ""));
    expect(kept.status).toBe(200);
    expect(decodeWav(await kept.arrayBuffer()).sampleRate).toBe(24_000);
  });

  it("a failed rule answers its code and facts, and stores nothing", async () => {
    const email = "ov-draft-fail@example.com";
    const s = await signedUp(email);
    const r = await makeDraft(s.token!, undefined, wavOf(voice(3)));
    expect(r.code).toBe(Code.RECORDING_TOO_SHORT);
    expect((r.data as { facts: { duration: number } }).facts.duration).toBeCloseTo(3, 1);
    expect((await env.MEDIA.list({ prefix: `voices/recordings/${await memberId(email)}/` })).objects).toHaveLength(0);
    const n = await env.DB.prepare("SELECT COUNT(*) AS n FROM voice_drafts WHERE member_id = ?")
      .bind(await memberId(email))
      .first<{ n: number }>();
    expect(n!.n).toBe(0);
    // Fields are checked too (language and gender of the voice).
    const bad = await makeDraft(s.token!, { lang: "fr", gender: "female" });
    expect([bad.status, bad.code]).toEqual([400, Code.BAD_REQUEST]);
  });

  it("another part of the recording: the next candidate clip replaces the first, with a fresh preview; owner only", async () => {
    const email = "ov-segment@example.com";
    const s = await signedUp(email);
    const other = await signedUp("ov-segment-other@example.com");
    const d = (await makeDraft(s.token!, undefined, wavOf(voice(30, 150)))).data as unknown as Draft & {
      segment: { start: number; end: number; index: number; choices: number };
    };
    expect(d.segment).toMatchObject({ index: 0 });
    expect(d.segment.choices).toBeGreaterThanOrEqual(2);
    const key = `voices/prompts/${await memberId(email)}/${d.draft_id}.wav`;
    const firstClip = new Uint8Array(await (await env.MEDIA.get(key))!.arrayBuffer());
    expect((await call(s.token!, d.previewURL.replace("/api/v1", ""))).status).toBe(200);
    // Another member and a visitor cannot touch it.
    expect((await json(await call(other.token!, `/voices/open/drafts/${d.draft_id}/segment`, { method: "POST" }))).status).toBe(404);
    expect((await json(await call(null, `/voices/open/drafts/${d.draft_id}/segment`, { method: "POST" }))).code).toBe(Code.LOGIN_REQUIRED);
    const next = await json(await call(s.token!, `/voices/open/drafts/${d.draft_id}/segment`, { method: "POST" }));
    expect(next.success, next.message).toBe(true);
    const n = next.data as unknown as typeof d;
    expect(n.segment).toMatchObject({ index: 1, choices: d.segment.choices });
    expect(n.segment.start === d.segment.start && n.segment.end === d.segment.end).toBe(false);
    // The new clip is under a new key (the draft kept clip and transcript together until the swap); the old one is gone,
    // and so is the old preview: a new one is spoken on the next listen.
    const params = async () =>
      JSON.parse(
        (await env.DB.prepare("SELECT engine FROM voice_drafts WHERE id = ?").bind(d.draft_id).first<{ engine: string }>())!.engine,
      ) as {
        prompt: { key: string; text: string };
      };
    const swapped = (await params()).prompt.key;
    expect(swapped).toMatch(new RegExp(`^voices/prompts/${await memberId(email)}/${d.draft_id}-\\w+\\.wav$`));
    expect(await env.MEDIA.head(key)).toBeNull();
    const secondClip = new Uint8Array(await (await env.MEDIA.get(swapped))!.arrayBuffer());
    expect(secondClip.length === firstClip.length && secondClip.every((b, i) => b === firstClip[i])).toBe(false);
    const row = (await env.DB.prepare("SELECT preview_key AS previewKey FROM voice_drafts WHERE id = ?")
      .bind(d.draft_id)
      .first<{ previewKey: string | null }>())!;
    expect(row.previewKey).toBeNull();
    const preview = await call(s.token!, n.previewURL.replace("/api/v1", ""));
    expect(preview.headers.get("cache-control")).toBe("private, no-cache");
    expect(preview.status).toBe(200);
    expect(
      (await env.DB.prepare("SELECT preview_key AS previewKey FROM voice_drafts WHERE id = ?")
        .bind(d.draft_id)
        .first<{ previewKey: string | null }>())!.previewKey,
    ).not.toBeNull();
    // Past the last candidate it comes back to the first.
    let last = n;
    for (let i = 1; i < d.segment.choices; i++)
      last = (await json(await call(s.token!, `/voices/open/drafts/${d.draft_id}/segment`, { method: "POST" })))
        .data as unknown as typeof d;
    expect(last.segment.index).toBe(0);
    // A recording with one stretch only: 4670 in the asked language.
    const short = (await makeDraft(s.token!)).data as unknown as Draft;
    const none = await json(await call(s.token!, `/voices/open/drafts/${short.draft_id}/segment`, { method: "POST", lang: "ko" }));
    expect([none.status, none.code, none.message]).toEqual([
      409,
      Code.NO_OTHER_SEGMENT,
      "이 녹음에서는 다른 구간을 고를 수 없어요. 더 긴 녹음을 올려 보세요.",
    ]);
  });

  it("the engine refuses to make a voice without a place for its clip, or when the server refuses it", async () => {
    const request = {
      recordings: [{ samples: voice(6), sampleRate: 24_000 }],
      lang: "ko" as const,
      gender: "male" as const,
      profile: { f0: 150, f0Range: 3, formants: null, tilt: null, rate: null },
    };
    const fallback = { synthesize: () => Promise.reject(new Error("unused")), convert: () => Promise.reject(new Error("unused")) };
    const engine = (key: string) => new XinferenceEngine({ ...xinferenceConfig(env), apiKey: key }, env.MEDIA, fallback);
    await expect(engine("xinference-test-key").createVoice(request)).rejects.toBeInstanceOf(EngineError);
    await expect(engine("wrong-key").createVoice({ ...request, promptKey: "voices/prompts/t/refused.wav" })).rejects.toThrow(
      /401: Could not validate credentials/,
    );
    expect(await env.MEDIA.head("voices/prompts/t/refused.wav")).toBeNull();
    const made = await engine("xinference-test-key").createVoice({ ...request, promptKey: "voices/prompts/t/made.wav" });
    expect(made.params.prompt).toEqual({ key: "voices/prompts/t/made.wav", text: expect.stringMatching(/^음성/) });
    expect(await env.MEDIA.head("voices/prompts/t/made.wav")).not.toBeNull();
  });

  it("drafts and their audio are the member's own: another member gets 404, a visitor 8000", async () => {
    const owner = await signedUp("ov-draft-owner@example.com");
    const other = await signedUp("ov-draft-other@example.com");
    const d = (await makeDraft(owner.token!)).data as unknown as Draft;
    for (const path of [
      `/voices/open/drafts/${d.draft_id}`,
      `/voices/open/drafts/${d.draft_id}/audio`,
      `/voices/open/drafts/${d.draft_id}/preview`,
    ]) {
      expect((await call(owner.token!, path)).status, path).toBe(200);
      const theirs = await json(await call(other.token!, path));
      expect([theirs.status, theirs.code], path).toEqual([404, Code.NOT_FOUND]);
      expect((await json(await call(null, path))).code, path).toBe(Code.LOGIN_REQUIRED);
    }
    // Publishing another member's draft is 404 too, and leaves it in place.
    expect((await publish(other.token!, d.draft_id)).code).toBe(Code.NOT_FOUND);
    expect((await call(owner.token!, `/voices/open/drafts/${d.draft_id}`)).status).toBe(200);
  });

  it("an expired draft answers 4438 and is released with its files", async () => {
    const email = "ov-draft-expired@example.com";
    const s = await signedUp(email);
    const d = (await makeDraft(s.token!)).data as unknown as Draft;
    await env.DB.prepare("UPDATE voice_drafts SET expires_at = 1 WHERE id = ?").bind(d.draft_id).run();
    const r = await publish(s.token!, d.draft_id);
    expect([r.status, r.code]).toEqual([410, Code.DRAFT_EXPIRED]);
    expect((await env.MEDIA.list({ prefix: `voices/recordings/${await memberId(email)}/` })).objects).toHaveLength(0);
  });

  it("a visitor cannot make one (8000); the daily clean-up releases expired drafts with their files", async () => {
    expect((await makeDraft("")).code).toBe(Code.LOGIN_REQUIRED);
    const email = "ov-draft-cron@example.com";
    const s = await signedUp(email);
    const d = (await makeDraft(s.token!)).data as unknown as Draft;
    expect((await call(s.token!, d.previewURL.replace("/api/v1", ""))).status).toBe(200);
    const kept = (await makeDraft(s.token!)).data as unknown as Draft;
    await env.DB.prepare("UPDATE voice_drafts SET expires_at = ? WHERE id = ?")
      .bind(Date.now() - 1, d.draft_id)
      .run();
    const db = drizzle(env.DB, { schema });
    expect(await expireDrafts({ env, db })).toBeGreaterThanOrEqual(1);
    const id = await memberId(email);
    expect((await env.MEDIA.list({ prefix: `voices/recordings/${id}/` })).objects.map((o) => o.key)).toEqual([
      `voices/recordings/${id}/${kept.draft_id}.wav`,
    ]);
    expect((await env.MEDIA.list({ prefix: `voices/previews/${id}/` })).objects).toHaveLength(0);
  });

  it("is rate limited (20 drafts an hour)", async () => {
    const s = await signedUp("ov-draft-limit@example.com");
    const junk = new TextEncoder().encode("junk");
    for (let i = 0; i < 20; i++) expect((await makeDraft(s.token!, undefined, junk)).code).toBe(Code.AUDIO_NOT_AUDIO);
    expect((await makeDraft(s.token!, undefined, junk)).code).toBe(Code.RATE_LIMITED);
  });
});

describe("step 3: publish (POST /voices/open)", () => {
  it("creates a public open voice from the three steps' fields; the draft is consumed", async () => {
    const email = "ov-publish@example.com";
    const s = await signedUp(email);
    const d = (await makeDraft(s.token!)).data as unknown as Draft;
    const r = await publish(s.token!, d.draft_id);
    expect(r.success, r.message).toBe(true);
    const v = r.data as { id: string; type: string; name: string; pr: string; profileImageURL: string; audioURL: string };
    expect(v.type).toBe("open");
    expect(v.name).toBe(FIELDS.name);
    const row = (await env.DB.prepare("SELECT * FROM voices WHERE id = ?").bind(v.id).first<Record<string, string>>())! as Record<
      string,
      string
    >;
    expect(row.owner_id).toBe(await memberId(email));
    expect([row.type, row.lang, row.tone, row.gender, row.age]).toEqual(["open", "ko", "medium", "female", "young"]);
    expect(JSON.parse(row.features!)).toEqual(["calm", "warm"]);
    expect(JSON.parse(row.categories!)).toEqual(["narration", "audiobook"]);
    // The draft's reference clip goes on with the voice.
    expect(JSON.parse(row.engine!).prompt.key).toBe(`voices/prompts/${await memberId(email)}/${d.draft_id}.wav`);
    expect(JSON.parse(row.profile!).facts.speakers).toBe(1);
    expect(row.source_key).toMatch(/^voices\/recordings\//);
    expect(await env.MEDIA.head(row.source_key!)).not.toBeNull();
    // The draft is gone: a second publish finds nothing.
    expect((await publish(s.token!, d.draft_id)).code).toBe(Code.NOT_FOUND);
    // Without an image, the generated one answers.
    const image = await call(s.token!, v.profileImageURL.replace("/api/v1", ""));
    expect(image.headers.get("content-type")).toContain("image/svg+xml");
    // Free for every member: another member speaks with it.
    const other = await signedUp("ov-publish-user@example.com");
    const tts = await json(
      await call(other.token!, "/studio/tts", {
        body: { text: "안녕하세요.", voice_id: v.id, lang: "ko", style: "neutral", pitch: 0, tempo: 1 },
      }),
    );
    expect(tts.success, tts.message).toBe(true);
  });

  it("checks every field: two moods exactly, categories, name at most 14 characters with spaces, intro at most 10", async () => {
    const s = await signedUp("ov-publish-fields@example.com");
    const d = (await makeDraft(s.token!)).data as unknown as Draft;
    const refused: Record<string, string | string[]>[] = [
      { features: ["calm"] },
      { features: ["calm", "warm", "soft"] },
      { features: ["calm", "calm"] },
      { features: "calm,unknown" },
      { categories: [] },
      { tone: "loud" },
      { age: "ancient" },
      { name: "열다섯 글자가 되는 이름입니다" },
      { name: "A name that is too long" },
      { name: "" },
      { name: "bad\u202ename" },
      { intro: "열한 글자 소개 문장요!" },
    ];
    for (const more of refused) {
      const r = await publish(s.token!, d.draft_id, more);
      expect([r.status, r.code], JSON.stringify(more)).toEqual([400, Code.BAD_REQUEST]);
      expect((r.data as { issues: unknown[] }).issues.length).toBeGreaterThan(0);
    }
    // Exactly 14 with spaces, 10 for the intro, moods comma-joined: accepted.
    const ok = await publish(s.token!, d.draft_id, {
      name: "가나다 라마바 사아자 차카",
      intro: "한 줄 소개 열글자",
      features: "bright,soft",
    });
    expect(ok.success, ok.message).toBe(true);
  });

  it("a profile image is checked by content (PNG, JPEG, WebP at 240x240) and served", async () => {
    const s = await signedUp("ov-publish-image@example.com");
    for (const [kind, bytes] of [
      ["image/png", png(240, 240)],
      ["image/jpeg", jpeg(240, 240)],
      ["image/webp", webp(240)],
    ] as const) {
      expect(imageInfo(bytes)).toEqual({ type: kind, width: 240, height: 240 });
      const d = (await makeDraft(s.token!)).data as unknown as Draft;
      const r = await publish(s.token!, d.draft_id, {}, bytes);
      expect(r.success, `${kind}: ${r.message}`).toBe(true);
      const id = (r.data as { id: string }).id;
      const served = await call(null, `/voices/${id}/image`);
      expect(served.headers.get("content-type")).toBe(kind);
      expect(new Uint8Array(await served.arrayBuffer())).toEqual(bytes);
    }
    const d = (await makeDraft(s.token!)).data as unknown as Draft;
    const wrongSize = await publish(s.token!, d.draft_id, {}, png(512, 300));
    expect([wrongSize.status, wrongSize.code]).toEqual([400, Code.IMAGE_SIZE]);
    expect(wrongSize.message).toContain("512x300");
    expect((await publish(s.token!, d.draft_id, {}, jpeg(240, 200))).code).toBe(Code.IMAGE_SIZE);
    const gif = new TextEncoder().encode("GIF89a" + "\0".repeat(40));
    expect((await publish(s.token!, d.draft_id, {}, gif)).code).toBe(Code.IMAGE_INVALID);
    expect((await publish(s.token!, d.draft_id, {}, new TextEncoder().encode("<svg></svg>"))).code).toBe(Code.IMAGE_INVALID);
    // A refused image leaves the draft for another try.
    expect((await publish(s.token!, d.draft_id)).success).toBe(true);
    // An image of a hidden voice is its creator's only; of a deleted voice, nobody's (the generated one answers 404 then).
    const hidden = (await makeDraft(s.token!)).data as unknown as Draft;
    const hiddenId = ((await publish(s.token!, hidden.draft_id, {}, png(240, 240))).data as { id: string }).id;
    await env.DB.prepare("UPDATE voices SET hidden_at = ?, hidden_reason = 'test' WHERE id = ?").bind(Date.now(), hiddenId).run();
    expect((await call(s.token!, `/voices/${hiddenId}/image`)).headers.get("content-type")).toBe("image/png");
    expect((await call(null, `/voices/${hiddenId}/image`)).status).toBe(404);
  });

  it("a profile image must decode whole: a header alone or a file cut short is refused", async () => {
    const s = await signedUp("ov-publish-image-whole@example.com");
    const d = (await makeDraft(s.token!)).data as unknown as Draft;
    const whole = { png: png(240, 240), jpeg: jpeg(240, 240), webp: webp(240, "lossy") };
    const refused = {
      "a PNG header of 240x240 and nothing else": pngHeader(240, 240),
      "a PNG cut in half": whole.png.subarray(0, whole.png.length / 2),
      "a JPEG cut in half": whole.jpeg.subarray(0, whole.jpeg.length / 2),
      "a WebP cut in half": whole.webp.subarray(0, whole.webp.length / 2),
    };
    for (const [name, bytes] of Object.entries(refused)) {
      const r = await publish(s.token!, d.draft_id, {}, bytes);
      expect([r.status, r.code], name).toEqual([415, Code.IMAGE_INVALID]);
    }
    expect((await publish(s.token!, d.draft_id, {}, whole.webp)).success).toBe(true);
  });

  it("needs a login, and is rate limited (10 in 6 hours)", async () => {
    expect((await publish("", "whatever")).code).toBe(Code.LOGIN_REQUIRED);
    const s = await signedUp("ov-publish-limit@example.com");
    for (let i = 0; i < 10; i++) expect((await publish(s.token!, `missing-${i}`)).code).toBe(Code.NOT_FOUND);
    expect((await publish(s.token!, "missing-10")).code).toBe(Code.RATE_LIMITED);
  });
});

describe("DELETE /voices/:id", () => {
  it("the creator only: another member and a basic voice's id get 404, a visitor 8000; deleted twice is 404", async () => {
    const owner = await signedUp("ov-delete-owner@example.com");
    const other = await signedUp("ov-delete-other@example.com");
    const d = (await makeDraft(owner.token!)).data as unknown as Draft;
    const id = ((await publish(owner.token!, d.draft_id, {}, png(240, 240))).data as { id: string }).id;
    const row = (await env.DB.prepare("SELECT source_key, image_key FROM voices WHERE id = ?").bind(id).first<Record<string, string>>())!;
    expect((await json(await call(other.token!, `/voices/${id}`, { method: "DELETE" }))).code).toBe(Code.NOT_FOUND);
    expect((await json(await call(null, `/voices/${id}`, { method: "DELETE" }))).code).toBe(Code.LOGIN_REQUIRED);
    expect((await json(await call(owner.token!, `/voices/ko-seoyeon`, { method: "DELETE" }))).code).toBe(Code.NOT_FOUND);
    expect(
      (await env.DB.prepare("SELECT deleted_at FROM voices WHERE id = ?").bind(id).first<{ deleted_at: number | null }>())!.deleted_at,
    ).toBeNull();
    const gone = await json(await call(owner.token!, `/voices/${id}`, { method: "DELETE" }));
    expect(gone.success).toBe(true);
    expect(
      (await env.DB.prepare("SELECT deleted_at FROM voices WHERE id = ?").bind(id).first<{ deleted_at: number }>())!.deleted_at,
    ).toBeGreaterThan(0);
    // Its recording and image are deleted with it.
    expect(await env.MEDIA.head(row.source_key!)).toBeNull();
    expect(await env.MEDIA.head(row.image_key!)).toBeNull();
    expect((await json(await call(owner.token!, `/voices/${id}`, { method: "DELETE" }))).code).toBe(Code.NOT_FOUND);
  });

  it("projects that used it keep their audio and paragraphs; new TTS and STS with it are refused with 4412", async () => {
    const owner = await signedUp("ov-delete-used-owner@example.com");
    const user = await signedUp("ov-delete-used-user@example.com");
    const d = (await makeDraft(owner.token!)).data as unknown as Draft;
    const id = ((await publish(owner.token!, d.draft_id)).data as { id: string }).id;
    // A member's project and one-call result made with the voice.
    const project = (await json(await call(user.token!, "/studio/projects", { body: { name: "with an open voice", type: "tts" } })))
      .data as { id: string };
    const firstId = ((await json(await call(user.token!, `/studio/projects/${project.id}`))).data as { paragraphs: { id: string }[] })
      .paragraphs[0]!.id;
    const paragraph = { id: firstId, text: "첫 문장입니다.", voice_id: id, style: "neutral", lang: "ko", pitch: 0, tempo: 1, pause_ms: 0 };
    const saved = await json(
      await call(user.token!, `/studio/projects/${project.id}/paragraphs`, { method: "PUT", body: { paragraphs: [paragraph] } }),
    );
    expect(saved.success, saved.message).toBe(true);
    const tts = (
      await json(
        await call(user.token!, "/studio/tts", {
          body: { text: "안녕하세요.", voice_id: id, lang: "ko", style: "neutral", pitch: 0, tempo: 1 },
        }),
      )
    ).data as { inference_id: string; audioURL: string };

    expect((await json(await call(owner.token!, `/voices/${id}`, { method: "DELETE" }))).success).toBe(true);

    // What was made stays: the result's audio plays, the project opens and saves with its paragraph's voice.
    expect((await call(user.token!, tts.audioURL.replace("/api/v1", ""))).status).toBe(200);
    const saved2 = await json(
      await call(user.token!, `/studio/projects/${project.id}/paragraphs`, {
        method: "PUT",
        body: { paragraphs: [{ ...paragraph, text: "고친 문장입니다." }] },
      }),
    );
    expect(saved2.success, saved2.message).toBe(true);
    // A new generation says why, in the asked language.
    const again = await json(
      await call(user.token!, "/studio/tts", {
        body: { text: "안녕하세요.", voice_id: id, lang: "ko", style: "neutral", pitch: 0, tempo: 1 },
        lang: "en",
      }),
    );
    expect([again.status, again.code]).toEqual([409, Code.VOICE_DELETED]);
    expect(again.message).toContain("deleted");
    const ko = await json(
      await call(user.token!, "/studio/tts", {
        body: { text: "안녕하세요.", voice_id: id, lang: "ko", style: "neutral", pitch: 0, tempo: 1 },
        lang: "kr",
      }),
    );
    expect(ko.message).toContain("삭제");
    const sts = new FormData();
    sts.set("file", new File([wavOf(voice(2)) as Uint8Array<ArrayBuffer>], "memo.wav"));
    sts.set("voice_id", id);
    expect((await json(await call(user.token!, "/studio/sts", { form: sts }))).code).toBe(Code.VOICE_DELETED);
    // A new paragraph cannot pick it in another project.
    const fresh = (await json(await call(user.token!, "/studio/projects", { body: { name: "new", type: "tts" } }))).data as { id: string };
    const freshFirst = ((await json(await call(user.token!, `/studio/projects/${fresh.id}`))).data as { paragraphs: { id: string }[] })
      .paragraphs[0]!.id;
    const picked = await json(
      await call(user.token!, `/studio/projects/${fresh.id}/paragraphs`, {
        method: "PUT",
        body: { paragraphs: [{ ...paragraph, id: freshFirst }] },
      }),
    );
    expect(picked.code).toBe(Code.VOICE_NOT_FOUND);
  });
});
