import { and, eq, inArray, isNotNull, or } from "drizzle-orm";
import { voices } from "#db/schema";
import { Code } from "../lib/codes";
import type { Member } from "../env";
import type { Db } from "./scope";

/**
 * Why a voice the member asked for cannot be used for new audio: its creator deleted it (4412, said
 * plainly, for an open voice or the member's own), or it is not one the member may use (4207). A deleted
 * custom voice of someone else stays "not found": its existence is not told (docs/decisions/0029).
 */
export async function unusableVoiceCode(db: Db, member: Member, voiceId: string): Promise<Code> {
  const deleted = await db
    .select({ id: voices.id })
    .from(voices)
    .where(
      and(eq(voices.id, voiceId), isNotNull(voices.deletedAt), or(inArray(voices.type, ["open", "basic"]), eq(voices.ownerId, member.id))),
    )
    .get();
  return deleted ? Code.VOICE_DELETED : Code.VOICE_NOT_FOUND;
}
