import { readdirSync } from "node:fs";
import type { APIRequestContext, Page } from "@playwright/test";
import { baseURL } from "../../playwright.config";
import { expect, operatorSession, signIn, signUp, test } from "./fixtures";
import { remixCookieValue, speechWav } from "./helpers";

/**
 * Phones: no page scrolls sideways at 360 px, in Korean and English, for a visitor, a member with
 * data in every list (a paid plan with its payment history, a TTS project, work history, an inquiry, a shared
 * result) and an operator (the console). Every page route in app/routes is visited: a route file this list
 * cannot turn into an address fails the test, so a new route is checked from the day it is added.
 */

type Ids = { project: string; share: string; inquiry: number };

/** Route files that are not pages (no screen of their own): resource routes. */
const RESOURCE_ROUTES = new Set(["api.country", "locales.$lng.$ns", "studio.download", "logout"]);

/** The value each dynamic segment takes. */
const PARAMS: Record<string, (ids: Ids) => string> = {
  "dashboard.library.voices.$id": () => "ko-seoyeon",
  "dashboard.notice.$id": () => "seed-notice-maintenance",
  "notice.$id": () => "seed-notice-maintenance",
  "dashboard.help.$no": (ids) => String(ids.inquiry),
  "admin.inquiries.$no": (ids) => String(ids.inquiry),
  // A staged basic voice that does not exist: the console's not-found page, checked too.
  "admin.voices.$id": () => "no-such-voice",
  "share.$id": (ids) => ids.share,
  // A shared result's video letter player (this share has no letter: the not-found page, checked too).
  "share.$id_.player": (ids) => ids.share,
  "terms.$doc": () => "privacy",
  // The member's payments are by card: a receipt number that is not theirs answers the not-found page, checked too.
  "dashboard.plan.receipt.$no": () => "1",
  "login.$social": () => "google",
  "login.$social.callback": () => "google",
  $: () => "no-such-page",
  "dashboard.$": () => "no-such-page",
  "studio.$": () => "no-such-page",
};

/** More addresses of the same routes: the states a phone user meets (dialogs, a project, other documents). */
const EXTRA = (ids: Ids) => [
  `/studio/projects/text-to-speech?id=${ids.project}`,
  "/terms/marketing",
  "/dashboard/plan?modal=card",
  "/dashboard/plan?modal=coupon",
  "/dashboard/plan?modal=cancel",
  "/dashboard/plan?modal=refund",
  "/dashboard/plan?modal=corporate",
  "/dashboard/plan/upgrade?plan=Production",
  "/dashboard/library?tab=open",
  // Mounted a second time in vite.config.ts (the studio without the sidebar), not a route file of its own.
  "/dashboard/studio",
  "/dashboard/custom?step=2",
];

/** Every page route's address, from the route files themselves. */
function pageAddresses(ids: Ids) {
  const files = readdirSync("app/routes").filter((f) => !f.includes(".server.") && /\.tsx?$/.test(f));
  const unknown: string[] = [];
  const addresses = files.flatMap((file) => {
    const route = file.replace(/\.tsx?$/, "");
    if (RESOURCE_ROUTES.has(route)) return [];
    const segments = route
      .split(".")
      .filter((s) => s !== "_index")
      .map((s) => {
        if (!s.startsWith("$")) return s.replace(/_$/, "");
        const value = PARAMS[route]?.(ids);
        if (value === undefined) unknown.push(route);
        return value ?? "";
      });
    if (route === "login.$social.callback") return [`/login/google/callback`];
    return [`/${segments.join("/")}`.replace(/\/$/, "") || "/"];
  });
  expect(unknown, "route files with a parameter this test does not know").toEqual([]);
  return [...new Set([...addresses, ...EXTRA(ids)])].sort();
}

/** A signed-in caller of the api, as the app would be. */
async function call(request: APIRequestContext, token: string, path: string, data?: unknown) {
  const headers = { "api-key": token };
  const response =
    data === undefined ? await request.get(`/api/v1${path}`, { headers }) : await request.post(`/api/v1${path}`, { headers, data });
  const body = await response.json();
  expect(body.success, `${path}: ${body.message}`).toBe(true);
  return body.data;
}

/** A member with something in every list: a Creator plan bought by card, a TTS project, an STS result shared, an inquiry. */
async function memberWithData(request: APIRequestContext) {
  const session = await signUp(request);
  await call(request, session.token, "/payment/registcard", {
    card_type: "personal",
    card_number1: "4242",
    card_number2: "4242",
    card_number3: "4242",
    card_number4: "4242",
    expiry: "2031-12",
    birth: "900101",
    pwd_2digit: "12",
  });
  const quote = await call(request, session.token, "/payment/quote?plan=Creator&kind=purchase");
  await call(request, session.token, "/payment/payment", {
    plan: "Creator",
    amount: quote.amount,
    agree_billing: true,
    agree_change: true,
    agree_refund: true,
    agree_regular_price: quote.discounted,
  });
  const project = await call(request, session.token, "/studio/projects", {
    name: "전화기에서 보는 아주 긴 프로젝트 이름 A very long project name",
    type: "tts",
  });
  await call(request, session.token, "/studio/tts", { text: "안녕하세요. 작은 화면에서도 잘 보이나요?", voice_id: "ko-seoyeon" });
  const converted = await request.post("/api/v1/studio/sts", {
    headers: { "api-key": session.token },
    multipart: {
      voice_id: "ko-minjun",
      file: { name: "a-rather-long-recording-name-from-a-phone.wav", mimeType: "audio/wav", buffer: speechWav(2) },
    },
  });
  const inference = (await converted.json()).data.inference_id as string;
  expect(inference).toBeTruthy();
  const shared = await call(request, session.token, `/studio/inferences/${inference}/share`, {});
  const inquiry = await request.post("/api/v1/help/inquiries", {
    headers: { "api-key": session.token },
    multipart: { category: "service", content: "작은 화면에서 보는 문의입니다. A question seen on a small screen." },
  });
  const inquiryBody = await inquiry.json();
  expect(inquiryBody.success, inquiryBody.message).toBe(true);
  return { session, ids: { project: project.id as string, share: shared.share_id as string, inquiry: inquiryBody.data.no as number } };
}

