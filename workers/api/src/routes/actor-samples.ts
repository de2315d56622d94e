import { eq } from "drizzle-orm";
import { Hono } from "hono";
import { z } from "zod/v4";
import { actorApplications } from "#db/schema";
import { SAMPLE_PURPOSE } from "../domain/admin/moderation";
import { now } from "../lib/clock";
import { Code } from "../lib/codes";
import { fail } from "../lib/envelope";
import { checkSignature, privateFile } from "../lib/signed-url";
import { queryParams } from "../lib/validate";
import type { AppEnv } from "../env";

const signedQuery = z.object({ exp: z.string().max(20).optional(), sig: z.string().max(100).optional() });

/**
 * An actor application's uploaded sample by signed URL (`/actors/samples/:id?exp&sig`, minted only in the
 * operator console's application list; lib/signed-url.ts, docs/decisions/0036): no session needed, so a plain
 * <audio> plays it; 403 (4538) once the link expired, 404 for a wrong signature or no sample. Never public.
 */
export const actorSampleRoutes = new Hono<AppEnv>().get("/:id", queryParams(signedQuery), async (c) => {
  const id = c.req.param("id");
  const { exp, sig } = c.req.valid("query");
  const verdict = await checkSignature(c.env.JWT_SECRET, SAMPLE_PURPOSE, id, exp, sig, now(c));
  if (verdict === "invalid") return fail(c, Code.NOT_FOUND);
  if (verdict === "expired") return fail(c, Code.SAMPLE_LINK_EXPIRED);
  const row = await c.var.db.select({ key: actorApplications.sampleKey }).from(actorApplications).where(eq(actorApplications.id, id)).get();
  const object = row?.key ? await c.env.MEDIA.get(row.key) : null;
  if (!object) return fail(c, Code.NOT_FOUND);
  return privateFile(object, object.httpMetadata?.contentType ?? "application/octet-stream");
});
