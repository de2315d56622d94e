// docs/decisions/0049: the form schemas of ./help.ts, apart, so a page that uses its helpers does not load zod.
import { z } from "zod/v4";
import { INQUIRY_CATEGORIES, INQUIRY_LIMITS, type InquiryCategory, type InquiryImage } from "./help";

/**
 * The help pages' and the operator console's forms and answer types (docs/decisions/0032). The
 * api checks everything again (images by content and size, owners); these schemas give the same answers
 * before a round trip, in the page's language.
 */
const content = (required: string) =>
  z.string({ error: required }).trim().min(1, required).max(INQUIRY_LIMITS.content, "help:validation.contentTooLong");

export const InquirySchema = z.object({
  category: z.enum(INQUIRY_CATEGORIES, { error: "help:validation.category" }),
  content: content("help:validation.content"),
});
export const FollowUpSchema = z.object({ content: content("help:validation.content") });

export const AnswerSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("answer"),
    content: content("admin:validation.content"),
    state: z.coerce.number().int().min(0).max(2).default(2),
  }),
  z.object({ intent: z.literal("state"), state: z.coerce.number().int().min(0).max(2) }),
]);

export const MemberActionSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("coupon"),
    plan: z.string().min(1).max(40),
    days: z.coerce
      .number({ error: "admin:validation.days" })
      .int("admin:validation.days")
      .min(1, "admin:validation.days")
      .max(365, "admin:validation.days"),
  }),
  z.object({ intent: z.literal("refund"), payment_no: z.coerce.number().int().positive(), reason: z.string().trim().max(500).default("") }),
]);

export type InquiryMessage = { id: number; author: "member" | "operator"; content: string; createdAt: string; images: InquiryImage[] };
export type Inquiry = {
  no: number;
  category: InquiryCategory;
  content: string;
  images: InquiryImage[];
  createdAt: string;
  updatedAt: string;
  state: number;
  read_yn: "Y" | "N";
  open: boolean;
  answer: { state: number; content: string; createdAt: string; answer_img: InquiryImage[] } | null;
  messages: InquiryMessage[];
};
export type InquirySummary = Pick<Inquiry, "no" | "category" | "content" | "state" | "read_yn" | "createdAt" | "updatedAt">;
export type InquiryPage = { items: InquirySummary[]; page: number; pageSize: number; total: number; unread: number };
