import { z } from "zod/v4";
import { Code, httpStatus, messages, type Locale } from "./codes";

/**
 * The environment each worker runs with, parsed once at its entry (docs/decisions/0019).
 *
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

const present = (name: string) => z.string({ error: `${name} is missing` }).trim().min(1, `${name} is missing`);
const secret = (name: string) =>
  z
    .string({ error: `${name} is missing` })
    .refine((v) => !DEV_SECRETS.has(v) && !/change-me|local-dev/i.test(v), `${name} is a development value`)
    .refine((v) => new TextEncoder().encode(v).length >= MIN_SECRET_BYTES, `${name} is shorter than ${MIN_SECRET_BYTES} bytes`);
const httpsUrl = (name: string) => z.url({ protocol: /^https$/, error: `${name} must be an https URL` });

const kind = z.enum(["development", "test", "production"], { error: "APP_ENV must be development, test or production" });

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
  MAIL_PROVIDER: z.literal("http", { error: 'MAIL_PROVIDER must be "http" (the outbox keeps mail in D1)' }),
  MAIL_API_URL: httpsUrl("MAIL_API_URL"),
  MAIL_API_KEY: present("MAIL_API_KEY"),
  MAIL_FROM: present("MAIL_FROM"),
  TEST_CLOCK: z.string().optional().refine((v) => v !== "on", "TEST_CLOCK must be off (it lets a header set the clock)"),
  VOICE_ENGINE: z.enum(["embedded", "http", "workers-ai"]).optional(),
});

const appProduction = z.object({
  SESSION_SECRET: secret("SESSION_SECRET"),
  PUBLIC_ORIGIN: httpsUrl("PUBLIC_ORIGIN"),
});

/** What is wrong with a worker's variables for its deployment; empty when it may serve. */
export function deploymentProblems(worker: WorkerName, env: Record<string, unknown>): string[] {
  const mode = kind.safeParse(env.APP_ENV);
  if (!mode.success) return [mode.error.issues[0]!.message];
  if (mode.data !== "production") return [];
  const issues = (schema: z.ZodType) => {
    const parsed = schema.safeParse(env);
    return parsed.success ? [] : parsed.error.issues.map((i) => i.message);
  };
  if (worker === "api") {
    const problems = issues(apiProduction);
    if (env.VOICE_ENGINE === "http") problems.push(...issues(z.object({ VOICE_ENGINE_URL: httpsUrl("VOICE_ENGINE_URL"), VOICE_ENGINE_KEY: present("VOICE_ENGINE_KEY") })));
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

const checked = new WeakMap<object, string[]>();

/**
 * Why this worker must not answer `url` (null when it may). Parsed once per environment object;
 * the problems are logged once.
 */
export function refusalFor(worker: WorkerName, env: object, url: string): string[] | null {
  let problems = checked.get(env);
  if (!problems) {
    problems = deploymentProblems(worker, env as Record<string, unknown>);
    checked.set(env, problems);
    if (problems.length > 0) console.error(`[${worker}] refusing to serve: ${problems.join("; ")}`);
  }
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
