import { Hono } from "hono";
import { z } from "zod/v4";
import {
  CATEGORIES,
  createInquiry,
  followUp,
  IMAGE_PURPOSE,
  imageById,
  INQUIRY,
  myInquiries,
  readInquiry,
  unreadCount,
  type Submission,
} from "../domain/help/inquiries";
import { memberScope } from "../domain/scope";
import { now } from "../lib/clock";
import { Code } from "../lib/codes";
import { answer, done, fail } from "../lib/envelope";
import { requireMember } from "../lib/middleware";
import { checkSignature, privateFile } from "../lib/signed-url";
import { numericId, readSubmission, uploadLimit } from "../lib/multipart";
import { queryParams } from "../lib/validate";
import type { AppEnv } from "../env";

/** A submission over 5 full-size images is refused while it streams in, with the image-size message. */
const inquiryUploadLimit = uploadLimit(INQUIRY.images * INQUIRY.imageBytes, Code.INQUIRY_IMAGE_TOO_LARGE, {
  max: INQUIRY.imageBytes / 1024 / 1024,
});

/** The text of an inquiry or follow-up: 1 to 5000 characters (line breaks allowed). */
const contentField = z.string().trim().min(1).max(INQUIRY.content);
const newInquiry = z.object({ category: z.enum(CATEGORIES), content: contentField });
const followUpFields = z.object({ content: contentField });
const pageQuery = z.object({ page: z.coerce.number().int().min(1).max(10_000).default(1) });

/**
 * 1:1 inquiries of the signed-in member (`/help/*`; domain/help/inquiries.ts): list, write (multipart:
 * `category`, `content`, up to 5 `image` parts), read (marks the answer read), follow up while open.
 */
export const helpRoutes = new Hono<AppEnv>()
  .use(requireMember)
  .get("/inquiries", queryParams(pageQuery), async (c) => answer(c, await myInquiries(memberScope(c), c.req.valid("query").page)))
  .post("/inquiries", inquiryUploadLimit, async (c) => {
    const sub = await readSubmission(c, newInquiry, "image");
    if (sub.error) return sub.error;
    const { category, content } = sub.value;
    const submission: Submission = { content, files: sub.files };
    return answer(c, await createInquiry(memberScope(c), category, submission, now(c)));
  })
  .get("/inquiries/:no", async (c) => {
    const no = numericId(c.req.param("no"));
    if (no === null) return fail(c, Code.NOT_FOUND);
    return answer(c, await readInquiry(memberScope(c), no, now(c)));
  })
  .post("/inquiries/:no/followups", inquiryUploadLimit, async (c) => {
    const no = numericId(c.req.param("no"));
    if (no === null) return fail(c, Code.NOT_FOUND);
    const sub = await readSubmission(c, followUpFields, "image");
    if (sub.error) return sub.error;
    return answer(c, await followUp(memberScope(c), no, { content: sub.value.content, files: sub.files }, now(c)));
  })
  /** The sidebar's badge: inquiries with an answer the member has not opened. */
  .get("/unread", async (c) => answer(c, done({ unread: await unreadCount(memberScope(c)) })));

const signedQuery = z.object({ exp: z.string().max(20).optional(), sig: z.string().max(100).optional() });

/**
 * Inquiry images by signed URL (`/help/images/:id?exp&sig`, minted by the inquiry's answers for its member
 * and for operators; lib/signed-url.ts): no session needed, so a plain <img> loads it; 403 (4534) once the
 * link expired, 404 for a wrong signature or a deleted image.
 */
export const helpImageRoutes = new Hono<AppEnv>().get("/:id", queryParams(signedQuery), async (c) => {
  const id = c.req.param("id");
  const { exp, sig } = c.req.valid("query");
  const verdict = await checkSignature(c.env.JWT_SECRET, IMAGE_PURPOSE, id, exp, sig, now(c));
  if (verdict === "invalid") return fail(c, Code.NOT_FOUND);
  if (verdict === "expired") return fail(c, Code.IMAGE_LINK_EXPIRED);
  const row = await imageById(c.var.db, id);
  const object = row ? await c.env.MEDIA.get(row.key) : null;
  if (!row || !object) return fail(c, Code.NOT_FOUND);
  return privateFile(object, row.contentType, row.name);
});
