import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { pageMeta } from "~/utils/meta.server";

/** /labs (app/routes/labs._index.tsx): the labs area, public. */
export async function loader(args: LoaderFunctionArgs) {
  return { meta: await pageMeta(args.request, args.context, "labs:area.metaTitle", "labs:area.metaDescription") };
}
