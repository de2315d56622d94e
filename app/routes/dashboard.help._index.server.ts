import { parseWithZod, readForm } from "~/utils/parse-form.server";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { imagesOf, INQUIRY_CATEGORIES, type InquiryCategory } from "~/lib/help";
import { InquirySchema } from "~/lib/help-schemas";
import { api, requireData } from "~/utils/api.server";
import { requireUser } from "~/utils/auth.server";
import { pageMeta } from "~/utils/meta.server";
import { setToast } from "~/utils/toast.server";

/** /dashboard/help (app/routes/dashboard.help._index.tsx): the 1:1 inquiry form and the member's inquiries. */

export async function loader(args: LoaderFunctionArgs) {
  await requireUser(args);
  const url = new URL(args.request.url);
  const page = Math.max(1, Math.min(10_000, Number(url.searchParams.get("page")) || 1));
  // The "1:1 inquiry" links of error dialogs prefill the category (?category=payment).
  const asked = url.searchParams.get("category");
  const category: InquiryCategory | null = INQUIRY_CATEGORIES.includes(asked as InquiryCategory) ? (asked as InquiryCategory) : null;
  const [list, meta] = await Promise.all([
    api(args, "GET /help/inquiries", { query: { page } }),
    pageMeta(args.request, args.context, "help:meta.title", "help:meta.description"),
  ]);
  return { ...requireData(list), category, meta };
}

/** Sends the inquiry (multipart, with its images) to the api; its refusals (image checks, limits) show under the form. */
export async function action(args: ActionFunctionArgs) {
  await requireUser(args);
  const formData = await readForm(args.request);
  const submission = parseWithZod(formData, { schema: InquirySchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const form = new FormData();
  form.set("category", submission.value.category);
  form.set("content", submission.value.content);
  for (const image of imagesOf(formData)) form.append("image", image);
  const answer = await api(args, "POST /help/inquiries", { form });
  if (!answer.success || !answer.data) return data({ result: submission.reply({ formErrors: [answer.message] }) }, { status: 400 });
  await setToast(args.request, args.context, { key: "inquirySent" });
  throw redirect(`/dashboard/help/${answer.data.no}`);
}
