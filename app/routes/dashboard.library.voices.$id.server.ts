import { parseWithZod, readForm } from "~/utils/parse-form.server";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { fixedT, getLocale } from "~/i18n/i18n.server";
import { COMMENTS_PER_PAGE } from "~/lib/library";
import { VoiceDetailSchema, type VoiceDetailIntent } from "~/lib/library-schemas";
import { api, requireData, type Envelope } from "~/utils/api.server";
import { requireUser } from "~/utils/auth.server";
import { setToast } from "~/utils/toast.server";
import { Code } from "#contracts/codes";

/**
 * A voice's page (/dashboard/library/voices/:id, app/routes/dashboard.library.voices.$id.tsx): the detail,
 * a page of comments (newest first, `cpage`), and the dialogs the URL names (`modal=report|delete|report-comment`
 * with `comment`, `edit` for the comment being edited), so every form works without JavaScript.
 */
export async function loader(args: LoaderFunctionArgs) {
  await requireUser(args);
  const id = args.params.id ?? "";
  const q = new URL(args.request.url).searchParams;
  const cpage = Math.min(10_000, Math.max(1, Math.floor(Number(q.get("cpage")) || 1)));
  const [detail, comments] = await Promise.all([
    api(args, "GET /voices/:id", { params: { id } }),
    api(args, "GET /voices/:id/comments", { params: { id }, query: { page: cpage, limit: COMMENTS_PER_PAGE } }),
  ]);
  const voice = requireData(detail);
  const t = fixedT(await getLocale(args.request, args.context), "library");
  return {
    voice,
    comments: comments.data ?? { comments: [], page: 1, limit: COMMENTS_PER_PAGE, total: 0 },
    meta: { title: t("meta.voice", { name: voice.name }), description: voice.pr },
  };
}

/** Each form of the page by `intent`; on success the page again (without its dialog) and a toast. */
export async function action(args: ActionFunctionArgs) {
  await requireUser(args);
  const id = args.params.id ?? "";
  const url = new URL(args.request.url);
  const submission = parseWithZod(await readForm(args.request), { schema: VoiceDetailSchema });
  if (submission.status !== "success") {
    const intent = submission.payload.intent;
    return data({ intent: typeof intent === "string" ? intent : null, result: submission.reply() }, { status: 400 });
  }
  const value = submission.value;
  const t = fixedT(await getLocale(args.request, args.context), "library");
  // Back to the page without the dialog or the comment being edited (the comment page is kept).
  const back = new URLSearchParams(url.search);
  for (const key of ["modal", "comment", "edit"]) back.delete(key);
  const page = `${url.pathname}${back.size ? `?${back}` : ""}`;
  const refused = (answer: Envelope<unknown>) =>
    data({ intent: value.intent as VoiceDetailIntent | null, result: submission.reply({ formErrors: [answer.message] }) }, { status: 400 });
  const comment = "comment_id" in value ? value.comment_id : "";

  let answer: Envelope<unknown>;
  let toast: string;
  switch (value.intent) {
    case "bookmark":
    case "unbookmark":
      answer = await api(args, value.intent === "bookmark" ? "POST /voices/:id/bookmark" : "DELETE /voices/:id/bookmark", {
        params: { id },
      });
      toast = t(value.intent === "bookmark" ? "detail.bookmarked" : "detail.unbookmarked");
      break;
    case "rate":
      answer = await api(args, "PUT /voices/:id/rating", { params: { id }, body: { score: value.score } });
      toast = t("detail.rate.saved");
      break;
    case "comment":
      answer = await api(args, "POST /voices/:id/comments", { params: { id }, body: { text: value.text } });
      toast = t("detail.comments.added");
      break;
    case "edit-comment":
      answer = await api(args, "PATCH /comments/:id", { params: { id: comment }, body: { text: value.text } });
      toast = "";
      break;
    case "delete-comment":
      answer = await api(args, "DELETE /comments/:id", { params: { id: comment } });
      toast = "";
      break;
    case "report":
    case "report-comment":
      answer = await api(args, value.intent === "report" ? "POST /voices/:id/report" : "POST /comments/:id/report", {
        params: { id: value.intent === "report" ? id : comment },
        body: { category: value.category, ...(value.description ? { description: value.description } : {}) },
      });
      toast = t("detail.report.done");
      break;
    case "delete-voice":
      answer = await api(args, "DELETE /voices/:id", { params: { id } });
      if (!answer.success) return refused(answer);
      await setToast(args.request, args.context, { key: "error", params: { message: t("detail.delete.done") } });
      throw redirect("/dashboard/library?tab=mine");
  }
  if (!answer.success) {
    // "Already reported" (spec section 8) is the api's message; the page shows it in the dialog.
    if (answer.code === Code.LOGIN_REQUIRED) throw redirect("/login");
    return refused(answer);
  }
  if (value.intent === "edit-comment") await setToast(args.request, args.context, { key: "saved" });
  else if (value.intent === "delete-comment") await setToast(args.request, args.context, { key: "deleted" });
  else await setToast(args.request, args.context, { key: "error", params: { message: toast } });
  throw redirect(value.intent === "comment" ? `${url.pathname}#comments` : page);
}
