/** A generation or conversion result as the api answers it (workers/api/src/lib/results.ts). */
export type StudioResult = {
  inference_id: string;
  project_id: string | null;
  method: "tts" | "record" | "upload";
  /** The text spoken (TTS) or the original file's name (STS). */
  text: string;
  voice_id: string;
  voiceName: string;
  characters: number;
  seconds: number;
  duration: number;
  quality: string;
  createdAt: number;
  audioURL: string;
  sourceURL: string | null;
  source_id: string | null;
  share: { share_id: string; url: string } | null;
  review: { score: number; text: string } | null;
};
