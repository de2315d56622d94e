import { test as base, expect, type APIRequestContext, type BrowserContext, type Locator, type Page } from "@playwright/test";
import { baseURL } from "../../playwright.config";
import { readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DEV_OPERATOR_EMAIL, DEV_OPERATOR_PASSWORD } from "#db/seed-operator";
import { remixCookieValue } from "./helpers";

export const PASSWORD = "Voice#2026a";

/**
 * Each test comes from its own client address, as separate visitors would: the api limits code
 * mails and logins per IP (workers/api/src/lib/rate-limit.ts), and a whole suite from one address
 * would run into those limits.
 */
const octet = () => Math.floor(Math.random() * 250) + 1;
export const test = base.extend<{ member: Session }>({
  extraHTTPHeaders: async ({ extraHTTPHeaders }, provide) => {
    await provide({ ...extraHTTPHeaders, "cf-connecting-ip": `10.${octet()}.${octet()}.${octet()}` });
  },
  /** A new member, signed up through the real API and signed in in the test's browser context; its session. */
  member: async ({ request, context }, provide) => {
    const session = await signUp(request);
    await signIn(context, session);
    await provide(session);
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

/** A sign-up code mailed to `email` and checked through the real API; answers the check's ticket (docs/decisions/0056). */
export async function certifiedTicket(request: APIRequestContext, email: string) {
  expect((await request.post("/api/v1/member/certemail", { data: { email } })).status()).toBe(200);
  const cert = await codeFor(request, email);
  const checked = await request.post("/api/v1/member/checkcert", { data: { email, cert } });
  expect(checked.status()).toBe(200);
  return (await checked.json()).data.ticket as string;
}

/** A member created through the real API; answers its session. */
export async function signUp(request: APIRequestContext, email = uniqueEmail("member")) {
  const cert_ticket = await certifiedTicket(request, email);
  const created = await request.post("/api/v1/member/createmember", {
    data: { email, password: PASSWORD, cert_ticket, agree_service: true, agree_privacy: true, age_over_14: true },
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

/** A card registration's fields (the dev gateway accepts 4242-4242-4242-4242). */
export const card = (number = "4242-4242-4242-4242") => {
  const [card_number1, card_number2, card_number3, card_number4] = number.split("-");
  return {
    card_type: "personal",
    card_number1,
    card_number2,
    card_number3,
    card_number4,
    expiry: "2031-12",
    birth: "900101",
    pwd_2digit: "12",
  };
};

/** A card and a paid plan bought through the api, at the price quoted; answers the amount paid. */
export async function buyPlan(request: APIRequestContext, session: Session, plan: string, cardNumber = "4242-4242-4242-4242") {
  expect((await apiCall(request, session, "/payment/registcard", card(cardNumber))).success).toBe(true);
  const quote = await apiCall<{ amount: number; discounted: boolean }>(request, session, `/payment/quote?plan=${plan}&kind=purchase`);
  expect(quote.success).toBe(true);
  const paid = await apiCall(request, session, "/payment/payment", {
    plan,
    amount: quote.data.amount,
    agree_billing: true,
    agree_change: true,
    agree_refund: true,
    agree_regular_price: quote.data.discounted,
  });
  expect(paid.success, paid.message).toBe(true);
  return quote.data.amount;
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

/** The dev-only signing secret of workers/api/wrangler.toml (it signs social sign-up tickets too). */
const DEV_JWT_SECRET = "local-dev-secret-change-me-0123456789abcdef";

/** A Kakao member, created with a sign-up ticket as /login/kakao/callback would; answers its address. */
export async function kakaoMember(request: APIRequestContext) {
  const { sign } = await import("hono/jwt");
  const email = uniqueEmail("kakao");
  const now = Math.floor(Date.now() / 1000);
  const ticket = await sign(
    { aud: "voice-studio/social-signup", iat: now, exp: now + 600, email, type: "kakao", nickname: "K", profileImg: "" },
    DEV_JWT_SECRET,
    "HS256",
  );
  const created = await request.post("/api/v1/member/createmember", {
    data: { type: "kakao", ticket, agree_service: true, agree_privacy: true, age_over_14: true },
  });
  expect(created.status()).toBe(200);
  return email;
}

/** Sign-up at /join as a user does it, the code read from the development mailbox page; `t` the page's words. */
export async function joinWithMailedCode(page: Page, email: string, t: JoinWords) {
  await page.getByLabel(t.email).fill(email);
  await page.getByRole("button", { name: t.sendCode }).click();
  // The code's field shows once the mail is sent: then the mailbox has it.
  await expect(page.getByLabel(t.code)).toBeVisible();
  const mailbox = await page.context().newPage();
  await mailbox.goto("/dev/mailbox");
  const mail = mailbox.getByTestId("mailbox").getByRole("listitem").filter({ hasText: email });
  await expect(mail).toHaveCount(1);
  const code = (await mail.innerText()).match(/\b(\d{6})\b/)![1]!;
  await mailbox.close();
  await page.getByLabel(t.code).fill(code);
  await page.getByRole("button", { name: t.verify }).click();
  await page.getByLabel(t.password, { exact: true }).fill(PASSWORD);
  await page.getByLabel(t.confirm).fill(PASSWORD);
  await page.getByRole("button", { name: t.next }).click();
  await page.getByLabel(t.all).check();
  await page.getByRole("button", { name: t.next }).click();
  await page.getByRole("button", { name: t.submit }).click();
}

/** The sign-up page's words in ko and en. */
export type JoinWords = {
  [K in "email" | "sendCode" | "code" | "verify" | "password" | "confirm" | "next" | "all" | "submit" | "join"]: string;
};
export const JOIN: Record<"ko" | "en", JoinWords> = {
  ko: {
    email: "이메일",
    sendCode: "인증번호 받기",
    code: "인증번호 6자리",
    verify: "인증하기",
    password: "비밀번호",
    confirm: "비밀번호 확인",
    next: "다음",
    all: "모두 동의합니다",
    submit: "가입 완료",
    join: "회원가입",
  },
  en: {
    email: "Email",
    sendCode: "Send code",
    code: "6-digit code",
    verify: "Verify",
    password: "Password",
    confirm: "Confirm password",
    next: "Next",
    all: "I agree to all",
    submit: "Finish sign-up",
    join: "Sign up",
  },
};
