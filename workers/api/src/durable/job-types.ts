// The types of a generation job, on their own so that env.ts can type the GENERATION_JOB binding without
// importing the Durable Object's module (which imports env.ts): docs/decisions/0020-import-rules.md.
import type { JobState } from "#contracts/jobs";
import type { CustomVoiceJobState } from "#contracts/custom-voices";
import type { Locale } from "../lib/codes";

// The job's state and the items in it are the contract with the app (what GET /studio/jobs/:id answers and its
// event stream sends): contracts/jobs.ts declares them for both sides.
export type { ItemState, JobState } from "#contracts/jobs";

/** What a project generation needs to run on its own after the request that started it is gone. */
export type JobSpec = {
  kind?: "tts";
  jobId: string;
  memberId: string;
  email: string;
  locale: Locale;
  projectId: string;
  paragraphIds: string[];
};
/** A speech-to-speech conversion of a checked recording (its time is spent when it runs). */
export type ConversionSpec = {
  kind: "sts";
  jobId: string;
  memberId: string;
  email: string;
  locale: Locale;
  projectId: string;
  sourceId: string;
  voiceId: string;
  /** The shared result this conversion answers (its inference id; linked when it is made). */
  replyTo?: string | null;
};

/**
 * A custom voice's creation (docs/decisions/0034): its files (already in R2 under the voice's
 * prefix, in the order given) checked one by one, the voice made from all of them, then its preview.
 */
export type CustomVoiceSpec = {
  kind: "custom-voice";
  jobId: string;
  memberId: string;
  email: string;
  locale: Locale;
  voiceId: string;
  lang: "ko" | "en";
  gender: "male" | "female";
  files: { key: string; name: string }[];
};

/** Any state the job object holds: a generation's or conversion's, or a custom voice creation's. */
export type AnyJobState = JobState | CustomVoiceJobState;
export type { CustomVoiceJobState };

/**
 * What the `GenerationJob` Durable Object answers over RPC (durable/generation-job.ts implements it); the
 * binding's stubs are typed by it.
 */
export interface GenerationJobRpc extends Rpc.DurableObjectBranded {
  getState(): Promise<AnyJobState>;
  getOwner(): Promise<string | null>;
  setState(state: JobState): Promise<JobState>;
  start(spec: JobSpec): Promise<JobState>;
  startConversion(spec: ConversionSpec): Promise<JobState>;
  startCustomVoice(spec: CustomVoiceSpec): Promise<AnyJobState>;
  alarm(): Promise<void>;
  fetch(request: Request): Promise<Response>;
  getPart(paragraphId: string, index: number): Promise<Uint8Array | null>;
}
