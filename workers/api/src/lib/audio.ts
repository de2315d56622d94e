import type { Context } from "hono";
import { Code } from "./codes";
import { fail } from "./envelope";
import { sendBytes, sendStored } from "./range";
import type { AppEnv } from "../env";
import { z } from "zod/v4";
import { contentType, convertWav, disposition, FORMATS, fileName, type Format } from "../speech/export";

type Ctx = Context<AppEnv>;

/**
 * Sends a stored WAV as WAV or MP3, inline or as a download, with Range (lib/range.ts): the WAV as
 * stored through R2's own ranged read; the MP3 converted for each request and sliced.
 */
/** The query of a result's audio: the format to send it in, and whether as a download. */
export const AUDIO_QUERY = z.object({ format: z.enum(FORMATS).default("wav"), download: z.enum(["0", "1"]).default("0") });

export async function sendAudio(c: Ctx, key: string, name: string, format: Format, download: boolean, cache: string) {
  const headers = {
    "content-type": contentType[format],
    "cache-control": cache,
    "content-disposition": disposition(download ? "attachment" : "inline", fileName(name, format)),
  };
  if (format === "wav") return (await sendStored(c, c.env.MEDIA, key, headers)) ?? fail(c, Code.NOT_FOUND);
  const object = await c.env.MEDIA.get(key);
  if (!object) return fail(c, Code.NOT_FOUND);
  return sendBytes(c, await convertWav(new Uint8Array(await object.arrayBuffer()), format), headers);
}
