import { z } from "zod/v4";
import { ConvertSchema, UploadSchema } from "~/lib/studio-schemas";

/** The labs pages' form schemas (docs/decisions/0041; split from labs.ts for docs/decisions/0049). */

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
  // Deleting one's own avatar after the confirmation dialog.
  z.object({ intent: z.literal("delete-avatar"), avatar_id: z.string().min(1).max(64) }),
  // No longer answering a shared letter.
  z.object({ intent: z.literal("stop-reply") }),
]);

/** The shorts page's forms (`intent`): upload or record the reading, convert it, share the result. */
export const ShortsSchema = z.discriminatedUnion("intent", [
  UploadSchema.extend({ intent: z.literal("upload") }),
  ConvertSchema.extend({ intent: z.literal("convert") }),
  z.object({ intent: z.literal("share") }),
  z.object({ intent: z.literal("unshare") }),
]);
