import { parseWithZod, readForm } from "~/utils/parse-form.server";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { fixedT, getLocale } from "~/i18n/i18n.server";
import { api, freshAccessToken } from "~/utils/api.server";
import { startSession } from "~/utils/auth.server";
import { rememberReturnTo, takeReturnTo } from "~/utils/return-to.server";
import { pageMeta } from "~/utils/meta.server";
import { isLoginType, SOCIAL_PROVIDERS, type LoginType, type SocialProvider } from "~/utils/social";
import { LoginSchema } from "~/utils/user-validation";
import { Code } from "#contracts/codes";

/** Codes of the e-mail login the form places on a field (workers/api/src/lib/codes.ts). */
const EMAIL_FIELD_CODES: number[] = [Code.EMAIL_INVALID, Code.EMAIL_NOT_REGISTERED];
const PASSWORD_FIELD_CODES: number[] = [Code.WRONG_PASSWORD];
const EMAIL_SOCIAL = Code.EMAIL_SOCIAL;
const SOCIAL_ERRORS = ["state", "email", "rejoin", "unavailable", "denied", "failed"] as const;

/** Social providers the api has credentials for (buttons are hidden otherwise). */
async function socialProviders(args: LoaderFunctionArgs | ActionFunctionArgs): Promise<SocialProvider[]> {
  const envelope = await api(args, "GET /member/snsproviders");
  const configured = envelope.success ? (envelope.data?.providers ?? []) : [];
  return SOCIAL_PROVIDERS.filter((p) => configured.includes(p));
}

export async function loader(args: LoaderFunctionArgs) {
  const returnTo = await rememberReturnTo(args);
  if (await freshAccessToken(args.request, args.context)) throw redirect(returnTo ?? "/dashboard");
  const url = new URL(args.request.url);
  const other = url.searchParams.get("other");
  const error = url.searchParams.get("error");
  const [providers, meta] = await Promise.all([socialProviders(args), pageMeta(args.request, args.context, "meta.titles.login")]);
  return {
    providers,
    meta,
    // After a social callback: the address belongs to another login type, or the login failed.
    other: isLoginType(other) ? { type: other, email: null } : null,
    socialError: SOCIAL_ERRORS.find((e) => e === error) ?? null,
    // Where the page goes after the login, kept by its sign-up link too.
    returnTo,
  };
}

export async function action(args: ActionFunctionArgs) {
  const formData = await readForm(args.request);
  const submission = parseWithZod(formData, { schema: LoginSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply({ hideFields: ["password"] }), other: null }, { status: 400 });
  }
  const { email, password } = submission.value;
  const envelope = await api(args, "POST /member/login", { body: { type: "email", email, password } });
  if (envelope.success && envelope.data) {
    await startSession(args, envelope.data);
    throw redirect(await takeReturnTo(args));
  }
  const type = envelope.data?.type;
  if (envelope.code === EMAIL_SOCIAL && isLoginType(type)) {
    return data({ result: submission.reply({ hideFields: ["password"] }), other: { type: type as LoginType, email } }, { status: 409 });
  }
  const field = EMAIL_FIELD_CODES.includes(envelope.code) ? "email" : PASSWORD_FIELD_CODES.includes(envelope.code) ? "password" : null;
  // Spec section 8: a server-side failure is 'temporary error, try again later'.
  const message =
    envelope.code >= Code.INTERNAL ? fixedT(await getLocale(args.request, args.context), "auth")("login.failed") : envelope.message;
  const result = field
    ? submission.reply({ fieldErrors: { [field]: [message] }, hideFields: ["password"] })
    : submission.reply({ formErrors: [message], hideFields: ["password"] });
  return data({ result, other: null }, { status: 400 });
}
