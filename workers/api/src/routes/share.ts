import { Hono } from "hono";
import { sharedLetterFile } from "../domain/labs/letters";
import { sharedResult, sharePage } from "../domain/studio/sharing";
import { AUDIO_QUERY, sendAudio } from "../lib/audio";
import { Code } from "../lib/codes";
import { fail, answer } from "../lib/envelope";
import { sendLetterFile } from "../lib/letter-file";
import { queryParams } from "../lib/validate";
import type { AppEnv } from "../env";

/**
 * A shared result, to anyone with its link (domain/studio/sharing.ts): what the share page shows, its audio, and its
 * video letter and poster. Cached 5 minutes at most: a revoked share stops playing soon.
 */
export const shareRoutes = new Hono<AppEnv>()
  .get("/:id", async (c) => answer(c, await sharePage(c.var.db, c.req.param("id"))))
  .get("/:id/audio", queryParams(AUDIO_QUERY), async (c) => {
    const { format, download } = c.req.valid("query");
    const row = await sharedResult(c.var.db, c.req.param("id"));
    if (!row) return fail(c, Code.NOT_FOUND);
    return sendAudio(c, row.audioKey, "voice-studio", format, download === "1", "public, max-age=300");
  })
  .get("/:id/video", async (c) =>
    sendLetterFile(c, await sharedLetterFile(c.var.db, c.req.param("id"), "video"), "video", "public, max-age=300"),
  )
  .get("/:id/poster", async (c) =>
    sendLetterFile(c, await sharedLetterFile(c.var.db, c.req.param("id"), "poster"), "poster", "public, max-age=300"),
  );
