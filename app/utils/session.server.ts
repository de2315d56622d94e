import { decodeBase64urlIgnorePadding } from "@oslojs/encoding";
import { accessTokenCookie, refreshTokenCookie } from "./cookies.server";

export type TokenClaims = { sub?: string; email?: string; exp?: number };

/** Decodes a JWT's payload without checking it (the api worker verifies; this is for display and timing). */
export function decodeJwt(token: string): TokenClaims | null {
  const part = token.split(".")[1];
  if (!part) return null;
  try {
    const claims = JSON.parse(new TextDecoder().decode(decodeBase64urlIgnorePadding(part)));
    return claims && typeof claims === "object" ? (claims as TokenClaims) : null;
  } catch {
    return null;
  }
}

export type Tokens = { accessToken: string | null; refreshToken: string | null };

export async function readTokens(request: Request): Promise<Tokens> {
  const header = request.headers.get("Cookie");
  const accessToken = (await accessTokenCookie.parse(header)) as unknown;
  const refreshToken = (await refreshTokenCookie.parse(header)) as unknown;
  return {
    accessToken: typeof accessToken === "string" && accessToken ? accessToken : null,
    refreshToken: typeof refreshToken === "string" && refreshToken ? refreshToken : null,
  };
}

/** What the shell needs from the (fresh) access token: the signed-in e-mail, and whether there is a token. */
export function shellUser(accessToken: string | null) {
  const claims = accessToken ? decodeJwt(accessToken) : null;
  return { email: typeof claims?.email === "string" ? claims.email : null, hasAccessToken: !!accessToken };
}
