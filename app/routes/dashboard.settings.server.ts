import { parseWithZod, readForm } from "~/utils/parse-form.server";
import { formatDate } from "~/lib/time";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { z } from "zod/v4";
import { getLocale } from "~/i18n/i18n.server";
import { api } from "~/utils/api.server";
import { loadProfile, requireUser } from "~/utils/auth.server";
import { cookieSecurity, localeCookie } from "~/utils/cookies.server";
import { choiceList } from "~/utils/member-lists.server";
import { pageMeta } from "~/utils/meta.server";
import { setToast } from "~/utils/toast.server";
import { readerTimeZone } from "~/utils/time-zone.server";
import { DormancySchema, MarketingSchema, ProfileSchema } from "~/utils/user-validation";

export async function loader(args: LoaderFunctionArgs) {
  await requireUser(args);
  const [profile, jobs, meta] = await Promise.all([
    loadProfile(args),
    choiceList(args, "/member/worklist"),
    pageMeta(args.request, args.context, "meta.titles.settings"),
  ]);
  return { profile, jobs, meta };
}

/** The forms of the page, by `intent`: the profile, the marketing consent and the dormancy period. */
const SettingsForm = z.discriminatedUnion("intent", [ProfileSchema, MarketingSchema, DormancySchema]);

/** Saves the profile (its language becomes the site's) or the marketing consent, then a toast. */
export async function action(args: ActionFunctionArgs) {
  await requireUser(args);
  const formData = await readForm(args.request);
  const submission = parseWithZod(formData, { schema: SettingsForm });
  if (submission.status !== "success") {
    const sent = formData.get("intent");
    const intent = sent === "marketing" || sent === "dormancy" ? sent : "profile";
    return data({ intent, result: submission.reply() }, { status: 400 });
  }
  if (submission.value.intent === "dormancy") {
    const envelope = await api(args, "POST /member/dormancy", { body: { years: Number(submission.value.years) } });
    if (!envelope.success)
      return data({ intent: "dormancy", result: submission.reply({ formErrors: [envelope.message] }) }, { status: 400 });
    await setToast(args.request, args.context, { key: "saved" });
    throw redirect("/dashboard/settings");
  }
  if (submission.value.intent === "marketing") {
    const profile = await loadProfile(args);
    const envelope = await api(args, "POST /member/marketingYN", { body: { email: profile.email, marketing: submission.value.marketing } });
    if (!envelope.success || !envelope.data)
      return data({ intent: "marketing", result: submission.reply({ formErrors: [envelope.message] }) }, { status: 400 });
    const locale = await getLocale(args.request, args.context);
    const date = formatDate(envelope.data.changedAt, { locale, timeZone: readerTimeZone(args.request) }, "long");
    await setToast(args.request, args.context, { key: "marketing", params: { date, value: envelope.data.marketing } });
    throw redirect("/dashboard/settings");
  }
  const { intent: _intent, work, ...fields } = submission.value;
  const envelope = await api(args, "POST /member/updatemember", { body: { ...fields, work: work.join(",") } });
  if (!envelope.success) return data({ intent: "profile", result: submission.reply({ formErrors: [envelope.message] }) }, { status: 400 });
  // The account's language is also the site's language from now on.
  args.context.outgoingCookies.push(await localeCookie.serialize(fields.local, cookieSecurity(args.request)));
  await setToast(args.request, args.context, { key: "saved" });
  throw redirect("/dashboard/settings");
}
