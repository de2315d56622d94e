import { data, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireOperator } from "~/utils/admin.server";
import { api, requireData } from "~/utils/api.server";
import { pageMeta } from "~/utils/meta.server";

/** /admin/voices (operators only): the basic voices staged from reference clips or preset speakers, and published. */
export async function loader(args: LoaderFunctionArgs) {
  await requireOperator(args);
  const [list, meta] = await Promise.all([
    api(args, "GET /admin/voice-references"),
    pageMeta(args.request, args.context, "admin:meta.title", "admin:meta.description"),
  ]);
  return data({ items: requireData(list).items, meta }, { headers: { "cache-control": "private, no-store" } });
}
