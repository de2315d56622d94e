import { createCookie } from "@remix-run/cloudflare";

/** Spec section 9: cookie lifetime 365 days; access token 1 day; refresh token 14 days. */
export const YEAR_SECONDS = 365 * 24 * 60 * 60;
export const ACCESS_TOKEN_SECONDS = 86_400;
export const REFRESH_TOKEN_SECONDS = 1_209_600;

const base = { path: "/", sameSite: "lax" as const };

/** The visitor's language (ko or en); readable by the browser. */
export const localeCookie = createCookie("lng", { ...base, maxAge: YEAR_SECONDS });
/** Two-letter country (decides KRW or USD and the payment path). */
export const countryCookie = createCookie("country", { ...base, maxAge: YEAR_SECONDS });
/** The access token (a JWT). Filled in by the accounts issue. */
export const accessTokenCookie = createCookie("accessToken", {
  ...base,
  httpOnly: true,
  maxAge: ACCESS_TOKEN_SECONDS,
});
/** The refresh token (opaque). Filled in by the accounts issue. */
export const refreshTokenCookie = createCookie("refreshToken", {
  ...base,
  httpOnly: true,
  maxAge: REFRESH_TOKEN_SECONDS,
});

/** Secure everywhere except plain-http localhost, so local runs and tests keep their cookies. */
export function cookieSecurity(request: Request) {
  const url = new URL(request.url);
  const local = url.protocol === "http:" && ["localhost", "127.0.0.1", "[::1]"].includes(url.hostname);
  return { secure: !local };
}
