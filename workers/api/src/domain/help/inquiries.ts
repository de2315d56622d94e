import { inList } from "../../lib/in-list";
import { and, asc, count, desc, eq } from "drizzle-orm";
import { inquiries, inquiryImages, inquiryMessages } from "#db/schema";
import type { Bindings } from "../../env";
import { Code } from "../../lib/codes";
import { done, refusal, type Result } from "../../lib/envelope";
import { decodes, IMAGE_EXTENSION, imageInfo, imageTypeOf, MAX_DECODED_PIXELS, type ImageType } from "../../lib/image";
import { hit } from "../../lib/rate-limit";
import { signQuery } from "../../lib/signed-url";
import { cutCodePoints } from "../../lib/text";
import { stripControls } from "../../lib/validate";
import type { Db, MemberScope } from "../scope";

/**
 * 1:1 inquiries (spec sections 3 and 4,; docs/decisions/0032): a member writes one with a category,
 * a text and up to 5 images, reads the answer (which marks it read) and adds follow-ups while it is open.
 * State codes are the spec's: 0 received, 1 waiting, anything else completed (we write 2).
 */
export const INQUIRY = {
  images: 5,
  imageBytes: 5 * 1024 * 1024,
  content: 5000,
  pageSize: 10,
} as const;
export const CATEGORIES = ["account", "service", "payment", "other"] as const;
export type Category = (typeof CATEGORIES)[number];
export const STATE = { received: 0, waiting: 1, completed: 2 } as const;
/** Spec section 4: 0 and 1 are open; every other code is completed. */
export const isOpen = (state: number) => state === STATE.received || state === STATE.waiting;
/** The signed URLs' purpose (lib/signed-url.ts). */
export const IMAGE_PURPOSE = "inquiry-image";

/** An image that passed the checks, ready to store. */
export type CheckedImage = { file: File; type: ImageType; name: string };

/** The most pixels a help image may have: what the api decodes (lib/image.ts), about 3.7 megapixels. */
const HELP_IMAGE_MEGAPIXELS = Math.floor(MAX_DECODED_PIXELS / 1e5) / 10;

/**
 * The images of a submission, checked before anything is stored: at most 5 (4530), each at most 5 MB (4531), each a
 * PNG, JPEG or WebP by its content (4532), and each decoded whole to the size its header declares, within
 * MAX_DECODED_PIXELS (4539, naming the image): a header alone, a file cut short or a picture too large to decode in
 * an isolate is refused.
 */
export async function checkImages(files: File[]): Promise<Result<CheckedImage[]>> {
  const real = files.filter((f) => f.size > 0 || f.name !== "");
  if (real.length > INQUIRY.images) return refusal(Code.INQUIRY_TOO_MANY_IMAGES, { params: { max: INQUIRY.images } });
  if (real.some((f) => f.size > INQUIRY.imageBytes))
    return refusal(Code.INQUIRY_IMAGE_TOO_LARGE, { params: { max: INQUIRY.imageBytes / 1024 / 1024 } });
  const out: CheckedImage[] = [];
  for (const file of real) {
    const bytes = new Uint8Array(await file.arrayBuffer());
    const type = imageTypeOf(bytes.subarray(0, 12));
    if (!type) return refusal(Code.INQUIRY_IMAGE_TYPE);
    const info = imageInfo(bytes);
    if (!info || info.type !== type || !(await decodes(bytes, info)))
      return refusal(Code.INQUIRY_IMAGE_UNREADABLE, { params: { name: imageName(file.name, type), megapixels: HELP_IMAGE_MEGAPIXELS } });
    out.push({ file, type, name: imageName(file.name, type) });
  }
  return done(out);
}

/** The name shown for an image (spec: originalname): the file's own, cut to 100 characters, without controls. */
function imageName(raw: string, type: ImageType) {
  const base = stripControls(raw.split(/[\\/]/).pop() ?? "").trim();
  return cutCodePoints(base || `image.${IMAGE_EXTENSION[type]}`, 100);
}

