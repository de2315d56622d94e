import { parseWithZod, readForm } from "~/utils/parse-form.server";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { z } from "zod/v4";
import { fixedT, getLocale } from "~/i18n/i18n.server";
import { cutNickname } from "~/lib/shell";
import { api, freshAccessToken } from "~/utils/api.server";
import { startSession } from "~/utils/auth.server";
import { rememberReturnTo, takeReturnTo } from "~/utils/return-to.server";
import { certCookie, codeSecondsLeft, joinCookie, type JoinState } from "~/utils/flows.server";
import { parseIntent } from "~/utils/intent.server";
import { choiceList } from "~/utils/member-lists.server";
import { pageMeta } from "~/utils/meta.server";
import { setToast } from "~/utils/toast.server";
import { CodeStepSchema, EmailStepSchema, NewPasswordSchema, QuestionsStepSchema, TermsStepSchema } from "~/utils/user-validation";
import { Code } from "#contracts/codes";

/** Sign-up (spec section 2), one step at a time; where it stands lives in the sealed join cookie. */

export const JOIN_STEPS = ["email", "code", "password", "terms", "questions"] as const;
export type JoinStep = (typeof JOIN_STEPS)[number];

const STEP_SCHEMAS = {
  email: EmailStepSchema,
  code: CodeStepSchema,
  password: NewPasswordSchema,
  terms: TermsStepSchema,
  questions: QuestionsStepSchema,
} as const;

/** The forms of the page: a step's submit (its name), or start over, one step back, send the code again. */
const JoinIntent = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal(JOIN_STEPS) }),
  z.object({ intent: z.literal("restart") }),
  z.object({ intent: z.literal("back") }),
  z.object({ intent: z.literal("resend") }),
]);

/** Where a sign-up stands, from its sealed cookie: the first step not yet done. */
export function joinStep(state: JoinState | null): JoinStep {
  if (!state) return "email";
  if (!state.certified) return "code";
  if (state.type === "email" && !state.password) return "password";
  if (!state.terms) return "terms";
  return "questions";
}

async function readJoin({ request, context }: Args) {
  const [state, cert] = await Promise.all([joinCookie.read(request, context), certCookie.read(request, context)]);
  return { state, cert };
}

/** Codes the email step shows on the address field (workers/api/src/lib/codes.ts). */
const EMAIL_FIELD_CODES: number[] = [Code.EMAIL_INVALID, Code.EMAIL_SOCIAL, Code.EMAIL_TAKEN, Code.REJOIN_TOO_SOON];
const CODE_FIELD_CODES: number[] = [Code.CERT_WRONG, Code.CERT_EXPIRED];
/** Sign-up must start over: the certification or the social ticket is no longer valid. */
const RESTART_CODES: number[] = [Code.CERT_REQUIRED, Code.SIGNUP_TICKET_INVALID];

export async function loader(args: LoaderFunctionArgs) {
  const returnTo = await rememberReturnTo(args);
  if (await freshAccessToken(args.request, args.context)) throw redirect(returnTo ?? "/dashboard");
  const { state, cert } = await readJoin(args);
  const step = joinStep(state);
  const [lists, meta] = await Promise.all([
    step === "questions" ? Promise.all([choiceList(args, "/member/worklist"), choiceList(args, "/member/perposelist")]) : null,
    pageMeta(args.request, args.context, "meta.titles.join"),
  ]);
  return {
    step,
    type: state?.type ?? "email",
    email: state?.email ?? null,
    secondsLeft: state ? codeSecondsLeft(cert, state.email, "join") : 0,
    jobs: lists?.[0] ?? [],
    purposes: lists?.[1] ?? [],
    meta,
    // Where the page goes after sign-up, kept by its login link too.
    returnTo,
  };
}

type Args = ActionFunctionArgs;
const reply = (step: JoinStep, result: unknown, status = 400) => data({ step, result }, { status });

async function save(args: Args, state: JoinState) {
  await joinCookie.write(args.request, args.context, state);
  throw redirect("/join");
}

async function sendCode(args: Args, email: string) {
  return api(args, "POST /member/certemail", { body: { email } });
}

