// Whose time a page shows (app/lib/time.ts), with JavaScript on and off: English readers read a time with its zone's
// name, Seoul's until their browser has named its own zone (the tz cookie, written once a page runs), then theirs;
// Korean readers read Seoul's, unlabelled. Each page renders once: the browser hydrates with the server's zone.
import type { APIRequestContext, BrowserContext, Page } from "@playwright/test";
import { baseURL } from "../../playwright.config";
import { expect, test, type Session } from "./fixtures";
import { remixCookieValue } from "./helpers";

/** An inquiry of `session`'s; answers the page that shows it with its time. */
async function inquiryPage(request: APIRequestContext, session: Session) {
  const sent = await request.post("/api/v1/help/inquiries", {
    headers: { "api-key": session.token },
    multipart: { category: "payment", content: "When was I charged?" },
  });
  const body = await sent.json();
  expect(body.success, body.message).toBe(true);
  return `/dashboard/help/${body.data.no}`;
}

const cookies = (context: BrowserContext, values: Record<string, string>) =>
  context.addCookies(Object.entries(values).map(([name, value]) => ({ name, value, url: baseURL })));
const english = { lng: remixCookieValue("en") };

/** Errors a page throws while it loads (React's hydration errors among them). */
function pageErrors(page: Page) {
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(e.message));
  return errors;
}

/** The first message's time as the page words it, and the moment it stands for. */
async function shownTime(page: Page) {
  const time = page.getByTestId("inquiry-thread").locator("time").first();
  await expect(time).toBeVisible();
  return { text: await time.innerText(), at: new Date((await time.getAttribute("datetime"))!) };
}

/** "9:16 PM GMT+9" for `at` in `timeZone`, as a pattern (the space before PM may be a narrow one). */
function englishTime(at: Date, timeZone: string) {
  const parts = new Intl.DateTimeFormat("en-US", { hour: "numeric", minute: "2-digit", timeZoneName: "short", timeZone }).formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)!.value;
  const zone = part("timeZoneName").replace("+", "\\+");
  return new RegExp(`\\b${part("hour")}:${part("minute")}\\s${part("dayPeriod")} ${zone}$`);
}

test.describe("a browser in New York", () => {
  test.use({ timezoneId: "America/New_York" });

  test("an English page names Seoul's zone, then the browser's once it has said it", async ({ page, context, request, member }) => {
    const path = await inquiryPage(request, member);
    await cookies(context, english);
    const errors = pageErrors(page);
    await page.goto(path);
    const first = await shownTime(page);
    expect(first.text).toMatch(englishTime(first.at, "Asia/Seoul"));
    expect(first.text).toContain("GMT+9");

    if (test.info().project.name === "js") {
      // The page, once running, names the browser's zone for the pages that follow.
      await expect.poll(async () => (await context.cookies()).find((c) => c.name === "tz")?.value).toBe("America%2FNew_York");
      await page.reload();
      const next = await shownTime(page);
      expect(next.text).toMatch(englishTime(next.at, "America/New_York"));
      expect(next.text).toMatch(/ E[SD]T$/);
    } else {
      // Without JavaScript nothing names the zone: Seoul's, named.
      await page.reload();
      expect((await shownTime(page)).text).toMatch(englishTime(first.at, "Asia/Seoul"));
      expect((await context.cookies()).some((c) => c.name === "tz")).toBe(false);
    }
    expect(errors).toEqual([]);
  });
});

test.describe("a browser in Los Angeles", () => {
  test.use({ timezoneId: "America/Los_Angeles" });

  test("the zone the tz cookie names is the one an English page shows, and a Korean page keeps Seoul's", async ({
    page,
    context,
    request,
    member,
  }) => {
    const path = await inquiryPage(request, member);
    await cookies(context, { ...english, tz: "America%2FLos_Angeles" });
    const errors = pageErrors(page);
    await page.goto(path);
    const shown = await shownTime(page);
    expect(shown.text).toMatch(englishTime(shown.at, "America/Los_Angeles"));
    expect(shown.text).toMatch(/ P[SD]T$/);

    // A Korean page: Seoul's time, with no zone's name.
    await cookies(context, { lng: remixCookieValue("ko") });
    await page.goto(path);
    const korean = await shownTime(page);
    const seoul = new Intl.DateTimeFormat("en-US", { hour: "numeric", minute: "2-digit", timeZone: "Asia/Seoul" }).formatToParts(korean.at);
    expect(korean.text).toContain(`${seoul.find((p) => p.type === "hour")!.value}:${seoul.find((p) => p.type === "minute")!.value}`);
    expect(korean.text).not.toMatch(/GMT|PST|PDT/);
    expect(errors).toEqual([]);
  });

  test("a tz cookie that names no zone is ignored", async ({ page, context, request, member }) => {
    const path = await inquiryPage(request, member);
    await cookies(context, { ...english, tz: "%3Cscript%3Ealert(1)%3C%2Fscript%3E" });
    await page.goto(path);
    const shown = await shownTime(page);
    expect(shown.text).toMatch(englishTime(shown.at, "Asia/Seoul"));
  });
});
