import { z } from "zod/v4";
import { Code, httpStatus, messages, type Locale } from "./codes";

/**
 * The environment each worker runs with, parsed once at its entry (docs/decisions/0019, 0022).
 *
 * Every worker's string variables are read with its entry schema (`ENTRY`, below): a value of the wrong
 * type, an unknown `APP_ENV` or a missing signing key refuses to serve in any deployment. Then:
 * Production must never run on the development defaults committed in wrangler.toml: a known or short
 * secret would let anyone forge tokens, `PAYMENTS=sandbox` would sell plans for the test card, and
 * the development routes (`/dev/*`, the sandbox's pages) would hand out codes and coupons. So:
 * - with `APP_ENV=production`, a worker whose variables break a rule below refuses to serve: it logs
 *   every problem once and answers 503 with the envelope;
 * - any other `APP_ENV` (development, test) serves only hosts that cannot be a deployment
 *   (loopback, private addresses, reserved names), so deploying the development configuration by
 *   mistake refuses to serve as well.
 */
export type Deployment = "development" | "test" | "production";
export type WorkerName = "app" | "api" | "notify";

/** The development values committed to the repository, refused as secrets in production. */
export const DEV_SECRETS: ReadonlySet<string> = new Set([
  "local-dev-secret-change-me-0123456789abcdef",
  "local-dev-email-hash-key-change-me",
  "local-dev-session-secret-change-me-0123456789",
]);
/** The shortest secret production accepts, in bytes. */
export const MIN_SECRET_BYTES = 32;

const present = (name: string) =>
  z
    .string({ error: `${name} is missing` })
    .trim()
    .min(1, `${name} is missing`);
const secret = (name: string) =>
  z
    .string({ error: `${name} is missing` })
    .refine((v) => !DEV_SECRETS.has(v) && !/change-me|local-dev/i.test(v), `${name} is a development value`)
    .refine((v) => new TextEncoder().encode(v).length >= MIN_SECRET_BYTES, `${name} is shorter than ${MIN_SECRET_BYTES} bytes`);
const httpsUrl = (name: string) => z.url({ protocol: /^https$/, error: `${name} must be an https URL` });

const kind = z.enum(["development", "test", "production"], { error: "APP_ENV must be development, test or production" });
const text = (name: string) => z.string({ error: `${name} must be a string` });
/** Optional string variables, by name. */
const optional = <const N extends string>(names: readonly N[]) =>
  Object.fromEntries(names.map((n) => [n, text(n).optional()])) as { [K in N]: z.ZodOptional<z.ZodString> };

/**
 * The api's variables and secrets that its wrangler.toml does not declare (secrets set with `wrangler
 * secret put`, variables with `--var`), so `wrangler types` cannot type them: the one list of them. The
 * api's `Bindings` (env.ts) are the generated ones (workers/api/worker-configuration.d.ts) plus these.
 */
export const apiSecrets = z.object(
  optional([
    // The HTTP e-mail provider (MAIL_PROVIDER=http).
    "MAIL_API_URL",
    "MAIL_API_KEY",
    "MAIL_FROM",
    // Social login (lib/oauth.ts): a provider is offered only when its client id and secret are set;
    // its endpoints default to the provider's real ones.
    ...(["GOOGLE", "NAVER", "KAKAO"] as const).flatMap(
      (p) => [`${p}_CLIENT_ID`, `${p}_CLIENT_SECRET`, `${p}_AUTHORIZE_URL`, `${p}_TOKEN_URL`, `${p}_USERINFO_URL`] as const,
    ),
    // "embedded" (default), "xinference" (an Xinference server's models; speech/xinference.ts, docs/voice-engine.md) or
    // "workers-ai" (MeloTTS through the AI binding; docs/decisions/0025).
    "VOICE_ENGINE",
    "XINFERENCE_URL",
    "XINFERENCE_API_KEY",
    "XINFERENCE_TTS_MODEL",
    "XINFERENCE_ASR_MODEL",
    "XINFERENCE_PRESET_MODEL_KO",
    "XINFERENCE_PRESET_MODEL_EN",
    // The live gateways (lib/payments/gateways.ts) and how long a call may take (ms, default 15000).
    "PORTONE_API_URL",
    "PORTONE_API_KEY",
    "PORTONE_API_SECRET",
    "PAYPAL_API_URL",
    "PAYPAL_CLIENT_ID",
    "PAYPAL_CLIENT_SECRET",
    // PayPal's id of our webhook (POST /payment/paypal_webhook), sent back with each event to verify it.
    "PAYPAL_WEBHOOK_ID",
    "PAYMENT_TIMEOUT_MS",
    // "on" only in the tests: a request's `x-test-now` header sets the clock (lib/clock.ts).
    "TEST_CLOCK",
  ]),
);
export type ApiSecrets = z.infer<typeof apiSecrets>;

