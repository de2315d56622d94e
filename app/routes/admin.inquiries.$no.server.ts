import { parseWithZod, readForm } from "~/utils/parse-form.server";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { imagesOf } from "~/lib/help";
import { AnswerSchema, type Inquiry } from "~/lib/help-schemas";
import { requireOperator } from "~/utils/admin.server";
import { api, requireData } from "~/utils/api.server";
import { pageMeta } from "~/utils/meta.server";
import { setToast } from "~/utils/toast.server";

export type OperatorInquiry = Inquiry & { email: string | null; memberId: string | null };

const inquiryNo = (no: string | undefined) => ({ no: no ?? "" });

/** /admin/inquiries/:no: one inquiry, its thread and images, the answer and state forms (operators only). */
export async function loader(args: LoaderFunctionArgs) {
  await requireOperator(args);
  const [inquiry, meta] = await Promise.all([
    api(args, "GET /admin/inquiries/:no", { params: inquiryNo(args.params.no) }),
    pageMeta(args.request, args.context, "admin:meta.title", "admin:meta.description"),
  ]);
  return { inquiry: requireData(inquiry), meta };
}

/** An answer (multipart with images, then the state it leaves the inquiry in) or a state change. */
export async function action(args: ActionFunctionArgs) {
  await requireOperator(args);
  const formData = await readForm(args.request);
  const submission = parseWithZod(formData, { schema: AnswerSchema });
  if (submission.status !== "success") return data({ intent: formData.get("intent"), result: submission.reply() }, { status: 400 });
  const v = submission.value;
  let answer;
  if (v.intent === "answer") {
    const form = new FormData();
    form.set("content", v.content);
    form.set("state", String(v.state));
    for (const image of imagesOf(formData)) form.append("image", image);
    answer = await api(args, "POST /admin/inquiries/:no/answer", { params: inquiryNo(args.params.no), form });
  } else {
    answer = await api(args, "POST /admin/inquiries/:no/state", { params: inquiryNo(args.params.no), body: { state: v.state } });
  }
  if (!answer.success) return data({ intent: v.intent, result: submission.reply({ formErrors: [answer.message] }) }, { status: 400 });
  await setToast(args.request, args.context, { key: v.intent === "answer" ? "answerSent" : "saved" });
  throw redirect(new URL(args.request.url).pathname);
}
