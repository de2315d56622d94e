import { test as base, expect, type APIRequestContext, type BrowserContext } from "@playwright/test";
import { baseURL } from "../../playwright.config";
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
