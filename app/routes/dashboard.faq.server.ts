import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { loadFaq } from "~/utils/content.server";

/** /dashboard/faq: the FAQ inside the dashboard (spec: Help, FAQ with categories Service and Plan). */
export const loader = (args: LoaderFunctionArgs) => loadFaq(args);
