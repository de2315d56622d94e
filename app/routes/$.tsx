import { data, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { NotFound } from "~/components/shell/NotFound";
import { pageMeta } from "~/utils/meta.server";
import { pageMetaTags } from "~/utils/seo";

/** Every unknown path: the localized 404 page, with status 404. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  return data({ meta: await pageMeta(request, context, "meta.titles.notFound") }, { status: 404 });
}

export const meta = pageMetaTags;

export default function CatchAll() {
  return <NotFound />;
}
