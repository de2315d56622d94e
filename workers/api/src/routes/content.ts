import { Hono } from "hono";
import { z } from "zod/v4";
import { CONTEST_NOTE_MAX, contestDetail, enterContest, listContests } from "../domain/content/contests";
import { FAQ_QUERY_MAX, listFaq } from "../domain/content/faq";
import { listGuide } from "../domain/content/guide";
import { listNotices, noticeDetail } from "../domain/content/notices";
import { memberScope } from "../domain/scope";
import { now } from "../lib/clock";
import { answer, ok } from "../lib/envelope";
import { optionalMember, requireMember } from "../lib/middleware";
import { jsonBody, queryParams } from "../lib/validate";
import type { AppEnv } from "../env";

const noticesQuery = z.object({
  category: z.enum(["notice", "release"]).optional(),
  page: z.coerce.number().int().min(1).max(1_000).default(1),
});
const faqQuery = z.object({
  category: z.enum(["service", "plan"]).optional(),
  q: z.string().max(FAQ_QUERY_MAX).optional(),
});
const entryBody = z.object({
  inference_id: z.string().min(1).max(64),
  note: z
    .string()
    .max(CONTEST_NOTE_MAX)
    .default("")
    // eslint-disable-next-line no-control-regex -- a one-line note: control characters are refused
    .refine((v) => !/[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/.test(v), { params: { rule: "plainText" } })
    .transform((v) => v.trim()),
});

/** Public notices and release notices (domain/content/notices.ts), in the `lang` header's language. */
export const noticesRoutes = new Hono<AppEnv>()
  .get("/", queryParams(noticesQuery), async (c) => ok(c, await listNotices(c.var.db, c.var.locale, c.req.valid("query"))))
  .get("/:id", async (c) => answer(c, await noticeDetail(c.var.db, c.var.locale, c.req.param("id"))));

/** The FAQ (domain/content/faq.ts): by category, searchable. */
export const faqRoutes = new Hono<AppEnv>().get("/", queryParams(faqQuery), async (c) =>
  ok(c, await listFaq(c.var.db, c.var.locale, c.req.valid("query"))),
);

/** The user guide's sections (domain/content/guide.ts). */
export const guideRoutes = new Hono<AppEnv>().get("/", async (c) => ok(c, await listGuide(c.var.db, c.var.locale)));

/** Contest pages (domain/content/contests.ts); entering needs a member. */
export const contestsRoutes = new Hono<AppEnv>()
  .get("/", async (c) => ok(c, await listContests(c.var.db, c.var.locale, now(c))))
  .get("/:slug", optionalMember, async (c) =>
    answer(c, await contestDetail(c.var.db, c.var.locale, c.req.param("slug"), c.var.member?.id ?? null, now(c))),
  )
  .post("/:slug/entries", requireMember, jsonBody(entryBody), async (c) =>
    answer(c, await enterContest(memberScope(c), c.req.param("slug"), c.req.valid("json"), now(c))),
  );
