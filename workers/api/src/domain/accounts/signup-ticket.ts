import { sign, verify } from "hono/jwt";
import type { AppEnv } from "../../env";

/**
 * A social sign-up in progress: `/member/snslogin` answers it for an address with no account, and
 * `/member/createmember` takes it (with the consents and the three questions) in place of a
 * certified address and a password. A short-lived HS256 JWT with its own audience, so it can never
 * pass as an access token (which has no `aud` and needs `sub`) nor an access token as a ticket.
 */
export type SignupTicket = { email: string; type: "google" | "naver" | "kakao"; nickname: string; profileImg: string };

export const SIGNUP_TICKET_AUDIENCE = "voice-studio/social-signup";
/** Time to finish the terms and the three questions. */
export const SIGNUP_TICKET_SECONDS = 30 * 60;

export function signSignupTicket(env: AppEnv["Bindings"], ticket: SignupTicket, now = Date.now()) {
  const iat = Math.floor(now / 1000);
  return sign({ aud: SIGNUP_TICKET_AUDIENCE, iat, exp: iat + SIGNUP_TICKET_SECONDS, ...ticket }, env.JWT_SECRET, "HS256");
}

/** The ticket's claims, or null when it is forged, expired or not a sign-up ticket. */
export async function verifySignupTicket(env: AppEnv["Bindings"], token: string): Promise<SignupTicket | null> {
  try {
    const p = await verify(token, env.JWT_SECRET, "HS256");
    if (p.aud !== SIGNUP_TICKET_AUDIENCE) return null;
    const { email, type, nickname, profileImg } = p;
    if (typeof email !== "string" || typeof nickname !== "string" || typeof profileImg !== "string") return null;
    if (type !== "google" && type !== "naver" && type !== "kakao") return null;
    return { email, type, nickname, profileImg };
  } catch {
    return null;
  }
}
