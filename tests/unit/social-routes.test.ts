import type { AppLoadContext } from "@remix-run/cloudflare";
import { describe, expect, it } from "vitest";
import { loader as authorize } from "~/routes/login.$social";
import { loader as callback } from "~/routes/login.$social.callback";
import { joinCookie, oauthStateCookie } from "~/utils/flows.server";

/**
 * The browser side of social login (app/routes/login.$social*.tsx) as plain functions with real
 * Requests, against a stand-in of the api worker's /member/snsauthorize and /member/snslogin.
 */
const SECRET = "test-secret-0123456789";
type Call = { path: string; body: Record<string, unknown> | null };

function setup(answer: (call: Call) => unknown) {
  const calls: Call[] = [];
  const api = {
    async fetch(input: RequestInfo | URL, init?: RequestInit) {
      const request = new Request(input, init);
      const text = await request.text();
      const call = { path: new URL(request.url).pathname, body: text ? (JSON.parse(text) as Record<string, unknown>) : null };
      calls.push(call);
      return Response.json(answer(call));
    },
  };
  const notify = { fetch: async () => Response.json({ success: true, code: 1000, data: null, message: "OK" }) };
  const context = {
    cloudflare: { env: { API: api, NOTIFY: notify, SESSION_SECRET: SECRET, DEFAULT_COUNTRY: "KR" }, ctx: { waitUntil() {} } },
    outgoingCookies: [] as string[],
    requestState: new Map(),
  } as unknown as AppLoadContext;
  return { context, calls };
}

const ok = (data: unknown, code = 1000) => ({ success: true, code, data, message: "OK" });
const failure = (code: number, data: unknown = null) => ({ success: false, code, data, message: "no" });

/** What a loader threw: a redirect's location, or the status of another Response. */
async function thrown(run: () => Promise<unknown>) {
  try {
    await run();
  } catch (e) {
    if (e instanceof Response) return { status: e.status, location: e.headers.get("location") };
    throw e;
  }
  throw new Error("the loader did not throw");
}

const cookieHeader = (setCookies: string[]) => setCookies.map((c) => c.split(";")[0]).join("; ");
const args = (url: string, context: AppLoadContext, social: string, cookie = "") =>
  ({ request: new Request(url, { headers: cookie ? { cookie } : {} }), context, params: { social } }) as never;

async function startKakao() {
  const s = setup((call) =>
    call.path.endsWith("/snsauthorize") ? ok({ url: "https://kauth.kakao.com/oauth/authorize?state=abc", state: "abc" }) : failure(5000),
  );
  const result = await thrown(() => authorize(args("http://localhost:8787/login/kakao", s.context, "kakao")));
  return { ...s, result, cookie: cookieHeader(s.context.outgoingCookies) };
}

describe("GET /login/:social", () => {
  it("asks the api for the provider URL with our callback, keeps the state in a sealed cookie and redirects", async () => {
    const { calls, result, cookie, context } = await startKakao();
    expect(calls[0]).toEqual({
      path: "/api/v1/member/snsauthorize",
      body: { type: "kakao", redirect_uri: "http://localhost:8787/login/kakao/callback" },
    });
    expect(result).toEqual({ status: 302, location: "https://kauth.kakao.com/oauth/authorize?state=abc" });
    expect(context.outgoingCookies[0]).toMatch(/^oauth=.+; .*HttpOnly/i);
    expect(cookie).not.toContain("abc");
    expect(await oauthStateCookie.read(new Request("http://localhost/", { headers: { cookie } }), context)).toEqual({
      state: "abc",
      type: "kakao",
    });
  });

  it("404 for an unknown provider; the login page's message when the api refuses", async () => {
    const s = setup(() => failure(4116));
    expect(await thrown(() => authorize(args("http://localhost/login/facebook", s.context, "facebook")))).toMatchObject({ status: 404 });
    expect(s.calls).toHaveLength(0);
    expect(await thrown(() => authorize(args("http://localhost/login/naver", s.context, "naver")))).toEqual({
      status: 302,
      location: "/login?error=unavailable",
    });
    const broken = setup(() => failure(5000));
    expect(await thrown(() => authorize(args("http://localhost/login/naver", broken.context, "naver")))).toEqual({
      status: 302,
      location: "/login?error=failed",
    });
  });
});

