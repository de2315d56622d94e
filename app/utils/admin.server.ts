import type { AppLoadContext } from "@remix-run/cloudflare";
import { api, requireData } from "./api.server";

/**
 * Every /admin loader and action starts here: the api answers /admin/me only to a signed-in operator and
 * 404 to everyone else (workers/api/src/routes/admin.ts), which `requireData` throws as the page's 404, the
 * same as an unknown path. The role is checked on the server, never by the page.
 */
export async function requireOperator(args: { request: Request; context: AppLoadContext }) {
  return requireData(await api(args, "GET /admin/me"));
}
