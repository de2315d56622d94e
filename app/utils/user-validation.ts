import { z } from "zod/v4";
import { EMAIL_PATTERN, isCommonPassword, passwordFollowsRule } from "../../workers/api/src/lib/password-rules";

/**
 * Field schemas shared by the account forms (client validation through conform and the actions).
 * Messages are keys of the common bundle's `validation` group; `ErrorList` translates them.
 */
export const EmailSchema = z
  .string({ error: "validation.required" })
  .trim()
  .toLowerCase()
  .max(254, "validation.email")
  .regex(EMAIL_PATTERN, "validation.email");

/** The spec's rule (8 to 15 letters, digits and ~!@#$%^&*()_+=?), not a common password; the api checks it again. */
export const PasswordSchema = z
  .string({ error: "validation.required" })
  .refine(passwordFollowsRule, "validation.passwordRule")
  .refine((p) => !isCommonPassword(p), "validation.passwordCommon");

export const CodeSchema = z.string({ error: "validation.required" }).trim().regex(/^\d{6}$/, "validation.code");

/** A password and its confirmation ('check the password' when they differ). */
export const NewPasswordSchema = z
  .object({ password: PasswordSchema, confirm: z.string({ error: "validation.required" }) })
  .refine((v) => v.password === v.confirm, { message: "validation.passwordConfirm", path: ["confirm"] });

/** A checkbox group as conform sends it: absent, one value or several. */
export const CheckboxGroup = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]));
