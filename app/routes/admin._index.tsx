import { redirect, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireOperator } from "~/utils/admin.server";

/** /admin: the inquiry queue is the console's first page (404 to anyone but an operator). */
export async function loader(args: LoaderFunctionArgs) {
  await requireOperator(args);
  throw redirect("/admin/inquiries");
}

/** Never shown (the loader redirects); it makes this a page route, so a refusal renders the 404 page. */
export default function AdminIndex() {
  return null;
}
