import { parseWithZod, readForm } from "~/utils/parse-form.server";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { api, clearSession } from "~/utils/api.server";
import { loadProfile, requireUser } from "~/utils/auth.server";
import { reasonList } from "~/utils/member-lists.server";
import { pageMeta } from "~/utils/meta.server";
import { setToast } from "~/utils/toast.server";
import { WithdrawSchema } from "~/utils/user-validation";
import { Code } from "#contracts/codes";

export async function loader(args: LoaderFunctionArgs) {
  await requireUser(args);
  const [profile, reasons, meta] = await Promise.all([
    loadProfile(args),
    reasonList(args),
    pageMeta(args.request, args.context, "meta.titles.withdraw"),
  ]);
  return { type: profile.type, reasons, meta };
}

const PASSWORD_MISMATCH = Code.PASSWORD_MISMATCH;

/**
 * Withdrawal (spec sections 2 and 4): reasons, opinion and warnings; e-mail accounts re-enter their
 * password; the api refuses while a paid plan period remains. Afterwards the session ends and the
 * visitor goes home with a toast.
 */
export async function action(args: ActionFunctionArgs) {
  await requireUser(args);
  const submission = parseWithZod(await readForm(args.request), { schema: WithdrawSchema });
  if (submission.status !== "success") return data({ result: submission.reply({ hideFields: ["password"] }) }, { status: 400 });
  const v = submission.value;
  const profile = await loadProfile(args);
  if (profile.type === "email") {
    const check = await api(args, "POST /member/check_pwd", { body: { pwd: v.password ?? "" } });
    if (!check.success) {
      const field = check.code === PASSWORD_MISMATCH ? { fieldErrors: { password: [check.message] } } : { formErrors: [check.message] };
      return data({ result: submission.reply({ ...field, hideFields: ["password"] }) }, { status: 400 });
    }
  }
  const envelope = await api(args, "POST /member/signout", {
    body: { reason_studio: v.reason_studio.join(","), reason_community: v.reason_community.join(","), opinion: v.opinion },
  });
  if (!envelope.success)
    return data({ result: submission.reply({ formErrors: [envelope.message], hideFields: ["password"] }) }, { status: 409 });
  await clearSession(args.request, args.context);
  await setToast(args.request, args.context, { key: "withdrawn" });
  throw redirect("/");
}