/** What each worker reads from its environment, checked in every deployment; production adds the rules below. */
const ENTRY = {
  app: z.object({
    APP_ENV: kind,
    SESSION_SECRET: present("SESSION_SECRET"),
    PUBLIC_ORIGIN: text("PUBLIC_ORIGIN").default(""),
    DEFAULT_COUNTRY: text("DEFAULT_COUNTRY").default(""),
    GTM_ID: text("GTM_ID").default(""),
    FORM_WIDGET_URL: text("FORM_WIDGET_URL").default(""),
    // Origins that may frame a video letter's player besides the social sites (space-separated).
    PLAYER_FRAME_ANCESTORS: text("PLAYER_FRAME_ANCESTORS").default(""),
  }),
  api: apiSecrets.extend({
    APP_ENV: kind,
    JWT_SECRET: present("JWT_SECRET"),
    EMAIL_HASH_KEY: present("EMAIL_HASH_KEY"),
    MAIL_PROVIDER: text("MAIL_PROVIDER").optional(),
    PAYMENTS: text("PAYMENTS").optional(),
  }),
  notify: z.object({ APP_ENV: kind }),
};
/** A worker's variables as its entry parsed them. */
export type WorkerVars = { [W in WorkerName]: z.infer<(typeof ENTRY)[W]> };

/** A social provider is off (neither value) or on (both). */
const pairs = (env: Record<string, unknown>, names: [string, string][]) =>
  names.filter(([a, b]) => Boolean(env[a]) !== Boolean(env[b])).map(([a, b]) => `${a} and ${b} must be set together`);

const apiProduction = z.object({
  JWT_SECRET: secret("JWT_SECRET"),
  EMAIL_HASH_KEY: secret("EMAIL_HASH_KEY"),
  PAYMENTS: z.literal("live", { error: 'PAYMENTS must be "live"' }),
  PORTONE_API_KEY: present("PORTONE_API_KEY"),
  PORTONE_API_SECRET: present("PORTONE_API_SECRET"),
  PAYPAL_CLIENT_ID: present("PAYPAL_CLIENT_ID"),
  PAYPAL_CLIENT_SECRET: present("PAYPAL_CLIENT_SECRET"),
  PAYPAL_WEBHOOK_ID: present("PAYPAL_WEBHOOK_ID"),
  MAIL_PROVIDER: z.literal("http", { error: 'MAIL_PROVIDER must be "http" (the outbox keeps mail in D1)' }),
  MAIL_API_URL: httpsUrl("MAIL_API_URL"),
  MAIL_API_KEY: present("MAIL_API_KEY"),
  MAIL_FROM: present("MAIL_FROM"),
  TEST_CLOCK: z
    .string()
    .optional()
    .refine((v) => v !== "on", "TEST_CLOCK must be off (it lets a header set the clock)"),
  VOICE_ENGINE: z
    .enum(["embedded", "xinference", "workers-ai"], { error: 'VOICE_ENGINE must be "embedded", "xinference" or "workers-ai"' })
    .optional(),
});

