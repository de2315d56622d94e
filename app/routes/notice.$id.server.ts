import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { loadNotice } from "~/utils/content.server";

/** /notice/:id: one published notice (a draft or an unknown id: 404). */
export const loader = (args: LoaderFunctionArgs) => loadNotice(args);
