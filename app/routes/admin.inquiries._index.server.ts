import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { INQUIRY_CATEGORIES, type InquiryCategory } from "~/lib/help";
import { type InquirySummary } from "~/lib/help-schemas";
import { requireOperator } from "~/utils/admin.server";
import { api, requireData } from "~/utils/api.server";
import { pageMeta } from "~/utils/meta.server";

export type QueuePage = {
  items: (InquirySummary & { email: string | null })[];
  page: number;
  pageSize: number;
  total: number;
  counts: { received: number; waiting: number; completed: number };
};

/** /admin/inquiries: the queue by state and category (operators only). */
export async function loader(args: LoaderFunctionArgs) {
  await requireOperator(args);
  const url = new URL(args.request.url);
  const state = ["0", "1", "2"].includes(url.searchParams.get("state") ?? "") ? url.searchParams.get("state")! : "";
  const asked = url.searchParams.get("category") ?? "";
  const category = INQUIRY_CATEGORIES.includes(asked as InquiryCategory) ? asked : "";
  const page = Math.max(1, Math.min(10_000, Number(url.searchParams.get("page")) || 1));
  const query = new URLSearchParams({ page: String(page) });
  if (state) query.set("state", state);
  if (category) query.set("category", category);
  const [queue, meta] = await Promise.all([
    api(args, "GET /admin/inquiries", { query: query }),
    pageMeta(args.request, args.context, "admin:meta.title", "admin:meta.description"),
  ]);
  return { ...requireData(queue), filter: { state, category }, meta };
}
