import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { api, requireData } from "~/utils/api.server";
import { pageMeta } from "~/utils/meta.server";

/** /guide: the user guide's sections from D1. */
export async function loader(args: LoaderFunctionArgs) {
  const [guide, meta] = await Promise.all([
    api(args, "GET /guide"),
    pageMeta(args.request, args.context, "content:meta.guide.title", "content:meta.guide.description"),
  ]);
  return { sections: requireData(guide).sections, meta };
}
