import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { seedStatements } from "#db/seed";
import { createApp } from "../../workers/api/src/app";
import { Code } from "../../workers/api/src/lib/codes";
import { deploymentProblems, isLocalHost, refusalFor } from "../../workers/api/src/lib/deployment";
import { app as notifyApp } from "../../workers/notify/src/app";

/**
 * Production cannot run on development defaults (docs/decisions/0019): each worker parses
 * its environment once and refuses to serve (503 envelope, problems logged) when APP_ENV=production
 * comes with a committed or short secret, sandbox payments, missing provider keys or the test clock;
 * a development configuration answers only local hosts.
 */
const ctx = { waitUntil() {}, passThroughOnException() {}, props: {} } as unknown as ExecutionContext;
const strong = (tag: string) => `${tag}-${"k".repeat(40)}`;
/** A complete production configuration of the api worker. */
const production = {
  ...env,
  APP_ENV: "production",
  JWT_SECRET: strong("jwt"),
  EMAIL_HASH_KEY: strong("hash"),
  PAYMENTS: "live",
  PORTONE_API_KEY: "k",
  PORTONE_API_SECRET: "s",
  PAYPAL_CLIENT_ID: "c",
  PAYPAL_CLIENT_SECRET: "s",
  PAYPAL_WEBHOOK_ID: "5GP028458E2496506",
  MAIL_PROVIDER: "http",
  MAIL_API_URL: "https://mail.provider.test/",
  MAIL_API_KEY: "m",
  MAIL_FROM: "Voice Studio <no-reply@voice.example>",
  TEST_CLOCK: "",
  VOICE_ENGINE: "embedded",
};
const api = createApp();
const call = (url: string, vars: Record<string, unknown>, lang = "en") => api.request(url, { headers: { lang } }, vars, ctx);

beforeAll(async () => {
  await env.DB.batch(seedStatements().map((s) => env.DB.prepare(s)));
});

