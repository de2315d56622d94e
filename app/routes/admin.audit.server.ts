import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireOperator } from "~/utils/admin.server";
import { api, requireData } from "~/utils/api.server";
import { pageMeta } from "~/utils/meta.server";

/** /admin/audit: the audit log, newest first, filtered by action (operators only; nobody can change it). */
export async function loader(args: LoaderFunctionArgs) {
  await requireOperator(args);
  const url = new URL(args.request.url);
  const page = Math.max(1, Math.min(10_000, Number(url.searchParams.get("page")) || 1));
  const action = (url.searchParams.get("action") ?? "").trim().slice(0, 60);
  const query = new URLSearchParams({ page: String(page), ...(action ? { action } : {}) });
  const [log, meta] = await Promise.all([
    api(args, "GET /admin/audit", { query: query }),
    pageMeta(args.request, args.context, "admin:meta.title", "admin:meta.description"),
  ]);
  return { ...requireData(log), action, meta };
}
