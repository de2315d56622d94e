import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { loadNotices } from "~/utils/content.server";

/** /dashboard/notice: the notices inside the dashboard (the frame's guard has run). */
export const loader = (args: LoaderFunctionArgs) => loadNotices(args);
