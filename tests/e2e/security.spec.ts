import type { Page } from "@playwright/test";
import { baseURL } from "../../playwright.config";
import { expect, signIn, signUp, test } from "./fixtures";
import { speechWav } from "./helpers";

/**
 * The pages' security headers (security-headers.ts, docs/decisions/0018): with JavaScript on,
 * every page runs under its nonce-based policy without a single violation, and the landing's
 * micro-cache cannot be poisoned through the Host header.
 */
function watchViolations(page: Page) {
  const problems: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error" && /Content Security Policy|Refused to/i.test(m.text())) problems.push(m.text());
  });
  return problems;
}

/** Violations the page itself saw (the securitypolicyviolation event), read after it settled. */
async function pageViolations(page: Page) {
  return page.evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? []);
}

test.beforeEach(async ({ context }) => {
  await context.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener("securitypolicyviolation", (e) => seen.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
});

test("public pages carry the policy with a fresh nonce on every script, and run without violations", async ({ page }) => {
  const problems = watchViolations(page);
  const nonces = new Set<string>();
  for (const path of ["/", "/plan", "/login", "/terms/service"]) {
    const res = await page.goto(path);
    expect(res!.status()).toBe(200);
    const headers = res!.headers();
    const csp = headers["content-security-policy"]!;
    expect(csp).toMatch(/script-src 'nonce-[A-Za-z0-9+/=]+' 'strict-dynamic'/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(headers["x-frame-options"]).toBe("DENY");
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(headers["permissions-policy"]).toContain("microphone=(self)");
    const nonce = csp.match(/'nonce-([^']+)'/)![1]!;
    nonces.add(nonce);
    // Every script element of the document carries the request's nonce (the browser hides its value).
    const html = await res!.text();
    const scripts = html.match(/<script\b[^>]*>/g) ?? [];
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
    await page.waitForLoadState("load");
    expect(await pageViolations(page)).toEqual([]);
  }
  expect(nonces.size).toBe(4);
  expect(problems).toEqual([]);
});

test("the studio, speech-to-speech and plan pages run under the policy without violations, and audio plays", async ({
  page,
  request,
  context,
  javaScriptEnabled,
}) => {
  const problems = watchViolations(page);
  await signIn(context, await signUp(request));
  for (const path of [
    "/dashboard",
    "/studio",
    "/studio/projects/speech-to-speech",
    "/dashboard/plan",
    "/dashboard/plan/upgrade",
    "/dashboard/settings",
  ]) {
    const res = await page.goto(path);
    expect([path, res!.status()]).toEqual([path, 200]);
    expect(res!.headers()["content-security-policy"]).toContain("'strict-dynamic'");
    await page.waitForLoadState("load");
    expect([path, await pageViolations(page)]).toEqual([path, []]);
  }
  // In a new TTS project, a voice sample plays (an /api/v1 audio URL under the page's media-src).
  await page.goto("/studio");
  await page.getByRole("button", { name: "+ 새 TTS 프로젝트" }).click();
  const paragraph = page.getByTestId("paragraph").first();
  await paragraph.getByTestId("voice-picker").locator("summary").click();
  if (javaScriptEnabled) {
    const sample = paragraph.getByTestId("voice-sample").first();
    await sample.click();
    await expect(sample).toHaveAttribute("data-state", "playing", { timeout: 30_000 });
  }
  expect(await pageViolations(page)).toEqual([]);
  expect(problems).toEqual([]);
});

test("the waveform player loads and plays an uploaded recording under the policy", async ({
  page,
  request,
  context,
  javaScriptEnabled,
}) => {
  test.skip(!javaScriptEnabled, "the waveform needs JavaScript");
  const problems = watchViolations(page);
  await signIn(context, await signUp(request));
  const res = await page.goto("/studio/projects/speech-to-speech");
  expect(res!.headers()["content-security-policy"]).toMatch(/script-src 'nonce-[^']+' 'strict-dynamic'.*connect-src 'self' blob:/);
  await page.getByLabel("오디오 파일").setInputFiles({ name: "tone.wav", mimeType: "application/octet-stream", buffer: speechWav(1.5) });
  await page.getByRole("button", { name: "파일 확인하기" }).click();
  const player = page.getByTestId("source-audio");
  await expect(player).toHaveAttribute("data-enhanced", "true", { timeout: 20_000 });
  await player.getByRole("button", { name: "재생" }).click();
  await expect.poll(() => player.locator("audio").evaluate((a: HTMLAudioElement) => a.currentTime)).toBeGreaterThan(0);
  expect(await pageViolations(page)).toEqual([]);
  expect(problems).toEqual([]);
});

test("a forged Host header never reaches the landing's canonical URL or its cache", async ({ request }) => {
  for (let i = 0; i < 2; i++) {
    const res = await request.get("/", { headers: { Host: "evil.example", "Accept-Language": "ko" } });
    expect(res.status()).toBe(200);
    const html = await res.text();
    expect(html).toContain(`<link rel="canonical" href="${baseURL}/"`);
    expect(html).toContain(`<meta property="og:url" content="${baseURL}/"`);
    expect(html).not.toContain("evil.example");
  }
  // And a visitor with the real host gets the canonical page too (from the cache or not).
  const real = await (await request.get("/", { headers: { "Accept-Language": "ko" } })).text();
  expect(real).not.toContain("evil.example");
});

test("audio answers ranges through the site (Safari's first probe, then the rest) and carries the api's headers", async ({ request }) => {
  const whole = await request.get("/api/v1/voices/ko-minjun/sample");
  expect(whole.status()).toBe(200);
  expect(whole.headers()["accept-ranges"]).toBe("bytes");
  const size = (await whole.body()).length;
  const probe = await request.get("/api/v1/voices/ko-minjun/sample", { headers: { Range: "bytes=0-1" } });
  expect(probe.status()).toBe(206);
  expect(probe.headers()["content-range"]).toBe(`bytes 0-1/${size}`);
  expect((await probe.body()).length).toBe(2);
  expect(probe.headers()["x-content-type-options"]).toBe("nosniff");
  const past = await request.get("/api/v1/voices/ko-minjun/sample", { headers: { Range: `bytes=${size}-`, lang: "en" } });
  expect(past.status()).toBe(416);
  expect((await past.json()).code).toBe(4230);
});

/**
 * Hostile form posts and addresses answered with a clear 4xx, the worker still up after
 * them, and no way out to another site through the login's `redirectTo`.
 */
test("hostile forms and addresses: a huge list index, a body that is not a form, a dot-segment redirect, a long Korean search", async ({
  request,
  context,
}) => {
  const origin = { origin: baseURL };
  // `x[99999999]=1`: conform would build an array that long (the worker ran out of memory and stopped answering).
  const huge = await request.post("/login", {
    headers: { ...origin, "content-type": "application/x-www-form-urlencoded" },
    data: "email=a%40b.co&password=x&x%5B99999999%5D=1",
    maxRedirects: 0,
  });
  expect(huge.status()).toBe(400);
  expect((await request.get("/healthz")).status()).toBe(200);
  // A body that is not a form: 415 with the reason in both languages, not a 500.
  for (const [type, body] of [
    ["text/plain", "x"],
    ["application/json", "{}"],
    ["multipart/form-data", "x"],
  ] as const) {
    const r = await request.post("/login", { headers: { ...origin, "content-type": type }, data: body, maxRedirects: 0 });
    expect(r.status(), type).toBe(415);
    expect(await r.text(), type).toContain("양식");
  }
  // A multipart post past 2 MB: refused before it is read where the page takes no file (anyone could post 64 MB to
  // /login, read and parsed in full); a page that takes files reads it (here a form without its fields: 400).
  const big = { multipart: { junk: { name: "x.bin", mimeType: "application/octet-stream", buffer: Buffer.alloc(3 * 1024 * 1024) } } };
  const login = await request.post("/login", { headers: origin, ...big, maxRedirects: 0 });
  expect(login.status()).toBe(413);
  expect(await login.text()).toContain("너무 커서");
  const actors = await request.post("/actors", { headers: origin, ...big, maxRedirects: 0 });
  expect(actors.status()).toBe(400);
  // Signed in, /login sends the member on at once: never to another site, however the path is dressed.
  await signIn(context, await signUp(request));
  for (const to of ["/.//evil.example/x", "/a/..//evil.example", "/%2e%2e//evil.example"]) {
    const r = await context.request.get(`/login?redirectTo=${encodeURIComponent(to)}`, { maxRedirects: 0 });
    expect(r.status(), to).toBe(302);
    expect(r.headers()["location"], to).not.toMatch(/^\/\/|evil/);
  }
  // A search of 17 and more Korean characters (over 50 bytes): the FAQ answers, with nothing found.
  const faq = await request.get(`/faq?q=${encodeURIComponent("환불".repeat(20))}`);
  expect(faq.status()).toBe(200);
});
