import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { pageMeta } from "~/utils/meta.server";

/** /labs/shorts (app/routes/labs.shorts._index.tsx; docs/decisions/0042): the shorts' public page. */
export async function loader(args: LoaderFunctionArgs) {
  return { meta: await pageMeta(args.request, args.context, "labs:shorts.metaTitle", "labs:shorts.metaDescription") };
}
