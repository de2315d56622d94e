import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { seedStatements } from "#db/seed";
import { drizzle } from "drizzle-orm/d1";
import { hideEndedLicences, LICENCE_ENDED_REASON } from "../../workers/api/src/domain/admin/voice-references";
import { Code } from "../../workers/api/src/lib/codes";
import { worker } from "./helpers";
import { call, newMember, newOperator, type Loose } from "./operators";
import { voice, wavOf } from "./voice-recordings";

// Basic voices made by operators (docs/decisions/0062): a consented speaker's reference clip or a preset speaker,
// staged, auditioned with the engine configured now (this suite's: Xinference's stand-in, tests/workers/standins),
// published to the library. Operators only; every change audited; the clip is what a cloning model is sent.

beforeAll(async () => {
  await env.DB.batch(seedStatements().map((s) => env.DB.prepare(s)));
});

const STANDIN = "https://xinference.test";
const received = async () => (await (await fetch(`${STANDIN}/_standin/received`)).json()) as Loose[];
const forget = () => fetch(`${STANDIN}/_standin/received`, { method: "DELETE" });

const TRANSCRIPT = "안녕하세요. 오늘도 좋은 하루 보내세요.";

/** The console's form: a Korean clip voice unless `fields` says otherwise (a value of null leaves the field out). */
function referenceForm(fields: Record<string, string | null> = {}, clip: Uint8Array | null = wavOf(voice(8, 150))) {
  const form = new FormData();
  const base: Record<string, string | null> = {
    kind: "clip",
    lang: "ko",
    name_ko: "하늘",
    name_en: "Haneul",
    intro_ko: "차분한 내레이션",
    intro_en: "Calm narration",
    tone: "medium",
    gender: "female",
    age: "young",
    features: "calm,warm",
    categories: "narration",
    speaker: "Kim Haneul",
    licence: "exclusive",
    licence_note: "Recorded in studio B",
    transcript: TRANSCRIPT,
    consent_on: "2026-11-01",
    consent_document: "contracts/2026/voice-0042.pdf",
    ...fields,
  };
  for (const [k, v] of Object.entries(base)) if (v !== null) form.set(k, v);
  if (clip) form.set("file", new File([clip as Uint8Array<ArrayBuffer>], "haneul.wav", { type: "audio/wav" }));
  return form;
}

const audits = async (id: string) =>
  (
    await env.DB.prepare("SELECT action, actor_id FROM audit_log WHERE target_type = 'voice_reference' AND target_id = ? ORDER BY id")
      .bind(id)
      .all<Loose>()
  ).results;

