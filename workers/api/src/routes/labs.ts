import { Hono } from "hono";
import { AVATAR_LIMITS } from "../../../../contracts/labs";
import { avatar, avatarFile, deleteAvatar, listAvatars, uploadAvatar } from "../domain/labs/avatars";
import { memberScope } from "../domain/scope";
import { Code } from "../lib/codes";
import { answer, fail } from "../lib/envelope";
import { requireMember } from "../lib/middleware";
import { uploadLimit } from "../lib/multipart";
import type { AppEnv } from "../env";

/**
 * The labs (`/labs/*`, issue 20, docs/decisions/0041; domain/labs/). Avatar talk's avatars: the defaults
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
