import { expect, test } from "@playwright/test";

test("terms of service: the newer version by default, the older selectable", async ({ page }) => {
  await page.goto("/terms/service");
  await expect(page.getByTestId("effective-date")).toContainText("2024-05-09");
  await expect(page.locator("main section").first()).toBeVisible();
  const newer = await page.locator("main").innerText();

  // Once the page has hydrated, choosing submits; without JavaScript the button does.
  await page.waitForLoadState("networkidle");
  await page.getByLabel("약관 버전").selectOption("2023-08-16");
  const show = page.getByRole("button", { name: "보기" });
  if (await show.isVisible()) await show.click();
  await expect(page).toHaveURL(/version=2023-08-16/);
  await expect(page.getByTestId("effective-date")).toContainText("2023-08-16");
  expect(await page.locator("main").innerText()).not.toBe(newer);
});

for (const [path, ko, en] of [
  ["/terms/privacy", /개인정보/, /Privacy/],
  ["/terms/marketing", /마케팅/, /[Mm]arketing/],
  ["/terms/service", /이용약관/, /Terms/],
] as const) {
  test(`${path} exists in Korean and English`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(ko);
    expect(await page.locator("main section").count()).toBeGreaterThan(3);
    await page.goto(`${path}?lng=en`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(en);
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
  });
}

test("an unknown terms document is a 404", async ({ page }) => {
  const res = await page.goto("/terms/nothing-here");
  expect(res?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("페이지를 찾을 수 없습니다");
  await expect(page).toHaveTitle("페이지를 찾을 수 없습니다 | 보이스 스튜디오");
});