describe("basic voices from reference clips", () => {
  it("stages a consented clip, auditions it as a cloned voice, publishes it to the library (audited)", async () => {
    const op = await newOperator();
    const made = await call("/admin/voice-references", op.token, { form: referenceForm() });
    expect([made.status, made.code], made.message).toEqual([200, Code.OK]);
    const ref = made.data;
    expect(ref).toMatchObject({ kind: "clip", lang: "ko", transcript: TRANSCRIPT, speaker: "Kim Haneul", licence: "exclusive" });
    expect(ref.consentAt).toBe("2026-10-31T15:00:00.000Z"); // the day in Korea
    expect(ref.clipSeconds).toBeGreaterThan(7.9);
    expect(ref.audition).toBeNull();

    // The clip as kept: a WAV the operator can hear again.
    const clip = await worker.fetch(`http://localhost${ref.clipURL}`, { headers: { "api-key": op.token } });
    expect(clip.status).toBe(200);
    expect(new TextDecoder().decode((await clip.arrayBuffer()).slice(0, 4))).toBe("RIFF");

    // Not before it was heard.
    const early = await call(`/admin/voice-references/${ref.id}/publish`, op.token, { method: "POST" });
    expect([early.status, early.code]).toEqual([409, Code.REFERENCE_NOT_AUDITIONED]);

    await forget();
    const heard = await call(`/admin/voice-references/${ref.id}/audition`, op.token, { body: { text: "새 목소리를 들어 봅니다." } });
    expect([heard.status, heard.code], heard.message).toEqual([200, Code.OK]);
    expect(heard.data.audition).toMatchObject({ text: "새 목소리를 들어 봅니다.", engine: "xinference" });
    // The cloning model got the clip and the operator's transcript (not a transcription), as Xinference parses them.
    const speech = (await received()).filter((r) => r.path === "/v1/audio/speech");
    expect(speech.length).toBeGreaterThan(0);
    expect(speech[0]).toMatchObject({ multipart: true, body: { model: "cosyvoice2" } });
    expect(speech[0]!.promptBytes).toBeGreaterThan(8 * 24_000 * 2);
    expect(JSON.parse(speech[0]!.body.kwargs as string)).toMatchObject({ prompt_text: TRANSCRIPT });
    expect((await received()).some((r) => r.path === "/v1/audio/transcriptions")).toBe(false);
    const audio = await worker.fetch(`http://localhost${heard.data.audition.url}`, { headers: { "api-key": op.token } });
    expect([audio.status, audio.headers.get("cache-control")]).toEqual([200, "private, no-cache"]);

    const published = await call(`/admin/voice-references/${ref.id}/publish`, op.token, { method: "POST" });
    expect([published.status, published.code], published.message).toEqual([200, Code.OK]);
    const voiceId = published.data.voiceId as string;
    const row = await env.DB.prepare("SELECT type, owner_id, engine, name FROM voices WHERE id = ?").bind(voiceId).first<Loose>();
    expect(row).toMatchObject({ type: "basic", owner_id: null });
    const engine = JSON.parse(row!.engine);
    expect(engine.prompt).toEqual({ key: `voices/references/${ref.id}.wav`, text: TRANSCRIPT });
    // The embedded engine's parameters from the same clip: the voice speaks in a deployment without Xinference too.
    expect(engine.semitones ?? engine.espeakPitch ?? engine.variant).toBeDefined();

    // A member finds it in the library as a basic voice and hears its sample, cloned from the clip.
    const member = await newMember();
    const detail = await call(`/voices/${voiceId}`, member.token);
    expect([detail.status, detail.data.type ?? detail.data.voice?.type]).toEqual([200, "basic"]);
    await forget();
    const sample = await worker.fetch(`http://localhost/api/v1/voices/${voiceId}/sample`, { headers: { "api-key": member.token } });
    expect(sample.status).toBe(200);
    expect((await received()).some((r) => r.path === "/v1/audio/speech" && r.promptBytes > 0)).toBe(true);

    // Published stays: not again, not deleted.
    const again = await call(`/admin/voice-references/${ref.id}/publish`, op.token, { method: "POST" });
    expect([again.status, again.code]).toEqual([409, Code.REFERENCE_PUBLISHED]);
    const gone = await call(`/admin/voice-references/${ref.id}`, op.token, { method: "DELETE" });
    expect([gone.status, gone.code]).toEqual([409, Code.REFERENCE_PUBLISHED]);
    expect((await audits(ref.id)).map((a) => [a.action, a.actor_id])).toEqual([
      ["voice_reference.create", op.id],
      ["voice_reference.publish", op.id],
    ]);
    const listed = await call("/admin/voice-references", op.token);
    expect(listed.data.items.find((i: Loose) => i.id === ref.id)).toMatchObject({ voiceId, publishedAt: expect.any(String) });
  });

  it("refuses a clip without the speaker's consent, a clip licensed as a model, a missing clip or transcript, in the member's language", async () => {
    const op = await newOperator();
    const noConsent = await call("/admin/voice-references", op.token, {
      form: referenceForm({ consent_on: null, consent_document: "", licence: "model", transcript: " " }),
      lang: "ko",
    });
    expect([noConsent.status, noConsent.code]).toEqual([400, Code.BAD_REQUEST]);
    const issues = Object.fromEntries((noConsent.data.issues as { path: string; message: string }[]).map((i) => [i.path, i.message]));
    expect(issues).toEqual({
      consent_on: "화자의 서면 동의 날짜와 동의서 보관 위치를 적어 주세요.",
      consent_document: "화자의 서면 동의 날짜와 동의서 보관 위치를 적어 주세요.",
      licence: expect.stringContaining("독점"),
      transcript: "참조 음성이 말하는 내용을 그대로 적어 주세요.",
    });
    const noClip = await call("/admin/voice-references", op.token, { form: referenceForm({}, null) });
    expect(noClip.data.issues).toEqual([{ path: "file", message: "Upload the speaker's reference clip." }]);
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM voice_references WHERE created_by = ?").bind(op.id).first<Loose>()).toEqual({
      n: 0,
    });
  });

  it("holds a clip to 5-15 s and the recording rules, with what was measured", async () => {
    const op = await newOperator();
    const long = await call("/admin/voice-references", op.token, { form: referenceForm({}, wavOf(voice(20, 150))) });
    expect([long.status, long.code]).toEqual([400, Code.RECORDING_TOO_LONG]);
    expect(long.message).toContain("15");
    const garbage = await call("/admin/voice-references", op.token, {
      form: referenceForm({}, new TextEncoder().encode("not audio at all")),
    });
    expect([garbage.status, garbage.code]).toEqual([415, Code.AUDIO_NOT_AUDIO]);
    const quiet = await call("/admin/voice-references", op.token, { form: referenceForm({}, wavOf(voice(8, 140, { gain: 0.012 }))) });
    expect(quiet.code).toBe(Code.RECORDING_TOO_QUIET);
    expect(quiet.data.facts.duration).toBeGreaterThan(7.9);
  });

  it("deletes a staged reference with its clip and audition; a double publish makes one voice", async () => {
    const op = await newOperator();
    const a = (await call("/admin/voice-references", op.token, { form: referenceForm() })).data;
    expect((await call(`/admin/voice-references/${a.id}/audition`, op.token, { body: {} })).code).toBe(Code.OK);
    expect(await env.MEDIA.head(`voices/references/${a.id}.wav`)).not.toBeNull();
    const deleted = await call(`/admin/voice-references/${a.id}`, op.token, { method: "DELETE" });
    expect([deleted.status, deleted.data]).toEqual([200, { deleted: true }]);
    expect(await env.MEDIA.head(`voices/references/${a.id}.wav`)).toBeNull();
    expect(await env.MEDIA.head(`voices/references/auditions/${a.id}.wav`)).toBeNull();
    expect((await call(`/admin/voice-references/${a.id}`, op.token)).status).toBe(404);
    expect((await audits(a.id)).map((x) => x.action)).toEqual(["voice_reference.create", "voice_reference.delete"]);

    const b = (await call("/admin/voice-references", op.token, { form: referenceForm() })).data;
    expect((await call(`/admin/voice-references/${b.id}/audition`, op.token, { body: {} })).code).toBe(Code.OK);
    const both = await Promise.all([1, 2].map(() => call(`/admin/voice-references/${b.id}/publish`, op.token, { method: "POST" })));
    expect(both.map((r) => r.code).sort()).toEqual([Code.OK, Code.REFERENCE_PUBLISHED].sort());
    const made = await env.DB.prepare("SELECT COUNT(*) AS n FROM voices WHERE id LIKE ?")
      .bind(`basic-ko-${b.id.slice(0, 8)}%`)
      .first<Loose>();
    expect(made).toEqual({ n: 1 });
  });

  it("asks for a new audition when the engine changed since, and refuses a licence that has ended", async () => {
    const op = await newOperator();
    const r = (await call("/admin/voice-references", op.token, { form: referenceForm({ licence_ends_on: "2027-01-31" }) })).data;
    expect((await call(`/admin/voice-references/${r.id}/audition`, op.token, { body: {} })).code).toBe(Code.OK);
    await env.DB.prepare("UPDATE voice_references SET audition_engine = 'embedded' WHERE id = ?").bind(r.id).run();
    expect((await call(`/admin/voice-references/${r.id}/publish`, op.token, { method: "POST" })).code).toBe(Code.REFERENCE_NOT_AUDITIONED);
    expect((await call(`/admin/voice-references/${r.id}/audition`, op.token, { body: {} })).code).toBe(Code.OK);
    const late = await call(`/admin/voice-references/${r.id}/publish`, op.token, {
      method: "POST",
      at: Date.parse("2027-02-01T00:00:00Z"),
    });
    expect([late.status, late.code]).toEqual([409, Code.REFERENCE_LICENCE_ENDED]);
    expect(
      (await call(`/admin/voice-references/${r.id}/publish`, op.token, { method: "POST", at: Date.parse("2027-01-01T00:00:00Z") })).code,
    ).toBe(Code.OK);
  });
});

