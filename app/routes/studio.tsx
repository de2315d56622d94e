import { redirect, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireUser } from "~/utils/auth.server";

/**
 * /studio and everything below it: login required (spec section 2). The studio itself comes with the
 * TTS issue; until then a signed-in member lands on the dashboard.
 */
export async function loader(args: LoaderFunctionArgs) {
  await requireUser(args);
  throw redirect("/dashboard");
}
