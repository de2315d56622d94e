import type { AppLoadContext } from "@remix-run/cloudflare";
import { CERT_COOKIE_SECONDS, certCookie, joinCookie, type CertState, type JoinState } from "./flows.server";

export type JoinStep = "email" | "code" | "password" | "terms" | "questions";

/** Where a sign-up stands, from its sealed cookie: the first step not yet done. */
export function joinStep(state: JoinState | null): JoinStep {
  if (!state) return "email";
  if (!state.certified) return "code";
  if (state.type === "email" && !state.password) return "password";
  if (!state.terms) return "terms";
  return "questions";
}

/** Seconds left on the code sent for `email` (0 when the cert cookie is gone or for another address). */
export function codeSecondsLeft(cert: CertState | null, email: string, purpose: CertState["purpose"], now = Date.now()) {
  if (!cert || cert.email !== email || cert.purpose !== purpose) return 0;
  return Math.max(0, Math.ceil((cert.sentAt + CERT_COOKIE_SECONDS * 1000 - now) / 1000));
}

type Args = { request: Request; context: AppLoadContext };

export async function readJoin({ request, context }: Args) {
  const [state, cert] = await Promise.all([joinCookie.read(request, context), certCookie.read(request, context)]);
  return { state, cert };
}
