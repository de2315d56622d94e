import type { Context } from "hono";
import type { AppEnv } from "../env";
import { Code, messages, type Locale } from "./codes";
import { fail } from "./envelope";

export type Ctx = Context<AppEnv>;

/** The address shape every /member call checks (spec: 'check the email format'). */
export { EMAIL_PATTERN as EMAIL } from "./password-rules";

/** How each login type is named in the "registered with another provider" message. */
const providerName: Record<string, Record<Locale, string>> = {
  email: { ko: "이메일", en: "email" },
  google: { ko: "구글", en: "Google" },
  naver: { ko: "네이버", en: "Naver" },
  kakao: { ko: "카카오", en: "Kakao" },
};

/**
 * The address belongs to an account of another login type (spec section 5 and 8): the message names
 * that provider and `data.type` lets the client offer it.
 */
export function socialFail(c: Ctx, type: string) {
  const name = providerName[type]?.[c.var.locale] ?? type;
  return fail(c, Code.EMAIL_SOCIAL, {
    message: messages[Code.EMAIL_SOCIAL][c.var.locale].replaceAll("{provider}", name),
    data: { type },
  });
}

/** The token of an `Authorization: Bearer` header (the refresh token of getrefresh and logout). */
export const bearerToken = (c: Ctx) => c.req.header("authorization")?.match(/^Bearer\s+(\S+)$/i)?.[1];
