import { and, count, desc, eq } from "drizzle-orm";
import { inquiries, inquiryImages, inquiryMessages, members } from "#db/schema";
import { createMailer } from "../../integrations/mailer";
import { Code, fill } from "../../lib/codes";
import { INQUIRY_ANSWER_MAIL } from "../../lib/labels";
import { done, refusal } from "../../lib/envelope";
import { checkImages, inquiryOut, inquirySummary, isOpen, STATE, storeImages, type Category, type Submission } from "../help/inquiries";
import type { MemberScope } from "../scope";
import { entry } from "./audit";

/** The operators' side of 1:1 inquiries (docs/decisions/0032): the queue, one inquiry, answers and state changes. */

export const QUEUE_PAGE_SIZE = 20;

/** The queue: inquiries of one state and/or category, oldest waiting first for open states, newest first for completed. */
export async function queue(s: MemberScope, q: { state?: number; category?: Category; page: number }) {
  const where = and(
    q.state === undefined ? undefined : eq(inquiries.state, q.state),
    q.category ? eq(inquiries.category, q.category) : undefined,
  );
  const [rows, total, byState] = await Promise.all([
    s.db
      .select({ inquiry: inquiries, email: members.email })
      .from(inquiries)
      .leftJoin(members, eq(members.id, inquiries.memberId))
      .where(where)
      .orderBy(q.state !== undefined && isOpen(q.state) ? inquiries.updatedAt : desc(inquiries.updatedAt))
      .limit(QUEUE_PAGE_SIZE)
      .offset((q.page - 1) * QUEUE_PAGE_SIZE),
    s.db.select({ n: count() }).from(inquiries).where(where).get(),
    s.db.select({ state: inquiries.state, n: count() }).from(inquiries).groupBy(inquiries.state),
  ]);
  const counts = { received: 0, waiting: 0, completed: 0 };
  for (const r of byState) {
    if (r.state === STATE.received) counts.received += r.n;
    else if (r.state === STATE.waiting) counts.waiting += r.n;
    else counts.completed += r.n;
  }
  return done({
    items: rows.map((r) => ({ ...inquirySummary(r.inquiry), email: r.email })),
    page: q.page,
    pageSize: QUEUE_PAGE_SIZE,
    total: total?.n ?? 0,
    counts,
  });
}

async function inquiryRow(s: MemberScope, no: number) {
  return (
    (await s.db
      .select({ inquiry: inquiries, email: members.email, memberId: members.id, locale: members.locale })
      .from(inquiries)
      .leftJoin(members, eq(members.id, inquiries.memberId))
      .where(eq(inquiries.no, no))
      .get()) ?? null
  );
}

/** One inquiry for an operator (reading it does not mark it read for the member). */
export async function inquiryForOperator(s: MemberScope, no: number, now: number) {
  const row = await inquiryRow(s, no);
  if (!row) return refusal(Code.NOT_FOUND);
  return done({ ...(await inquiryOut(s.env, s.db, row.inquiry, now)), email: row.email, memberId: row.memberId });
}

/**
 * An answer with text and up to 5 images: the member sees it (unread until opened) and the inquiry takes
 * `state` (completed unless told "waiting"). One audit row.
 */
export async function answerInquiry(s: MemberScope, no: number, sub: Submission & { state: number }, now: number) {
  const row = await inquiryRow(s, no);
  if (!row) return refusal(Code.NOT_FOUND);
  const checked = await checkImages(sub.files);
  if (!checked.ok) return checked;
  const [message] = await s.db
    .insert(inquiryMessages)
    .values({ inquiryNo: no, author: "operator", operatorId: s.member.id, content: sub.content, createdAt: now })
    .returning({ id: inquiryMessages.id });
  const images = await storeImages(s.env, no, message!.id, checked.value, now);
  const before = { state: row.inquiry.state, read_yn: row.inquiry.readYn };
  const after = { state: sub.state, read_yn: "N", message_id: message!.id, content: sub.content, images: images.map((i) => i.name) };
  await s.db.batch([
    s.db.update(inquiries).set({ state: sub.state, readYn: "N", updatedAt: now }).where(eq(inquiries.no, no)),
    ...(images.length > 0 ? [s.db.insert(inquiryImages).values(images)] : []),
    entry(s.db, s.member, { action: "inquiry.answer", targetType: "inquiry", targetId: no, before, after }, now),
  ]);
  // The member hears of it by mail, in their language (a withdrawn member's inquiry has no one to tell).
  if (row.email) {
    const locale = row.locale === "en" ? "en" : "ko";
    await createMailer(s.env, s.db).send({
      to: row.email,
      subject: INQUIRY_ANSWER_MAIL.subject[locale],
      text: fill(INQUIRY_ANSWER_MAIL.text[locale], locale, { no }),
    });
  }
  return inquiryForOperator(s, no, now);
}

/** Moves an inquiry to another state (0 received, 1 waiting, 2 completed). One audit row. */
export async function setInquiryState(s: MemberScope, no: number, state: number, now: number) {
  if (!Object.values(STATE).includes(state as 0 | 1 | 2)) return refusal(Code.INQUIRY_STATE_INVALID);
  const row = await inquiryRow(s, no);
  if (!row) return refusal(Code.NOT_FOUND);
  await s.db.batch([
    s.db.update(inquiries).set({ state, updatedAt: now }).where(eq(inquiries.no, no)),
    entry(
      s.db,
      s.member,
      { action: "inquiry.state", targetType: "inquiry", targetId: no, before: { state: row.inquiry.state }, after: { state } },
      now,
    ),
  ]);
  return inquiryForOperator(s, no, now);
}
