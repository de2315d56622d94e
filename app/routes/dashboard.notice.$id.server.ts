import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { loadNotice } from "~/utils/content.server";

export const loader = (args: LoaderFunctionArgs) => loadNotice(args);
