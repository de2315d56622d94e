import { redirect, type AppLoadContext } from "@remix-run/cloudflare";
import { accessTokenCookie, cookieSecurity, refreshTokenCookie } from "./cookies.server";
import { getLocale } from "~/i18n/i18n.server";
import { decodeJwt, readTokens } from "./session.server";
import { bookmarkFor, keepBookmark } from "./d1-bookmark.server";
import { BOOKMARK_HEADER } from "#contracts/d1-bookmark";
import { DELAY_HEADER, TRACE_HEADER } from "#contracts/round-trips";

import { Code, type Envelope } from "#contracts/codes";
import type { HonoBase } from "hono/hono-base";
import type { ParamKeys } from "hono/types";
import type { ApiApp } from "../../workers/api/src/app";

/** The /api/v1 envelope (spec section 7), shared with the api (contracts/codes.ts). */
export type { Envelope };
/** Spec section 4: refresh when the access token expires within 30 s. */
export const REFRESH_WINDOW_SECONDS = 30;
/** Spec section 7: identical error reports within 2000 ms are sent once. */
export const REPORT_DEDUP_MS = 2000;

type CallArgs = { request: Request; context: AppLoadContext };

/**
 * The schema of each router as mounted (a union, one member per `.route()`): kept apart, not intersected as Hono's
 * `ExtractSchema` does, because two routers that declare one path with answers of different formats intersect to never.
 */
type Schemas = ApiApp extends HonoBase<infer _E, infer S, infer _B, infer _C> ? S : never;
type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
type MethodOf<K> = K extends `$${infer M}` ? (Uppercase<M> extends Method ? Uppercase<M> : never) : never;
type RoutesOf<S> = S extends unknown
  ? { [P in keyof S]: P extends `/api/v1${infer Path}` ? `${MethodOf<keyof S[P]>} ${Path}` : never }[keyof S]
  : never;
/** Every route of the api worker as `METHOD /path/:param`, read from the api's own routers (workers/api/src/app.ts). */
export type ApiRoute = RoutesOf<Schemas>;
type PathOf<R> = R extends `${string} ${infer P}` ? P : never;
type EndpointOf<R, S = Schemas> = R extends `${infer M} ${infer P}`
  ? S extends Record<`/api/v1${P}`, infer E>
    ? E extends Record<`$${Lowercase<M>}`, infer X>
      ? X
      : never
    : never
  : never;
type SuccessData<O> = O extends { success: true; data: infer D } ? D : never;
/**
 * The data a route's success envelope carries, as the api's handler answers it (`ok`/`answer`, through JSON): a page
 * reads what the handler sends, so a handler whose answer changes shape fails the page's typecheck.
 */
export type ApiData<R extends ApiRoute> = SuccessData<EndpointOf<R>["output"]>;
type Params<R> = { [K in ParamKeys<PathOf<R>> & string as K extends `${infer N}?` ? N : K]: string };
type Query = URLSearchParams | Record<string, string | number | undefined>;
/** `body` is sent as JSON, `form` as multipart (uploads); `query` is added to the path. */
type CallInit = { query?: Query; body?: unknown; form?: FormData };
type InitArgs<R> = [ParamKeys<PathOf<R>>] extends [never] ? [init?: CallInit] : [init: CallInit & { params: Params<R> }];

/** The spec's lang header: ko is sent as kr. */
export const langHeader = (locale: string) => (locale === "ko" ? "kr" : locale);

/** The path of a route with its params filled in (each encoded) and its query appended. */
export function apiPath(pattern: string, params: Record<string, string> = {}, query?: Query) {
  const path = pattern.replace(/:(\w+)(\{(?:[^{}]|\{[^{}]*\})*\})?\??/g, (_, name: string) => encodeURIComponent(params[name] ?? ""));
  if (!query) return path;
  const search = new URLSearchParams(
    query instanceof URLSearchParams ? query : Object.entries(query).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)]])),
  ).toString();
  return search ? `${path}?${search}` : path;
}

/**
 * Calls the api worker over the service binding (no network hop) with the `lang` and `api-key`
 * headers. The route is named as the api declares it (`"GET /studio/projects/:id"`, with `params`), so the envelope's
 * data is typed from the api's handler, never asserted by the caller. Before the call, an access token that expires
 * within 30 s is refreshed once per request, however many loaders run in parallel. LOGIN_REQUIRED and failed refreshes
 * clear the session and redirect to /login; every other envelope goes back to the caller. Error envelopes are
 * reported to /api/notify (deduplicated for 2000 ms); reporting failures are ignored.
 */
