import { parseWithZod, readForm } from "~/utils/parse-form.server";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { KeepSchema } from "~/lib/slots";
import { api, requireData } from "~/utils/api.server";
import { requireUser } from "~/utils/auth.server";
import { pageMeta } from "~/utils/meta.server";
import { setToast } from "~/utils/toast.server";

/** Voice slot management (/dashboard/library/slots; spec section 2): the slots and the one-time choice. */

export async function loader(args: LoaderFunctionArgs) {
  await requireUser(args);
  const [slots, meta] = await Promise.all([api(args, "GET /voices/slots"), pageMeta(args.request, args.context, "meta.titles.slots")]);
  return { slots: requireData(slots), meta };
}

/** The choice: keep the checked voices (up to the plan's slots), delete the rest; then back with a toast. */
export async function action(args: ActionFunctionArgs) {
  await requireUser(args);
  const submission = parseWithZod(await readForm(args.request), { schema: KeepSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const answer = await api(args, "POST /voices/slots/keep", { body: { voice_ids: submission.value.voice_ids } });
  if (!answer.success) return data({ result: submission.reply({ formErrors: [answer.message] }) }, { status: 400 });
  await setToast(args.request, args.context, { key: "slotsKept" });
  throw redirect(new URL(args.request.url).pathname);
}