const appProduction = z.object({
  SESSION_SECRET: secret("SESSION_SECRET"),
  PUBLIC_ORIGIN: httpsUrl("PUBLIC_ORIGIN"),
});

/** The worker's entry schema on `env`: its variables, and what is wrong with them for its deployment (empty when it may serve). */
function inspect<W extends WorkerName>(worker: W, env: Record<string, unknown>): { problems: string[]; vars: WorkerVars[W] | null } {
  const mode = kind.safeParse(env.APP_ENV);
  if (!mode.success) return { problems: [mode.error.issues[0]!.message], vars: null };
  const entry = ENTRY[worker].safeParse(env);
  const problems = entry.success ? [] : entry.error.issues.map((i) => i.message);
  if (worker === "app" && typeof env.PLAYER_FRAME_ANCESTORS === "string")
    problems.push(...frameAncestorProblems(env.PLAYER_FRAME_ANCESTORS, mode.data === "production"));
  if (worker === "api" && env.VOICE_ENGINE === "xinference")
    for (const name of ["XINFERENCE_URL", "XINFERENCE_TTS_MODEL", "XINFERENCE_ASR_MODEL"])
      if (!env[name]) problems.push(`VOICE_ENGINE=xinference needs ${name}`);
  if (mode.data === "production") problems.push(...productionProblems(worker, env));
  // A missing secret is named once, though both the entry and the production rules miss it.
  const unique = [...new Set(problems)];
  return { problems: unique, vars: entry.success && unique.length === 0 ? (entry.data as WorkerVars[W]) : null };
}

/** What is wrong with a worker's variables for its deployment; empty when it may serve. */
export function deploymentProblems(worker: WorkerName, env: Record<string, unknown>): string[] {
  return inspect(worker, env).problems;
}

/** The rules of `APP_ENV=production` (docs/decisions/0019). */
function productionProblems(worker: WorkerName, env: Record<string, unknown>): string[] {
  const issues = (schema: z.ZodType) => {
    const parsed = schema.safeParse(env);
    return parsed.success ? [] : parsed.error.issues.map((i) => i.message);
  };
  if (worker === "api") {
    const problems = issues(apiProduction);
    // The neural engine's server is reached over the internet (a Cloudflare Tunnel's https name) with a key.
    if (env.VOICE_ENGINE === "xinference")
      problems.push(
        ...issues(
          z.object({
            XINFERENCE_URL: httpsUrl("XINFERENCE_URL"),
            XINFERENCE_API_KEY: present("XINFERENCE_API_KEY"),
            XINFERENCE_TTS_MODEL: present("XINFERENCE_TTS_MODEL"),
            XINFERENCE_ASR_MODEL: present("XINFERENCE_ASR_MODEL"),
          }),
        ),
      );
    // The neural engine needs Workers AI's binding ([ai] binding = "AI" in the deployed configuration).
    const ai = env.AI as { run?: unknown } | undefined;
    if (env.VOICE_ENGINE === "workers-ai" && typeof ai?.run !== "function")
      problems.push('VOICE_ENGINE=workers-ai needs the AI binding ([ai] binding = "AI")');
    problems.push(
      ...pairs(env, [
        ["GOOGLE_CLIENT_ID", "GOOGLE_CLIENT_SECRET"],
        ["NAVER_CLIENT_ID", "NAVER_CLIENT_SECRET"],
        ["KAKAO_CLIENT_ID", "KAKAO_CLIENT_SECRET"],
      ]),
    );
    return problems;
  }
  if (worker === "app") return issues(appProduction);
  return [];
}

/** An origin as PLAYER_FRAME_ANCESTORS takes it: scheme, host (a wildcard only as its first label), optional port or `*`. */
const FRAME_ORIGIN = /^(https?):\/\/(\*\.)?([a-z0-9-]+(?:\.[a-z0-9-]+)*)(?::(\d{1,5}|\*))?$/i;

