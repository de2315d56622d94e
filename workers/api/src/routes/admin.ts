import { Hono } from "hono";
import { createMiddleware } from "hono/factory";
import { z } from "zod/v4";
import { auditPage } from "../domain/admin/audit";
import { contentList, publishContent, saveContent, type ContentKind } from "../domain/admin/content";
import { contestInput, faqInput, noticeInput } from "../domain/content/schemas";
import { answerInquiry, inquiryForOperator, queue, setInquiryState } from "../domain/admin/inquiries";
import {
  actorApplicationList,
  APPLICATION_STATUSES,
  dismissReport,
  feature,
  featuredVoices,
  moderate,
  REPORT_STATUSES,
  reportQueue,
  setApplicationStatus,
  unfeature,
} from "../domain/admin/moderation";
import {
  COUPON_STATES,
  couponList,
  findMember,
  issueCoupon,
  memberSummary,
  REFUND_STATES,
  refundList,
  refundPayment,
} from "../domain/admin/members";
import { isOperator } from "../domain/admin/operators";
import { CATEGORIES, INQUIRY, STATE } from "../domain/help/inquiries";
import { memberScope } from "../domain/scope";
import { now } from "../lib/clock";
import { Code } from "../lib/codes";
import { answer, done, fail } from "../lib/envelope";
import { memberOf } from "../lib/middleware";
import { formFields, numericId, readSubmission, uploadLimit } from "../lib/multipart";
import { jsonBody, queryParams } from "../lib/validate";
import type { AppEnv } from "../env";
import { forgetAfterAnswer } from "../speech/engine";
import {
  audition,
  createReference,
  deleteReference,
  publishReference,
  reference,
  referenceAudio,
  referenceFields,
  referenceList,
} from "../domain/admin/voice-references";
import { REFERENCE_LIMITS } from "#contracts/voice-references";
import { sendAudio } from "../lib/audio";
import { invalid, parseLocalized } from "../lib/validate";
import { VOICE_RECORDING_RULES } from "../speech/recording-check";

/**
 * The operator console's API (`/admin/*`, docs/decisions/0032). Every path answers 404 (4004), exactly as
 * an unknown path, to anyone who is not a signed-in operator: a visitor, a member, a dormant or a
 * development operator in production (domain/admin/operators.ts). Every action writes one audit row.
 */
const operatorOnly = createMiddleware<AppEnv>(async (c, next) => {
  const member = await memberOf(c.var.accessToken, c.env);
  if (!member || !(await isOperator(c.env, c.var.db, member.id))) return fail(c, Code.NOT_FOUND);
  c.set("member", member);
  await next();
});

const stateCode = z.coerce.number().int().min(0).max(2);
const queueQuery = z.object({
  state: stateCode.optional(),
  category: z.enum(CATEGORIES).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
const answerFields = z.object({
  content: z.string().trim().min(1).max(INQUIRY.content),
  // Completed unless the operator leaves it waiting for the member.
  state: stateCode.default(STATE.completed),
});
const stateBody = z.object({ state: z.number().int() });
const lookupQuery = z.object({ email: z.string().trim().min(3).max(254) });
const couponBody = z.object({ plan: z.string().min(1).max(40), days: z.number().int().min(1).max(365) });
const refundBody = z.object({ payment_no: z.number().int().positive(), reason: z.string().trim().max(500).default("") });
const pageParam = z.coerce.number().int().min(1).max(10_000).default(1);
const couponQuery = z.object({ status: z.enum([...COUPON_STATES, "all"]).default("all"), page: pageParam });
const refundQuery = z.object({ status: z.enum([...REFUND_STATES, "all"]).default("all"), page: pageParam });
const stateOf = <S extends string>(status: S | "all") => (status === "all" ? undefined : status);
const auditQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  action: z.string().max(60).optional(),
  target_type: z.string().max(30).optional(),
  target_id: z.string().max(80).optional(),
});

const reasonBody = z.object({ reason: z.string().trim().min(1).max(500) });
const featureBody = z.object({
  voice_id: z.string().min(1).max(64),
  starts_at: z.number().int().min(0).max(8_640_000_000_000),
  ends_at: z.number().int().min(0).max(8_640_000_000_000),
});

const reportQuery = z.object({ status: z.enum([...REPORT_STATUSES, "all"]).default("open") });
const applicationQuery = z.object({ status: z.enum([...APPLICATION_STATUSES, "all"]).default("all") });
const applicationBody = z.object({ status: z.enum(APPLICATION_STATUSES) });
const reportKind = (raw: string) => (raw === "voice" || raw === "comment" ? raw : null);

const contentKind = (raw: string): ContentKind | null => (raw === "notices" || raw === "faq" || raw === "contests" ? raw : null);

