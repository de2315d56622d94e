import { createCookie, type AppLoadContext } from "@remix-run/cloudflare";
import { accessTokenCookie } from "~/utils/cookies.server";
import { unseal } from "~/utils/sealed.server";
import { Code } from "#contracts/codes";

/**
 * A stand-in of the api worker for testing the app's loaders and actions as plain functions (tests/unit): the
 * load context whose `API` service binding answers `route(call)` as an envelope (a 404 envelope when it answers
 * nothing), every call it received, and a signed-in member's cookie for the requests.
 */
export type ApiCall = { path: string; method: string; body: unknown };

export const ok = (data: unknown) => ({ success: true, code: Code.OK, data, message: "OK" });
export const no = (code: number, message = "refused") => ({ success: false, code, data: null, message });

function jwt(claims: Record<string, unknown>) {
  const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString("base64url");
  return `${b64({ alg: "HS256", typ: "JWT" })}.${b64(claims)}.sig`;
}

/** The load context's SESSION_SECRET (the key of sealed cookies). */
export const STANDIN_SECRET = "stand-in-session-secret-0123456789";

/** The value of the sealed cookie `name` an action set (toast, flash: app/utils/toast.server.ts, 60 s), unsealed; null when none. */
export async function sealedCookieOf<T>(context: AppLoadContext, name: string): Promise<T | null> {
  const set = context.outgoingCookies.find((c) => c.startsWith(`${name}=`));
  if (!set) return null;
  return unseal<T>(STANDIN_SECRET, await createCookie(name).parse(set.split(";")[0]!), { name, maxAge: 60 });
}

export async function apiStandin(route: (call: ApiCall) => unknown) {
  const calls: ApiCall[] = [];
  const fetcher = {
    async fetch(input: RequestInfo | URL, init?: RequestInit) {
      const request = new Request(input, init);
      const url = new URL(request.url);
      const type = request.headers.get("content-type") ?? "";
      const body = type.startsWith("application/json")
        ? await request.json()
        : type.startsWith("multipart/")
          ? Object.fromEntries(await request.formData())
          : null;
      const call = { path: url.pathname.replace(/^\/api\/v1/, "") + url.search, method: request.method, body };
      calls.push(call);
      return Response.json(route(call) ?? no(Code.NOT_FOUND, "no stand-in route"));
    },
  };
  const token = jwt({ email: "member@example.com", exp: Math.floor(Date.now() / 1000) + 3600 });
  const cookie = (await accessTokenCookie.serialize(token)).split(";")[0]!;
  const context = {
    cloudflare: {
      env: { API: fetcher, NOTIFY: { fetch: async () => Response.json(ok(null)) }, DEFAULT_COUNTRY: "KR", SESSION_SECRET: STANDIN_SECRET },
      ctx: { waitUntil() {} },
    },
    outgoingCookies: [] as string[],
    requestState: new Map(),
  } as unknown as AppLoadContext;
  return { calls, context, cookie };
}
