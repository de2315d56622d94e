import { parseWithZod, readForm } from "~/utils/parse-form.server";
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { DeleteHistorySchema } from "~/lib/studio-schemas";
import { api, requireData } from "~/utils/api.server";
import { requireUser } from "~/utils/auth.server";
import { pageMeta } from "~/utils/meta.server";
import { setToast } from "~/utils/toast.server";

/** Work history (/studio/history, app/routes/studio.history.tsx): 20 results a page, newest first. */

/** An id as the api makes them (a result's id goes back into the address and into forms). */
const ID = /^[\w-]{1,64}$/;

export async function loader(args: LoaderFunctionArgs) {
  await requireUser(args);
  const q = new URL(args.request.url).searchParams;
  const page = Math.max(1, Math.min(10_000, Number(q.get("page")) || 1));
  // Deleting asks first (`?confirm=delete&id=`, a dialog that is a real page without JavaScript) and
  // offers undo for a few seconds after (`?undo=id`).
  const confirmId = q.get("confirm") === "delete" ? (q.get("id") ?? "") : "";
  const undoId = q.get("undo") ?? "";
  const [history, meta, confirm] = await Promise.all([
    api(args, "GET /studio/history", { query: { page, limit: "20" } }),
    pageMeta(args.request, args.context, "meta.titles.history"),
    ID.test(confirmId) ? api(args, "GET /studio/inferences/:id", { params: { id: confirmId } }) : null,
  ]);
  const toConfirm = confirm?.success && confirm.data ? confirm.data : null;
  return {
    ...requireData(history),
    meta,
    confirmDelete: toConfirm
      ? { id: toConfirm.inference_id, text: toConfirm.text, method: toConfirm.method, createdAt: toConfirm.createdAt }
      : null,
    undo: ID.test(undoId) ? undoId : null,
  };
}

/**
 * Deletes one result (spec: POST /studio/delHistory) once confirmed, then back to the same page offering undo
 * ; "restore" brings it back within the api's undo time. A refusal comes back as a toast.
 */
export async function action(args: ActionFunctionArgs) {
  await requireUser(args);
  const submission = parseWithZod(await readForm(args.request), { schema: DeleteHistorySchema });
  const form = submission.status === "success" ? submission.value : { intent: "delete" as const, inference_id: "", confirmed: undefined };
  const url = new URL(args.request.url);
  const back = new URLSearchParams(url.search);
  for (const k of ["confirm", "id", "undo"]) back.delete(k);
  const to = (params: URLSearchParams) => (params.size ? `${url.pathname}?${params}` : url.pathname);
  const id = form.inference_id;
  if (form.intent === "restore") {
    const restored = await api(args, "POST /studio/inferences/:id/restore", { params: { id } });
    if (!restored.success) await setToast(args.request, args.context, { key: "error", params: { message: restored.message } });
    throw redirect(to(back));
  }
  if (!form.confirmed && ID.test(id)) {
    const ask = new URLSearchParams(back);
    ask.set("confirm", "delete");
    ask.set("id", id);
    throw redirect(to(ask));
  }
  const deleted = await api(args, "POST /studio/delHistory", { body: { inference_id: id } });
  if (deleted.success) back.set("undo", id);
  else await setToast(args.request, args.context, { key: "error", params: { message: deleted.message } });
  throw redirect(to(back));
}
