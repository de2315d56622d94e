// A paragraph's sentences play as they are made (JavaScript on): the editor starts playing the first sentence the job
// publishes, goes on sentence by sentence and paragraph by paragraph, and can be stopped. Without JavaScript the page
// refreshes until the job is done and shows no live control.
import { expect, test } from "./fixtures";

test("the editor plays each sentence as the job makes it, and stops when asked", async ({ page, javaScriptEnabled, member: _member }) => {
  await page.goto("/studio");
  await page.getByRole("button", { name: "+ 새 TTS 프로젝트" }).click();
  await page.getByTestId("paragraph").first().locator("textarea").fill("첫 번째 문장입니다. 두 번째 문장이에요. 세 번째 문장으로 끝나요.");
  const parts: { url: string; status: number }[] = [];
  page.on("response", (r) => {
    if (r.url().includes("/parts/")) parts.push({ url: r.url(), status: r.status() });
  });
  await page.getByRole("button", { name: "전체 생성" }).click();
  await expect(page).toHaveURL(/&job=/);
  await expect(page.getByTestId("job-progress")).toHaveAttribute("data-status", "completed", { timeout: 20_000 });
  if (!javaScriptEnabled) {
    await expect(page.getByTestId("live-playback")).toHaveCount(0);
    return;
  }
  const live = page.getByTestId("live-playback");
  await expect(live).toBeVisible();
  // The player asks for each sentence when the one before it has played: three sentences, then the paragraph's pause.
  await expect.poll(() => parts.filter((p) => p.status === 200).length, { timeout: 20_000 }).toBeGreaterThanOrEqual(3);
  expect(parts.map((p) => Number(p.url.split("/").pop())).slice(0, 3)).toEqual([0, 1, 2]);
  await live.getByRole("button", { name: "듣기 멈추기" }).click();
  await expect(live.getByRole("button", { name: "만들어지는 대로 듣기" })).toBeVisible();
  await expect(live).toHaveAttribute("data-playing", "0");
});
