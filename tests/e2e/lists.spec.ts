// the project list (docs/decisions/0038): play and download selected understand STS projects
// (continuous play across projects; a ZIP of what is ready; what was skipped named by project until
// dismissed), and /dashboard/studio, the list without the sidebar. JavaScript on and off, ko and en.
import { readFile } from "node:fs/promises";
import type { APIRequestContext, Page } from "@playwright/test";
import { unzipSync } from "fflate";
import { expect, signIn, signUp, test } from "./fixtures";
import { convertedRecording, jobEnd, speechWav } from "./helpers";

/**
 * Three projects through the API: an STS project "memo" with one conversion to 서연, a generated TTS
 * project "Ready", and a TTS project "Stale" whose sentence is not generated (the Free plan's three).
 */
async function threeProjects(request: APIRequestContext, token: string) {
  const headers = { "api-key": token };
  const { source } = await convertedRecording(request, token, "memo.wav");
  const tts = async (name: string, generate: boolean) => {
    const id = (await (await request.post("/api/v1/studio/projects", { headers, data: { name, type: "tts" } })).json()).data.id;
    const first = (await (await request.get(`/api/v1/studio/projects/${id}`, { headers })).json()).data.paragraphs[0];
    await request.put(`/api/v1/studio/projects/${id}/paragraphs`, {
      headers,
      data: { paragraphs: [{ id: first.id, text: "안녕하세요.", voice_id: "ko-minjun", lang: "ko" }] },
    });
    if (generate) {
      const started = (await (await request.post(`/api/v1/studio/projects/${id}/generate`, { headers, data: {} })).json()).data;
      expect((await jobEnd(request, token, started.job_id)).status).toBe("completed");
    }
    return id;
  };
  // Created in this order, the list (newest change first) shows Stale, Ready, memo.
  const ready = await tts("Ready", true);
  const stale = await tts("Stale", false);
  return { sts: source.project_id as string, ready, stale };
}

async function selectAll(page: Page, names: string[], select: (name: string) => string) {
  for (const name of names) await page.getByLabel(select(name)).check();
}

test("play selected: converted results and generated projects in order, the rest named until dismissed", async ({
  page,
  request,
  context,
  javaScriptEnabled,
}) => {
  const session = await signUp(request);
  await threeProjects(request, session.token);
  await signIn(context, session);
  await page.goto("/studio");
  await selectAll(page, ["Stale", "Ready", "memo"], (n) => `${n} 선택`);
  await page.getByRole("button", { name: "선택 재생" }).click();
  const tracks = page.getByTestId("playlist-track");
  await expect(tracks).toHaveCount(2);
  await expect(tracks.nth(0)).toContainText("1. Ready");
  await expect(tracks.nth(1)).toContainText("2. memo - 서연");
  await expect(tracks.nth(1)).toContainText("memo");
  const report = page.getByTestId("batch-report");
  await expect(report).toContainText("재생 목록에서 빠진 프로젝트가 1개 있어요");
  await expect(report.getByTestId("batch-skipped")).toHaveText(["Stale: 아직 생성하지 않은 문단이 1개 있어요"]);
  // The studio's own player (components/studio/Waveform): the browser's controls without JavaScript, the waveform with it.
  const players = page.getByTestId("playlist-player");
  await expect(players).toHaveCount(2);
  if (javaScriptEnabled) {
    await expect(players.nth(0)).toHaveAttribute("data-enhanced", "true", { timeout: 15_000 });
    await expect(players.nth(0).getByRole("button", { name: "재생" })).toBeVisible();
  } else {
    await expect(players.nth(0).getByTestId("playlist-audio")).toHaveAttribute("controls", "");
  }
  if (javaScriptEnabled) {
    // Continuous play: when the first ends, the second starts by itself.
    const audio = page.getByTestId("playlist-audio");
    await audio.nth(0).evaluate((a: HTMLAudioElement) => a.play());
    await expect.poll(() => audio.nth(1).evaluate((a: HTMLAudioElement) => a.currentTime), { timeout: 15_000 }).toBeGreaterThan(0);
    await expect(tracks.nth(1)).toHaveAttribute("aria-current", "true");
  }
  // The message stays until dismissed.
  await page.getByRole("link", { name: "닫기" }).click();
  await expect(page.getByTestId("batch-report")).toHaveCount(0);
});

