// A paragraph's takes (db/schema/studio.ts paragraphTakes): its newest generations are kept (take-store.ts), the
// paragraph's own audio is the take it uses, and a take is found again by its hash, so what was made once is never
// charged again.
import { and, desc, eq } from "drizzle-orm";
import { paragraphs, paragraphTakes, projects } from "#db/schema";
import { Code } from "../../lib/codes";
import { done, refusal } from "../../lib/envelope";
import type { MemberScope } from "../scope";
import { projectParagraphs, saveParagraphs, type ParagraphInput } from "./paragraphs";
import { TAKES_KEPT } from "./take-store";

type ParagraphRow = typeof paragraphs.$inferSelect;

/** The member's paragraph `id` (of their own TTS project), or undefined. */
async function ownParagraph(s: MemberScope, id: string) {
  return s.db
    .select({ p: paragraphs })
    .from(paragraphs)
    .innerJoin(projects, eq(projects.id, paragraphs.projectId))
    .where(and(eq(paragraphs.id, id), eq(projects.memberId, s.member.id), eq(projects.type, "tts")))
    .get();
}

/** A paragraph's takes, newest first, and which one it uses. */
export async function listTakes(s: MemberScope, paragraphId: string) {
  const [found, takes] = await Promise.all([
    ownParagraph(s, paragraphId),
    s.db
      .select()
      .from(paragraphTakes)
      .where(eq(paragraphTakes.paragraphId, paragraphId))
      .orderBy(desc(paragraphTakes.createdAt))
      .limit(TAKES_KEPT),
  ]);
  if (!found) return refusal(Code.NOT_FOUND);
  return done({
    takes: takes
      .filter((t) => t.projectId === found.p.projectId)
      .map((t) => ({
        id: t.id,
        text: t.text,
        voice_id: t.voiceId,
        style: t.style,
        tempo: t.tempo,
        pitch: t.pitch,
        lang: t.lang,
        pause_ms: t.pauseMs,
        durationMs: t.durationMs,
        createdAt: t.createdAt,
        audioURL: `/api/v1/studio/paragraphs/${paragraphId}/takes/${t.id}/audio`,
        picked: t.audioKey === found.p.audioKey,
      })),
  });
}

/** The take `takeId` of the member's paragraph, with the paragraph. */
export async function ownTake(s: MemberScope, paragraphId: string, takeId: string) {
  const found = await ownParagraph(s, paragraphId);
  if (!found) return undefined;
  const take = await s.db
    .select()
    .from(paragraphTakes)
    .where(and(eq(paragraphTakes.id, takeId), eq(paragraphTakes.paragraphId, paragraphId), eq(paragraphTakes.projectId, found.p.projectId)))
    .get();
  return take ? { paragraph: found.p, take } : undefined;
}

/**
 * Uses a take: the paragraph says again what the take says (its text, voice, style, language, tempo, pitch and pause), saved as any
 * edit is (a version, the revision checked), and its audio is the take's. Nothing is generated or charged.
 */
export async function pickTake(s: MemberScope, paragraphId: string, takeId: string, options: { revision?: number; now?: number }) {
  const found = await ownTake(s, paragraphId, takeId);
  if (!found) return refusal(Code.NOT_FOUND);
  const { paragraph, take } = found;
  const rows = await projectParagraphs(s.db, paragraph.projectId);
  const input: ParagraphInput[] = rows.map((p) => ({
    id: p.id,
    text: p.id === paragraph.id ? take.text : p.text,
    voice_id: p.id === paragraph.id ? take.voiceId : p.voiceId,
    style: p.id === paragraph.id ? (take.style as ParagraphRow["style"]) : p.style,
    lang: p.id === paragraph.id ? (take.lang ?? p.lang) : p.lang,
    pitch: p.id === paragraph.id ? take.pitch : p.pitch,
    tempo: p.id === paragraph.id ? take.tempo : p.tempo,
    pause_ms: p.id === paragraph.id ? (take.pauseMs ?? p.pauseMs) : p.pauseMs,
  }));
  const saved = await saveParagraphs(s, paragraph.projectId, input, { ...options, checkpoint: true });
  if (!saved.ok) return saved;
  // The take's audio, even where its hash no longer matches (a take kept before takes recorded their language and
  // pause, picked after those changed): the member chose it, and the editor says it is not current.
  await s.db
    .update(paragraphs)
    .set({ audioKey: take.audioKey, audioHash: take.hash, durationMs: take.durationMs, sentences: take.sentences })
    .where(eq(paragraphs.id, paragraph.id));
  return done({ revision: saved.value.revision, undoVersion: saved.value.undoVersion });
}
