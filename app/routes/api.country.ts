import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { getCountry } from "~/utils/country.server";
import { Code } from "#contracts/codes";

/**
 * POST /api/country (same origin): sets the country cookie from CF-IPCountry when it is absent and
 * answers the country. The body is ignored: the edge, not the client, decides the country.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const country = await getCountry(request, context);
  return Response.json({ success: true, code: Code.OK, data: { country }, message: "OK" });
}

export function loader() {
  return Response.json(
    { success: false, code: Code.METHOD_NOT_ALLOWED, data: null, message: "Use POST" },
    { status: 405, headers: { allow: "POST" } },
  );
}
