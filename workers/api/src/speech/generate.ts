import { and, eq } from "drizzle-orm";
import type { DrizzleD1Database } from "drizzle-orm/d1";
import { inferences, voices } from "#db/schema";
import type * as schema from "#db/schema";
import { refundCharge, settleCharge, spendCharge, type Charge } from "../lib/allowance";
import { Code, message, type Locale } from "../lib/codes";
import { characterCount, checkText } from "../lib/tts-text";
import { recordVoiceUse, visibleTo } from "../domain/voices";
import { overSlotsRefusal } from "../domain/custom-voices/slots";
import { unusableVoiceCode } from "../domain/voice-availability";
import type { AppEnv, Member } from "../env";
import { speechEngine } from "./engine";
import { renderPassage, sentenceTexts, type PartListener } from "./render";
import { EngineError, type Style, type VoiceParams } from "./types";
import { applyDictionary } from "../engine/dictionary";
import { entriesFor } from "../domain/studio/dictionary";
import { encodeWav } from "../engine/dsp";
import { durationMs } from "./wav";
import type { SpokenSentence } from "#db/schema/types";

export type GenerateInput = {
  text: string;
  voiceId: string;
  lang: "ko" | "en" | "multi";
  style: Style;
  pitch: number;
  tempo: number;
  /** Silence after the passage (a project paragraph's pause). */
  pauseMs?: number;
  projectId?: string;
  paragraphId?: string;
  /** Hears the audio sentence by sentence as it is made (a project job publishes each to the page that follows it). */
  onPart?: PartListener;
};

export type Generated = { inferenceId: string; audioKey: string; durationMs: number; characters: number; sentences: SpokenSentence[] };
export type GenerateResult = { ok: true; value: Generated } | { ok: false; code: Code; message?: string };

/**
 * One generation, as both POST /studio/tts and a project job run it: the TTS text rules, a voice
 * the member may use, the characters spent (atomically, before the engine runs, and given back if
 * it fails), the audio rendered and stored in R2, and the result recorded in the work history.
 * What it takes is written in the ledger under `charge` (one key per job item), so an interrupted
 * item can be refunded exactly once (docs/decisions/0017).
 */
export async function generateSpeech(
  env: AppEnv["Bindings"],
  db: DrizzleD1Database<typeof schema>,
  member: Member,
  input: GenerateInput,
  locale: Locale,
  charge: Charge,
): Promise<GenerateResult> {
  const problem = checkText(input.text);
  if (problem?.code === "empty") return { ok: false, code: Code.TEXT_EMPTY };
  if (problem?.code === "invalid")
    return {
      ok: false,
      code: Code.TEXT_INVALID_CHARS,
      message: message(Code.TEXT_INVALID_CHARS, locale, { chars: problem.chars.join(" ") }),
    };
  if (problem?.code === "too-long")
    return { ok: false, code: Code.TEXT_TOO_LONG, message: message(Code.TEXT_TOO_LONG, locale, { max: problem.max }) };
  const voice = await db
    .select()
    .from(voices)
    .where(and(eq(voices.id, input.voiceId), visibleTo(member)))
    .get();
  // A voice its creator deleted is refused for new audio with its own message (docs/decisions/0029).
  if (!voice || voice.deletedAt) return { ok: false, code: await unusableVoiceCode(db, member, input.voiceId) };
  // A custom voice over the plan's slots waits for the member's choice.
  if (await overSlotsRefusal(db, env.DB, member.id, voice)) return { ok: false, code: Code.CUSTOM_VOICE_OVER_SLOTS };

  const characters = characterCount(input.text);
  const spent = await spendCharge(env.DB, charge, member.id, "chars", characters);
  if (!spent.ok) {
    if (spent.reason === "short")
      return { ok: false, code: Code.CHARS_SHORT, message: message(Code.CHARS_SHORT, locale, { remaining: spent.limit - spent.used }) };
    return { ok: false, code: spent.reason === "no-member" ? Code.LOGIN_REQUIRED : Code.CHARS_EXHAUSTED };
  }
  try {
    // "multi" (mixed Korean and English) speaks with the voice's own language.
    const lang = input.lang === "multi" ? voice.lang : input.lang;
    // The member's pronunciation dictionary, before the engine's own reading rules.
    const entries = await entriesFor(db, member.id, lang);
    const audio = await renderPassage(
      speechEngine(env),
      {
        text: applyDictionary(input.text, entries),
        lang,
        voice: { id: voice.id, params: voice.engine as VoiceParams },
        style: input.style,
        pitch: input.pitch,
        tempo: input.tempo,
      },
      input.pauseMs ?? 0,
      input.onPart,
    );
    const id = crypto.randomUUID();
    const audioKey = `inferences/${member.id}/${id}.wav`;
    await env.MEDIA.put(audioKey, encodeWav(audio.samples, audio.sampleRate), { httpMetadata: { contentType: "audio/wav" } });
    const ms = durationMs(audio);
    // Subtitles show the words as written: the dictionary's readings are for the engine. Should a reading have changed
    // where the sentences split, the spoken words stay, as they still match the audio.
    const written = entries.length > 0 ? sentenceTexts(input.text) : [];
    const sentences =
      written.length === audio.sentences.length ? audio.sentences.map((s, i) => ({ ...s, text: written[i]! })) : audio.sentences;
    await db.insert(inferences).values({
      id,
      memberId: member.id,
      projectId: input.projectId ?? null,
      paragraphId: input.paragraphId ?? null,
      voiceId: voice.id,
      method: "tts",
      text: input.text,
      characters,
      audioKey,
      durationMs: ms,
      createdAt: Date.now(),
    });
    await settleCharge(env.DB, charge.key);
    await recordVoiceUse(env.DB, voice.id);
    return { ok: true, value: { inferenceId: id, audioKey, durationMs: ms, characters, sentences } };
  } catch (err) {
    // Characters are deducted on AI use only: a generation that failed costs nothing.
    await refundCharge(env.DB, charge.key);
    if (err instanceof EngineError) {
      console.error("generation failed", err.message);
      return { ok: false, code: Code.ENGINE_FAILED };
    }
    throw err;
  }
}