export async function api<R extends ApiRoute>(
  { request, context }: CallArgs,
  route: R,
  ...[init = {}]: InitArgs<R>
): Promise<Envelope<ApiData<R>>> {
  const space = route.indexOf(" ");
  const method = route.slice(0, space);
  const params = "params" in init ? (init.params as Record<string, string>) : undefined;
  const path = apiPath(route.slice(space + 1), params, init.query);
  const url = `https://api.internal/api/v1${path}`;
  const headers = await apiHeaders(request, context);
  if (init.body !== undefined) headers["content-type"] = "application/json";

  let response: Response;
  let envelope: Envelope<ApiData<R>>;
  try {
    response = await context.cloudflare.env.API.fetch(url, {
      method,
      headers,
      body: init.form ?? (init.body === undefined ? undefined : JSON.stringify(init.body)),
    });
    keepBookmark(request, context, response);
    envelope = (await response.json()) as Envelope<ApiData<R>>;
  } catch (err) {
    envelope = { success: false, code: Code.INTERNAL, data: null, message: String(err) };
    response = new Response(null, { status: 502 });
  }

  if (envelope.code === Code.LOGIN_REQUIRED) {
    await clearSession(request, context);
    throw redirect("/login");
  }
  if (!envelope.success) {
    reportApiError(context, {
      message: envelope.message,
      url: path,
      method,
      status: response.status,
      page: new URL(request.url).pathname,
      userId: currentEmail(context) ?? "unknown",
    });
  }
  return envelope;
}

/**
 * What a refusal carries beside its message (`data.<name>`), read without trusting a shape: a route types the data of
 * its answer, not of its refusals, so the caller checks the value it gets (typeof, a schema).
 */
export function refusalData(envelope: { data: unknown }, name: string): unknown {
  const data = envelope.data;
  return data !== null && typeof data === "object" && name in data ? (data as Record<string, unknown>)[name] : undefined;
}

/** The headers of every api call: lang, the (refreshed) api-key and the visitor's address. */
async function apiHeaders(request: Request, context: AppLoadContext) {
  const locale = await getLocale(request, context);
  const accessToken = await freshAccessToken(request, context);
  const headers: Record<string, string> = { lang: langHeader(locale) };
  if (accessToken) headers["api-key"] = accessToken;
  const bookmark = bookmarkFor(request, context);
  if (bookmark) headers[BOOKMARK_HEADER] = bookmark;
  // Local runs: the page's D1 round trips counted and slowed for the tests and the bench (contracts/round-trips.ts).
  if (context.cloudflare.env.APP_ENV === "development") {
    for (const name of [TRACE_HEADER, DELAY_HEADER]) {
      const value = request.headers.get(name);
      if (value) headers[name] = value;
    }
  }
  // The api's per-IP rate limits need the visitor's address, not the app worker's.
  const ip = request.headers.get("cf-connecting-ip");
  if (ip) headers["cf-connecting-ip"] = ip;
  return headers;
}

/**
 * A GET whose answer may be a file (downloads): the api's response itself when it is not an
 * envelope, else the envelope, handled as `api` handles it (LOGIN_REQUIRED signs out, errors are reported).
 */
export async function apiFile({ request, context }: CallArgs, path: string): Promise<{ file: Response } | { envelope: Envelope<unknown> }> {
  let response: Response;
  try {
    response = await context.cloudflare.env.API.fetch(`https://api.internal/api/v1${path}`, {
      headers: await apiHeaders(request, context),
    });
  } catch (err) {
    return { envelope: { success: false, code: Code.INTERNAL, data: null, message: String(err) } };
  }
  keepBookmark(request, context, response);
  if (!(response.headers.get("content-type") ?? "").startsWith("application/json")) return { file: response };
  const envelope = (await response
    .json()
    .catch(() => ({ success: false, code: Code.INTERNAL, data: null, message: "invalid response" }))) as Envelope<unknown>;
  if (envelope.code === Code.LOGIN_REQUIRED) {
    await clearSession(request, context);
    throw redirect("/login");
  }
  reportApiError(context, {
    message: envelope.message,
    url: path,
    method: "GET",
    status: response.status,
    page: new URL(request.url).pathname,
    userId: currentEmail(context) ?? "unknown",
  });
  return { envelope };
}

const currentEmail = (context: AppLoadContext) => {
  const token = context.requestState.get("accessToken");
  return typeof token === "string" ? (decodeJwt(token)?.email ?? null) : null;
};

/**
 * The access token to send: the cookie's, or a new one when it expires within the window.
 * Parallel loaders of one navigation await the same promise, so the refresh runs once.
 */
export function freshAccessToken(request: Request, context: AppLoadContext): Promise<string | null> {
  // The root loader calls this on every page load, so a session is kept fresh even on pages whose
  // loaders make no API call.
  let pending = context.requestState.get("tokenPromise") as Promise<string | null> | undefined;
  if (!pending) {
    pending = resolveAccessToken(request, context);
    context.requestState.set("tokenPromise", pending);
  }
  return pending;
}

