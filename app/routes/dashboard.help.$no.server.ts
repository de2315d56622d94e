import { parseWithZod, readForm } from "~/utils/parse-form.server";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { imagesOf } from "~/lib/help";
import { FollowUpSchema } from "~/lib/help-schemas";
import { api, requireData } from "~/utils/api.server";
import { requireUser } from "~/utils/auth.server";
import { pageMeta } from "~/utils/meta.server";
import { setToast } from "~/utils/toast.server";

/** /dashboard/help/:no: one inquiry with its answer; opening it marks the answer read. Another member's: 404. */

export async function loader(args: LoaderFunctionArgs) {
  await requireUser(args);
  const [inquiry, meta] = await Promise.all([
    api(args, "GET /help/inquiries/:no", { params: { no: args.params.no ?? "" } }),
    pageMeta(args.request, args.context, "help:meta.detailTitle", "help:meta.description"),
  ]);
  return { inquiry: requireData(inquiry), meta };
}

/** A follow-up while the inquiry is open (multipart, with images). */
export async function action(args: ActionFunctionArgs) {
  await requireUser(args);
  const formData = await readForm(args.request);
  const submission = parseWithZod(formData, { schema: FollowUpSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const form = new FormData();
  form.set("content", submission.value.content);
  for (const image of imagesOf(formData)) form.append("image", image);
  const answer = await api(args, "POST /help/inquiries/:no/followups", { params: { no: args.params.no ?? "" }, form });
  if (!answer.success) return data({ result: submission.reply({ formErrors: [answer.message] }) }, { status: 400 });
  await setToast(args.request, args.context, { key: "inquirySent" });
  throw redirect(new URL(args.request.url).pathname);
}
