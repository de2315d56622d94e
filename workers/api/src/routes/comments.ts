import { Hono } from "hono";
import { z } from "zod/v4";
import { deleteComment, editComment } from "../domain/library/comments";
import { reportComment } from "../domain/library/reports";
import { memberScope } from "../domain/scope";
import { answer } from "../lib/envelope";
import { requireMember } from "../lib/middleware";
import { jsonBody } from "../lib/validate";
import type { AppEnv } from "../env";

const commentBody = z.object({ text: z.string() });
const reportBody = z.object({ category: z.unknown().optional(), description: z.unknown().optional() });

/** A voice's comments by id (`/comments/*`, domain/library/comments.ts): the author edits and deletes; others report. */
export const commentsRoutes = new Hono<AppEnv>()
  .use(requireMember)
  .patch("/:id", jsonBody(commentBody), async (c) =>
    answer(c, await editComment(memberScope(c), c.req.param("id"), c.req.valid("json").text)),
  )
  .delete("/:id", async (c) => answer(c, await deleteComment(memberScope(c), c.req.param("id"))))
  /** One report per member and comment (4401, HTTP 409, for a second). */
  .post("/:id/report", jsonBody(reportBody), async (c) =>
    answer(c, await reportComment(memberScope(c), c.req.param("id"), c.req.valid("json"))),
  );
