import { getFormProps, getInputProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { z } from "zod/v4";
import { AuthLayout } from "~/components/auth/AuthLayout";
import { CodeStepForm, CodeStepSchema, EmailStepForm, EmailStepSchema, NewPasswordSchema, PasswordStepForm, useStepForm } from "~/components/auth/steps";
import { CheckboxField, ChoiceGroup, ErrorList, Field, SubmitButton } from "~/components/forms";
import { fixedT, getLocale } from "~/i18n/i18n.server";
import { cutNickname } from "~/lib/shell";
import { api, freshAccessToken } from "~/utils/api.server";
import { startSession } from "~/utils/auth.server";
import { certCookie, joinCookie, type JoinState } from "~/utils/flows.server";
import { codeSecondsLeft, joinStep, readJoin, type JoinStep } from "~/utils/join.server";
import { choiceList, type Choice } from "~/utils/member-lists.server";
import { pageMeta } from "~/utils/meta.server";
import { pageMetaTags } from "~/utils/seo";
import { setToast } from "~/utils/toast.server";
import { CheckboxGroup } from "~/utils/user-validation";
import { Code } from "../../contracts/codes";

export const handle = { i18n: ["common", "auth"] };

const TermsStep = z
  .object({
    all: z.literal("on").optional(),
    service: z.literal("on").optional(),
    privacy: z.literal("on").optional(),
    age: z.literal("on").optional(),
    marketing: z.literal("on").optional(),
  })
  // "Agree to all" stands for every box (so it also works without JavaScript).
  .superRefine((v, ctx) => {
    if (v.all) return;
    // Form-level errors: an unticked box is not in the form data, so it has no field to carry them.
    if (!v.age) ctx.addIssue({ code: "custom", path: [], message: "validation.under14" });
    if (!v.service || !v.privacy) ctx.addIssue({ code: "custom", path: [], message: "validation.termsRequired" });
  });
const QuestionsStep = z
  .object({
    work: CheckboxGroup,
    belong: z.string().trim().max(200, "validation.tooLong").default(""),
    perpose: CheckboxGroup,
    perposeOther: z.string().trim().max(200, "validation.tooLong").default(""),
  })
  .refine((v) => !v.perpose.includes("other") || v.perposeOther.length > 0, { path: ["perposeOther"], message: "validation.other" });

const SCHEMAS = { email: EmailStepSchema, code: CodeStepSchema, password: NewPasswordSchema, terms: TermsStep, questions: QuestionsStep } as const;

/** Codes the email step shows on the address field (workers/api/src/lib/codes.ts). */
const EMAIL_FIELD_CODES: number[] = [Code.EMAIL_INVALID, Code.EMAIL_SOCIAL, Code.EMAIL_TAKEN, Code.REJOIN_TOO_SOON];
const CODE_FIELD_CODES: number[] = [Code.CERT_WRONG, Code.CERT_EXPIRED];
/** Sign-up must start over: the certification or the social ticket is no longer valid. */
const RESTART_CODES: number[] = [Code.CERT_REQUIRED, Code.SIGNUP_TICKET_INVALID];

export async function loader(args: LoaderFunctionArgs) {
  if (await freshAccessToken(args.request, args.context)) throw redirect("/dashboard");
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
  };
}

export const meta = pageMetaTags;

type Args = ActionFunctionArgs;
const reply = (step: JoinStep, result: unknown, status = 400) => data({ step, result }, { status });

async function save(args: Args, state: JoinState) {
  await joinCookie.write(args.request, args.context, state);
  throw redirect("/join");
}

async function sendCode(args: Args, email: string) {
  return api<{ expiresIn: number }>(args, "/member/certemail", { body: { email } });
}

