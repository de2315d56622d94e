import { eq } from "drizzle-orm";
import { oauthStates } from "#db/schema";
import type { Bindings } from "../../env";
import { configuredProviders, createAuthorization, fetchSocialProfile, type Provider } from "../../integrations/oauth";
import { Code } from "../../lib/codes";
import { done, refusal } from "../../lib/envelope";
import { hit } from "../../lib/rate-limit";
import { issueSession } from "../../lib/tokens";
import type { Db } from "../scope";
import { wakeDormant } from "./dormancy";
import { accountOf, nicknameOf, otherLoginType, validEmail } from "./members";
import { signSignupTicket } from "./signup-ticket";
import { withdrewRecently } from "./withdrawal";

/** Time from `snsauthorize` to `snslogin` (the user's visit to the provider). */
export const OAUTH_STATE_TTL_MS = 10 * 60 * 1000;

/** A provider's picture, kept only when it is a plain http(s) URL that fits the member column. */
const pictureUrl = (url: string) => (/^https?:\/\//i.test(url) && url.length <= 500 ? url : "");

/** Step 1: a state kept for 10 minutes and the provider's authorization URL to send the user to. */
export async function startSocialLogin(env: Bindings, db: Db, type: Provider, redirectUri: string, ip: string) {
  // Each start stores a state row: a client cannot fill the table faster than the limit.
  if (!(await hit(env, "socialStartPerIp", ip)).allowed) return refusal(Code.RATE_LIMITED);
  if (!configuredProviders(env).includes(type)) return refusal(Code.SOCIAL_NOT_CONFIGURED);
  const { url, state, codeVerifier } = createAuthorization(env, type, redirectUri);
  await db.insert(oauthStates).values({ state, type, codeVerifier, redirectUri, expiresAt: Date.now() + OAUTH_STATE_TTL_MS });
  return done({ url: url.toString(), state });
}

/**
 * Step 2 (spec: {code, state, type}): the state is taken once, the code exchanged and the profile
 * read. A member of that type gets a session; an address with no account gets a sign-up ticket for
 * /createmember; an address of another login type gets 4103 naming it.
 */
export async function finishSocialLogin(env: Bindings, db: Db, input: { code: string; state: string; type: Provider }, ip: string) {
  const { code, state, type } = input;
  if (!(await hit(env, "loginPerIp", ip)).allowed) return refusal(Code.RATE_LIMITED);
  if (!configuredProviders(env).includes(type)) return refusal(Code.SOCIAL_NOT_CONFIGURED);
  // One statement takes the row, so a state (and its verifier) can be used only once.
  const [row] = await db.delete(oauthStates).where(eq(oauthStates.state, state)).returning();
  if (!row || row.expiresAt <= Date.now() || row.type !== type) return refusal(Code.SOCIAL_STATE_INVALID);

  let profile;
  try {
    profile = await fetchSocialProfile(env, type, { code, state, codeVerifier: row.codeVerifier, redirectUri: row.redirectUri });
  } catch (err) {
    console.error("social login failed:", err instanceof Error ? err.message : err);
    return refusal(Code.SOCIAL_FAILED);
  }
  const email = profile.email?.trim().toLowerCase() ?? "";
  if (!profile.emailVerified || !validEmail(email) || email.length > 254) return refusal(Code.SOCIAL_EMAIL_MISSING);

  const existing = await accountOf(db, email);
  if (existing && existing.type !== type) return otherLoginType(existing.type);
  if (existing) {
    if (existing.dormant) await wakeDormant(db, email);
    const session = await issueSession(env, db, { id: existing.id, email });
    return done({ ...session, type, email, nickname: existing.nickname, signup: false as const });
  }
  if (await withdrewRecently(env, db, email)) return refusal(Code.REJOIN_TOO_SOON);
  const nickname = nicknameOf(email);
  const profileImg = pictureUrl(profile.profileImg);
  const ticket = await signSignupTicket(env, { email, type, nickname, profileImg });
  return done({ signup: true as const, ticket, type, email, nickname, profile_img: profileImg });
}
