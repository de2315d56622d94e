import { z } from "zod/v4";
import { ConvertSchema, UploadSchema } from "~/lib/studio-schemas";

/**
 * The labs pages' shapes and form schemas (issue 20, docs/decisions/0041; client-safe). Avatar talk
 * (/labs/avatar) is the STS flow (upload or record, the file check, the conversion job; usage charged as
 * STS conversion time) with an avatar chosen first and a stage at the end. Its state is in the search
 * params: `avatar`, then the STS page's `id`, `source`, `step=voice`, `job`, `result`.
 */

export const AVATAR_STEPS = ["avatar", "record", "check", "voice", "result"] as const;
export type AvatarStep = (typeof AVATAR_STEPS)[number] | "process";

/** `path` with the given steps' params; empty ones left out. */
const withParams = (path: string, q: Record<string, string | null | undefined>) => {
  const params = new URLSearchParams(Object.entries(q).filter((e): e is [string, string] => !!e[1]));
  const s = params.toString();
  return `${path}${s ? `?${s}` : ""}`;
};

/** The avatar page with the given steps' params; empty ones left out. */
export const avatarPath = (q: Record<string, string | null | undefined>) => withParams("/labs/avatar", q);

export const AvatarUploadSchema = z.object({
  avatar: z.instanceof(File, { error: "validation.fileRequired" }).refine((f) => f.size > 0, "validation.fileRequired"),
});

/** The avatar page's forms (`intent`): upload an avatar, upload or record speech, convert it. */
export const AvatarTalkSchema = z.discriminatedUnion("intent", [
  AvatarUploadSchema.extend({ intent: z.literal("avatar") }),
  UploadSchema.extend({ intent: z.literal("upload") }),
  ConvertSchema.extend({ intent: z.literal("convert") }),
  z.object({ intent: z.literal("share") }),
  z.object({ intent: z.literal("unshare") }),
  // Deleting one's own avatar after the confirmation dialog (issue 20).
  z.object({ intent: z.literal("delete-avatar"), avatar_id: z.string().min(1).max(64) }),
  // No longer answering a shared letter (issue 20).
  z.object({ intent: z.literal("stop-reply") }),
]);

/**
 * The shorts (/labs/shorts/start, docs/decisions/0042): a template first, then the same STS steps as
 * avatar talk; the result renders the 9:16 short in the browser. State in the search params: `template`,
 * then `id`, `source`, `step=voice`, `job`, `result`.
 */
export const SHORT_STEPS = ["template", "record", "check", "voice", "result"] as const;
export type ShortStep = (typeof SHORT_STEPS)[number] | "process";

/** The shorts page with the given steps' params; empty ones left out. */
export const shortsPath = (q: Record<string, string | null | undefined>) => withParams("/labs/shorts/start", q);

/** The shorts page's forms (`intent`): upload or record the reading, convert it, share the result. */
export const ShortsSchema = z.discriminatedUnion("intent", [
  UploadSchema.extend({ intent: z.literal("upload") }),
  ConvertSchema.extend({ intent: z.literal("convert") }),
  z.object({ intent: z.literal("share") }),
  z.object({ intent: z.literal("unshare") }),
]);
