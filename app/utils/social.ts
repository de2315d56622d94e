/** Social login providers (spec section 2) in the order the login page shows them. */
export const SOCIAL_PROVIDERS = ["kakao", "naver", "google"] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];
export const isSocialProvider = (v: unknown): v is SocialProvider => SOCIAL_PROVIDERS.includes(v as SocialProvider);
export type LoginType = SocialProvider | "email";
export const isLoginType = (v: unknown): v is LoginType => v === "email" || isSocialProvider(v);