/** A reference clip of at most 10 MB (a member's recording's limit) with the form's fields around it. */
const clipLimit = uploadLimit(VOICE_RECORDING_RULES.maxBytes, Code.AUDIO_TOO_LARGE, { max: VOICE_RECORDING_RULES.maxBytes / 1024 / 1024 });
const auditionBody = z.object({ text: z.string().max(REFERENCE_LIMITS.auditionMax).optional() });
const referenceAudioQuery = z.object({ format: z.enum(["wav", "mp3"]).default("wav") });

const answerLimit = uploadLimit(INQUIRY.images * INQUIRY.imageBytes, Code.INQUIRY_IMAGE_TOO_LARGE, {
  max: INQUIRY.imageBytes / 1024 / 1024,
});

export const adminRoutes = new Hono<AppEnv>()
  .use(operatorOnly)
  /** Who is signed in to the console (the app's guard asks this first). */
  .get("/me", (c) => answer(c, done({ id: c.var.member.id, email: c.var.member.email, role: "operator" as const })))
  .get("/inquiries", queryParams(queueQuery), async (c) => answer(c, await queue(memberScope(c), c.req.valid("query"))))
  .get("/inquiries/:no", async (c) => {
    const no = numericId(c.req.param("no"));
    if (no === null) return fail(c, Code.NOT_FOUND);
    return answer(c, await inquiryForOperator(memberScope(c), no, now(c)));
  })
  /** An answer (multipart: `content`, optional `state`, up to 5 `image` parts). */
  .post("/inquiries/:no/answer", answerLimit, async (c) => {
    const no = numericId(c.req.param("no"));
    if (no === null) return fail(c, Code.NOT_FOUND);
    const sub = await readSubmission(c, answerFields, "image");
    if (sub.error) return sub.error;
    return answer(c, await answerInquiry(memberScope(c), no, { ...sub.value, files: sub.files }, now(c)));
  })
  .post("/inquiries/:no/state", jsonBody(stateBody), async (c) => {
    const no = numericId(c.req.param("no"));
    if (no === null) return fail(c, Code.NOT_FOUND);
    return answer(c, await setInquiryState(memberScope(c), no, c.req.valid("json").state, now(c)));
  })
  .get("/members", queryParams(lookupQuery), async (c) => answer(c, await findMember(memberScope(c), c.req.valid("query").email)))
  .get("/members/:id", async (c) => answer(c, await memberSummary(memberScope(c), c.req.param("id"), now(c))))
  .post("/members/:id/coupon", jsonBody(couponBody), async (c) => {
    const { plan, days } = c.req.valid("json");
    return answer(c, await issueCoupon(memberScope(c), c.req.param("id"), plan, days, now(c)));
  })
  .post("/members/:id/refund", jsonBody(refundBody), async (c) => {
    const { payment_no, reason } = c.req.valid("json");
    const outcome = await refundPayment(memberScope(c), c.req.param("id"), payment_no, reason, now(c));
    // The member moved to Free: its custom voices' remote voices go after the answer (docs/decisions/0052).
    if (outcome.ok) forgetAfterAnswer(c);
    return answer(c, outcome);
  })
  /** Every coupon, newest first (`status`: unused, used, expired or all). */
  .get("/coupons", queryParams(couponQuery), async (c) => {
    const q = c.req.valid("query");
    return answer(c, await couponList(memberScope(c), { state: stateOf(q.status), page: q.page }, now(c)));
  })
  /** Every refunded payment, the latest first (`status`: requested while on its way to the payer, refunded after). */
  .get("/refunds", queryParams(refundQuery), async (c) => {
    const q = c.req.valid("query");
    return answer(c, await refundList(memberScope(c), { state: stateOf(q.status), page: q.page }, now(c)));
  })
  // Public content (domain/content/, docs/decisions/0031): list with drafts, create, update, publish, unpublish.
  .get("/content/:kind", async (c) => {
    const kind = contentKind(c.req.param("kind"));
    return kind ? answer(c, await contentList(memberScope(c), kind)) : fail(c, Code.NOT_FOUND);
  })
  .post("/content/notices", jsonBody(noticeInput), async (c) =>
    answer(c, await saveContent(memberScope(c), "notices", null, c.req.valid("json"), now(c))),
  )
  .put("/content/notices/:id", jsonBody(noticeInput), async (c) =>
    answer(c, await saveContent(memberScope(c), "notices", c.req.param("id"), c.req.valid("json"), now(c))),
  )
  .post("/content/faq", jsonBody(faqInput), async (c) =>
    answer(c, await saveContent(memberScope(c), "faq", null, c.req.valid("json"), now(c))),
  )
  .put("/content/faq/:id", jsonBody(faqInput), async (c) =>
    answer(c, await saveContent(memberScope(c), "faq", c.req.param("id"), c.req.valid("json"), now(c))),
  )
  .post("/content/contests", jsonBody(contestInput), async (c) =>
    answer(c, await saveContent(memberScope(c), "contests", null, c.req.valid("json"), now(c))),
  )
  .put("/content/contests/:id", jsonBody(contestInput), async (c) =>
    answer(c, await saveContent(memberScope(c), "contests", c.req.param("id"), c.req.valid("json"), now(c))),
  )
  .post("/content/:kind/:id/publish", async (c) => {
    const kind = contentKind(c.req.param("kind"));
    return kind ? answer(c, await publishContent(memberScope(c), kind, c.req.param("id"), true, now(c))) : fail(c, Code.NOT_FOUND);
  })
  .post("/content/:kind/:id/unpublish", async (c) => {
    const kind = contentKind(c.req.param("kind"));
    return kind ? answer(c, await publishContent(memberScope(c), kind, c.req.param("id"), false, now(c))) : fail(c, Code.NOT_FOUND);
  })
  // The voice library (domain/library/moderation.ts): reports, hide and restore, featured voices, actor applications.
  .get("/reports", queryParams(reportQuery), async (c) => answer(c, await reportQueue(memberScope(c), c.req.valid("query").status)))
  /** Dismisses one open report of a voice or a comment (docs/decisions/0036). */
  .post("/reports/:kind/:id/dismiss", async (c) => {
    const kind = reportKind(c.req.param("kind"));
    return kind ? answer(c, await dismissReport(memberScope(c), kind, c.req.param("id"), now(c))) : fail(c, Code.NOT_FOUND);
  })
  .post("/voices/:id/hide", jsonBody(reasonBody), async (c) =>
    answer(c, await moderate(memberScope(c), "voice", c.req.param("id"), true, c.req.valid("json").reason, now(c))),
  )
  .post("/voices/:id/restore", async (c) => answer(c, await moderate(memberScope(c), "voice", c.req.param("id"), false, "", now(c))))
  .post("/comments/:id/hide", jsonBody(reasonBody), async (c) =>
    answer(c, await moderate(memberScope(c), "comment", c.req.param("id"), true, c.req.valid("json").reason, now(c))),
  )
  .post("/comments/:id/restore", async (c) => answer(c, await moderate(memberScope(c), "comment", c.req.param("id"), false, "", now(c))))
  .get("/featured", async (c) => answer(c, await featuredVoices(memberScope(c))))
  .post("/featured", jsonBody(featureBody), async (c) => {
    const b = c.req.valid("json");
    return answer(c, await feature(memberScope(c), b.voice_id, b.starts_at, b.ends_at, now(c)));
  })
  .delete("/featured/:id", async (c) => answer(c, await unfeature(memberScope(c), c.req.param("id"), now(c))))
  .get("/actor-applications", queryParams(applicationQuery), async (c) =>
    answer(c, await actorApplicationList(memberScope(c), c.req.valid("query").status, now(c))),
  )
  .post("/actor-applications/:id/status", jsonBody(applicationBody), async (c) =>
    answer(c, await setApplicationStatus(memberScope(c), c.req.param("id"), c.req.valid("json").status, now(c))),
  )
  // Basic voices from reference clips or preset speakers (domain/admin/voice-references.ts, docs/decisions/0062).
  .get("/voice-references", async (c) => answer(c, await referenceList(memberScope(c))))
  /** Stages one (multipart: the card, speaker, consent and licence fields, and the clip as `file`). */
  .post("/voice-references", clipLimit, async (c) => {
    const form = await c.req.formData().catch(() => null);
    if (!form) return fail(c, Code.BAD_REQUEST);
    const fields = parseLocalized(referenceFields, formFields(form, { files: true }), c.var.locale);
    if (!fields.success) return invalid(c, fields.issues);
    return answer(c, await createReference(memberScope(c), fields.data, now(c)));
  })
  .get("/voice-references/:id", async (c) => answer(c, await reference(memberScope(c), c.req.param("id"))))
  /** Speaks `text` (or the preview sentence) in the staged voice with the engine configured now. */
  .post("/voice-references/:id/audition", jsonBody(auditionBody), async (c) =>
    answer(c, await audition(memberScope(c), c.req.param("id"), c.req.valid("json").text, now(c))),
  )
  .get("/voice-references/:id/:which{clip|audition}", queryParams(referenceAudioQuery), async (c) => {
    const which = c.req.param("which") as "clip" | "audition";
    const key = await referenceAudio(memberScope(c), c.req.param("id"), which);
    if (!key.ok) return answer(c, key);
    // An audition is replaced at the same address: asked again each time.
    return sendAudio(c, key.value, which, c.req.valid("query").format, false, "private, no-cache");
  })
  .post("/voice-references/:id/publish", async (c) => answer(c, await publishReference(memberScope(c), c.req.param("id"), now(c))))
  .delete("/voice-references/:id", async (c) => answer(c, await deleteReference(memberScope(c), c.req.param("id"), now(c))))
  .get("/audit", queryParams(auditQuery), async (c) => {
    const q = c.req.valid("query");
    return answer(c, done(await auditPage(c.var.db, { page: q.page, action: q.action, targetType: q.target_type, targetId: q.target_id })));
  });
