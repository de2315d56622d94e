import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { z } from "zod/v4";
import { Code } from "../../api/src/lib/codes";
import { sha256Hex } from "../../api/src/lib/crypto";

type Env = { Bindings: { DB: D1Database } };

/** Reports larger than this are refused (413) and not stored. */
export const MAX_REPORT_BYTES = 16 * 1024;
/** An identical report (same message, detail and user) within this window is dropped. */
export const DEDUP_WINDOW_MS = 2000;

const report = z.object({
  message: z.string().trim().min(1).max(4000),
  // The app sends a JSON string; browsers may send an object. Both are stored as text.
  detail: z.union([z.string().max(12000), z.record(z.string(), z.unknown())]).transform((d) =>
    typeof d === "string" ? d : JSON.stringify(d),
  ),
  userId: z.string().trim().min(1).max(320),
});

const fingerprint = (message: string, detail: string, userId: string) =>
  sha256Hex(JSON.stringify([message, detail, userId]));

// The same envelope and codes as /api/v1 (workers/api/src/lib/codes.ts); reports are internal, so
// messages stay in English.
const answer = (stored: boolean, status: 200 | 202 = 200) =>
  Response.json({ success: true, code: Code.OK, data: { stored }, message: "OK" }, { status });
const refusal = {
  400: Code.BAD_REQUEST,
  404: Code.NOT_FOUND,
  413: Code.PAYLOAD_TOO_LARGE,
  415: Code.UNSUPPORTED_MEDIA_TYPE,
} as const;
const refuse = (status: keyof typeof refusal, message: string) =>
  Response.json({ success: false, code: refusal[status], data: null, message }, { status });

export const app = new Hono<Env>();

app.post(
  "/api/notify",
  bodyLimit({ maxSize: MAX_REPORT_BYTES, onError: () => refuse(413, "report too large") }),
  async (c) => {
    if (!(c.req.header("content-type") ?? "").includes("json")) {
      return refuse(415, "report must be JSON");
    }
    let json: unknown;
    try {
      json = await c.req.json();
    } catch {
      return refuse(400, "report is not valid JSON");
    }
    const parsed = report.safeParse(json);
    if (!parsed.success) return refuse(400, "report needs message, detail and userId");
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
    return answer(stored, stored ? 200 : 202);
  },
);

app.all("/api/notify", () => refuse(404, "use POST"));
app.notFound(() => refuse(404, "not found"));
app.onError((err) => {
  console.error("notify error", err);
  return Response.json({ success: false, code: Code.INTERNAL, data: null, message: "error" }, { status: 500 });
});


