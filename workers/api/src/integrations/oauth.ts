import {
  ArcticFetchError,
  CodeChallengeMethod,
  OAuth2Client,
  OAuth2RequestError,
  OAuth2Tokens,
  UnexpectedResponseError,
  generateCodeVerifier,
  generateState,
} from "arctic";
import { z } from "zod/v4";
import type { AppEnv } from "../env";

/**
 * Social login (spec section 2 "Login"): the OAuth 2.0 authorization-code flow for Google, Naver
 * and Kakao. arctic builds the authorization URLs and does Google's code exchange (client
 * credentials in Basic auth); Naver and Kakao take the credentials in the form body, and arctic's own
 * classes for them cannot be pointed at other endpoints, so their exchange is one form POST here.
 */
export const PROVIDERS = ["google", "naver", "kakao"] as const;
export type Provider = (typeof PROVIDERS)[number];

type Env = AppEnv["Bindings"];
type Endpoints = { authorize: string; token: string; userinfo: string };

const DEFAULT_ENDPOINTS: Record<Provider, Endpoints> = {
  google: {
    authorize: "https://accounts.google.com/o/oauth2/v2/auth",
    token: "https://oauth2.googleapis.com/token",
    userinfo: "https://openidconnect.googleapis.com/v1/userinfo",
  },
  naver: {
    authorize: "https://nid.naver.com/oauth2.0/authorize",
    token: "https://nid.naver.com/oauth2.0/token",
    userinfo: "https://openapi.naver.com/v1/nid/me",
  },
  kakao: {
    authorize: "https://kauth.kakao.com/oauth/authorize",
    token: "https://kauth.kakao.com/oauth/token",
    userinfo: "https://kapi.kakao.com/v2/user/me",
  },
};

/** Naver asks for nothing (its consent items are set in the app console); Kakao separates scopes with commas. */
const SCOPES: Record<Provider, string[]> = {
  google: ["openid", "email", "profile"],
  naver: [],
  kakao: ["account_email,profile_nickname,profile_image"],
};

/** Providers that take PKCE (S256); Naver does not. */
const PKCE: Record<Provider, boolean> = { google: true, naver: false, kakao: true };

function settings(env: Env, provider: Provider) {
  const p = provider.toUpperCase() as "GOOGLE" | "NAVER" | "KAKAO";
  const d = DEFAULT_ENDPOINTS[provider];
  return {
    clientId: env[`${p}_CLIENT_ID`],
    clientSecret: env[`${p}_CLIENT_SECRET`],
    authorize: env[`${p}_AUTHORIZE_URL`] || d.authorize,
    token: env[`${p}_TOKEN_URL`] || d.token,
    userinfo: env[`${p}_USERINFO_URL`] || d.userinfo,
  };
}

/** The providers whose client id and secret are both set, in display order. */
export const configuredProviders = (env: Env): Provider[] =>
  PROVIDERS.filter((p) => {
    const s = settings(env, p);
    return !!s.clientId && !!s.clientSecret;
  });

/** A provider or network failure during the code exchange or the profile fetch. */
export class SocialLoginError extends Error {
  constructor(
    readonly provider: Provider,
    readonly step: "token" | "userinfo",
    cause: unknown,
  ) {
    const detail =
      cause instanceof OAuth2RequestError ? `${cause.code}${cause.description ? `: ${cause.description}` : ""}` : String(cause);
    super(`${provider} ${step} failed (${detail})`, { cause });
    this.name = "SocialLoginError";
  }
}

/**
 * Starts a login: a new state and (for PKCE providers) code verifier, and the provider's
 * authorization URL. The caller keeps state and verifier until the code comes back.
 */
export function createAuthorization(env: Env, provider: Provider, redirectUri: string) {
  const s = settings(env, provider);
  const client = new OAuth2Client(s.clientId ?? "", s.clientSecret ?? null, redirectUri);
  const state = generateState();
  const codeVerifier = PKCE[provider] ? generateCodeVerifier() : "";
  const url = PKCE[provider]
    ? client.createAuthorizationURLWithPKCE(s.authorize, state, CodeChallengeMethod.S256, codeVerifier, SCOPES[provider])
    : client.createAuthorizationURL(s.authorize, state, SCOPES[provider]);
  return { url, state, codeVerifier };
}