export async function action(args: Args) {
  const formData = await args.request.formData();
  const intent = String(formData.get("intent") ?? "");
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
  if (intent !== step && !(intent === "email" && step === "code")) throw redirect("/join");

  const submission = parseWithZod(formData, { schema: SCHEMAS[intent as JoinStep] });
  const hide = { hideFields: ["password", "confirm"] };
  if (submission.status !== "success") return reply(intent as JoinStep, submission.reply(hide));

  switch (intent) {
    case "email": {
      const { email } = submission.value as z.infer<typeof EmailStepSchema>;
      const checked = await api(args, "/member/checkemail", { body: { email } });
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
      const checked = await api(args, "/member/checkcert", { body: { email: state!.email, cert: code, type: "join" } });
      if (!checked.success) {
        const field = CODE_FIELD_CODES.includes(checked.code) ? { fieldErrors: { code: [checked.message] } } : { formErrors: [checked.message] };
        return reply("code", submission.reply(field));
      }
      await certCookie.clear(args.request, args.context);
      return save(args, { ...state!, certified: true });
    }
    case "password": {
      const { password } = submission.value as z.infer<typeof NewPasswordSchema>;
      return save(args, { ...state!, password });
    }
    case "terms": {
      const terms = submission.value as z.infer<typeof TermsStep>;
      return save(args, { ...state!, terms: { marketing: terms.marketing === "on" || terms.all === "on" } });
    }
    default: {
      const q = submission.value as z.infer<typeof QuestionsStep>;
      const s = state!;
      // Spec: purposes joined by commas, with the free text added when 'other' is chosen.
      const perpose = q.perpose.map((p) => (p === "other" ? `other:${q.perposeOther.replace(/,/g, " ")}` : p)).join(",");
      const created = await api<{ token: string; refreshToken: string; nickname: string }>(args, "/member/createmember", {
        body: {
          type: s.type,
          email: s.email,
          ticket: s.ticket,
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
      throw redirect("/dashboard");
    }
  }
}

const STEPS_EMAIL = ["email", "password", "terms", "questions"] as const;
const STEPS_SOCIAL = ["terms", "questions"] as const;

export default function JoinPage() {
  const loaderData = useLoaderData<typeof loader>();
  const { step, type, email } = loaderData;
  const { t } = useTranslation("auth");
  const actionData = useActionData<typeof action>();
  const result = (s: JoinStep) => (actionData?.step === s ? (actionData.result as never) : undefined);
  const steps: readonly string[] = type === "email" ? STEPS_EMAIL : STEPS_SOCIAL;
  const shown = step === "code" ? "email" : step;
  const current = steps.indexOf(shown) + 1;
  return (
    <AuthLayout title={t("join.title")}>
      <ol className="mt-4 flex gap-1" aria-label={t("join.stepOf", { current, total: steps.length })}>
        {steps.map((s, i) => (
          <li key={s} className={`h-1.5 flex-1 rounded-full ${i < current ? "bg-brand-600" : "bg-slate-200"}`}>
            <span className="sr-only">{t(`join.steps.${s as "email"}`)}</span>
          </li>
        ))}
      </ol>
      <p className="mt-3 text-sm font-semibold text-slate-700" data-testid="join-step">
        {t("join.stepOf", { current, total: steps.length })} · {t(`join.steps.${shown}`)}
      </p>
      {type !== "email" && email ? (
        <p className="mt-2 rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-700">{t("join.social", { provider: t(`providers.${type}`), email })}</p>
      ) : null}
      {step === "email" ? <EmailStepForm id="join-email" lastResult={result("email")} help={t("join.emailHelp")} /> : null}
      {step === "code" ? <CodeStepForm id="join-code" lastResult={result("code")} email={email ?? ""} secondsLeft={loaderData.secondsLeft} /> : null}
      {step === "password" ? <PasswordStepForm id="join-password" lastResult={result("password")} email={email ?? ""} label={t("join.password")} submit={t("join.next")} /> : null}
      {step === "terms" ? <TermsForm canGoBack={type === "email"} lastResult={result("terms")} /> : null}
      {step === "questions" ? <QuestionsForm jobs={loaderData.jobs} purposes={loaderData.purposes} lastResult={result("questions")} /> : null}
      <p className="mt-6 text-center text-sm text-slate-600">
        {t("join.haveAccount")}{" "}
        <Link to="/login" className="font-semibold text-brand-600">
          {t("join.login")}
        </Link>
      </p>
    </AuthLayout>
  );
}

function StepActions({ submit, back }: { submit: string; back?: boolean }) {
  const { t } = useTranslation("auth");
  return (
    <div className="flex gap-2 pt-2">
      {back ? (
        <button type="submit" name="intent" value="back" formNoValidate className="rounded-lg border border-slate-300 px-4 py-2.5 text-sm font-semibold">
          {t("join.back")}
        </button>
      ) : null}
      <SubmitButton>{submit}</SubmitButton>
    </div>
  );
}

type LastResult = Parameters<typeof useStepForm>[2];

function TermsForm({ canGoBack, lastResult }: { canGoBack: boolean; lastResult: LastResult }) {
  const { t } = useTranslation("auth");
  const [form, fields] = useStepForm("join-terms", TermsStep, lastResult);
  const view = (href: string) => (
    <a href={href} target="_blank" rel="noopener" className="ml-auto text-xs text-slate-500 underline">
      {t("join.terms.view")}
    </a>
  );
  // With JavaScript, "agree to all" ticks the boxes; without it, the server reads it as all of them.
  const toggleAll = (e: React.ChangeEvent<HTMLInputElement>) => {
    const formEl = e.currentTarget.form;
    for (const name of ["service", "privacy", "age", "marketing"]) {
      const box = formEl?.elements.namedItem(name);
      if (box instanceof HTMLInputElement) box.checked = e.currentTarget.checked;
    }
  };
  return (
    <Form method="post" {...getFormProps(form)} className="mt-6 space-y-3">
      <input type="hidden" name="intent" value="terms" />
      <div className="rounded-lg bg-slate-50 p-3">
        <CheckboxField label={t("join.terms.all")} inputProps={{ ...getInputProps(fields.all, { type: "checkbox" }), onChange: toggleAll }} />
      </div>
      <CheckboxField label={t("join.terms.service")} inputProps={getInputProps(fields.service, { type: "checkbox" })} after={view("/terms/service")} />
      <CheckboxField label={t("join.terms.privacy")} inputProps={getInputProps(fields.privacy, { type: "checkbox" })} after={view("/terms/privacy")} />
      <CheckboxField label={t("join.terms.age")} inputProps={getInputProps(fields.age, { type: "checkbox" })} />
      <CheckboxField label={t("join.terms.marketing")} inputProps={getInputProps(fields.marketing, { type: "checkbox" })} after={view("/terms/marketing")} />
      <StepActions submit={t("join.next")} back={canGoBack} />
      {/* Below the buttons: the message goes away as a box is ticked, and must not move the button being clicked. */}
      <ErrorList id={form.errorId} errors={form.errors} />
    </Form>
  );
}

function QuestionsForm({ jobs, purposes, lastResult }: { jobs: Choice[]; purposes: Choice[]; lastResult: LastResult }) {
  const { t } = useTranslation("auth");
  const [form, fields] = useStepForm("join-questions", QuestionsStep, lastResult);
  return (
    <Form method="post" {...getFormProps(form)} className="mt-6 space-y-5">
      <p className="text-sm text-slate-600">{t("join.questions.intro")}</p>
      <input type="hidden" name="intent" value="questions" />
      <ChoiceGroup legend={t("join.questions.job")} name="work" items={jobs} selected={[]} idPrefix="work" errors={fields.work.errors} />
      <Field label={t("join.questions.belong")} inputProps={{ ...getInputProps(fields.belong, { type: "text" }), autoComplete: "organization" }} errors={fields.belong.errors} />
      <ChoiceGroup legend={t("join.questions.purpose")} name="perpose" items={purposes} selected={[]} idPrefix="perpose" errors={fields.perpose.errors} />
      <Field label={t("join.questions.other")} inputProps={getInputProps(fields.perposeOther, { type: "text" })} errors={fields.perposeOther.errors} />
      <ErrorList id={form.errorId} errors={form.errors} />
      <StepActions submit={t("join.questions.submit")} back />
    </Form>
  );
}
