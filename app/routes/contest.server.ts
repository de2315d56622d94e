import { parseWithZod, readForm } from "~/utils/parse-form.server";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { fixedT, getLocale } from "~/i18n/i18n.server";
import { excerpt } from "~/lib/content";
import { ContestEntrySchema } from "~/lib/content-schemas";
import { api, requireData } from "~/utils/api.server";
import { requireUser } from "~/utils/auth.server";
import { pageMeta } from "~/utils/meta.server";
import { setToast } from "~/utils/toast.server";

/** /contest: the contest taking entries now (else the latest), from D1; members enter with a shared result. */
export async function loader(args: LoaderFunctionArgs) {
  const list = requireData(await api(args, "GET /contests"));
  const current = list.items[0];
  if (!current) {
    return {
      contest: null,
      state: null,
      meta: await pageMeta(args.request, args.context, "content:meta.contest.title", "content:meta.contest.description"),
    };
  }
  const contest = requireData(await api(args, "GET /contests/:slug", { params: { slug: current.slug } }));
  const t = fixedT(await getLocale(args.request, args.context), "content");
  const state = contest.open ? "open" : Date.now() < contest.startsAt ? "upcoming" : "closed";
  return { contest, state, meta: { title: t("meta.contestDetail", { title: contest.title }), description: excerpt(contest.summary) } };
}

/** Enters the current contest with one of the member's shared results; a visitor is sent to log in. */
export async function action(args: ActionFunctionArgs) {
  await requireUser(args);
  const form = await readForm(args.request);
  const slug = String(form.get("slug") ?? "");
  const submission = parseWithZod(form, { schema: ContestEntrySchema });
  if (submission.status !== "success" || !/^[a-z0-9-]{3,60}$/.test(slug)) {
    return data({ result: submission.reply() }, { status: 400 });
  }
  const answer = await api(args, "POST /contests/:slug/entries", { params: { slug }, body: submission.value });
  if (!answer.success) return data({ result: submission.reply({ formErrors: [answer.message] }) }, { status: 400 });
  await setToast(args.request, args.context, { key: "saved" });
  throw redirect("/contest#enter");
}
