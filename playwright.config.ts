import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./tests/e2e/helpers";

const PORT = Number(process.env.E2E_PORT ?? 8797);
export const baseURL = `http://127.0.0.1:${PORT}`;
const ENGINE_PORT = PORT + 2;

/** Debian's Chromium (npx playwright install cannot download here); no background traffic; a fake microphone (tests/e2e/helpers.ts). */
const chromium = { executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS, "--disable-gpu"] };

// The production build of all three workers in local workerd, with its own data directory.
export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [["list"]] : [["list"]],
  // The machines are shared and noisy: give assertions room, never a speed target.
  expect: { timeout: 10_000 },
  use: { baseURL, launchOptions: chromium, locale: "ko-KR" },
  projects: [
    { name: "js", use: { ...devices["Desktop Chrome"], launchOptions: chromium, javaScriptEnabled: true } },
    { name: "no-js", use: { ...devices["Desktop Chrome"], launchOptions: chromium, javaScriptEnabled: false } },
  ],
  webServer: [
    // A stand-in of Xinference: voices in these tests come from the api's Xinference engine talking to it
    // (tests/workers/standins/xinference.js).
    {
      command: `node tests/e2e/engine-server.mjs`,
      url: `http://127.0.0.1:${ENGINE_PORT}/healthz`,
      reuseExistingServer: !process.env.CI,
      env: { ENGINE_PORT: String(ENGINE_PORT) },
    },
    {
      command: "npm run setup:db && node scripts/serve.mjs",
      url: `${baseURL}/healthz`,
      reuseExistingServer: !process.env.CI,
      timeout: 120_000,
      env: {
        PORT: String(PORT),
        PERSIST_DIR: ".wrangler/e2e-state",
        CI: process.env.CI ?? "",
        // PUBLIC_ORIGIN: the pages' canonical URLs name the address the tests browse.
        // PLAYER_FRAME_ANCESTORS: the letter player's framing test frames it from another origin, a server of its own.
        EXTRA_VARS: `PUBLIC_ORIGIN=${baseURL},VOICE_ENGINE=xinference,XINFERENCE_URL=http://127.0.0.1:${ENGINE_PORT}/,XINFERENCE_API_KEY=xinference-test-key,XINFERENCE_TTS_MODEL=cosyvoice2,XINFERENCE_ASR_MODEL=whisper-large-v3,XINFERENCE_PRESET_MODEL_KO=melotts-korean,XINFERENCE_PRESET_MODEL_EN=melotts-english,PLAYER_FRAME_ANCESTORS=http://localhost:*`,
      },
      stdout: "ignore",
      stderr: "pipe",
    },
  ],
});