/**
 * What is wrong with PLAYER_FRAME_ANCESTORS (the origins besides the social sites that may frame a video letter's
 * player; docs/decisions/0047 and 0052), checked at start-up so a mistake refuses to serve instead of
 * opening the player to more sites than meant: every origin https (http only for a local host outside production,
 * as the browser tests' `http://localhost:*`), a wildcard only as the first label and followed by at least two
 * labels (`https://*.example.com`, never `https://*.com`), a port from 1 to 65535.
 */
export function frameAncestorProblems(value: string, production: boolean): string[] {
  const problems: string[] = [];
  for (const origin of value.split(/\s+/).filter(Boolean)) {
    const m = FRAME_ORIGIN.exec(origin);
    if (!m) {
      problems.push(`PLAYER_FRAME_ANCESTORS: "${origin}" is not an origin (https://host, https://host:port or https://*.host.tld)`);
      continue;
    }
    const [, scheme, wildcard, host, port] = m;
    if (scheme!.toLowerCase() === "http" && (production || wildcard || !isLocalHost(host!)))
      problems.push(`PLAYER_FRAME_ANCESTORS: "${origin}" must be https (http only for a local host outside production)`);
    if (wildcard && host!.split(".").length < 2)
      problems.push(`PLAYER_FRAME_ANCESTORS: "${origin}" needs at least two labels after its wildcard (https://*.example.com)`);
    if (port && port !== "*" && (Number(port) < 1 || Number(port) > 65535))
      problems.push(`PLAYER_FRAME_ANCESTORS: "${origin}" has no valid port`);
  }
  return problems;
}

/**
 * Hosts a development or test configuration may answer: loopback, private IPv4, and names that
 * cannot be registered (RFC 2606/6761 and .internal, which the service bindings use).
 */
export function isLocalHost(hostname: string) {
  const h = hostname.toLowerCase().replace(/^\[|\]$/g, "");
  if (h === "localhost" || h === "::1") return true;
  if (/\.(localhost|local|test|example|invalid|internal)$/.test(h)) return true;
  if (/^(.+\.)?example\.(com|net|org)$/.test(h)) return true;
  const ip = h.match(/^(\d+)\.(\d+)\.(\d+)\.(\d+)$/);
  if (!ip) return false;
  const [a, b] = [Number(ip[1]), Number(ip[2])];
  return a === 127 || a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168);
}

const checked = new WeakMap<object, { problems: string[]; vars: unknown }>();

/**
 * A worker's environment as its entry sees it: parsed once per environment object (the problems are
 * logged once), then read from here. `vars` is null when there are problems.
 */
export function checkEnv<W extends WorkerName>(worker: W, env: object): { problems: string[]; vars: WorkerVars[W] | null } {
  let result = checked.get(env);
  if (!result) {
    result = inspect(worker, env as Record<string, unknown>);
    checked.set(env, result);
    if (result.problems.length > 0) console.error(`[${worker}] refusing to serve: ${result.problems.join("; ")}`);
  }
  return result as { problems: string[]; vars: WorkerVars[W] | null };
}

/** Why this worker must not answer `url` (null when it may): its environment's problems (checkEnv), or a public host outside production. */
export function refusalFor(worker: WorkerName, env: object, url: string): string[] | null {
  const { problems } = checkEnv(worker, env);
  if (problems.length > 0) return problems;
  if ((env as Record<string, unknown>).APP_ENV !== "production" && !isLocalHost(new URL(url).hostname)) {
    return [`APP_ENV=${String((env as Record<string, unknown>).APP_ENV)} serves local hosts only; deploy with --env production`];
  }
  return null;
}

/** The 503 envelope a refusing worker answers (the same shape and code table as /api/v1's). */
export function unavailable(locale: Locale) {
  const code = Code.SERVICE_UNAVAILABLE;
  return Response.json({ success: false, code, data: null, message: messages[code][locale] }, { status: httpStatus[code] });
}
