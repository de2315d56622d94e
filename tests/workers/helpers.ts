import { env, exports } from "cloudflare:workers";
import { expect } from "vitest";

/** The api worker's own default export, as deployed (the pool's `main`). */
export const worker = (exports as unknown as { default: Fetcher }).default;

export type Answer = { success: boolean; code: number; data: Record<string, unknown> | null; message: string };

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
