import { Hono } from "hono";
import { AVATAR_LIMITS, VIDEO_LIMITS } from "#contracts/labs";
import { avatar, avatarFile, deleteAvatar, listAvatars, uploadAvatar } from "../domain/labs/avatars";
import { deleteLetter, ownLetterFile, saveLetter } from "../domain/labs/letters";
import { memberScope } from "../domain/scope";
import { Code } from "../lib/codes";
import { answer, fail } from "../lib/envelope";
import { requireMember } from "../lib/middleware";
import { uploadLimit } from "../lib/multipart";
import { sendLetterFile } from "../lib/letter-file";
import type { AppEnv } from "../env";

/**
 * The labs (`/labs/*`, docs/decisions/0041; domain/labs/). Avatar talk's avatars: the defaults
 * and the member's own (`GET /avatars`), a VRM upload checked by content (`POST /avatars`, multipart
 * `file`), one avatar, its file (owner only) and its deletion. Another member's id answers 404.
 */
export const labsRoutes = new Hono<AppEnv>()
  .use(requireMember)
  .get("/avatars", async (c) => answer(c, await listAvatars(memberScope(c))))
  .post(
    "/avatars",
    uploadLimit(AVATAR_LIMITS.maxBytes, Code.AVATAR_TOO_LARGE, { max: AVATAR_LIMITS.maxBytes / 1024 / 1024 }),
    async (c) => {
      const form = await c.req.formData().catch(() => null);
      const file = form?.get("file");
      if (!(file instanceof File)) return fail(c, Code.BAD_REQUEST);
      return answer(c, await uploadAvatar(memberScope(c), file, file.name.split(/[\\/]/).pop() ?? ""));
    },
  )
  .get("/avatars/:id", async (c) => answer(c, await avatar(memberScope(c), c.req.param("id"))))
  .get("/avatars/:id/file", async (c) => {
    const key = await avatarFile(memberScope(c), c.req.param("id"));
    const object = key ? await c.env.MEDIA.get(key) : null;
    if (!object) return fail(c, Code.NOT_FOUND);
    return new Response(object.body, {
      headers: {
        "content-type": "model/gltf-binary",
        "content-length": String(object.size),
        "cache-control": "private, max-age=3600",
        "content-disposition": "attachment; filename=avatar.vrm",
        "x-content-type-options": "nosniff",
      },
    });
  })
  .delete("/avatars/:id", async (c) => answer(c, await deleteAvatar(memberScope(c), c.req.param("id"))));

/** Sends a stored video letter file (video with Range, or its poster). */

const videoLimit = uploadLimit(VIDEO_LIMITS.maxBytes + VIDEO_LIMITS.posterMaxBytes, Code.VIDEO_TOO_LARGE, {
  max: VIDEO_LIMITS.maxBytes / 1024 / 1024,
});

/**
 * Video letters of results (`/studio/inferences/:id/video`): the owner uploads (multipart `file`, a
 * WebM, optional `poster`, and `template` for a short, docs/decisions/0042), loads and deletes the letter of one of their results; another member's id 404.
 */
export const letterRoutes = new Hono<AppEnv>()
  .use(requireMember)
  .post("/:id/video", videoLimit, async (c) => {
    const form = await c.req.formData().catch(() => null);
    const file = form?.get("file");
    const poster = form?.get("poster");
    // A short's template id (docs/decisions/0042); an empty field is a plain letter.
    const template = form?.get("template");
    if (!(file instanceof File) || template instanceof File) return fail(c, Code.BAD_REQUEST);
    return answer(
      c,
      await saveLetter(
        memberScope(c),
        c.req.param("id"),
        file,
        poster instanceof File && poster.size > 0 ? poster : null,
        template || null,
      ),
    );
  })
  .get("/:id/video", async (c) =>
    sendLetterFile(c, await ownLetterFile(memberScope(c), c.req.param("id"), "video"), "video", "private, max-age=3600"),
  )
  .get("/:id/poster", async (c) =>
    sendLetterFile(c, await ownLetterFile(memberScope(c), c.req.param("id"), "poster"), "poster", "private, max-age=3600"),
  )
  .delete("/:id/video", async (c) => answer(c, await deleteLetter(memberScope(c), c.req.param("id"))));