/** Puts checked images in R2 and answers their rows (inserted by the caller with the message they belong to). */
export async function storeImages(env: Bindings, inquiryNo: number, messageId: number | null, images: CheckedImage[], now: number) {
  const rows = [];
  for (const img of images) {
    const id = crypto.randomUUID();
    const key = `inquiries/${inquiryNo}/${id}.${IMAGE_EXTENSION[img.type]}`;
    await env.MEDIA.put(key, img.file.stream(), { httpMetadata: { contentType: img.type } });
    rows.push({ id, inquiryNo, messageId, key, name: img.name, contentType: img.type, size: img.file.size, createdAt: now });
  }
  return rows;
}

type InquiryRow = typeof inquiries.$inferSelect;
type ImageRow = typeof inquiryImages.$inferSelect;

const iso = (ms: number) => new Date(ms).toISOString();

/** Images as the spec sends them (originalname and a signed URL valid 10 minutes). */
async function imagesOut(env: Bindings, rows: ImageRow[], now: number) {
  return Promise.all(
    rows.map(async (r) => ({
      id: r.id,
      originalname: r.name,
      url: `/api/v1/help/images/${r.id}?${await signQuery(env.JWT_SECRET, IMAGE_PURPOSE, r.id, now)}`,
    })),
  );
}

/**
 * An inquiry as the spec shapes it (no, category, content, images, createdAt, answer {state, content,
 * createdAt, answer_img}, read_yn), with the whole thread in `messages` (follow-ups and answers in order).
 * `answer` is the latest operator answer, or null.
 */
export async function inquiryOut(env: Bindings, db: Db, row: InquiryRow, now: number) {
  return threadOut(env, row, await thread(db, row.no), now);
}

/** The messages and images of inquiry `no`, asked for together. */
const thread = (db: Db, no: number) =>
  Promise.all([
    db.select().from(inquiryMessages).where(eq(inquiryMessages.inquiryNo, no)).orderBy(asc(inquiryMessages.id)),
    db.select().from(inquiryImages).where(eq(inquiryImages.inquiryNo, no)).orderBy(asc(inquiryImages.createdAt)),
  ]);

async function threadOut(env: Bindings, row: InquiryRow, [messages, images]: Awaited<ReturnType<typeof thread>>, now: number) {
  const signed = await imagesOut(env, images, now);
  const imagesOf = (messageId: number | null) => signed.filter((_, i) => images[i]!.messageId === messageId);
  const thread = messages.map((m) => ({
    id: m.id,
    author: m.author,
    content: m.content,
    createdAt: iso(m.createdAt),
    images: imagesOf(m.id),
  }));
  const last = [...thread].reverse().find((m) => m.author === "operator");
  return {
    no: row.no,
    category: row.category,
    content: row.content,
    images: imagesOf(null),
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
    state: row.state,
    read_yn: row.readYn,
    open: isOpen(row.state),
    answer: last ? { state: row.state, content: last.content, createdAt: last.createdAt, answer_img: last.images } : null,
    messages: thread,
  };
}

/** One line of a list: no images, the text cut to 120 characters. */
export const inquirySummary = (row: InquiryRow) => ({
  no: row.no,
  category: row.category,
  content: [...row.content].slice(0, 120).join(""),
  state: row.state,
  read_yn: row.readYn,
  createdAt: iso(row.createdAt),
  updatedAt: iso(row.updatedAt),
});

/** The member's inquiry `no`, or null (another member's and unknown numbers alike). */
async function own(s: MemberScope, no: number) {
  return (
    (await s.db
      .select()
      .from(inquiries)
      .where(and(eq(inquiries.no, no), eq(inquiries.memberId, s.member.id)))
      .get()) ?? null
  );
}

/** The member's inquiries, newest first, a page of 10, with how many have an answer not read yet. */
export async function myInquiries(s: MemberScope, page: number) {
  const mine = eq(inquiries.memberId, s.member.id);
  const [rows, total, unread] = await Promise.all([
    s.db
      .select()
      .from(inquiries)
      .where(mine)
      .orderBy(desc(inquiries.no))
      .limit(INQUIRY.pageSize)
      .offset((page - 1) * INQUIRY.pageSize),
    s.db.select({ n: count() }).from(inquiries).where(mine).get(),
    unreadCount(s),
  ]);
  return done({ items: rows.map(inquirySummary), page, pageSize: INQUIRY.pageSize, total: total?.n ?? 0, unread });
}