describe("basic voices from preset speakers", () => {
  it("auditions a model's speaker, says the engine's reason for an unknown one, and publishes it", async () => {
    const op = await newOperator();
    const preset = (speaker: string) =>
      referenceForm(
        {
          kind: "preset",
          lang: "en",
          preset_speaker: speaker,
          licence: "model",
          licence_note: "MeloTTS, MIT",
          transcript: null,
          consent_on: null,
          consent_document: null,
        },
        null,
      );
    const wrong = (await call("/admin/voice-references", op.token, { form: preset("EN-XX") })).data;
    const refused = await call(`/admin/voice-references/${wrong.id}/audition`, op.token, { body: {} });
    expect([refused.status, refused.code]).toEqual([502, Code.REFERENCE_AUDITION_FAILED]);
    expect(refused.message).toContain("Invalid voice: EN-XX");

    await forget();
    const right = (await call("/admin/voice-references", op.token, { form: preset("EN-BR") })).data;
    expect(right.preset).toEqual({ speaker: "EN-BR", model: null });
    expect((await call(`/admin/voice-references/${right.id}/audition`, op.token, { body: { text: "Good morning." } })).code).toBe(Code.OK);
    const sent = (await received()).find((x) => x.path === "/v1/audio/speech");
    expect(sent).toMatchObject({ multipart: false, body: { model: "melotts-english", voice: "EN-BR", input: "Good morning." } });
    const published = await call(`/admin/voice-references/${right.id}/publish`, op.token, { method: "POST" });
    expect(published.code).toBe(Code.OK);
    const engine = await env.DB.prepare("SELECT engine FROM voices WHERE id = ?").bind(published.data.voiceId).first<Loose>();
    expect(JSON.parse(engine!.engine)).toEqual({ preset: { speaker: "EN-BR" } });
  });

  it("refuses a clip licence for a preset speaker, and a speaker name that is not one", async () => {
    const op = await newOperator();
    const r = await call("/admin/voice-references", op.token, {
      form: referenceForm({ kind: "preset", preset_speaker: "KR; DROP", licence: "exclusive" }, null),
    });
    expect(r.code).toBe(Code.BAD_REQUEST);
    expect((r.data.issues as Loose[]).map((i) => i.path).sort()).toEqual(["licence", "preset_speaker"]);
  });
});

