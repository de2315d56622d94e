// both projects: JavaScript on and off: The blocking voice-slot alert while a plan change
// has left more custom voices than slots, and the one-time choice on /dashboard/library/slots, in ko and en at 360 px.
import type { APIRequestContext } from "@playwright/test";
import { expect, signIn, signUp, test } from "./fixtures";

/** Custom voices and a plan for the signed-up member (development-only fixture endpoint). */
async function customVoices(request: APIRequestContext, token: string, body: { count: number; plan: string; must_choose: boolean }) {
  const res = await request.post("/api/v1/dev/custom-voices", { data: body, headers: { "api-key": token } });
  expect(res.status()).toBe(200);
}

test.use({ viewport: { width: 360, height: 740 } });

test("the voice-slot alert blocks the dashboard and the studio until the member chooses which voices to keep", async ({
  page,
  request,
  context,
}) => {
  const session = await signUp(request);
  await customVoices(request, session.token, { count: 3, plan: "Creator", must_choose: true });
  await signIn(context, session);

  // 9: /dashboard/studio (the studio without the sidebar, outside the frame) is blocked the same way.
  for (const path of ["/dashboard", "/studio", "/dashboard/plan", "/dashboard/studio"]) {
    await page.goto(path);
    const alert = page.getByRole("alertdialog", { name: "커스텀 보이스 슬롯을 정리해 주세요" });
    await expect(alert).toBeVisible();
    await expect(alert).toContainText("커스텀 보이스 슬롯은 1개인데 커스텀 보이스가 3개 있어요");
  }
  await page.getByRole("link", { name: "라이브러리로 가기" }).click();
  await expect(page).toHaveURL(/\/dashboard\/library\/slots$/);
  await expect(page.getByTestId("voice-slot-alert")).toHaveCount(0);
  await expect(page.getByTestId("slots-usage")).toHaveText("슬롯 3 / 1");

  // Two chosen: refused with the server's message, nothing deleted.
  const choose = page.getByTestId("slots-choose");
  await choose.getByLabel("남기기 내 목소리 1").check();
  await choose.getByLabel("남기기 내 목소리 3").check();
  await choose.getByLabel("선택하지 않은 보이스가 삭제되는 것을 확인했어요.").check();
  await choose.getByRole("button", { name: "선택한 보이스만 남기기" }).click();
  await expect(page.getByText("남길 보이스는 내 커스텀 보이스 중에서 1개까지 고를 수 있어요.")).toBeVisible();

  // Without JavaScript the page came back unchecked; with it, the form kept its state: either way, only voice 3.
  await page.getByTestId("slots-choose").getByLabel("남기기 내 목소리 1").uncheck();
  await page.getByTestId("slots-choose").getByLabel("남기기 내 목소리 3").check();
  await page.getByTestId("slots-choose").getByLabel("선택하지 않은 보이스가 삭제되는 것을 확인했어요.").check();
  await page.getByRole("button", { name: "선택한 보이스만 남기기" }).click();
  await expect(page.getByTestId("toast")).toHaveText("선택한 보이스를 남기고 나머지를 삭제했어요.");
  await expect(page.getByTestId("slots-usage")).toHaveText("슬롯 1 / 1");
  await expect(page.getByTestId("slots-list").getByRole("listitem")).toHaveCount(1);
  await expect(page.getByTestId("slots-list")).toContainText("내 목소리 3");

  await page.goto("/studio");
  await expect(page.getByTestId("voice-slot-alert")).toHaveCount(0);
  await page.goto("/dashboard/studio");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByTestId("voice-slot-alert")).toHaveCount(0);
  // No page scrolls sideways at 360 px.
  await page.goto("/dashboard/library/slots");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});

test("the plan page says beforehand what the end of a plan deletes", async ({ page, request, context }) => {
  const session = await signUp(request);
  // A month that will not renew (no auto-payment), with two custom voices.
  await customVoices(request, session.token, { count: 2, plan: "Creator", must_choose: false });
  await signIn(context, session);
  await page.goto("/dashboard/plan");
  const notice = page.getByTestId("plan-ends-notice");
  await expect(notice).toContainText("요금제가 끝나면 Free 요금제로 바뀌어요. 커스텀 보이스 2개가 녹음 파일과 함께 삭제되고");
  await expect(notice).toContainText("삭제된 커스텀 보이스와 프로젝트는 되돌아오지 않아요.");
  await page.goto("/dashboard/library/slots");
  await expect(page.getByTestId("slots-usage")).toHaveText("슬롯 2 / 1");
  await expect(page.getByTestId("slots-list").getByRole("listitem")).toHaveCount(2);
});

test("with no custom voice yet, the slots page leads to custom voice creation", async ({ page, request, context }) => {
  const session = await signUp(request);
  await customVoices(request, session.token, { count: 0, plan: "Creator", must_choose: false });
  await signIn(context, session);
  await page.goto("/dashboard/library/slots");
  await expect(page.getByTestId("slots-usage")).toHaveText("슬롯 0 / 1");
  await page.getByTestId("slots-empty").getByRole("link", { name: "커스텀 보이스 만들기" }).click();
  await expect(page).toHaveURL(/\/dashboard\/custom$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("커스텀 보이스 만들기");
});

test.describe("in English", () => {
  test.use({ locale: "en-US" });

  test("the slots page: its title, and the confirmation the choice needs", async ({ page, request, context }) => {
    const session = await signUp(request);
    await customVoices(request, session.token, { count: 2, plan: "Creator", must_choose: true });
    await signIn(context, session);
    await page.goto("/dashboard");
    await expect(page.getByRole("alertdialog", { name: "Please sort out your custom voice slots" })).toBeVisible();
    await page.goto("/dashboard/library/slots");
    await expect(page).toHaveTitle("Voice slots | Voice Studio");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Voice slots");
    await page.getByTestId("slots-choose").getByLabel("Keep My voice 1").check();
    await page.getByRole("button", { name: "Keep only the chosen voices" }).click();
    await expect(page.getByText("Please confirm the deletion.")).toBeVisible();
    await expect(page.getByTestId("slots-usage")).toHaveText("Slots 2 / 1");
  });
});
