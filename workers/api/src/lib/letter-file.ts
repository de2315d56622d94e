import type { Context } from "hono";
import { Code } from "./codes";
import { fail } from "./envelope";
import { sendStored } from "./range";
import type { AppEnv } from "../env";

/** A video letter's video or poster from R2 (with Range), by its key; 404 when there is none. */
export async function sendLetterFile(c: Context<AppEnv>, key: string | null, part: "video" | "poster", cache: string) {
  if (!key) return fail(c, Code.NOT_FOUND);
  const type = part === "video" ? "video/webm" : `image/${key.split(".").pop() === "jpg" ? "jpeg" : key.split(".").pop()}`;
  const headers = {
    "content-type": type,
    "cache-control": cache,
    "content-disposition": `inline; filename=letter.${key.split(".").pop()}`,
  };
  return (await sendStored(c, c.env.MEDIA, key, headers)) ?? fail(c, Code.NOT_FOUND);
}