describe("production guards", () => {
  it("a complete production configuration serves", async () => {
    expect(deploymentProblems("api", production)).toEqual([]);
    const res = await call("https://voice.example.net/api/v1/utils/planlist", { ...production });
    expect(res.status).toBe(200);
  });

  it("refuses the Workers AI engine without its binding", () => {
    expect(deploymentProblems("api", { ...production, VOICE_ENGINE: "workers-ai" })).toEqual([
      'VOICE_ENGINE=workers-ai needs the AI binding ([ai] binding = "AI")',
    ]);
    expect(deploymentProblems("api", { ...production, VOICE_ENGINE: "workers-ai", AI: { run: async () => ({}) } })).toEqual([]);
  });

  it("names every development default and missing key", () => {
    const problems = deploymentProblems("api", {
      ...env,
      APP_ENV: "production",
      JWT_SECRET: "local-dev-secret-change-me-0123456789abcdef",
      EMAIL_HASH_KEY: "short",
      PAYMENTS: "sandbox",
      PORTONE_API_KEY: "",
      PAYPAL_CLIENT_ID: undefined,
      MAIL_PROVIDER: "outbox",
      TEST_CLOCK: "on",
      GOOGLE_CLIENT_ID: "id-without-secret",
      GOOGLE_CLIENT_SECRET: "",
    }).join("\n");
    for (const expected of [
      "JWT_SECRET is a development value",
      "EMAIL_HASH_KEY is shorter than 32 bytes",
      'PAYMENTS must be "live"',
      "PORTONE_API_KEY is missing",
      "PAYPAL_CLIENT_ID is missing",
      'MAIL_PROVIDER must be "http"',
      "TEST_CLOCK must be off",
      "GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together",
    ]) {
      expect(problems).toContain(expected);
    }
    expect(
      deploymentProblems("app", {
        APP_ENV: "production",
        SESSION_SECRET: "local-dev-session-secret-change-me-0123456789",
        PUBLIC_ORIGIN: "http://localhost:8787",
      }),
    ).toEqual(["SESSION_SECRET is a development value", "PUBLIC_ORIGIN must be an https URL"]);
    expect(
      deploymentProblems("app", { APP_ENV: "production", SESSION_SECRET: strong("session"), PUBLIC_ORIGIN: "https://voice-studio.kr" }),
    ).toEqual([]);
    expect(
      deploymentProblems("api", {
        ...production,
        VOICE_ENGINE: "xinference",
        XINFERENCE_URL: "http://xinference.internal:9997",
        XINFERENCE_API_KEY: "",
        XINFERENCE_TTS_MODEL: "cosyvoice2",
        XINFERENCE_ASR_MODEL: "",
      }).join("\n"),
    ).toMatch(
      /VOICE_ENGINE=xinference needs XINFERENCE_ASR_MODEL[\s\S]*XINFERENCE_URL must be an https URL[\s\S]*XINFERENCE_API_KEY is missing[\s\S]*XINFERENCE_ASR_MODEL is missing/,
    );
    // Outside production too, the engine's three variables are needed (a request would fail without them).
    expect(deploymentProblems("api", { APP_ENV: "development", JWT_SECRET: "x", EMAIL_HASH_KEY: "y", VOICE_ENGINE: "xinference" })).toEqual(
      [
        "VOICE_ENGINE=xinference needs XINFERENCE_URL",
        "VOICE_ENGINE=xinference needs XINFERENCE_TTS_MODEL",
        "VOICE_ENGINE=xinference needs XINFERENCE_ASR_MODEL",
      ],
    );
    expect(deploymentProblems("api", { ...production, VOICE_ENGINE: "http" })).toContain(
      'VOICE_ENGINE must be "embedded", "xinference" or "workers-ai"',
    );
    expect(deploymentProblems("notify", { APP_ENV: "prod" })).toEqual(["APP_ENV must be development, test or production"]);
  });

  it("refuses to serve with any of them: 503, localized, on every path, the dev routes and sandbox included", async () => {
    const errors: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => void errors.push(args.join(" "));
    try {
      for (const broken of [
        { JWT_SECRET: env.JWT_SECRET },
        { EMAIL_HASH_KEY: env.EMAIL_HASH_KEY },
        { PAYMENTS: "sandbox" },
        { PAYPAL_CLIENT_SECRET: "" },
        { TEST_CLOCK: "on" },
      ]) {
        const vars = { ...production, ...broken };
        for (const path of ["/utils/planlist", "/dev/mailbox", "/sandbox/portone/__standin/payments", "/member/getmember"]) {
          const res = await call(`https://voice.example.net/api/v1${path}`, vars);
          expect(res.status, `${JSON.stringify(broken)} ${path}`).toBe(503);
          expect(await res.json()).toMatchObject({
            success: false,
            code: Code.SERVICE_UNAVAILABLE,
            message: "The service is not available right now. Please try again later.",
          });
        }
        const ko = await call("https://voice.example.net/api/v1/utils/planlist", vars, "kr");
        expect((await ko.json<{ message: string }>()).message).toBe("지금은 서비스를 이용할 수 없습니다. 잠시 후 다시 시도해 주세요.");
      }
    } finally {
      console.error = original;
    }
    // Logged once per configuration, naming the problem (never the secret itself).
    expect(errors.length).toBe(5);
    expect(String(errors[0])).toContain("JWT_SECRET is a development value");
    expect(errors.join("\n")).not.toContain(String(env.JWT_SECRET));
  });

  it("a complete production configuration still hides the dev routes and the sandbox", async () => {
    for (const path of ["/dev/mailbox", "/sandbox/portone/__standin/payments", "/sandbox/paypal/checkoutnow?token=x"]) {
      const res = await call(`https://voice.example.net/api/v1${path}`, { ...production });
      expect(res.status, path).toBe(404);
    }
  });

  it("a development configuration answers only hosts that cannot be a deployment", async () => {
    const dev = { ...env, APP_ENV: "development" };
    for (const host of ["localhost", "127.0.0.1", "localhost:8787", "192.168.0.12:8787", "api.internal", "app.test"]) {
      expect((await call(`http://${host}/api/v1/utils/planlist`, dev)).status, host).toBe(200);
    }
    for (const host of ["voice-studio.workers.dev", "studio.voice.com", "8.8.8.8"]) {
      const res = await call(`https://${host}/api/v1/utils/planlist`, dev);
      expect(res.status, host).toBe(503);
    }
    expect(isLocalHost("[::1]")).toBe(true);
    expect(isLocalHost("172.32.0.1")).toBe(false);
    expect(refusalFor("app", { APP_ENV: "development" }, "https://voice-studio.example.workers.dev/")).not.toBeNull();
  });

  it("the notify worker refuses too", async () => {
    const body = JSON.stringify({ message: "m", detail: "d", userId: "u" });
    const init = { method: "POST", body, headers: { "content-type": "application/json", origin: "https://voice-studio.kr", lang: "en" } };
    expect((await notifyApp.request("https://voice-studio.kr/api/notify", init, { ...env, APP_ENV: "staging" })).status).toBe(503);
    expect((await notifyApp.request("https://voice-studio.kr/api/notify", init, { ...env, APP_ENV: "development" })).status).toBe(503);
    expect((await notifyApp.request("https://voice-studio.kr/api/notify", init, { ...env, APP_ENV: "production" })).status).toBe(200);
  });
});
