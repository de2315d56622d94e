import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { loadNotices } from "~/utils/content.server";

/** /notice: published notices and release notices from D1, 10 a page. */
export const loader = (args: LoaderFunctionArgs) => loadNotices(args);