/** How many of the member's inquiries have an answer they have not opened (the sidebar's badge). */
export async function unreadCount(s: MemberScope) {
  const row = await s.db
    .select({ n: count() })
    .from(inquiries)
    .where(and(eq(inquiries.memberId, s.member.id), eq(inquiries.readYn, "N")))
    .get();
  return row?.n ?? 0;
}

export type Submission = { content: string; files: File[] };

/** A new inquiry: limited per member, images checked before anything is stored. */
export async function createInquiry(s: MemberScope, category: Category, sub: Submission, now: number) {
  if (!(await hit(s.env, "inquiryPerMember", s.member.id, now)).allowed) return refusal(Code.RATE_LIMITED);
  const checked = await checkImages(sub.files);
  if (!checked.ok) return checked;
  const [row] = await s.db
    .insert(inquiries)
    .values({ memberId: s.member.id, category, content: sub.content, state: STATE.received, readYn: "Y", createdAt: now, updatedAt: now })
    .returning();
  const images = await storeImages(s.env, row!.no, null, checked.value, now);
  if (images.length > 0) await s.db.insert(inquiryImages).values(images);
  return done(await inquiryOut(s.env, s.db, row!, now));
}

/** The member's inquiry with its answer and signed image URLs; opening it marks the answer read. */
export async function readInquiry(s: MemberScope, no: number, now: number) {
  // One round trip: the thread and the answer's "read" mark go beside the inquiry itself; the mark touches only the
  // member's own inquiry, and the thread is thrown away unless the inquiry is theirs.
  const [row, parts] = await Promise.all([
    own(s, no),
    thread(s.db, no),
    s.db
      .update(inquiries)
      .set({ readYn: "Y" })
      .where(and(eq(inquiries.no, no), eq(inquiries.memberId, s.member.id), eq(inquiries.readYn, "N"))),
  ]);
  if (!row) return refusal(Code.NOT_FOUND);
  return done(await threadOut(s.env, { ...row, readYn: "Y" }, parts, now));
}

/** A follow-up while the inquiry is open (4533 once completed): back to "received" for the operators. */
export async function followUp(s: MemberScope, no: number, sub: Submission, now: number) {
  const row = await own(s, no);
  if (!row) return refusal(Code.NOT_FOUND);
  if (!isOpen(row.state)) return refusal(Code.INQUIRY_CLOSED);
  if (!(await hit(s.env, "inquiryPerMember", s.member.id, now)).allowed) return refusal(Code.RATE_LIMITED);
  const checked = await checkImages(sub.files);
  if (!checked.ok) return checked;
  const [message] = await s.db
    .insert(inquiryMessages)
    .values({ inquiryNo: no, author: "member", content: sub.content, createdAt: now })
    .returning({ id: inquiryMessages.id });
  const images = await storeImages(s.env, no, message!.id, checked.value, now);
  await s.db.batch([
    s.db.update(inquiries).set({ state: STATE.received, updatedAt: now }).where(eq(inquiries.no, no)),
    ...(images.length > 0 ? [s.db.insert(inquiryImages).values(images)] : []),
  ]);
  return done(await inquiryOut(s.env, s.db, { ...row, state: STATE.received, updatedAt: now }, now));
}

/** The stored image behind a signed id (the route has checked the signature), or null once it is gone. */
export const imageById = (db: Db, id: string) => db.select().from(inquiryImages).where(eq(inquiryImages.id, id)).get();

/** Deletes inquiries and their image files (retention, lib/retention.ts). */
export async function deleteInquiries(db: Db, media: R2Bucket, nos: number[]) {
  if (nos.length === 0) return;
  const files = await db.select({ key: inquiryImages.key }).from(inquiryImages).where(inList(inquiryImages.inquiryNo, nos));
  // Messages and image rows go with the inquiry (ON DELETE CASCADE).
  await db.delete(inquiries).where(inList(inquiries.no, nos));
  for (let i = 0; i < files.length; i += 500) await media.delete(files.slice(i, i + 500).map((f) => f.key));
}
