import type { LoginType } from "./social";
import { sealedCookie } from "./sealed.server";

/** Spec section 9: the cert cookie lives 180 s, as long as the code it stands for. */
export const CERT_COOKIE_SECONDS = 180;

/**
 * The spec's cert cookie: which address a code was sent to, for which flow, and when. Its expiry is
 * the code's, so the code step can show the time left and, once it is gone, the 'expired' message.
 */
export type CertState = { email: string; purpose: "join" | "password"; sentAt: number };
export const certCookie = sealedCookie<CertState>("cert", { path: "/", maxAge: CERT_COOKIE_SECONDS });

/** Seconds left on the code sent for `email` (0 when the cert cookie is gone or for another address). */
export function codeSecondsLeft(cert: CertState | null, email: string, purpose: CertState["purpose"], now = Date.now()) {
  if (!cert || cert.email !== email || cert.purpose !== purpose) return 0;
  return Math.max(0, Math.ceil((cert.sentAt + CERT_COOKIE_SECONDS * 1000 - now) / 1000));
}

/**
 * Sign-up in progress (/join): the certified address (or the social sign-up ticket), then the
 * password and the consents as each step is done. Sealed, so the password never reaches the page.
 */
export type JoinState = {
  type: LoginType;
  email: string;
  certified: boolean;
  password?: string;
  ticket?: string;
  /** What /member/checkcert answered for the address: the sign-up presents it (docs/decisions/0056). */
  certTicket?: string;
  terms?: { marketing: boolean };
};
export const joinCookie = sealedCookie<JoinState>("join", { path: "/", maxAge: 30 * 60 });

/**
 * Password recovery in progress (/user/password): the address, once its code was checked, and the ticket that check
 * answered, which the new password presents (docs/decisions/0056).
 */
export type RecoverState = { email: string; certified: boolean; certTicket?: string };
export const recoverCookie = sealedCookie<RecoverState>("recover", { path: "/", maxAge: 30 * 60 });

/** The OAuth state handed to the provider, bound to this browser for the callback (10 minutes). */
export const oauthStateCookie = sealedCookie<{ state: string; type: string }>("oauth", { path: "/", maxAge: 10 * 60 });
