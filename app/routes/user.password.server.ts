import { parseWithZod, readForm } from "~/utils/parse-form.server";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { z } from "zod/v4";
import { api } from "~/utils/api.server";
import { certCookie, codeSecondsLeft, recoverCookie, type RecoverState } from "~/utils/flows.server";
import { parseIntent } from "~/utils/intent.server";
import { pageMeta } from "~/utils/meta.server";
import { setToast } from "~/utils/toast.server";
import { CodeStepSchema, EmailStepSchema, NewPasswordSchema } from "~/utils/user-validation";
import { Code } from "#contracts/codes";

const STEPS = ["email", "code", "password"] as const;
export type Step = (typeof STEPS)[number];
const SCHEMAS = { email: EmailStepSchema, code: CodeStepSchema, password: NewPasswordSchema } as const;
/** The forms of the page: a step's submit (its name), or start over, send the code again. */
const RecoverIntent = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal(STEPS) }),
  z.object({ intent: z.literal("restart") }),
  z.object({ intent: z.literal("resend") }),
]);

const stepOf = (state: RecoverState | null): Step => (!state ? "email" : state.certified ? "password" : "code");

/** Codes shown on a field (workers/api/src/lib/codes.ts); CERT_REQUIRED means the recovery must start over. */
const EMAIL_FIELD_CODES: number[] = [Code.EMAIL_INVALID, Code.EMAIL_NOT_REGISTERED, Code.EMAIL_SOCIAL];
const CODE_FIELD_CODES: number[] = [Code.CERT_WRONG, Code.CERT_EXPIRED];
const PASSWORD_FIELD_CODES: number[] = [Code.PASSWORD_RULE, Code.PASSWORD_COMMON];
const CERT_REQUIRED = Code.CERT_REQUIRED;

/** Password recovery (spec section 2): e-mail certification (/member/certemailpwd), then a new password (/member/updatepwd). */
export async function loader(args: LoaderFunctionArgs) {
  const [state, cert, meta] = await Promise.all([
    recoverCookie.read(args.request, args.context),
    certCookie.read(args.request, args.context),
    pageMeta(args.request, args.context, "meta.titles.recover"),
  ]);
  return {
    step: stepOf(state),
    email: state?.email ?? null,
    secondsLeft: state ? codeSecondsLeft(cert, state.email, "password") : 0,
    meta,
  };
}

export async function action(args: ActionFunctionArgs) {
  const formData = await readForm(args.request);
  const intent = parseIntent(formData, RecoverIntent)?.intent;
  const state = await recoverCookie.read(args.request, args.context);
  const step = stepOf(state);
  const restart = async () => {
    await recoverCookie.clear(args.request, args.context);
    await certCookie.clear(args.request, args.context);
    throw redirect("/user/password");
  };
  if (intent === "restart") return restart();
  const sendCode = async (email: string) => {
    const sent = await api(args, "POST /member/certemailpwd", { body: { email } });
    if (sent.success) await certCookie.write(args.request, args.context, { email, purpose: "password", sentAt: Date.now() });
    return sent;
  };
  if (intent === "resend" && state && step === "code") {
    const sent = await sendCode(state.email);
    if (!sent.success)
      return data({ step: "code" as Step, result: { status: "error" as const, error: { code: [sent.message] } } }, { status: 400 });
    throw redirect("/user/password");
  }
  if (intent !== step) throw redirect("/user/password");

  const submission = parseWithZod(formData, { schema: SCHEMAS[step] });
  const hide = { hideFields: ["password", "confirm"] };
  const fail = (field: string | null, message: string) =>
    data(
      { step, result: submission.reply(field ? { fieldErrors: { [field]: [message] }, ...hide } : { formErrors: [message], ...hide }) },
      { status: 400 },
    );
  if (submission.status !== "success") return data({ step, result: submission.reply(hide) }, { status: 400 });

  if (step === "email") {
    const { email } = submission.value as { email: string };
    const sent = await sendCode(email);
    if (!sent.success) return fail(EMAIL_FIELD_CODES.includes(sent.code) ? "email" : null, sent.message);
    await recoverCookie.write(args.request, args.context, { email, certified: false });
    throw redirect("/user/password");
  }
  if (step === "code") {
    const { code } = submission.value as { code: string };
    const checked = await api(args, "POST /member/checkcert", { body: { email: state!.email, cert: code, type: "password" } });
    if (!checked.success) return fail(CODE_FIELD_CODES.includes(checked.code) ? "code" : null, checked.message);
    await certCookie.clear(args.request, args.context);
    await recoverCookie.write(args.request, args.context, { email: state!.email, certified: true, certTicket: checked.data?.ticket });
    throw redirect("/user/password");
  }
  const { password } = submission.value as { password: string };
  const updated = await api(args, "POST /member/updatepwd", { body: { email: state!.email, password, cert_ticket: state!.certTicket } });
  if (!updated.success) {
    if (updated.code === CERT_REQUIRED) return restart();
    return fail(PASSWORD_FIELD_CODES.includes(updated.code) ? "password" : null, updated.message);
  }
  await recoverCookie.clear(args.request, args.context);
  await setToast(args.request, args.context, { key: "passwordReset" });
  throw redirect("/login");
}
