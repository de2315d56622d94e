// The custom voice tests' helpers: calls, the design and consents, uploads, the job's end, members on a plan.
import { env } from "cloudflare:workers";
import { seedStatements } from "#db/seed";
import { expect } from "vitest";
import { customVoicePrefix } from "../../workers/api/src/domain/custom-voices/slots";
import { Code } from "../../workers/api/src/lib/codes";
import { signedUp, worker, type Answer } from "./helpers";
import { voice, wavOf } from "./voice-recordings";

export const DAY = 86_400_000;

export type Init = { method?: string; form?: FormData; lang?: string };
export const call = (token: string | null, path: string, init: Init = {}) =>
  worker.fetch(`http://localhost/api/v1${path}`, {
    method: init.method ?? (init.form ? "POST" : "GET"),
    headers: { lang: init.lang ?? "en", ...(token ? { "api-key": token } : {}) },
    body: init.form,
  });
export const json = async (res: Response) => ({ status: res.status, ...(await res.json<Answer>()) });

export const DESIGN = { lang: "ko", gender: "female", age: "young", tone: "medium", moods: ["calm", "warm"], categories: ["narration"] };
export const CONSENTS = { consent_rights: "on", consent_training: "on", consent_no_harm: "on" };

export type Upload = { name: string; bytes: Uint8Array };
export const good = (name = "take.wav", f0 = 190, seconds = 6): Upload => ({ name, bytes: wavOf(voice(seconds, f0)) });

export function formOf(fields: Record<string, string | string[]>, files: Upload[]) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) for (const item of Array.isArray(v) ? v : [v]) form.append(k, item);
  for (const f of files) form.append("file", new File([f.bytes as Uint8Array<ArrayBuffer>], f.name));
  return form;
}

export async function create(
  token: string | null,
  files: Upload[] = [good()],
  fields: Record<string, string | string[]> = {},
  lang = "en",
) {
  return json(await call(token, "/voices/custom", { form: formOf({ ...DESIGN, ...CONSENTS, ...fields }, files), lang }));
}

export type JobState = {
  status: string;
  kind?: string;
  voiceId?: string;
  code?: number;
  reason?: string;
  file?: { index: number; name: string };
};

/** Polls the job until it ends (the Durable Object runs it from an alarm). */
export async function finished(token: string, jobId: string): Promise<JobState> {
  for (let i = 0; i < 400; i++) {
    const r = await json(await call(token, `/studio/jobs/${jobId}`));
    const state = r.data as unknown as JobState;
    if (state.status === "completed" || state.status === "failed") return state;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error("job did not end");
}

export const memberIdOf = async (email: string) =>
  (await env.DB.prepare("SELECT id FROM members WHERE email = ?").bind(email).first<{ id: string }>())!.id;

/** A member on `plan` (a live period) with `n` custom voices already made. */
export async function member(email: string, plan: string, n = 0) {
  const s = await signedUp(email);
  const id = await memberIdOf(email);
  const now = Date.now();
  await env.DB.prepare("UPDATE members SET plan = ?2, plan_start_at = ?3, plan_end_at = ?4, usage_period_end = ?4 WHERE id = ?1")
    .bind(id, plan, now - DAY, now + 20 * DAY)
    .run();
  for (let i = 0; i < n; i++)
    await env.DB.prepare(
      `INSERT INTO voices (id, type, owner_id, lang, name, intro, tone, gender, age, features, categories, engine, usage_count, created_at)
       SELECT ?1, 'custom', ?2, lang, name, intro, tone, gender, age, features, categories, engine, 0, ?3 FROM voices WHERE id = 'ko-minjun'`,
    )
      .bind(`cv-${email.split("@")[0]}-${i}`, id, now - (n - i) * DAY)
      .run();
  return { token: s.token!, id };
}

export const slots = async (token: string) =>
  (await json(await call(token, "/voices/slots"))).data as unknown as { used: number; slots: number };
export const filesOf = async (memberId: string, voiceId: string) =>
  (await env.MEDIA.list({ prefix: customVoicePrefix(memberId, voiceId) })).objects.length;
export const voiceRow = (id: string) =>
  env.DB.prepare("SELECT status, engine, consents, consented_at, file_count, failure, deleted_at FROM voices WHERE id = ?")
    .bind(id)
    .first<Record<string, unknown>>();

/** Creates a voice and waits for its job: the started answer and the job's end. */
export async function made(token: string, files: Upload[] = [good()]) {
  const r = await create(token, files);
  expect(r.code, r.message).toBe(Code.OK);
  const started = r.data as unknown as { job_id: string; voice_id: string };
  return { ...started, end: await finished(token, started.job_id) };
}

/** The seed, and an "Unlimited" plan (Production's, with unlimited slots and projects) for the slot tests. */
export async function seedWithUnlimited() {
  await env.DB.batch(seedStatements().map((s) => env.DB.prepare(s)));
  await env.DB.prepare(
    `INSERT INTO plans (tier, plan, subtitle, price, price_en_cents, plan_time, plan_txt, cv_cnt, func, project_limit)
     SELECT 9, 'Unlimited', subtitle, price, price_en_cents, plan_time, plan_txt, -1, func, -1 FROM plans WHERE plan = 'Production'
     ON CONFLICT DO NOTHING`,
  ).run();
}