/** Naver and Kakao: credentials in the form body. Naver answers errors with 200 and an `error` field. */
async function formTokenRequest(url: string, fields: Record<string, string>) {
  let res: Response;
  try {
    res = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded;charset=utf-8", accept: "application/json" },
      body: new URLSearchParams(fields),
    });
  } catch (err) {
    throw new ArcticFetchError(err);
  }
  const data: unknown = await res.json().catch(() => null);
  if (data && typeof data === "object" && "error" in data && typeof data.error === "string") {
    const description = "error_description" in data && typeof data.error_description === "string" ? data.error_description : null;
    throw new OAuth2RequestError(data.error, description, null, null);
  }
  if (res.status !== 200 || !data || typeof data !== "object") throw new UnexpectedResponseError(res.status);
  return new OAuth2Tokens(data);
}

function exchangeCode(env: Env, provider: Provider, a: { code: string; state: string; codeVerifier: string; redirectUri: string }) {
  const s = settings(env, provider);
  const clientId = s.clientId ?? "";
  const clientSecret = s.clientSecret ?? "";
  if (provider === "google") {
    return new OAuth2Client(clientId, clientSecret, a.redirectUri).validateAuthorizationCode(s.token, a.code, a.codeVerifier);
  }
  const fields: Record<string, string> = {
    grant_type: "authorization_code",
    client_id: clientId,
    client_secret: clientSecret,
    code: a.code,
    redirect_uri: a.redirectUri,
  };
  // Naver wants the state back at the token step; Kakao the PKCE verifier.
  if (provider === "naver") fields.state = a.state;
  else fields.code_verifier = a.codeVerifier;
  return formTokenRequest(s.token, fields);
}

/** What the API keeps of a provider's profile. */
export type SocialProfile = { email: string | null; emailVerified: boolean; nickname: string; profileImg: string };

const str = z.string().nullish();
const googleInfo = z.object({ email: str, email_verified: z.union([z.boolean(), z.string()]).nullish(), name: str, picture: str });
const naverInfo = z.object({
  resultcode: z.literal("00"),
  response: z.object({ email: str, nickname: str, profile_image: str }),
});
const kakaoInfo = z.object({
  kakao_account: z
    .object({
      email: str,
      is_email_valid: z.boolean().nullish(),
      is_email_verified: z.boolean().nullish(),
      profile: z.object({ nickname: str, profile_image_url: str }).nullish(),
    })
    .nullish(),
});

const normalise: Record<Provider, (json: unknown) => SocialProfile> = {
  google: (json) => {
    const g = googleInfo.parse(json);
    const verified = g.email_verified === true || g.email_verified === "true";
    return { email: g.email ?? null, emailVerified: verified, nickname: g.name ?? "", profileImg: g.picture ?? "" };
  },
  // Naver only shares the account's confirmed address.
  naver: (json) => {
    const { response: r } = naverInfo.parse(json);
    return { email: r.email ?? null, emailVerified: !!r.email, nickname: r.nickname ?? "", profileImg: r.profile_image ?? "" };
  },
  kakao: (json) => {
    const a = kakaoInfo.parse(json).kakao_account;
    return {
      email: a?.email ?? null,
      emailVerified: a?.is_email_verified === true && a.is_email_valid !== false,
      nickname: a?.profile?.nickname ?? "",
      profileImg: a?.profile?.profile_image_url ?? "",
    };
  },
};

async function fetchUserinfo(url: string, accessToken: string) {
  const res = await fetch(url, { headers: { authorization: `Bearer ${accessToken}`, accept: "application/json" } });
  if (!res.ok) {
    await res.body?.cancel();
    throw new UnexpectedResponseError(res.status);
  }
  return res.json();
}

/**
 * Exchanges the authorization code (with the state's verifier and redirect URI) and reads the
 * profile with the access token. Throws `SocialLoginError` on any provider or network failure.
 */
export async function fetchSocialProfile(
  env: Env,
  provider: Provider,
  a: { code: string; state: string; codeVerifier: string; redirectUri: string },
): Promise<SocialProfile> {
  let accessToken: string;
  try {
    accessToken = (await exchangeCode(env, provider, a)).accessToken();
  } catch (err) {
    throw new SocialLoginError(provider, "token", err);
  }
  try {
    return normalise[provider](await fetchUserinfo(settings(env, provider).userinfo, accessToken));
  } catch (err) {
    throw new SocialLoginError(provider, "userinfo", err);
  }
}
