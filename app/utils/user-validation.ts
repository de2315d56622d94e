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

export const CodeSchema = z
  .string({ error: "validation.required" })
  .trim()
  .regex(/^\d{6}$/, "validation.code");

/** A password and its confirmation ('check the password' when they differ). */
export const NewPasswordSchema = z
  .object({ password: PasswordSchema, confirm: z.string({ error: "validation.required" }) })
  .refine((v) => v.password === v.confirm, { message: "validation.passwordConfirm", path: ["confirm"] });

/** A checkbox group as conform sends it: absent, one value or several. */
export const CheckboxGroup = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]));

/*
 * The form schemas of the account pages, one per form: the page's component validates with it
 * (`useSchemaForm`) and its action parses with it (`parseWithZod` in `<route>.server.ts`). The plan
 * pages' form schemas are in `~/lib/billing`, shared with the api.
 */

/** Login (/login). */
export const LoginSchema = z.object({ email: EmailSchema, password: z.string({ error: "validation.required" }).max(64) });

/** The steps sign-up (/join) and recovery (/user/password) share: address, code, new password. */
export const EmailStepSchema = z.object({ email: EmailSchema });
export const CodeStepSchema = z.object({ code: CodeSchema });

/** Sign-up's consents: "agree to all" stands for every box (so it also works without JavaScript). */
export const TermsStepSchema = z
  .object({
    all: z.literal("on").optional(),
    service: z.literal("on").optional(),
    privacy: z.literal("on").optional(),
    age: z.literal("on").optional(),
    marketing: z.literal("on").optional(),
  })
  .superRefine((v, ctx) => {
    if (v.all) return;
    // Form-level errors: an unticked box is not in the form data, so it has no field to carry them.
    if (!v.age) ctx.addIssue({ code: "custom", path: [], message: "validation.under14" });
    if (!v.service || !v.privacy) ctx.addIssue({ code: "custom", path: [], message: "validation.termsRequired" });
  });

/** Sign-up's last step: job, organisation and purposes ('other' needs its text). */
export const QuestionsStepSchema = z
  .object({
    work: CheckboxGroup,
    belong: z.string().trim().max(200, "validation.tooLong").default(""),
    perpose: CheckboxGroup,
    perposeOther: z.string().trim().max(200, "validation.tooLong").default(""),
  })
  .refine((v) => !v.perpose.includes("other") || v.perposeOther.length > 0, { path: ["perposeOther"], message: "validation.other" });

import { GENDERS } from "./member-fields";
export { GENDERS };

/** Settings: the profile form. */
export const ProfileSchema = z.object({
  intent: z.literal("profile"),
  local: z.enum(["ko", "en"]),
  nickname: z.string({ error: "validation.nickname" }).trim().min(1, "validation.nickname").max(20, "validation.nickname"),
  work: CheckboxGroup,
  belong: z.string().trim().max(200, "validation.tooLong").default(""),
  firstname: z.string().trim().max(50, "validation.tooLong").default(""),
  secondname: z.string().trim().max(50, "validation.tooLong").default(""),
  gender: z.enum(GENDERS).default(""),
});

/** Settings: the marketing consent form. */
export const MarketingSchema = z.object({
  intent: z.literal("marketing"),
  marketing: z.enum(["Y", "N"], { error: "validation.required" }),
});

/** The dormancy period the member chooses (spec section 9: 1 year, or 3 by the member's choice; docs/decisions/0036). */
export const DormancySchema = z.object({
  intent: z.literal("dormancy"),
  years: z.enum(["1", "3"], { error: "validation.required" }),
});

/** Withdrawal (/dashboard/settings/withdraw). */
export const WithdrawSchema = z.object({
  reason_studio: CheckboxGroup,
  reason_community: CheckboxGroup,
  opinion: z.string().trim().max(2000, "validation.tooLong").default(""),
  /** E-mail accounts confirm with their password (spec section 5: 'Please enter your password correctly'). */
  password: z.string().max(64).optional(),
  confirm: z.literal("on", { error: "validation.confirmWithdraw" }),
});

/** Logout: this session, or every session of the member (settings). */
export const LogoutSchema = z.object({ scope: z.literal("everywhere").optional().catch(undefined) });
