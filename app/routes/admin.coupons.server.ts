import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { COUPON_STATUSES, statusFrom } from "~/lib/admin";
import { requireOperator } from "~/utils/admin.server";
import { api, requireData } from "~/utils/api.server";
import { pageMeta } from "~/utils/meta.server";

/** /admin/coupons?status=&page=: every coupon, newest first (operators only). */
export async function loader(args: LoaderFunctionArgs) {
  await requireOperator(args);
  const url = new URL(args.request.url);
  const status = statusFrom(COUPON_STATUSES, url.searchParams.get("status"));
  const page = Math.max(1, Math.min(10_000, Number(url.searchParams.get("page")) || 1));
  const [list, meta] = await Promise.all([
    api(args, "GET /admin/coupons", { query: new URLSearchParams({ status, page: String(page) }) }),
    pageMeta(args.request, args.context, "admin:meta.title", "admin:meta.description"),
  ]);
  return { ...requireData(list), status, meta };
}
