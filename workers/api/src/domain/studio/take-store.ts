// The store of a paragraph's takes (db/schema/studio.ts paragraphTakes), below both the generation job and the
// paragraphs' saves: a take kept, a take found by hash, takes given back to paragraphs that say what they said.
import { and, desc, eq, inArray } from "drizzle-orm";
import { paragraphs, paragraphTakes } from "#db/schema";
import { sha256Hex } from "../../lib/crypto";
import { releaseAudio } from "../../lib/media";
import type { SpokenSentence } from "#db/schema/types";
import type { Db } from "../scope";

/** What a paragraph's audio was made from: its text and every setting the audio depends on. */
export const paragraphHash = (p: typeof paragraphs.$inferSelect) =>
  sha256Hex(JSON.stringify([p.text, p.voiceId, p.style, p.lang, p.pitch, p.tempo, p.pauseMs]));

type ParagraphRow = typeof paragraphs.$inferSelect;

/**
 * How many takes a paragraph keeps, all of them listed: a paragraph generated again and again would otherwise keep
 * every audio for as long as its project lives.
 */
export const TAKES_KEPT = 10;

/**
 * Keeps a generation as a take of its paragraph, and lets go of its takes beyond the newest `TAKES_KEPT` (never the
 * one the paragraph uses); their audio goes once nothing else uses it (another paragraph may have taken it by hash).
 */
export async function keepTake(
  db: Db,
  media: R2Bucket,
  p: ParagraphRow,
  hash: string,
  audio: { audioKey: string; durationMs: number; sentences: SpokenSentence[] },
  now = Date.now(),
) {
  await db.insert(paragraphTakes).values({
    id: crypto.randomUUID(),
    projectId: p.projectId,
    paragraphId: p.id,
    hash,
    text: p.text,
    voiceId: p.voiceId,
    style: p.style,
    tempo: p.tempo,
    pitch: p.pitch,
    lang: p.lang,
    pauseMs: p.pauseMs,
    audioKey: audio.audioKey,
    durationMs: audio.durationMs,
    sentences: audio.sentences,
    createdAt: now,
  });
  const older = await db
    .select({ id: paragraphTakes.id, audioKey: paragraphTakes.audioKey })
    .from(paragraphTakes)
    .where(eq(paragraphTakes.paragraphId, p.id))
    .orderBy(desc(paragraphTakes.createdAt), desc(paragraphTakes.id))
    .limit(100)
    .offset(TAKES_KEPT);
  const gone = older.filter((take) => take.audioKey !== audio.audioKey);
  if (gone.length === 0) return;
  await db.delete(paragraphTakes).where(
    inArray(
      paragraphTakes.id,
      gone.map((take) => take.id),
    ),
  );
  await releaseAudio(
    db,
    media,
    gone.map((take) => take.audioKey),
  );
}

/** The newest take of the project that says exactly this (same hash), if one is kept. */
export const takeOf = (db: Db, projectId: string, hash: string) =>
  db
    .select()
    .from(paragraphTakes)
    .where(and(eq(paragraphTakes.projectId, projectId), eq(paragraphTakes.hash, hash)))
    .orderBy(desc(paragraphTakes.createdAt))
    .get();

/**
 * Gives each paragraph without current audio the take that says what it now says, when the project has one (a
 * restored version, an edit undone by hand): its audio comes back at no cost. Answers whether any paragraph changed.
 */
export async function reattachTakes(db: Db, projectId: string, rows: ParagraphRow[]) {
  const hashes = await Promise.all(rows.map(paragraphHash));
  const wanting = rows.map((p, i) => ({ p, hash: hashes[i]! })).filter(({ p, hash }) => !(p.audioKey && p.audioHash === hash));
  if (wanting.length === 0) return false;
  const takes = await db
    .select()
    .from(paragraphTakes)
    .where(
      and(
        eq(paragraphTakes.projectId, projectId),
        inArray(
          paragraphTakes.hash,
          wanting.map((w) => w.hash),
        ),
      ),
    )
    .orderBy(desc(paragraphTakes.createdAt));
  const newest = new Map<string, (typeof takes)[number]>();
  for (const take of takes) if (!newest.has(take.hash)) newest.set(take.hash, take);
  const updates = wanting.flatMap(({ p, hash }) => {
    const take = newest.get(hash);
    return take
      ? [
          db
            .update(paragraphs)
            .set({ audioKey: take.audioKey, audioHash: hash, durationMs: take.durationMs, sentences: take.sentences })
            .where(eq(paragraphs.id, p.id)),
        ]
      : [];
  });
  if (updates.length === 0) return false;
  await db.batch(updates as never);
  return true;
}
