// The zod schemas of the content pages' forms (the contest entry, the API keys page), apart from app/lib/content.ts
// so that the pages that only show content do not load zod (docs/decisions/0044). Client-safe.
import { z } from "zod/v4";
import { API_KEY_NAME_MAX, CONTEST_NOTE_MAX } from "./content";

const required = (max: number) =>
  z.string({ error: "validation.required" }).trim().min(1, "validation.required").max(max, "validation.tooLong");

/** The contest entry form. */
export const ContestEntrySchema = z.object({
  inference_id: z.string({ error: "validation.required" }).min(1, "validation.required").max(64),
  note: z.string().trim().max(CONTEST_NOTE_MAX, "validation.tooLong").default(""),
});

/** The API keys page: create a key with a name, or revoke one. */
export const KeyCreateSchema = z.object({ name: required(API_KEY_NAME_MAX) });
export const KeysSchema = z.discriminatedUnion("intent", [
  KeyCreateSchema.extend({ intent: z.literal("create") }),
  z.object({ intent: z.literal("revoke"), id: z.string().min(1).max(64) }),
]);
