import type { Locator, Page } from "@playwright/test";
import { expect, kakaoMember, PASSWORD, test } from "./fixtures";

/**
 * Dialogs (docs/decisions/0039): with JavaScript a modal <dialog> that keeps the focus inside,
 * closes on Escape and on its backdrop, gives the focus back to what opened it and is announced as a dialog
 * named by its title; without JavaScript the same dialog is rendered open by the server and its close link
 * goes back to the page.
 */

/** Whether the focused element is inside the dialog. */
const focusInside = (page: Page, testId: string) =>
  page.evaluate((id) => !!document.activeElement?.closest(`[data-testid="${id}"]`), testId);

/** Once the page has hydrated, a server-rendered dialog turns modal. */
const isModal = (dialog: Locator) => expect.poll(() => dialog.evaluate((d) => d.tagName === "DIALOG" && d.matches(":modal"))).toBe(true);

test.describe("dialogs with JavaScript", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "the modal behaviour needs JavaScript");

  test("the coupon dialog is modal: announced, focus kept inside, Escape, backdrop, focus returned", async ({ page, member: _member }) => {
    await page.goto("/dashboard/plan");
    await page.waitForFunction(() => "__remixRouter" in window);
    const opener = page.getByRole("link", { name: "쿠폰 등록" });
    await opener.focus();
    await page.keyboard.press("Enter");

    // Announced: a dialog named by its title, modal (the page behind is inert).
    const dialog = page.getByRole("dialog", { name: "쿠폰 등록" });
    await expect(dialog).toBeVisible();
    await expect(page).toHaveURL(/modal=coupon/);
    await isModal(dialog);
    await expect(dialog).toHaveAttribute("aria-labelledby", "coupon-title");
    await expect.poll(() => focusInside(page, "modal-coupon")).toBe(true);

    // Tab and Shift+Tab go round inside the dialog, never out to the page.
    for (let i = 0; i < 8; i++) {
      await page.keyboard.press("Tab");
      expect(await focusInside(page, "modal-coupon"), `after Tab ${i + 1}`).toBe(true);
    }
    for (let i = 0; i < 8; i++) {
      await page.keyboard.press("Shift+Tab");
      expect(await focusInside(page, "modal-coupon"), `after Shift+Tab ${i + 1}`).toBe(true);
    }
    // The page behind cannot be clicked while it is open.
    expect(await page.evaluate(() => document.elementFromPoint(5, window.innerHeight - 5)?.tagName)).toBe("DIALOG");

    // Escape closes it, takes ?modal off the address and gives the focus back to the link that opened it.
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
    await expect(page).not.toHaveURL(/modal=/);
    await expect(opener).toBeFocused();

    // A click on the backdrop closes it too; a click inside does not.
    await opener.click();
    await isModal(dialog);
    await dialog.getByText("쿠폰 번호", { exact: true }).click();
    await expect(dialog).toBeVisible();
    await page.mouse.click(5, 5);
    await expect(dialog).toHaveCount(0);
    await expect(page).not.toHaveURL(/modal=/);
    await expect(opener).toBeFocused();
  });

  test("a dialog opened by the address (a full page load) is modal too and gives the focus to its opener on close", async ({
    page,
    member: _member,
  }) => {
    await page.goto("/dashboard/plan?modal=coupon&lng=en");
    const dialog = page.getByRole("dialog", { name: "Register a coupon" });
    await isModal(dialog);
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Register a coupon" })).toBeFocused();
  });

  test("an alert dialog is announced as one and closes on its backdrop", async ({ page, member: _member }) => {
    await page.goto("/dashboard/plan?modal=corporate&lng=en");
    const alert = page.getByRole("alertdialog");
    await expect(alert).toBeVisible();
    await expect(alert).toHaveAttribute("aria-describedby", "corporate-text");
    await isModal(alert);
    await page.mouse.click(5, 5);
    await expect(alert).toHaveCount(0);
  });

  test("the login page's other-provider dialog is modal: announced, focus inside, Escape, backdrop, focus returned (ko, en)", async ({
    page,
    request,
  }) => {
    const email = await kakaoMember(request);
    const cases = [
      { lng: "ko", email: "이메일", password: "비밀번호", login: "로그인", title: "다른 방법으로 가입된 계정입니다", close: "닫기" },
      { lng: "en", email: "Email", password: "Password", login: "Log in", title: "This account uses another login", close: "Close" },
    ];
    for (const c of cases) {
      await page.goto(`/login?lng=${c.lng}`);
      await page.waitForFunction(() => "__remixRouter" in window);
      const submit = async () => {
        await page.getByLabel(c.email).fill(email);
        await page.getByLabel(c.password, { exact: true }).fill(PASSWORD);
        await page.getByRole("button", { name: c.login, exact: true }).click();
      };
      await submit();
      const dialog = page.getByRole("dialog", { name: c.title });
      await expect(dialog).toBeVisible();
      await isModal(dialog);
      await expect(dialog).toHaveAttribute("aria-modal", "true");
      await expect(dialog).toContainText(email);
      await expect.poll(() => focusInside(page, "other-provider-dialog")).toBe(true);
      for (let i = 0; i < 5; i++) {
        await page.keyboard.press("Tab");
        expect(await focusInside(page, "other-provider-dialog"), `${c.lng}: after Tab ${i + 1}`).toBe(true);
      }
      await page.keyboard.press("Shift+Tab");
      expect(await focusInside(page, "other-provider-dialog")).toBe(true);
      // The page behind is inert.
      expect(await page.evaluate(() => document.elementFromPoint(5, window.innerHeight - 5)?.tagName)).toBe("DIALOG");

      // Escape closes it and the focus goes back to the form.
      await page.keyboard.press("Escape");
      await expect(dialog).toHaveCount(0);
      await expect
        .poll(() => page.evaluate(() => !!document.activeElement?.closest("form") && document.activeElement !== document.body))
        .toBe(true);

      // The next refused login opens it again; a click on the backdrop closes it, one inside does not.
      await submit();
      await isModal(dialog);
      await dialog.getByRole("heading", { name: c.title }).click();
      await expect(dialog).toBeVisible();
      await page.mouse.click(5, 5);
      await expect(dialog).toHaveCount(0);

      // And its own button.
      await submit();
      await isModal(dialog);
      await dialog.getByRole("button", { name: c.close }).click();
      await expect(dialog).toHaveCount(0);
      await expect(page.getByLabel(c.password, { exact: true })).toBeVisible();
    }
  });
});

