import { inArray } from "drizzle-orm";
import type { Context } from "hono";
import { inferences, voices } from "../../../../db/schema";
import { Code } from "./codes";
import { fail } from "./envelope";
import { sendBytes, sendStored } from "./range";
import type { AppEnv } from "../env";
import { contentType, convertWav, disposition, fileName, type Format } from "../speech/export";

type Ctx = Context<AppEnv>;

/**
 * Results as the work history, the result page and an STS project get them (spec: work history row:
 * date, method, audio, file, voice model, quality, duration, original and converted versions).
 */
export async function resultsOut(c: Ctx, rows: (typeof inferences.$inferSelect)[]) {
  const ids = [...new Set(rows.map((r) => r.voiceId))];
  const names = ids.length ? await c.var.db.select({ id: voices.id, name: voices.name }).from(voices).where(inArray(voices.id, ids)) : [];
  const nameOf = new Map(names.map((v) => [v.id, v.name[c.var.locale]]));
  return rows.map((r) => ({
    inference_id: r.id,
    project_id: r.projectId,
    method: r.method,
    /** The text spoken (TTS) or the original file's name (STS). */
    text: r.text,
    voice_id: r.voiceId,
    voiceName: nameOf.get(r.voiceId) ?? r.voiceId,
    characters: r.characters,
    seconds: r.seconds,
    duration: r.durationMs / 1000,
    /** Every result is rendered to the same target (speech/render.ts RENDER). */
    quality: "24 kHz · 16-bit · mono",
    createdAt: r.createdAt,
    audioURL: `/api/v1/studio/inferences/${r.id}/audio`,
    sourceURL: r.sourceKey ? `/api/v1/studio/inferences/${r.id}/source` : null,
    /** The checked recording (sts_sources) the original is stored as, when it was one. */
    source_id: r.sourceKey?.match(/^sources\/[^/]+\/([^/]+)\.wav$/)?.[1] ?? null,
    share: r.shareId ? { share_id: r.shareId, url: `/share/${r.shareId}` } : null,
    review: r.reviewScore ? { score: r.reviewScore, text: r.reviewText ?? "" } : null,
  }));
}

/**
 * Sends a stored WAV as WAV or MP3, inline or as a download, with Range (lib/range.ts): the WAV as
 * stored through R2's own ranged read; the MP3 converted for each request and sliced.
 */
export async function sendAudio(c: Ctx, key: string, name: string, format: Format, download: boolean, cache: string) {
  const headers = { "content-type": contentType[format], "cache-control": cache, "content-disposition": disposition(download ? "attachment" : "inline", fileName(name, format)) };
  if (format === "wav") return (await sendStored(c, c.env.MEDIA, key, headers)) ?? fail(c, Code.NOT_FOUND);
  const object = await c.env.MEDIA.get(key);
  if (!object) return fail(c, Code.NOT_FOUND);
  return sendBytes(c, await convertWav(new Uint8Array(await object.arrayBuffer()), format), headers);
}
