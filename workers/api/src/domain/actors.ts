import { and, eq } from "drizzle-orm";
import { actorApplications } from "#db/schema";
import { ACTOR_APPLICATION } from "#contracts/actors";
import { Code, formatDuration, type Locale } from "../lib/codes";
import { done, refusal, type Result } from "../lib/envelope";
import { REFUSAL } from "../speech/conversion";
import { decodeAudio, type UploadFormat } from "../speech/decode";
import type { Bindings, Member } from "../env";
import type { Db } from "./scope";

/**
 * Voice actors' applications (the /actors page): stored for the operator console, with an
 * uploaded sample checked by its content like every other audio upload (speech/decode.ts) and kept in
 * R2 as sent. Open to visitors; a signed-in applicant's member id is kept with it.
 */

export type ActorApplicationInput = {
  name: string;
  contact: string;
  sampleUrl?: string;
  file?: File;
  consent: boolean;
};

const CONTENT_TYPE: Record<UploadFormat, { type: string; ext: string }> = {
  wav: { type: "audio/wav", ext: "wav" },
  mp3: { type: "audio/mpeg", ext: "mp3" },
  "ogg-opus": { type: "audio/ogg", ext: "ogg" },
  "webm-opus": { type: "audio/webm", ext: "webm" },
  m4a: { type: "audio/mp4", ext: "m4a" },
};

/** The contact as compared: an address trimmed and in lower case; a phone number by its digits (and a leading +). */
export function contactKey(contact: string) {
  const c = contact.trim().toLowerCase();
  if (c.includes("@") || !/^[+\d\s().-]+$/.test(c)) return c;
  return c.replace(/[^\d+]/g, "");
}

/** An http(s) URL, or null. */
function httpUrl(value: string) {
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:" ? url.toString() : null;
  } catch {
    return null;
  }
}

type Scope = { env: Bindings; db: Db; member: Member | null; locale: Locale };

/**
 * Stores an application: consent is required, and a sample (a link, a file or both). A file must decode
 * as audio (WAV, MP3, Ogg/WebM Opus, M4A) of at most 10 MB and 5 minutes and not be silent; nothing is
 * stored when it does not. One application per contact waits for review at a time (4463); the partial
 * unique index makes two concurrent ones from the same contact store one.
 */
export async function applyAsActor(s: Scope, input: ActorApplicationInput): Promise<Result<{ id: string; createdAt: number }>> {
  if (!input.consent) return refusal(Code.ACTOR_CONSENT_REQUIRED);
  const link = input.sampleUrl?.trim() ? httpUrl(input.sampleUrl.trim()) : undefined;
  if (link === null) return refusal(Code.ACTOR_LINK_INVALID);
  const file = input.file && input.file.size > 0 ? input.file : undefined;
  if (!link && !file) return refusal(Code.ACTOR_SAMPLE_REQUIRED);
  const key = contactKey(input.contact);
  const waiting = await s.db
    .select({ id: actorApplications.id })
    .from(actorApplications)
    .where(and(eq(actorApplications.contactKey, key), eq(actorApplications.status, "received")))
    .get();
  if (waiting) return refusal(Code.ACTOR_ALREADY_APPLIED);

  const id = crypto.randomUUID();
  let sample: { key: string; format: UploadFormat; durationMs: number } | null = null;
  if (file) {
    // Refused before reading when the declared size is over (the body limit already bounds it).
    if (file.size > ACTOR_APPLICATION.sampleMaxBytes)
      return refusal(Code.AUDIO_TOO_LARGE, { params: { max: ACTOR_APPLICATION.sampleMaxBytes / 1024 / 1024 } });
    const bytes = new Uint8Array(await file.arrayBuffer());
    const decoded = await decodeAudio(bytes, {
      maxBytes: ACTOR_APPLICATION.sampleMaxBytes,
      maxSeconds: ACTOR_APPLICATION.sampleMaxSeconds,
    });
    if (!decoded.ok) {
      const code = REFUSAL[decoded.reason];
      if (code === Code.AUDIO_TOO_LARGE) return refusal(code, { params: { max: ACTOR_APPLICATION.sampleMaxBytes / 1024 / 1024 } });
      if (code === Code.AUDIO_OVER_MAX)
        return refusal(code, { params: { max: formatDuration(ACTOR_APPLICATION.sampleMaxSeconds, s.locale) } });
      return refusal(code);
    }
    const kind = CONTENT_TYPE[decoded.format];
    sample = { key: `actors/applications/${id}.${kind.ext}`, format: decoded.format, durationMs: decoded.durationMs };
    await s.env.MEDIA.put(sample.key, bytes, { httpMetadata: { contentType: kind.type } });
  }
  const now = Date.now();
  const inserted = await s.db
    .insert(actorApplications)
    .values({
      id,
      memberId: s.member?.id ?? null,
      name: input.name,
      contact: input.contact.trim(),
      contactKey: key,
      sampleUrl: link ?? null,
      sampleKey: sample?.key ?? null,
      sampleFormat: sample?.format ?? null,
      sampleDurationMs: sample?.durationMs ?? null,
      locale: s.locale,
      consentAt: now,
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: actorApplications.id });
  if (inserted.length === 0) {
    // Another request with the same contact won the race: its application stands, this sample goes.
    if (sample) await s.env.MEDIA.delete(sample.key);
    return refusal(Code.ACTOR_ALREADY_APPLIED);
  }
  return done({ id, createdAt: now });
}
