import type { AppEnv } from "../env";

/**
 * Every rate limit of the API, in one place: how many requests per window for one key.
 *
 */
export const LIMITS = {
  /** Certification mails per address. */
  certMailPerAddress: { max: 5, windowSeconds: 600 },
  /** Certification mails per client IP. */
  certMailPerIp: { max: 20, windowSeconds: 600 },
  /** Code checks per address. */
  certCheckPerAddress: { max: 10, windowSeconds: 600 },
  /** Address look-ups (sign-up step 1) per client IP. */
  checkEmailPerIp: { max: 30, windowSeconds: 600 },
  /** Login attempts per account. */
  loginPerAccount: { max: 10, windowSeconds: 600 },
  /** Login attempts per client IP. */
  loginPerIp: { max: 50, windowSeconds: 600 },
  /** New passwords tried per address (password recovery's last step; docs/decisions/0056 made a guess a 192-bit ticket). */
  updatePwdPerAccount: { max: 10, windowSeconds: 600 },
  /** New passwords tried per client IP (password recovery's last step). */
  updatePwdPerIp: { max: 30, windowSeconds: 600 },
  /** Social logins started per client IP (each stores an OAuth state for 10 minutes). */
  socialStartPerIp: { max: 30, windowSeconds: 600 },
  /** Coupon numbers tried per member (numbers must not be guessable by trying). */
  couponPerAccount: { max: 10, windowSeconds: 600 },
  /** Error reports from one browser client (IP) to /api/notify. */
  notifyPerClient: { max: 30, windowSeconds: 60 },
  /** Error reports from the app and api workers themselves (all members together). */
  notifyInternal: { max: 600, windowSeconds: 60 },
  /** Pronunciation previews per member (each runs the reading rules and eSpeak's phonemizer). */
  pronouncePerMember: { max: 60, windowSeconds: 60 },
  /** New 1:1 inquiries and follow-ups per member (each may carry 25 MB of images). */
  inquiryPerMember: { max: 10, windowSeconds: 3600 },
  /** Comments written or edited per member (voice library). */
  commentsPerMember: { max: 10, windowSeconds: 60 },
  /** Reports of voices and comments per member (voice library). */
  reportsPerMember: { max: 20, windowSeconds: 3600 },
  /** Open voice recording checks per member (each decodes and measures up to 10 MB; docs/decisions/0029). */
  voiceCheckPerMember: { max: 30, windowSeconds: 3600 },
  /** Open voice drafts per member (a check, a stored recording and a derived profile with its preview). */
  voiceDraftPerMember: { max: 20, windowSeconds: 3600 },
  /** Open voices published per member (shorter than a day: the daily clean-up keeps windows up to its longest). */
  voiceCreatePerMember: { max: 10, windowSeconds: 6 * 3600 },
  /** Custom voice creations started per member (each stores up to 50 MB and runs a job; a failed one is retried with a new POST). */
  customVoicePerMember: { max: 10, windowSeconds: 3600 },
  /** Public API calls (TTS, STS, result audio) per business API key (docs/decisions/0031). */
  apiKeyCalls: { max: 60, windowSeconds: 60 },
  /** API keys a member may create in an hour (each is a row; revoked keys stay listed). */
  apiKeyCreatePerMember: { max: 20, windowSeconds: 3_600 },
  /** Voice actor applications (/actors) per client IP, tries that fail a check included. */
  actorApplyPerIp: { max: 10, windowSeconds: 3600 },
  // Labs (docs/decisions/0041).
  /** Avatar uploads per member (each is up to 30 MB parsed and stored), refused files included. */
  avatarUploadPerMember: { max: 20, windowSeconds: 3600 },
  /** Background music uploads per member (each up to 15 MB decoded, resampled and stored), refused files included. */
  musicUploadPerMember: { max: 30, windowSeconds: 3600 },
  /** Video letter uploads per member (each up to 25 MB walked and stored). */
  letterUploadPerMember: { max: 30, windowSeconds: 3600 },
} as const;

export type LimitName = keyof typeof LIMITS;

/**
 * Counts one request against `name` for `subject` in a fixed window and says whether it is allowed.
 * One upsert statement: the counter starts over when the window has passed, else it increments,
 * and RETURNING gives the new count, so concurrent requests cannot both slip under the limit.
 */
export async function hit(env: AppEnv["Bindings"], name: LimitName, subject: string, now = Date.now()) {
  const { max, windowSeconds } = LIMITS[name];
  const windowMs = windowSeconds * 1000;
  const row = await env.DB.prepare(
    `INSERT INTO rate_limits (key, window_start, count) VALUES (?1, ?2, 1)
     ON CONFLICT (key) DO UPDATE SET
       count = CASE WHEN rate_limits.window_start <= ?2 - ?3 THEN 1 ELSE rate_limits.count + 1 END,
       window_start = CASE WHEN rate_limits.window_start <= ?2 - ?3 THEN ?2 ELSE rate_limits.window_start END
     RETURNING count`,
  )
    .bind(`${name}:${subject}`, now, windowMs)
    .first<{ count: number }>();
  return { allowed: (row?.count ?? 1) <= max, count: row?.count ?? 1 };
}

/**
 * Takes back one counted request of `name` for `subject` (a login that succeeded: the limits count failed attempts).
 * Counting first and giving back after keeps concurrent attempts bounded: each is counted before its password is
 * checked. Never below zero, and only within the window the request was counted in.
 */
export async function release(env: AppEnv["Bindings"], name: LimitName, subject: string, now = Date.now()) {
  const windowMs = LIMITS[name].windowSeconds * 1000;
  await env.DB.prepare(`UPDATE rate_limits SET count = MAX(count - 1, 0) WHERE key = ?1 AND window_start > ?2 - ?3`)
    .bind(`${name}:${subject}`, now, windowMs)
    .run();
}

/**
 * Counts one request against each limit in turn (e.g. per account, then per IP) and says whether all allowed it; the
 * first refusal stops there, so a refused request is not counted against the limits after it.
 */
export async function withinLimits(env: AppEnv["Bindings"], limits: readonly (readonly [LimitName, string])[]) {
  for (const [name, subject] of limits) {
    if (!(await hit(env, name, subject)).allowed) return false;
  }
  return true;
}

/** The client's IP as Cloudflare reports it; "unknown" where there is none (local tests). */
export const clientIp = (headers: Headers) => headers.get("cf-connecting-ip") ?? "unknown";

/**
 * How much engine work one member may have at once (docs/decisions/0017): `running` project
 * generations, conversions and one-call TTS/STS requests run together, `waiting` more wait for a
 * running slot; beyond that a new one is refused (4220). A job whose heartbeat is older than
 * `staleMs` is taken as dead: it stops counting and its open charges are refunded. A one-call request
 * waits at most `callWaitMs` for a running slot; a waiting job looks again every `retryMs`. An item
 * interrupted mid-run (an evicted or crashed Durable Object) is tried `attempts` times in all.
 */
export const JOB_LIMITS = { running: 2, waiting: 3, staleMs: 5 * 60_000, callWaitMs: 20_000, retryMs: 1_000, attempts: 2 } as const;
