import { env, exports } from "cloudflare:workers";
import { expect } from "vitest";

/** The api worker's own default export, as deployed (the pool's `main`). */
export const worker = (exports as unknown as { default: Fetcher }).default;

/** An api answer; `data` as the caller types it. */
export type Answer<T = Record<string, unknown> | null> = { success: boolean; code: number; data: T; message: string };

let ipCounter = 0;

/** POST a JSON body to /api/v1/member/*, from a new client IP each time unless one is given. */
export async function memberPost(path: string, body: unknown, opts: { lang?: string; ip?: string } = {}) {
  const res = await worker.fetch(`http://localhost/api/v1/member${path}`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      lang: opts.lang ?? "kr",
      "cf-connecting-ip": opts.ip ?? `10.9.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`,
    },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: await res.json<Answer>() };
}

export const consents = { agree_service: true, agree_privacy: true, age_over_14: true };
export const PASSWORD = "Voice#2026a";

/**
 * Sign-up steps 1-2 through the real endpoints, reading the code from the dev outbox; answers the ticket the check
 * answered, which the sign-up presents as `cert_ticket` (docs/decisions/0056).
 */
export async function certify(email: string) {
  await memberPost("/certemail", { email });
  const mail = await env.DB.prepare('SELECT text FROM mail_outbox WHERE "to" = ? ORDER BY id DESC').bind(email).first<{ text: string }>();
  const code = mail!.text.match(/\b(\d{6})\b/)![1];
  const checked = await memberPost("/checkcert", { email, cert: code });
  expect(checked.body.success).toBe(true);
  return String(checked.body.data!.ticket);
}

/** A member signed up through the real endpoints; answers the createmember data (token, refreshToken, ...). */
export async function signedUp(email: string) {
  const cert_ticket = await certify(email);
  const res = await memberPost("/createmember", { email, password: PASSWORD, cert_ticket, ...consents });
  return res.body.data as Record<string, string>;
}

/** Request init for a member call with the access token in `api-key` (none when null). */
export const withToken = (token: string | null, init: { method?: string; body?: unknown; lang?: string } = {}) => ({
  method: init.method ?? "POST",
  headers: { "content-type": "application/json", lang: init.lang ?? "kr", ...(token ? { "api-key": token } : {}) },
  body: init.body === undefined ? undefined : JSON.stringify(init.body),
});

/**
 * A member signed up through the real endpoints, with `call` for /api/v1/studio/* (a JSON body in, the answer out,
 * English messages) and `get` for any other /api/v1 path with the same token.
 */
export async function studioMember(email: string) {
  const s = await signedUp(email);
  const headers = { "api-key": s.token!, lang: "en" };
  const call = async <T = Record<string, unknown>>(method: string, path: string, body?: unknown) => {
    const res = await worker.fetch(`http://localhost/api/v1/studio${path}`, {
      method,
      headers: { ...headers, ...(body === undefined ? {} : { "content-type": "application/json" }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as Answer<T> };
  };
  const get = (path: string) => worker.fetch(`http://localhost/api/v1${path}`, { headers });
  return { token: s.token!, call, get };
}
export type StudioMember = Awaited<ReturnType<typeof studioMember>>;

type GeneratedParagraph = { id: string; text: string; audioURL: string | null };

/**
 * A Korean project (ko-minjun) of these paragraphs ([text, pause after it in ms]), generated: waits for its job (10 s at
 * most) and checks that every paragraph has audio.
 */
export async function generatedProject(m: StudioMember, name: string, paragraphs: [string, number][]) {
  const id = (await m.call<{ id: string }>("POST", "/projects", { name })).body.data.id;
  const first = (await m.call<{ paragraphs: GeneratedParagraph[] }>("GET", `/projects/${id}`)).body.data.paragraphs[0]!;
  await m.call("PUT", `/projects/${id}/paragraphs`, {
    paragraphs: paragraphs.map(([text, pause_ms], i) => ({
      ...(i === 0 ? { id: first.id } : {}),
      text,
      voice_id: "ko-minjun",
      lang: "ko",
      pause_ms,
    })),
  });
  const job = (await m.call<{ job_id: string }>("POST", `/projects/${id}/generate`, {})).body.data.job_id;
  for (let i = 0; i < 400; i++) {
    const state = await m.call<{ status: string }>("GET", `/jobs/${job}`);
    if (state.body.data.status === "completed") break;
    await new Promise((r) => setTimeout(r, 25));
  }
  const rows = (await m.call<{ paragraphs: GeneratedParagraph[] }>("GET", `/projects/${id}`)).body.data.paragraphs;
  expect(rows.every((p) => p.audioURL)).toBe(true);
  return { id, paragraphs: rows };
}

/** A new member with one TTS result of their own in the work history (what a video letter is attached to). */
export async function memberWithResult(prefix: string) {
  const s = await signedUp(`${prefix}-${crypto.randomUUID().slice(0, 8)}@example.com`);
  const memberId = JSON.parse(atob(s.token!.split(".")[1]!.replace(/-/g, "+").replace(/_/g, "/"))).sub as string;
  const id = crypto.randomUUID();
  await env.DB.prepare(
    `INSERT INTO inferences (id, member_id, voice_id, method, text, characters, audio_key, duration_ms, created_at)
       VALUES (?1, ?2, 'ko-seoyeon', 'tts', 'hello', 5, ?3, 1000, ?4)`,
  )
    .bind(id, memberId, `results/${memberId}/${id}.wav`, Date.now())
    .run();
  return { s, memberId, id };
}
