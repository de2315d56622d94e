import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { loadFaq } from "~/utils/content.server";

/** /faq: the published FAQ from D1, by category, searched with ?q=. */
export const loader = (args: LoaderFunctionArgs) => loadFaq(args);
