import { z } from "zod/v4";

/** The one-time choice of custom voices to keep (POST /voices/slots/keep), as the slots page's form sends it. */
export const KeepSchema = z.object({
  intent: z.literal("keep"),
  voice_ids: z.array(z.string().min(1).max(64)).max(100).default([]),
  confirm: z.literal("on", { error: "slots:choose.confirmRequired" }),
});
