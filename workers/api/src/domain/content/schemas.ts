// The operators' input for public content (docs/decisions/0031): one zod schema per kind, for
// the operator console's routes to parse with (lib/validate.ts `jsonBody`) before they call this folder.
import { z } from "zod/v4";
import { plainText } from "../../lib/validate";

/** lib/validate.ts CONTROL_OR_BIDI less tab and line breaks: a body keeps its paragraphs. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const BODY_FORBIDDEN = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

/** A body: plain text, paragraphs split by a blank line, "- " lines as list items; never HTML. */
export const bodyText = (max: number) =>
  z
    .string()
    .transform((v) => v.replace(/\r\n?/g, "\n").trim())
    .pipe(
      z
        .string()
        .min(1)
        .max(max)
        .refine((v) => !BODY_FORBIDDEN.test(v), { params: { rule: "plainText" } }),
    );

const localized = <S extends z.ZodType>(field: S) => z.object({ ko: field, en: field });

export const CONTENT_LIMITS = {
  title: 120,
  question: 200,
  noticeBody: 20_000,
  answer: 4_000,
  summary: 1_000,
  rules: 10_000,
  prize: 2_000,
} as const;

export const noticeInput = z.object({
  category: z.enum(["notice", "release"]),
  pinned: z.boolean().default(false),
  title: localized(plainText(1, CONTENT_LIMITS.title)),
  body: localized(bodyText(CONTENT_LIMITS.noticeBody)),
});

export const faqInput = z.object({
  category: z.enum(["service", "plan"]),
  position: z.number().int().min(0).max(10_000).default(0),
  question: localized(plainText(1, CONTENT_LIMITS.question)),
  answer: localized(bodyText(CONTENT_LIMITS.answer)),
});

/** Times are milliseconds since the epoch; the end must come after the start (4521, checked by contests.ts). */
export const contestInput = z.object({
  slug: z.string().regex(/^[a-z0-9](?:[a-z0-9-]{1,58}[a-z0-9])$/),
  title: localized(plainText(1, CONTENT_LIMITS.title)),
  summary: localized(bodyText(CONTENT_LIMITS.summary)),
  rules: localized(bodyText(CONTENT_LIMITS.rules)),
  prize: localized(bodyText(CONTENT_LIMITS.prize)),
  startsAt: z.number().int().min(0).max(8_640_000_000_000),
  endsAt: z.number().int().min(0).max(8_640_000_000_000),
});

export type NoticeInput = z.infer<typeof noticeInput>;
export type FaqInput = z.infer<typeof faqInput>;
export type ContestInput = z.infer<typeof contestInput>;
