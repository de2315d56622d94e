import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { z } from "zod/v4";
import { ACTOR_APPLICATION } from "#contracts/actors";
import { applyAsActor } from "../domain/actors";
import { Code } from "../lib/codes";
import { answer, fail } from "../lib/envelope";
import { optionalMember } from "../lib/middleware";
import { clientIp, hit } from "../lib/rate-limit";
import { parseLocalized, plainText } from "../lib/validate";
import type { AppEnv, Member } from "../env";

/** Room for the multipart framing and the text fields around the sample. */
const FORM_OVERHEAD = 64 * 1024;

/** A sample over 10 MB is refused while it streams in, with the file-size message. */
const uploadLimit = bodyLimit({
  maxSize: ACTOR_APPLICATION.sampleMaxBytes + FORM_OVERHEAD,
  onError: (c) => fail(c as never, Code.AUDIO_TOO_LARGE, { params: { max: ACTOR_APPLICATION.sampleMaxBytes / 1024 / 1024 } }),
});

const fields = z.object({
  name: plainText(1, ACTOR_APPLICATION.nameMax),
  contact: plainText(3, ACTOR_APPLICATION.contactMax),
  sample_url: z.string().trim().max(ACTOR_APPLICATION.linkMax).optional(),
  /** A checkbox: present ("on", "true", "1", "Y") when agreed. */
  consent: z.string().max(8).optional(),
});

/**
 * Voice actors (`/actors/*`, domain/actors.ts). `POST /actors/applications`: multipart (or
 * urlencoded) `name`, `contact`, `sample_url` and/or `file`, `consent`; open to visitors, limited per IP.
 */
export const actorsRoutes = new Hono<AppEnv>().post("/applications", uploadLimit, optionalMember, async (c) => {
  if (!(await hit(c.env, "actorApplyPerIp", clientIp(c.req.raw.headers))).allowed) return fail(c, Code.RATE_LIMITED);
  const form = await c.req.formData().catch(() => null);
  if (!form) return fail(c, Code.BAD_REQUEST);
  const text = Object.fromEntries([...form.entries()].filter(([k, v]) => k !== "file" && typeof v === "string"));
  const parsed = parseLocalized(fields, text, c.var.locale);
  if (!parsed.success) {
    const first = parsed.issues[0]!;
    return fail(c, Code.BAD_REQUEST, { message: `${first.path}: ${first.message}`, data: { issues: parsed.issues } });
  }
  const file = form.get("file");
  const { name, contact, sample_url, consent } = parsed.data;
  const scope = { env: c.env, db: c.var.db, member: (c.var.member as Member | undefined) ?? null, locale: c.var.locale };
  const result = await applyAsActor(scope, {
    name,
    contact,
    sampleUrl: sample_url,
    file: file instanceof File ? file : undefined,
    consent: ["on", "true", "1", "y"].includes((consent ?? "").toLowerCase()),
  });
  return answer(c, result);
});
