// Voice actors' applications (POST /api/v1/actors/applications): consent and a sample are
// required, an uploaded sample is checked by content like every audio upload and kept in R2, one
// application per contact waits for review (concurrent duplicates included), the per-IP limit, and a
// signed-in applicant's id kept with it.
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { ACTOR_APPLICATION } from "#contracts/actors";
import { Code } from "../../workers/api/src/lib/codes";
import { encodeWav } from "../../workers/api/src/engine/dsp";
import { signedUp, worker, type Answer } from "./helpers";

let ipCounter = 0;
const newIp = () => `10.46.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;
let contactCounter = 0;
const newContact = () => `actor${++contactCounter}-${crypto.randomUUID().slice(0, 8)}@example.com`;

/** 2 s of a voice-like sound. */
function speechLike(seconds = 2, sampleRate = 24_000) {
  return Float32Array.from({ length: Math.round(seconds * sampleRate) }, (_, n) => {
    const t = n / sampleRate;
    return 0.3 * (0.5 + 0.5 * Math.sin(2 * Math.PI * 4 * t)) * (Math.sin(2 * Math.PI * 140 * t) + 0.5 * Math.sin(2 * Math.PI * 280 * t));
  });
}

function application(fields: Record<string, string>, file?: { bytes: Uint8Array; name: string }) {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.set(k, v);
  if (file) f.set("file", new File([file.bytes as Uint8Array<ArrayBuffer>], file.name));
  return f;
}

async function apply(form: FormData, opts: { ip?: string; lang?: string; token?: string } = {}) {
  const res = await worker.fetch("http://localhost/api/v1/actors/applications", {
    method: "POST",
    headers: { lang: opts.lang ?? "kr", "cf-connecting-ip": opts.ip ?? newIp(), ...(opts.token ? { "api-key": opts.token } : {}) },
    body: form,
  });
  return { status: res.status, body: await res.json<Answer>() };
}

const row = (id: string) => env.DB.prepare("SELECT * FROM actor_applications WHERE id = ?").bind(id).first<Record<string, unknown>>();

describe("POST /api/v1/actors/applications", () => {
  it("stores an application with a link from a visitor", async () => {
    const contact = newContact();
    const res = await apply(application({ name: "김하늘", contact, sample_url: "https://example.com/reel", consent: "on" }));
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    const id = (res.body.data as { id: string }).id;
    const stored = await row(id);
    expect(stored).toMatchObject({
      name: "김하늘",
      contact,
      sample_url: "https://example.com/reel",
      sample_key: null,
      member_id: null,
      status: "received",
      locale: "ko",
    });
    expect(stored!.consent_at).toBeTypeOf("number");
  });

  it("keeps an uploaded sample in R2 as sent, checked by content, and the member who applied", async () => {
    const member = await signedUp(`actor-member-${crypto.randomUUID().slice(0, 8)}@example.com`);
    const bytes = encodeWav(speechLike(2), 24_000);
    const res = await apply(application({ name: "Sky Kim", contact: newContact(), consent: "on" }, { bytes, name: "reel.wav" }), {
      token: member.token,
      lang: "en",
    });
    expect(res.body.success, res.body.message).toBe(true);
    const stored = await row((res.body.data as { id: string }).id);
    expect(stored).toMatchObject({ sample_format: "wav", locale: "en", sample_url: null });
    expect(stored!.member_id).toBeTypeOf("string");
    expect(stored!.sample_duration_ms).toBe(2000);
    const object = await env.MEDIA.get(stored!.sample_key as string);
    expect(object).not.toBeNull();
    expect(new Uint8Array(await object!.arrayBuffer())).toEqual(bytes);
    expect(object!.httpMetadata?.contentType).toBe("audio/wav");
  });

  it("refuses without consent, without a sample, with a link that is not http(s), and says so in the asked language", async () => {
    const contact = newContact();
    const noConsent = await apply(application({ name: "A", contact, sample_url: "https://example.com" }));
    expect([noConsent.status, noConsent.body.code]).toEqual([400, Code.ACTOR_CONSENT_REQUIRED]);
    const noSample = await apply(application({ name: "A", contact, consent: "on" }), { lang: "en" });
    expect([noSample.status, noSample.body.code]).toEqual([400, Code.ACTOR_SAMPLE_REQUIRED]);
    expect(noSample.body.message).toMatch(/sample/i);
    const badLink = await apply(application({ name: "A", contact, consent: "on", sample_url: "javascript:alert(1)" }));
    expect([badLink.status, badLink.body.code]).toEqual([400, Code.ACTOR_LINK_INVALID]);
    const emptyFile = await apply(application({ name: "A", contact, consent: "on" }, { bytes: new Uint8Array(0), name: "x.wav" }));
    expect(emptyFile.body.code).toBe(Code.ACTOR_SAMPLE_REQUIRED);
    const noName = await apply(application({ name: " ", contact, consent: "on", sample_url: "https://example.com" }));
    expect([noName.status, noName.body.code]).toEqual([400, Code.BAD_REQUEST]);
    const control = await apply(application({ name: "A\u202eB", contact, consent: "on", sample_url: "https://example.com" }));
    expect(control.body.code).toBe(Code.BAD_REQUEST);
    const longName = await apply(application({ name: "가".repeat(41), contact, consent: "on", sample_url: "https://example.com" }));
    expect(longName.body.code).toBe(Code.BAD_REQUEST);
    const count = await env.DB.prepare("SELECT COUNT(*) AS n FROM actor_applications WHERE contact = ?")
      .bind(contact)
      .first<{ n: number }>();
    expect(count!.n).toBe(0);
  });

  it("refuses a sample that is not audio, silent or over the size, storing nothing", async () => {
    const contact = newContact();
    const before = (await env.MEDIA.list({ prefix: "actors/" })).objects.length;
    const text = await apply(
      application({ name: "A", contact, consent: "on" }, { bytes: new TextEncoder().encode("not audio at all"), name: "a.wav" }),
    );
    expect([text.status, text.body.code]).toEqual([415, Code.AUDIO_NOT_AUDIO]);
    const silent = await apply(
      application({ name: "A", contact, consent: "on" }, { bytes: encodeWav(new Float32Array(48_000), 24_000), name: "s.wav" }),
    );
    expect(silent.body.code).toBe(Code.AUDIO_SILENT);
    const big = new Uint8Array(ACTOR_APPLICATION.sampleMaxBytes + 1024);
    const large = await apply(application({ name: "A", contact, consent: "on" }, { bytes: big, name: "big.wav" }));
    expect([large.status, large.body.code]).toEqual([413, Code.AUDIO_TOO_LARGE]);
    expect(large.body.message).toContain("10");
    expect((await env.MEDIA.list({ prefix: "actors/" })).objects.length).toBe(before);
    const count = await env.DB.prepare("SELECT COUNT(*) AS n FROM actor_applications WHERE contact = ?")
      .bind(contact)
      .first<{ n: number }>();
    expect(count!.n).toBe(0);
  });

  it("keeps one waiting application per contact, also when two arrive at once", async () => {
    const contact = newContact();
    const fields = { name: "A", contact, consent: "on", sample_url: "https://example.com/a" };
    const [a, b] = await Promise.all([
      apply(application(fields)),
      apply(application({ ...fields, contact: ` ${contact.toUpperCase()} ` })),
    ]);
    const codes = [a.body.code, b.body.code].sort();
    expect(codes).toEqual([Code.OK, Code.ACTOR_ALREADY_APPLIED]);
    const again = await apply(application(fields));
    expect([again.status, again.body.code]).toEqual([409, Code.ACTOR_ALREADY_APPLIED]);
    const count = await env.DB.prepare("SELECT COUNT(*) AS n FROM actor_applications WHERE contact_key = ?")
      .bind(contact.toLowerCase())
      .first<{ n: number }>();
    expect(count!.n).toBe(1);
    // A phone number is the same contact however it is spaced.
    const phone = `010-${String(contactCounter).padStart(4, "0")}-5678`;
    expect((await apply(application({ ...fields, contact: phone }))).body.code).toBe(Code.OK);
    expect((await apply(application({ ...fields, contact: phone.replace(/-/g, " ") }))).body.code).toBe(Code.ACTOR_ALREADY_APPLIED);
  });

  it("limits tries per client IP (10 an hour)", async () => {
    const ip = newIp();
    const codes: number[] = [];
    for (let i = 0; i < 11; i++)
      codes.push((await apply(application({ name: "A", contact: newContact(), consent: "" }), { ip })).body.code);
    expect(codes.slice(0, 10).every((c) => c === Code.ACTOR_CONSENT_REQUIRED)).toBe(true);
    expect(codes[10]).toBe(Code.RATE_LIMITED);
  });

  it("answers garbage bodies with an envelope, never a 5xx", async () => {
    const res = await worker.fetch("http://localhost/api/v1/actors/applications", {
      method: "POST",
      headers: { "content-type": "multipart/form-data; boundary=x", "cf-connecting-ip": newIp() },
      body: "--x\r\nnot a part",
    });
    expect(res.status).toBe(400);
    expect((await res.json<Answer>()).code).toBe(Code.BAD_REQUEST);
    const get = await worker.fetch("http://localhost/api/v1/actors/applications");
    expect(get.status).toBe(405);
  });
});