test("download selected: STS results included, what is ready downloads, what was skipped is listed (en)", async ({
  page,
  request,
  context,
}) => {
  const session = await signUp(request);
  await threeProjects(request, session.token);
  await signIn(context, session);
  await page.goto("/studio?lng=en");
  await selectAll(page, ["Stale", "Ready", "memo"], (n) => `Select ${n}`);
  await page.getByLabel("Format").selectOption("mp3");
  const [file] = await Promise.all([page.waitForEvent("download"), page.getByTestId("download-selected").click()]);
  const files = unzipSync(new Uint8Array(await readFile((await file.path())!)));
  expect(Object.keys(files).sort()).toEqual(["Ready.mp3", "memo - Seoyeon.mp3"]);
  await expect(page.getByTestId("batch-report")).toContainText("1 project left out of the download");
  await expect(page.getByTestId("batch-skipped")).toHaveText(["Stale: 1 paragraph not generated yet"]);
  await expect(page.getByTestId("batch-download")).toContainText("Downloading 2 ready projects.");

  // Nothing ready: said, and nothing downloads.
  await page.goto("/studio?lng=en");
  await page.getByLabel("Select Stale").check();
  await page.getByTestId("download-selected").click();
  await expect(page.getByTestId("batch-report")).toContainText("The chosen projects have nothing to download yet");
  await expect(page.getByTestId("batch-download")).toHaveCount(0);
});

test("/dashboard/studio is the project list without the sidebar", async ({ page, member: _member }) => {
  await page.goto("/dashboard/studio");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("내 프로젝트");
  await expect(page.getByRole("navigation", { name: "대시보드 메뉴" })).toHaveCount(0);
  await page.getByRole("link", { name: "STS", exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/studio\?type=sts$/);
  await expect(page.getByRole("link", { name: "STS", exact: true })).toHaveAttribute("aria-current", "page");
  // /studio keeps its sidebar.
  await page.goto("/studio");
  await expect(page.getByRole("navigation", { name: "대시보드 메뉴" })).toBeVisible();
  // A visitor is asked to log in and comes back.
  const visitor = await page.context().browser()!.newContext();
  const visitorPage = await visitor.newPage();
  await visitorPage.goto("/dashboard/studio");
  await expect(visitorPage).toHaveURL(/\/login\?redirectTo=%2Fdashboard%2Fstudio/);
  await visitor.close();
});

test("STS: an empty file gets the empty-file message; a project that cannot load offers back; the record button says why it is disabled", async ({
  page,
  request,
  javaScriptEnabled,
  member: session,
}) => {
  await page.goto("/studio/projects/speech-to-speech");
  await page.getByLabel("오디오 파일").setInputFiles({ name: "empty.wav", mimeType: "audio/wav", buffer: Buffer.alloc(0) });
  await page.getByRole("button", { name: "파일 확인하기" }).click();
  await expect(page.getByText("빈 파일입니다. 목소리가 담긴 오디오 파일을 올려 주세요.")).toBeVisible();
  await expect(page).not.toHaveURL(/source=/);

  // Another member's or a deleted project: said, with the way back (no retry for what is gone).
  await page.goto("/studio/projects/speech-to-speech?id=not-a-project");
  await expect(page.getByTestId("load-failed")).toContainText("프로젝트를 불러오지 못했습니다.");
  await expect(page.getByTestId("load-failed")).toContainText("삭제되었거나 이 계정의 프로젝트가 아니에요.");
  await expect(page.getByTestId("load-failed").getByRole("link", { name: "다시 시도" })).toHaveCount(0);
  await page.getByTestId("load-failed").getByRole("link", { name: /목록/ }).click();
  await expect(page).toHaveURL(/\/studio\?type=sts$/);

  if (javaScriptEnabled) {
    // The month's time used up: the record button is disabled and says why.
    const used = await request.post("/api/v1/studio/sts", {
      headers: { "api-key": session.token },
      multipart: { voice_id: "ko-minjun", file: { name: "long.wav", mimeType: "audio/wav", buffer: speechWav(179.8, 8000) } },
    });
    expect((await used.json()).data?.seconds).toBe(180);
    await page.goto("/studio/projects/speech-to-speech");
    await expect(page.getByRole("button", { name: "● 녹음 시작" })).toBeDisabled();
    await expect(page.getByTestId("record-disabled-why")).toHaveText(
      "이번 달 변환 시간을 모두 썼어요. 요금제를 올리면 다시 녹음할 수 있어요.",
    );
  }
});
