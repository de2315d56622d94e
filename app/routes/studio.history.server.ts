import { parseWithZod } from "@conform-to/zod/v4";
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { DeleteHistorySchema, type StudioResult } from "~/lib/studio";
import { api, requireData } from "~/utils/api.server";
import { requireUser } from "~/utils/auth.server";
import { pageMeta } from "~/utils/meta.server";
import { setToast } from "~/utils/toast.server";

/** Work history (/studio/history, app/routes/studio.history.tsx): 20 results a page, newest first. */

export async function loader(args: LoaderFunctionArgs) {
  await requireUser(args);
  const page = Math.max(1, Math.min(10_000, Number(new URL(args.request.url).searchParams.get("page")) || 1));
  const [history, meta] = await Promise.all([
    api<{ items: StudioResult[]; page: number; hasMore: boolean }>(args, `/studio/history?page=${page}&limit=20`),
    pageMeta(args.request, args.context, "meta.titles.history"),
  ]);
  return { ...requireData(history), meta };
}

/** Deletes one result (spec: POST /studio/delHistory), then back to the same page with a toast. */
export async function action(args: ActionFunctionArgs) {
  await requireUser(args);
  const submission = parseWithZod(await args.request.formData(), { schema: DeleteHistorySchema });
  const id = submission.status === "success" ? submission.value.inference_id : "";
  const deleted = await api(args, "/studio/delHistory", { body: { inference_id: id } });
  if (deleted.success) await setToast(args.request, args.context, { key: "deleted" });
  else await setToast(args.request, args.context, { key: "error", params: { message: deleted.message } });
  const url = new URL(args.request.url);
  throw redirect(url.pathname + url.search);
}
