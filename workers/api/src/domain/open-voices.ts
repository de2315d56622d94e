import { Code } from "../lib/codes";
import { done, refusal, type Refusal, type Result } from "../lib/envelope";
import { JOB_LIMIT_REFUSAL, runSlot } from "../lib/jobs";
import { hit, type LimitName } from "../lib/rate-limit";
import { checkVoiceRecording, type CheckedRecording, type RecordingFacts } from "../speech/recording-check";
import type { MemberScope } from "./scope";

/**
 * Open voices (spec: the 3-step registration wizard; issue 16; docs/decisions/0029): the recording
 * check, drafts (a checked recording kept with its derived profile and preview), creation and deletion.
 */

/** A rate limit per member: the refusal when it is spent. */
async function limited(s: MemberScope, name: LimitName): Promise<Refusal | null> {
  return (await hit(s.env, name, s.member.id)).allowed ? null : refusal(Code.RATE_LIMITED);
}

/**
 * Decoding and measuring hold the upload several times over: one of the member's running slots is
 * taken first (docs/decisions/0017), so nobody can have more than two checks in memory at once.
 */
async function withSlot<T>(s: MemberScope, work: () => Promise<Result<T>>): Promise<Result<T>> {
  const slot = await runSlot(s.env.DB, s.member.id, "voice-call");
  if (!slot) return JOB_LIMIT_REFUSAL;
  try {
    return await work();
  } finally {
    await slot.release();
  }
}

/** The checked recording, or the failed rule's refusal carrying the facts measured so far in `data`. */
async function checked(s: MemberScope, file: File): Promise<Result<CheckedRecording>> {
  const result = await checkVoiceRecording(new Uint8Array(await file.arrayBuffer()), s.locale);
  if (!result.ok) return { ok: false, code: result.code, message: result.message, data: { facts: result.facts } };
  return done(result);
}

/** Facts as answered: what the wizard shows beside a passed or failed check. */
export type CheckAnswer = { passed: true; facts: RecordingFacts };

/** POST /voices/open/check: the upload rules only; nothing is stored. */
export async function checkOpenRecording(s: MemberScope, file: File): Promise<Result<CheckAnswer>> {
  const refused = await limited(s, "voiceCheckPerMember");
  if (refused) return refused;
  return withSlot(s, async () => {
    const result = await checked(s, file);
    if (!result.ok) return result;
    return done({ passed: true as const, facts: result.value.facts });
  });
}