export async function action(args: Args) {
  const formData = await readForm(args.request);
  const intent = parseIntent(formData, JoinIntent)?.intent;
  const { state } = await readJoin(args);
  const step = joinStep(state);

  if (intent === "restart") {
    await joinCookie.clear(args.request, args.context);
    await certCookie.clear(args.request, args.context);
    throw redirect("/join");
  }
  if (intent === "back" && state) {
    // One step back: the consents, then the password.
    if (step === "questions") return save(args, { ...state, terms: undefined });
    if (step === "terms" && state.type === "email") return save(args, { ...state, password: undefined });
    throw redirect("/join");
  }
  if (intent === "resend" && state && step === "code") {
    const sent = await sendCode(args, state.email);
    if (!sent.success) return reply("code", { status: "error", error: { code: [sent.message] } });
    await certCookie.write(args.request, args.context, { email: state.email, purpose: "join", sentAt: Date.now() });
    throw redirect("/join");
  }
  // Every other intent is the submit of the current step (a stale form just shows the current one).
  if (!intent || intent === "back" || intent === "resend") throw redirect("/join");
  if (intent !== step && !(intent === "email" && step === "code")) throw redirect("/join");

  const submission = parseWithZod(formData, { schema: STEP_SCHEMAS[intent] });
  const hide = { hideFields: ["password", "confirm"] };
  if (submission.status !== "success") return reply(intent, submission.reply(hide));

  switch (intent) {
    case "email": {
      const { email } = submission.value as z.infer<typeof EmailStepSchema>;
      const checked = await api(args, "POST /member/checkemail", { body: { email } });
      const sent = checked.success ? await sendCode(args, email) : checked;
      if (!sent.success) {
        const field = EMAIL_FIELD_CODES.includes(sent.code) ? { fieldErrors: { email: [sent.message] } } : { formErrors: [sent.message] };
        return reply("email", submission.reply(field));
      }
      await certCookie.write(args.request, args.context, { email, purpose: "join", sentAt: Date.now() });
      return save(args, { type: "email", email, certified: false });
    }
    case "code": {
      const { code } = submission.value as z.infer<typeof CodeStepSchema>;
      const checked = await api(args, "POST /member/checkcert", { body: { email: state!.email, cert: code, type: "join" } });
      if (!checked.success) {
        const field = CODE_FIELD_CODES.includes(checked.code)
          ? { fieldErrors: { code: [checked.message] } }
          : { formErrors: [checked.message] };
        return reply("code", submission.reply(field));
      }
      await certCookie.clear(args.request, args.context);
      // The sign-up must present what the check answered (docs/decisions/0056); it stays in the sealed cookie.
      return save(args, { ...state!, certified: true, certTicket: checked.data?.ticket });
    }
    case "password": {
      const { password } = submission.value as z.infer<typeof NewPasswordSchema>;
      return save(args, { ...state!, password });
    }
    case "terms": {
      const terms = submission.value as z.infer<typeof TermsStepSchema>;
      return save(args, { ...state!, terms: { marketing: terms.marketing === "on" || terms.all === "on" } });
    }
    default: {
      const q = submission.value as z.infer<typeof QuestionsStepSchema>;
      const s = state!;
      // Spec: purposes joined by commas, with the free text added when 'other' is chosen.
      const perpose = q.perpose.map((p) => (p === "other" ? `other:${q.perposeOther.replace(/,/g, " ")}` : p)).join(",");
      const created = await api(args, "POST /member/createmember", {
        body: {
          type: s.type,
          email: s.email,
          ticket: s.ticket,
          cert_ticket: s.certTicket,
          password: s.password ?? "",
          work: q.work.join(","),
          belong: q.belong,
          perpose,
          marketing: s.terms?.marketing ? "Y" : "N",
          local: await getLocale(args.request, args.context),
          agree_service: true,
          agree_privacy: true,
          age_over_14: true,
        },
      });
      if (!created.success || !created.data) {
        const t = fixedT(await getLocale(args.request, args.context), "auth");
        if (RESTART_CODES.includes(created.code)) {
          // The certification or the social ticket ran out: start over from the first step.
          await joinCookie.clear(args.request, args.context);
          return reply("questions", submission.reply({ formErrors: [t("join.expired")] }));
        }
        // Spec section 8: a server-side failure is 'temporary error'.
        return reply("questions", submission.reply({ formErrors: [created.code >= Code.INTERNAL ? t("join.failed") : created.message] }));
      }
      await joinCookie.clear(args.request, args.context);
      await startSession(args, created.data);
      await setToast(args.request, args.context, { key: "welcome", params: { nickname: cutNickname(created.data.nickname) } });
      throw redirect(await takeReturnTo(args));
    }
  }
}