describe("who may", () => {
  it("answers every path as unknown (404) to a member and a visitor, and does nothing for them", async () => {
    const op = await newOperator();
    const ref = (await call("/admin/voice-references", op.token, { form: referenceForm() })).data;
    const member = await newMember();
    const paths: [string, { method?: string; body?: unknown; form?: FormData }][] = [
      ["/admin/voice-references", {}],
      ["/admin/voice-references", { form: referenceForm() }],
      [`/admin/voice-references/${ref.id}`, {}],
      [`/admin/voice-references/${ref.id}/audition`, { body: {} }],
      [`/admin/voice-references/${ref.id}/publish`, { method: "POST" }],
      [`/admin/voice-references/${ref.id}`, { method: "DELETE" }],
    ];
    for (const token of [member.token, null])
      for (const [path, init] of paths) {
        const r = await call(path, token, init);
        expect([r.status, r.code], `${init.method ?? (init.body || init.form ? "POST" : "GET")} ${path}`).toEqual([404, Code.NOT_FOUND]);
      }
    for (const token of [member.token, null]) {
      const clip = await worker.fetch(`http://localhost${ref.clipURL}`, { headers: token ? { "api-key": token } : {} });
      expect(clip.status).toBe(404);
    }
    const row = await env.DB.prepare("SELECT published_at, audition_key FROM voice_references WHERE id = ?").bind(ref.id).first<Loose>();
    expect(row).toEqual({ published_at: null, audition_key: null });
    expect(await env.DB.prepare("SELECT COUNT(*) AS n FROM voice_references WHERE created_by = ?").bind(member.id).first<Loose>()).toEqual({
      n: 0,
    });
  });
});

describe("a licence's end", () => {
  it("takes the published voice out of the library at the hourly cron, once", async () => {
    const op = await newOperator();
    const r = (await call("/admin/voice-references", op.token, { form: referenceForm({ licence_ends_on: "2027-03-01" }) })).data;
    expect((await call(`/admin/voice-references/${r.id}/audition`, op.token, { body: {} })).code).toBe(Code.OK);
    const { voiceId } = (await call(`/admin/voice-references/${r.id}/publish`, op.token, { method: "POST" })).data;
    const db = drizzle(env.DB);
    const hiddenAt = async () =>
      (await env.DB.prepare("SELECT hidden_at FROM voices WHERE id = ?").bind(voiceId).first<Loose>())!.hidden_at as number | null;
    // The day before (voices of other tests here whose licence ended earlier may go now).
    await hideEndedLicences(db, Date.parse("2027-02-28T00:00:00+09:00"));
    expect(await hiddenAt()).toBeNull();
    expect(await hideEndedLicences(db, Date.parse("2027-03-01T00:00:00+09:00"))).toBe(1);
    expect(await hideEndedLicences(db, Date.parse("2027-03-02T00:00:00+09:00"))).toBe(0);
    const row = await env.DB.prepare("SELECT hidden_reason FROM voices WHERE id = ?").bind(voiceId).first<Loose>();
    expect(row).toEqual({ hidden_reason: LICENCE_ENDED_REASON });
    const member = await newMember();
    expect((await call(`/voices/${voiceId}`, member.token)).status).toBe(404);
  });
});
