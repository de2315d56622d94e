import { test as base, expect, type APIRequestContext, type BrowserContext, type Locator } from "@playwright/test";
import { baseURL } from "../../playwright.config";
import { readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DEV_OPERATOR_EMAIL, DEV_OPERATOR_PASSWORD } from "../../db/seed-operator";
import { remixCookieValue } from "./helpers";

export const PASSWORD = "Voice#2026a";

/**
 * Each test comes from its own client address, as separate visitors would: the api limits code
 * mails and logins per IP (workers/api/src/lib/rate-limit.ts), and a whole suite from one address
 * would run into those limits.
 */
const octet = () => Math.floor(Math.random() * 250) + 1;
export const test = base.extend({
  extraHTTPHeaders: async ({ extraHTTPHeaders }, provide) => {
    await provide({ ...extraHTTPHeaders, "cf-connecting-ip": `10.${octet()}.${octet()}.${octet()}` });
  },
});
export { expect };

export const uniqueEmail = (prefix: string) => `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

/** The newest code mailed to `email`, from the dev outbox. */
export async function codeFor(request: APIRequestContext, email: string) {
  const mailbox = await (await request.get("/api/v1/dev/mailbox")).json();
  const mail = mailbox.data.find((m: { to: string }) => m.to === email);
  return mail.text.match(/\b(\d{6})\b/)[1] as string;
}

/** A member created through the real API; answers its session. */
export async function signUp(request: APIRequestContext, email = uniqueEmail("member")) {
  expect((await request.post("/api/v1/member/certemail", { data: { email } })).status()).toBe(200);
  const cert = await codeFor(request, email);
  expect((await request.post("/api/v1/member/checkcert", { data: { email, cert } })).status()).toBe(200);
  const created = await request.post("/api/v1/member/createmember", {
    data: { email, password: PASSWORD, agree_service: true, agree_privacy: true, age_over_14: true },
  });
  expect(created.status()).toBe(200);
  return (await created.json()).data as { token: string; refreshToken: string; email: string; nickname: string };
}

/** Puts a session into the browser, as a login would. */
export async function signIn(context: BrowserContext, session: { token: string; refreshToken: string }) {
  await context.addCookies([
    { name: "accessToken", value: remixCookieValue(session.token), url: baseURL, httpOnly: true },
    { name: "refreshToken", value: remixCookieValue(session.refreshToken), url: baseURL, httpOnly: true },
  ]);
}

/** The session `signUp` answers. */
export type Session = Awaited<ReturnType<typeof signUp>>;

/** A call to /api/v1 as `session`: GET without `data`, POST with it; answers the envelope. */
export async function apiCall<T = unknown>(request: APIRequestContext, session: Session, path: string, data?: unknown) {
  const headers = { "api-key": session.token };
  const response =
    data === undefined ? await request.get(`/api/v1${path}`, { headers }) : await request.post(`/api/v1${path}`, { headers, data });
  return (await response.json()) as { success: boolean; code: number; data: T; message: string };
}

/** A new member, signed in, browsing from abroad (the country cookie says US): PayPal is their way to pay. */
export async function memberAbroad(request: APIRequestContext, context: BrowserContext) {
  const session = await signUp(request);
  await signIn(context, session);
  await context.addCookies([{ name: "country", value: remixCookieValue("US"), url: baseURL }]);
  return session;
}

/** In a PayPal purchase or upgrade dialog: the two required consents, then on to PayPal (the sandbox's checkout page). */
export async function payWithPayPal(dialog: Locator) {
  await dialog.getByLabel(/자동으로 갱신되지 않는다/).check();
  await dialog.getByLabel(/제6조/).check();
  await dialog.getByRole("button", { name: "PayPal로 결제하기" }).click();
}

/**
 * The development operator's session, shared by every test and worker of a run through a file: logins are limited
 * to 10 per account in 10 minutes, and the console's specs in both projects (with their retries) would pass that.
 * A saved session is checked first; one the server no longer knows (another run's database) is replaced by a login.
 */
export async function operatorSession(request: APIRequestContext): Promise<{ token: string; refreshToken: string }> {
  const file = join(tmpdir(), `voice-studio-e2e-operator-${new URL(baseURL).port}.json`);
  try {
    const saved = JSON.parse(readFileSync(file, "utf8")) as { token: string; refreshToken: string };
    const check = await request.get("/api/v1/member/getmember", { headers: { "api-key": saved.token } });
    if (check.ok() && (await check.json()).success) return saved;
  } catch {
    // Nothing saved yet, or not readable: log in.
  }
  const login = await request.post("/api/v1/member/login", {
    data: { type: "email", email: DEV_OPERATOR_EMAIL, password: DEV_OPERATOR_PASSWORD },
  });
  expect(login.status(), "the development operator logs in").toBe(200);
  const { token, refreshToken } = (await login.json()).data as { token: string; refreshToken: string };
  writeFileSync(file, JSON.stringify({ token, refreshToken }));
  return { token, refreshToken };
}
