import { expect, test, type APIRequestContext } from "@playwright/test";
import { sign } from "hono/jwt";
import { baseURL } from "../../playwright.config";
import { remixCookieValue } from "./helpers";

// The dev-only signing secret from workers/api/wrangler.toml: lets the test mint an access token
// that is about to expire, as a browser would hold one a day after login.
const DEV_JWT_SECRET = "local-dev-secret-change-me-0123456789abcdef";
const PASSWORD = "Voice#2026a";

/** Sign-up through the real API, reading the code from the dev mailbox. */
async function signUp(request: APIRequestContext) {
  const email = `session-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  expect((await request.post("/api/v1/member/certemail", { data: { email } })).status()).toBe(200);
  const mailbox = await (await request.get("/api/v1/dev/mailbox")).json();
  const mail = mailbox.data.find((m: { to: string }) => m.to === email);
  const cert = mail.text.match(/\b(\d{6})\b/)[1];
  const checked = await request.post("/api/v1/member/checkcert", { data: { email, cert } });
  expect(checked.status()).toBe(200);
  const created = await request.post("/api/v1/member/createmember", {
    data: {
      email,
      password: PASSWORD,
      cert_ticket: (await checked.json()).data.ticket,
      agree_service: true,
      agree_privacy: true,
      age_over_14: true,
    },
  });
  expect(created.status()).toBe(200);
  return (await created.json()).data as { token: string; refreshToken: string; email: string };
}

test("a page load refreshes an access token that expires within 30 s, and a replayed refresh token ends the session", async ({
  page,
  context,
  request,
}) => {
  const session = await signUp(request);
  const claims = JSON.parse(Buffer.from(session.token.split(".")[1]!, "base64url").toString());
  const expiring = await sign({ ...claims, exp: Math.floor(Date.now() / 1000) + 10 }, DEV_JWT_SECRET, "HS256");
  await context.addCookies([
    { name: "accessToken", value: remixCookieValue(expiring), url: baseURL },
    { name: "refreshToken", value: remixCookieValue(session.refreshToken), url: baseURL },
  ]);

  await page.goto("/plan");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("요금제");
  const cookies = await context.cookies();
  const access = cookies.find((c) => c.name === "accessToken")!;
  const refresh = cookies.find((c) => c.name === "refreshToken")!;
  expect(access.value).not.toBe(remixCookieValue(expiring));
  expect(refresh.value).not.toBe(remixCookieValue(session.refreshToken));
  expect(access.httpOnly && refresh.httpOnly).toBe(true);
  // Signed in: the header offers the studio, not the login link.
  await expect(page.getByTestId("header-actions").getByTestId("main-button")).toHaveText("내 스튜디오");

  // Replaying the old refresh token (say, stolen) after the 5 s rotation grace (ROTATION_GRACE_MS, in
  // which a second tab's refresh gets the same successor) burns the family: the next refresh fails
  // and the session ends with a redirect to /login.
  await page.waitForTimeout(5_500);
  const replay = await request.post("/api/v1/member/getrefresh", { headers: { authorization: `Bearer ${session.refreshToken}` } });
  expect((await replay.json()).code).toBe(8004);
  await context.addCookies([{ name: "accessToken", value: remixCookieValue(expiring), url: baseURL }]);
  await page.goto("/plan");
  await expect(page).toHaveURL(/\/login$/);
  const after = await context.cookies();
  expect(after.find((c) => c.name === "accessToken")).toBeUndefined();
  expect(after.find((c) => c.name === "refreshToken")).toBeUndefined();
});

test("'log out everywhere' in settings ends the other browser's session at once", async ({ browser, request }) => {
  const session = await signUp(request);
  const login = await request.post("/api/v1/member/login", { data: { type: "email", email: session.email, password: PASSWORD } });
  const other = (await login.json()).data as { token: string; refreshToken: string };
  const signedIn = async (tokens: { token: string; refreshToken: string }) => {
    const context = await browser.newContext({ baseURL });
    await context.addCookies([
      { name: "accessToken", value: remixCookieValue(tokens.token), url: baseURL },
      { name: "refreshToken", value: remixCookieValue(tokens.refreshToken), url: baseURL },
    ]);
    return context;
  };
  const laptop = await signedIn(session);
  const phone = await signedIn(other);
  const phonePage = await phone.newPage();
  await phonePage.goto("/dashboard/settings");
  await expect(phonePage).toHaveURL(/\/dashboard\/settings$/);

  const page = await laptop.newPage();
  await page.goto("/dashboard/settings");
  await page.getByRole("button", { name: "모든 기기에서 로그아웃" }).click();
  await expect(page).toHaveURL(/\/login$/);
  // The other browser's access token (valid for another day) no longer opens the dashboard.
  await phonePage.goto("/dashboard/settings");
  await expect(phonePage).not.toHaveURL(/\/dashboard/);
  await laptop.close();
  await phone.close();
});
