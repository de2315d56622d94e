import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { z } from "zod/v4";
import type { Context } from "hono";
import { Code, httpStatus, localeFromHeader, messages } from "../../api/src/lib/codes";
import { sha256Hex } from "../../api/src/lib/crypto";
import { refusalFor, unavailable } from "../../api/src/lib/deployment";
import { clientIp, hit, LIMITS } from "../../api/src/lib/rate-limit";
import type { Bindings } from "../../api/src/env";
import type { NotifyBindings } from "../worker-configuration";

/** The bindings of workers/notify/wrangler.toml, as `wrangler types` generates them (`npm run cf-typegen`). */
type Env = { Bindings: NotifyBindings };

/** Reports larger than this are refused (413) and not stored. */
export const MAX_REPORT_BYTES = 16 * 1024;
/** An identical report (same message, detail and user) within this window is dropped. */
export const DEDUP_WINDOW_MS = 2000;

const report = z.object({
  message: z.string().trim().min(1).max(4000),
  // The app sends a JSON string; browsers may send an object. Both are stored as text.
  detail: z
    .union([z.string().max(12000), z.record(z.string(), z.unknown())])
    .transform((d) => (typeof d === "string" ? d : JSON.stringify(d))),
  userId: z.string().trim().min(1).max(320),
});

const fingerprint = (message: string, detail: string, userId: string) => sha256Hex(JSON.stringify([message, detail, userId]));

/** The host the app and api workers use to reach this worker over their service bindings. */
const INTERNAL_HOST = "notify.internal";

// The same envelope, codes and ko/en messages as /api/v1 (workers/api/src/lib/codes.ts), in the
// language of the `lang` header.
const answer = (c: Context<Env>, stored: boolean, status: 200 | 202 = 200) =>
  Response.json(
    { success: true, code: Code.OK, data: { stored }, message: messages[Code.OK][localeFromHeader(c.req.header("lang"))] },
    { status },
  );
const refuse = (c: Context<Env>, code: Code, extra: Record<string, string> = {}) =>
  Response.json(
    { success: false, code, data: null, message: messages[code][localeFromHeader(c.req.header("lang"))] },
    { status: httpStatus[code], headers: extra },
  );

/**
 * Reports from browsers come through the app worker's /api/notify on the site's own origin: they
 * must say so (Origin equal to the site's, or Sec-Fetch-Site: same-origin), so no other site can
 * make its visitors' browsers post here. The app and api workers post to notify.internal over
 * their service bindings (not reachable from outside: this worker has no public route).
 */
function sameOrigin(req: Request) {
  const url = new URL(req.url);
  if (url.hostname === INTERNAL_HOST) return true;
  const site = req.headers.get("sec-fetch-site");
  if (site !== null && site !== "same-origin") return false;
  const origin = req.headers.get("origin");
  if (origin !== null) return origin === url.origin;
  return site === "same-origin";
}

const isJson = (type: string | undefined) => (type ?? "").split(";")[0]!.trim().toLowerCase() === "application/json";

export const app = new Hono<Env>();

// The environment, parsed once at the entry (lib/deployment.ts): an unknown APP_ENV, or a development
// configuration on a public host, answers 503.
app.use("*", async (c, next) => (refusalFor("notify", c.env, c.req.url) ? unavailable(localeFromHeader(c.req.header("lang"))) : next()));

app.post("/api/notify", bodyLimit({ maxSize: MAX_REPORT_BYTES, onError: (c) => refuse(c, Code.PAYLOAD_TOO_LARGE) }), async (c) => {
  if (!isJson(c.req.header("content-type"))) return refuse(c, Code.UNSUPPORTED_MEDIA_TYPE);
  if (!sameOrigin(c.req.raw)) return refuse(c, Code.CROSS_SITE);
  const internal = new URL(c.req.url).hostname === INTERNAL_HOST;
  const client = internal ? "internal" : clientIp(c.req.raw.headers);
  const limited = await hit(c.env as unknown as Bindings, internal ? "notifyInternal" : "notifyPerClient", client);
  if (!limited.allowed) return refuse(c, Code.RATE_LIMITED, { "retry-after": String(LIMITS.notifyPerClient.windowSeconds) });
  let json: unknown;
  try {
    json = await c.req.json();
  } catch {
    return refuse(c, Code.MALFORMED_JSON);
  }
  const parsed = report.safeParse(json);
  if (!parsed.success) return refuse(c, Code.BAD_REQUEST);
  const { message, detail, userId } = parsed.data;
  const now = Date.now();
  const fp = await fingerprint(message, detail, userId);

  // One transaction: the upsert claims the fingerprint only if it is new or its last report is
  // older than the window (the primary key serialises concurrent claims); the insert runs only
  // when the upsert changed a row. No read-then-write, so 20 identical concurrent reports store one.
  const [, inserted] = await c.env.DB.batch([
    c.env.DB.prepare(
      `INSERT INTO notify_dedup (fingerprint, last_at) VALUES (?1, ?2)
         ON CONFLICT (fingerprint) DO UPDATE SET last_at = excluded.last_at
         WHERE notify_dedup.last_at <= excluded.last_at - ?3`,
    ).bind(fp, now, DEDUP_WINDOW_MS),
    c.env.DB.prepare(
      `INSERT INTO notify_reports (message, detail, user_id, received_at)
         SELECT ?1, ?2, ?3, ?4 WHERE changes() = 1`,
    ).bind(message, detail, userId, now),
  ]);
  const stored = (inserted?.meta.changes ?? 0) === 1;
  return answer(c, stored, stored ? 200 : 202);
});

app.all("/api/notify", (c) => refuse(c, Code.METHOD_NOT_ALLOWED, { allow: "POST" }));
app.notFound((c) => refuse(c, Code.NOT_FOUND));
app.onError((err, c) => {
  console.error("notify error", err);
  return refuse(c, Code.INTERNAL);
});
