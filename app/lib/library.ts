import { z } from "zod/v4";
import { ACTOR_APPLICATION } from "../../contracts/actors";

/**
 * The voice library's pages (issue 16): the forms' zod schemas (the pages' client validation and the
 * actions' `parseWithZod`), the library's URL query and the pages' types. Client-safe.
 */

// ---- /actors ----------------------------------------------------------------------------------

const httpLink = z
  .string()
  .trim()
  .max(ACTOR_APPLICATION.linkMax, "validation.tooLong")
  .refine((v) => /^https?:\/\/[^\s]+$/i.test(v), "library:actors.form.errors.url");

/** The voice actor application: a sample link or file (or both), consent required. */
export const ActorApplicationSchema = z
  .object({
    name: z
      .string({ error: "validation.required" })
      .trim()
      .min(1, "validation.required")
      .max(ACTOR_APPLICATION.nameMax, "validation.tooLong"),
    contact: z
      .string({ error: "validation.required" })
      .trim()
      .min(3, "validation.required")
      .max(ACTOR_APPLICATION.contactMax, "validation.tooLong"),
    sample_url: httpLink.optional(),
    file: z
      .instanceof(File)
      .refine((f) => f.size <= ACTOR_APPLICATION.sampleMaxBytes, "library:actors.form.errors.fileTooLarge")
      .optional(),
    consent: z.literal("on", { error: "library:actors.form.errors.consent" }),
  })
  .refine((v) => !!v.sample_url || (v.file !== undefined && v.file.size > 0), {
    message: "library:actors.form.errors.sampleRequired",
    path: ["sample_url"],
  });
