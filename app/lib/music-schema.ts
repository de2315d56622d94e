import { z } from "zod/v4";
import { MUSIC_LEVEL } from "#contracts/music";

const id = z.string().min(1).max(64);

/**
 * The editor's background music forms (/studio/music): a track uploaded (a chosen, non-empty file: the api checks what
 * it holds), its level set, or the music taken off.
 */
export const MusicSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("upload"),
    project: id,
    file: z
      .instanceof(File, { error: "music.fileRequired" })
      .refine((f) => f.size > 0 || !f.name, { error: "music.fileEmpty", abort: true })
      .refine((f) => f.size > 0, "music.fileRequired"),
  }),
  z.object({
    intent: z.literal("level"),
    project: id,
    level: z
      .number({ error: "music.levelInvalid" })
      .int("music.levelInvalid")
      .min(MUSIC_LEVEL.min, "music.levelInvalid")
      .max(MUSIC_LEVEL.max, "music.levelInvalid"),
  }),
  z.object({ intent: z.literal("remove"), project: id }),
]);