describe("GET /login/:social/callback", () => {
  const back = (s: ReturnType<typeof setup>, query: string, cookie: string, social = "kakao") =>
    thrown(() => callback(args(`http://localhost:8787/login/${social}/callback?${query}`, s.context, social, cookie)));

  it("with the state this browser was given: a session for a member, and on to /dashboard", async () => {
    const { cookie } = await startKakao();
    const s = setup(() =>
      ok({ signup: false, token: "access.jwt.token", refreshToken: "refresh-1", type: "kakao", email: "k@x.io", nickname: "k" }),
    );
    expect(await back(s, "code=the-code&state=abc", cookie)).toEqual({ status: 302, location: "/dashboard" });
    expect(s.calls[0]).toEqual({ path: "/api/v1/member/snslogin", body: { code: "the-code", state: "abc", type: "kakao" } });
    const set = s.context.outgoingCookies.join("\n");
    expect(set).toMatch(/accessToken=[^;]+; .*HttpOnly.*SameSite=Lax/i);
    expect(set).toMatch(/refreshToken=[^;]+;/);
    expect(set).not.toMatch(/accessToken=[^\n]*Secure/); // http://localhost
    expect(set).toMatch(/oauth=; .*Max-Age=0/i);
  });

  it("a new address goes to /join with the sign-up ticket in the sealed join cookie, and no session", async () => {
    const { cookie } = await startKakao();
    const s = setup(() => ok({ signup: true, ticket: "ticket-jwt", type: "kakao", email: "new@x.io", nickname: "new" }));
    expect(await back(s, "code=c&state=abc", cookie)).toEqual({ status: 302, location: "/join" });
    expect(s.context.outgoingCookies.join("\n")).not.toMatch(/accessToken=/);
    const join = await joinCookie.read(
      new Request("http://localhost/", { headers: { cookie: cookieHeader(s.context.outgoingCookies) } }),
      s.context,
    );
    expect(join).toEqual({ type: "kakao", email: "new@x.io", certified: true, ticket: "ticket-jwt" });
  });

  it("maps the api's refusals to the login page: other provider, re-signup wait, state, e-mail, failure", async () => {
    const { cookie } = await startKakao();
    for (const [answer, location] of [
      [failure(4103, { type: "google" }), "/login?other=google"],
      [failure(4113), "/login?error=rejoin"],
      [failure(4115), "/login?error=state"],
      [failure(4117), "/login?error=email"],
      [failure(5021), "/login?error=failed"],
    ] as const) {
      const s = setup(() => answer);
      expect(await back(s, "code=c&state=abc", cookie), location).toEqual({ status: 302, location });
    }
  });

  it("refuses without calling the api: no cookie, another state, another provider's state, a tampered cookie", async () => {
    const { cookie } = await startKakao();
    const tampered = cookie.replace(
      /oauth=([^;]+)/,
      (_m, v: string) => `oauth=${v.slice(0, -2)}${v.endsWith("A") ? "B" : "A"}${v.slice(-1)}`,
    );
    for (const [query, jar, social] of [
      ["code=c&state=abc", "", "kakao"],
      ["code=c&state=other", cookie, "kakao"],
      ["code=c&state=abc", cookie, "naver"],
      ["code=c&state=abc", tampered, "kakao"],
      ["state=abc", cookie, "kakao"],
    ] as const) {
      const s = setup(() => ok({}));
      expect(await back(s, query, jar, social), `${query} ${social}`).toEqual({ status: 302, location: "/login?error=state" });
      expect(s.calls).toHaveLength(0);
    }
    const s = setup(() => ok({}));
    expect(await back(s, "error=access_denied&state=abc", cookie)).toEqual({ status: 302, location: "/login?error=denied" });
    expect(s.calls).toHaveLength(0);
  });
});