test.describe("dialogs without JavaScript", () => {
  test.skip(({ javaScriptEnabled }) => javaScriptEnabled, "the server-rendered path");

  test("the server renders the dialog open and its close link goes back to the page", async ({ page, member: _member }) => {
    await page.goto("/dashboard/plan");
    await page.getByRole("link", { name: "쿠폰 등록" }).click();
    const dialog = page.getByRole("dialog", { name: "쿠폰 등록" });
    await expect(dialog).toBeVisible();
    expect(await dialog.evaluate((d) => d.tagName === "DIALOG" && d.hasAttribute("open"))).toBe(true);
    // The form inside works: an empty number is refused with the field's message.
    await dialog.getByRole("button", { name: "쿠폰 등록" }).click();
    await expect(page.getByRole("dialog", { name: "쿠폰 등록" })).toContainText("쿠폰 번호를 입력해 주세요.");
    await page.getByRole("dialog", { name: "쿠폰 등록" }).getByRole("link", { name: "닫기" }).click();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(page).not.toHaveURL(/modal=/);
  });

  test("the login page's other-provider dialog: rendered open by the server, its button closes it", async ({ page, request }) => {
    const email = await kakaoMember(request);
    await page.goto("/login?lng=en");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Log in", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "This account uses another login" });
    await expect(dialog).toBeVisible();
    expect(await dialog.evaluate((d) => d.tagName === "DIALOG" && d.hasAttribute("open"))).toBe(true);
    await expect(dialog).toContainText(`${email} is registered with Kakao.`);
    await dialog.getByRole("button", { name: "Close" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByLabel("Email")).toBeVisible();
  });
});
