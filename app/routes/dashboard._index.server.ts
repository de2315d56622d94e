import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { api } from "~/utils/api.server";
import { pageMeta } from "~/utils/meta.server";

/** Dashboard home: the three latest projects and two voice lists; lists the api cannot give are empty. */

export async function loader(args: LoaderFunctionArgs) {
  // One api call for the page's three lists (GET /member/home, docs/decisions/0043).
  const [home, meta] = await Promise.all([api(args, "GET /member/home"), pageMeta(args.request, args.context, "meta.titles.dashboard")]);
  const lists = home.data ?? { recent: [], top: [], recommended: [] };
  return { recent: lists.recent.slice(0, 3), top: lists.top, recommended: lists.recommended, meta };
}
