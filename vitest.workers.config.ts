import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-pool-workers";
import { readFileSync } from "node:fs";
import { transformWithEsbuild } from "vite";
import { defineConfig } from "vitest/config";
import { LOCAL_SECRETS } from "./scripts/local-secrets.mjs";
import { OAUTH_CLIENTS } from "./tests/workers/standins/clients";

/**
 * The outbound stand-in (tests/workers/standins/providers.ts), compiled from TypeScript for miniflare,
 * which loads the modules it imports (the engine and gateway stand-ins) from disk.
 */
const STANDIN_PATH = "tests/workers/standins/providers.ts";
const standinScript = async () =>
  (await transformWithEsbuild(readFileSync(STANDIN_PATH, "utf8"), STANDIN_PATH, { loader: "ts", format: "esm" })).code;

// Tests that run inside workerd: the api worker (its wrangler.toml, so D1, R2 and the Durable
// Object are the real bindings) with the real migrations applied before each file.
export default defineConfig(async () => {
  const [migrations, standin] = await Promise.all([readD1Migrations("db/migrations"), standinScript()]);
  return {
    // Labs: the default avatars (public/labs/avatars/*.vrm) and a video letter, imported as `?inline` by their tests.
    assetsInclude: ["**/*.vrm", "**/fixtures/video/*.webm"],
    // The payment sandbox is compiled in, as in wrangler.toml's local `define` (workers/api/src/build.d.ts).
    define: { __SANDBOX__: "true" },
    plugins: [
      cloudflareTest({
        wrangler: { configPath: "./workers/api/wrangler.toml" },
        miniflare: {
          bindings: {
            TEST_MIGRATIONS: migrations,
            // The signing keys are secrets, not [vars]: the local ones, whether or not workers/api/.env exists yet.
            ...LOCAL_SECRETS["workers/api/.env"],
            // Social login on for all three providers; their endpoints stay at the real defaults,
            // which the outbound stand-in answers.
            GOOGLE_CLIENT_ID: OAUTH_CLIENTS.google.id,
            GOOGLE_CLIENT_SECRET: OAUTH_CLIENTS.google.secret,
            NAVER_CLIENT_ID: OAUTH_CLIENTS.naver.id,
            NAVER_CLIENT_SECRET: OAUTH_CLIENTS.naver.secret,
            KAKAO_CLIENT_ID: OAUTH_CLIENTS.kakao.id,
            KAKAO_CLIENT_SECRET: OAUTH_CLIENTS.kakao.secret,
            // Voices from Xinference's models, against its stand-in (tests/workers/standins/xinference.js): the
            // cloning model, speech recognition and a preset model per language, as launched there.
            VOICE_ENGINE: "xinference",
            XINFERENCE_URL: "https://xinference.test/",
            XINFERENCE_API_KEY: "xinference-test-key",
            XINFERENCE_TTS_MODEL: "cosyvoice2",
            XINFERENCE_ASR_MODEL: "whisper-large-v3",
            XINFERENCE_PRESET_MODEL_KO: "melotts-korean",
            XINFERENCE_PRESET_MODEL_EN: "melotts-english",
            // Payments through the real adapters against the outbound stand-in (live mode, test keys);
            // a short timeout so the "answer lost" card is a timeout within a test.
            PAYMENTS: "live",
            PORTONE_API_KEY: "portone-test-key",
            PORTONE_API_SECRET: "portone-test-secret",
            // PayPal at its default host (https://api-m.paypal.com), which the stand-in answers.
            PAYPAL_CLIENT_ID: "paypal-test-client",
            PAYPAL_CLIENT_SECRET: "paypal-test-secret",
            // The webhook the stand-in signs its deliveries for (workers/api/src/sandbox/paypal.js).
            PAYPAL_WEBHOOK_ID: "1STANDINWEBHOOK0PAYPAL",
            PAYMENT_TIMEOUT_MS: "1500",
            // Requests may set the clock with x-test-now (workers/api/src/lib/clock.ts).
            TEST_CLOCK: "on",
          },
          // The notify worker is tested on its own (tests/workers/notify.test.ts); here the api's
          // binding to it only has to answer. The e2e suite runs the real binding.
          serviceBindings: { NOTIFY: () => Response.json({ success: true, code: 1000, data: null, message: "OK" }) },
          // Local stand-ins of the e-mail, OAuth, payment and speech-engine providers
          // (tests/workers/standins/providers.ts): the worker's outbound fetches go to them, so the
          // real HttpMailer, OAuth, gateway and Xinference engine code run over HTTP.
          outboundService: "provider-standin",
          workers: [
            {
              name: "provider-standin",
              modules: true,
              script: standin,
              scriptPath: STANDIN_PATH.replace(/\.ts$/, ".js"),
              // The stand-ins it imports are ES modules (miniflare takes *.js for CommonJS by default).
              modulesRules: [{ type: "ESModule", include: ["**/*.js"] }],
              compatibilityDate: "2025-09-01",
              bindings: { OAUTH_CLIENTS },
            },
          ],
        },
      }),
    ],
    test: {
      include: ["tests/workers/**/*.test.ts"],
      setupFiles: ["tests/workers/setup.ts"],
      // A guard against hangs, not a speed target: CPU-heavy tests (conversion, 50 concurrent
      // generations) pass 5 s on a loaded shared machine.
      testTimeout: 30_000,
    },
  };
});