/** The addresses that scroll sideways at this page's width, with by how much. */
async function sidewaysScrollers(page: Page, addresses: string[]) {
  const found: string[] = [];
  for (const address of addresses) {
    const response = await page.goto(address, { waitUntil: "load" });
    expect(response?.status() ?? 0, `${address} answered`).toBeLessThan(500);
    const over = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    if (over > 0) found.push(`${address} (${over}px${page.url().endsWith(address) ? "" : ` at ${new URL(page.url()).pathname}`})`);
  }
  return found;
}

async function speakIn(page: Page, lang: "ko" | "en") {
  await page.context().addCookies([{ name: "lng", value: remixCookieValue(lang), url: baseURL }]);
}

test.describe("360 px", () => {
  test.use({ viewport: { width: 360, height: 780 } });
  test.describe.configure({ timeout: 240_000 });

  for (const lang of ["ko", "en"] as const) {
    test(`a visitor: no page scrolls sideways (${lang})`, async ({ page }) => {
      await speakIn(page, lang);
      const addresses = pageAddresses({ project: "00000000-0000-0000-0000-000000000000", share: "no-such-share", inquiry: 1 });
      expect(addresses.length).toBeGreaterThan(40);
      expect(await sidewaysScrollers(page, addresses)).toEqual([]);
    });

    test(`a member with data: no page scrolls sideways (${lang})`, async ({ page, context, request }) => {
      const { session, ids } = await memberWithData(request);
      await signIn(context, session);
      await speakIn(page, lang);
      const addresses = pageAddresses(ids).filter((a) => !a.startsWith("/admin"));
      expect(await sidewaysScrollers(page, addresses)).toEqual([]);
      // The lists really had rows: the payment history, the project list, the work history.
      await page.goto("/dashboard/plan");
      await expect(page.locator("table tbody tr")).not.toHaveCount(0);
      await page.goto("/studio/history");
      await expect(page.getByTestId("history-item")).toHaveCount(2);
    });
  }

  test("the operator's console: no page scrolls sideways (ko and en)", async ({ page, context, request }) => {
    const { ids } = await memberWithData(request);
    await signIn(context, await operatorSession(request));
    const addresses = pageAddresses(ids).filter((a) => a.startsWith("/admin"));
    expect(addresses.length).toBeGreaterThanOrEqual(5);
    for (const lang of ["ko", "en"] as const) {
      await speakIn(page, lang);
      expect(await sidewaysScrollers(page, addresses), lang).toEqual([]);
    }
  });
});

/**
 * The dashboard's tab strip at 360 px scrolls sideways: the current page's tab is in view when the page opens, with
 * JavaScript (the frame's effect) and without it (`scroll-initial-target` on the current tab), for tabs far along it.
 */
test.describe("360 px, the dashboard's tabs", () => {
  test.use({ viewport: { width: 360, height: 780 } });

  test("the current page's tab is in view", async ({ page, member: _member }) => {
    for (const [address, name] of [
      ["/dashboard/settings", "계정 설정"],
      ["/dashboard/keys", "API 키"],
      ["/dashboard", "홈"],
    ] as const) {
      await page.goto(address);
      const current = page.getByTestId("dashboard-tabs").locator('[aria-current="page"]');
      await expect(current, address).toHaveText(name);
      // The strip is wider than the phone and scrolled for the far tabs; the tab is inside its visible part, short of
      // the faded last 2rem.
      const seen = await current.evaluate((tab) => {
        const list = tab.closest("ul")!;
        const box = tab.getBoundingClientRect();
        const frame = list.getBoundingClientRect();
        return {
          scrolled: list.scrollLeft,
          overflows: list.scrollWidth > list.clientWidth,
          left: box.left - frame.left,
          right: frame.right - 32 - box.right,
        };
      });
      expect(seen.overflows, address).toBe(true);
      expect(seen.left, address).toBeGreaterThanOrEqual(0);
      expect(seen.right, address).toBeGreaterThanOrEqual(0);
      if (address !== "/dashboard") expect(seen.scrolled, address).toBeGreaterThan(0);
    }
  });
});

/** At 360 px the library's tab strip is wider than the phone: its end fades while more lies beyond, and not at the end. */
test.describe("360 px, the library's tabs", () => {
  test.use({ viewport: { width: 360, height: 780 } });

  test("the strip fades at its end until it is scrolled there", async ({ page, member: _member }) => {
    await page.goto("/dashboard/library?lng=en");
    const strip = page.getByRole("navigation", { name: "Library tabs" });
    const fade = () => strip.evaluate((nav) => getComputedStyle(nav).getPropertyValue("--scroll-fade"));
    expect(await strip.evaluate((nav) => nav.scrollWidth > nav.clientWidth)).toBe(true);
    expect(await strip.evaluate((nav) => getComputedStyle(nav).maskImage)).toContain("linear-gradient");
    expect(await fade()).toBe("32px");
    await strip.evaluate((nav) => nav.scrollTo({ left: nav.scrollWidth }));
    await expect.poll(fade).toBe("0px");
  });
});
