/** The social-login clients the workerd tests configure (as vars, vitest.workers.config.ts) and the stand-in knows
 * (providers.ts, as its OAUTH_CLIENTS binding). */
export type Provider = "google" | "naver" | "kakao";

export type OAuthClients = Record<Provider, { id: string; secret: string }>;

export const OAUTH_CLIENTS: OAuthClients = {
  google: { id: "google-test-client", secret: "google-test-secret" },
  naver: { id: "naver-test-client", secret: "naver-test-secret" },
  kakao: { id: "kakao-test-client", secret: "kakao-test-secret" },
};