async function resolveAccessToken(request: Request, context: AppLoadContext) {
  const { accessToken, refreshToken } = await readTokens(request);
  if (accessToken) {
    context.requestState.set("accessToken", accessToken);
    const exp = decodeJwt(accessToken)?.exp;
    const now = Math.floor(Date.now() / 1000);
    if (typeof exp === "number" && exp - now > REFRESH_WINDOW_SECONDS) return accessToken;
  }
  // Expiring, or already gone from the browser (its cookie lives as long as the token) while the
  // refresh token is still there: refresh.
  if (refreshToken) return refresh(request, context, refreshToken);
  if (!accessToken) return null;
  await clearSession(request, context);
  throw redirect("/login");
}

async function refresh(request: Request, context: AppLoadContext, refreshToken: string) {
  let envelope: Envelope<{ token?: string; refreshToken?: string }> | null = null;
  try {
    const response = await context.cloudflare.env.API.fetch("https://api.internal/api/v1/member/getrefresh", {
      method: "POST",
      headers: { authorization: `Bearer ${refreshToken}` },
    });
    envelope = (await response.json()) as Envelope<{ token?: string; refreshToken?: string }>;
  } catch {
    envelope = null;
  }
  const token = envelope?.data?.token;
  if (envelope?.code === Code.TOKEN_REFRESHED && typeof token === "string") {
    const security = cookieSecurity(request);
    context.outgoingCookies.push(await accessTokenCookie.serialize(token, security));
    const nextRefresh = envelope.data?.refreshToken;
    if (typeof nextRefresh === "string") {
      context.outgoingCookies.push(await refreshTokenCookie.serialize(nextRefresh, security));
    }
    context.requestState.set("accessToken", token);
    return token;
  }
  // REFRESH_EXPIRED (refresh token expired or revoked) or any other failure: the session ends.
  context.requestState.set("refreshFailure", envelope?.code === Code.REFRESH_EXPIRED ? "token expired" : "unknown");
  await clearSession(request, context);
  throw redirect("/login");
}

/** Expires both token cookies on the response. */
export async function clearSession(request: Request, context: AppLoadContext) {
  const opts = { ...cookieSecurity(request), maxAge: 0, expires: new Date(0) };
  context.outgoingCookies.push(await accessTokenCookie.serialize("", opts), await refreshTokenCookie.serialize("", opts));
}

type Report = { message: string; url: string; method: string; status: number; page: string; userId: string };

/** Last send time per message+detail, per isolate: identical reports within 2000 ms go once. */
const recentReports = new Map<string, number>();

export function reportApiError(context: AppLoadContext, report: Report) {
  const detail = JSON.stringify({ url: report.url, method: report.method, status: report.status, page: report.page });
  const key = `${report.message}\n${detail}`;
  const now = Date.now();
  const last = recentReports.get(key);
  if (last !== undefined && now - last < REPORT_DEDUP_MS) return;
  recentReports.set(key, now);
  if (recentReports.size > 500) {
    for (const [k, t] of recentReports) if (now - t >= REPORT_DEDUP_MS) recentReports.delete(k);
  }
  const sent = context.cloudflare.env.NOTIFY.fetch("https://notify.internal/api/notify", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ message: report.message, detail, userId: report.userId }),
  })
    .then(() => undefined)
    .catch(() => undefined);
  try {
    context.cloudflare.ctx.waitUntil(sent);
  } catch {
    // No execution context (tests): the promise still settles on its own.
  }
}

/** The HTTP status a page answers when the api refused what it needed: missing or another member's → 404. */
export function statusForCode(code: number): number {
  if (code === Code.NOT_FOUND || code === Code.VOICE_NOT_FOUND) return 404;
  if (code === Code.RATE_LIMITED) return 429;
  // A request the api found malformed (a bad query string passed on): the visitor's mistake, not an outage.
  if (code === Code.BAD_REQUEST) return 400;
  return 503;
}

/**
 * The data of a successful envelope, or a thrown Response with the status the shared error boundary
 * (app/components/shell/GeneralErrorBoundary.tsx) renders: 404 for a missing (or someone else's) resource,
 * 429 when rate-limited, 400 for a request the api found malformed, 503 otherwise. For loaders that cannot render without the data.
 */
export function requireData<T>(envelope: Envelope<T>): T {
  if (envelope.success && envelope.data !== null && envelope.data !== undefined) return envelope.data;
  throw new Response(null, { status: envelope.success ? 404 : statusForCode(envelope.code) });
}
