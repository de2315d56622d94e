import { Hono, type Context } from "hono";
import { z } from "zod/v4";
import { checkCode } from "../domain/accounts/certification";
import { DORMANCY_YEARS, setDormancyYears } from "../domain/accounts/dormancy";
import { emailLogin, recheckPassword } from "../domain/accounts/login";
import type { MemberRow } from "../domain/accounts/members";
import { setMarketing, updateProfile } from "../domain/accounts/profile";
import { mailRecoveryCode, resetPassword } from "../domain/accounts/recovery";
import { checkEmailFree, createMember, mailSignupCode } from "../domain/accounts/signup";
import { withdraw } from "../domain/accounts/withdrawal";
import { memberHome } from "../domain/home";
import type { PlanState } from "#contracts/billing";
import type { Profile } from "#contracts/profile";
import { memberAndPlanState, planState, sessionFrame } from "../domain/billing/plan-state";
import { now } from "../lib/clock";
import { Code } from "../lib/codes";
import { answer, fail, ok } from "../lib/envelope";
import { localize, PURPOSE, REASONS, WORK } from "../lib/labels";
import { requireMember, tokenClaims } from "../lib/middleware";
import { clientIp } from "../lib/rate-limit";
import { revokeAllSessions, revokeSession, rotateSession } from "../lib/tokens";
import { jsonBody, plainText } from "../lib/validate";
import type { AppEnv } from "../env";
import { forgetAfterAnswer } from "../speech/engine";

/** Accounts (`/member/*`): the rules are in domain/accounts/; here the bodies, the member and the answers. */

const emailField = z.string().trim().toLowerCase().max(254);
const emailBody = z.object({ email: emailField });
const checkBody = z.object({
  email: emailField,
  cert: z.string().trim().max(12),
  type: z.enum(["join", "password"]).default("join"),
});

const createBody = z.object({
  email: emailField.default(""),
  /** "email" (default) or a social provider; a social sign-up brings the ticket from /snslogin. */
  type: z.enum(["email", "google", "naver", "kakao"]).default("email"),
  ticket: z.string().max(4096).optional(),
  /** An e-mail sign-up: the ticket /checkcert answered for the address (docs/decisions/0056). */
  cert_ticket: z.string().max(64).optional(),
  password: z.string().max(64).default(""),
  firstname: plainText(0, 50).default(""),
  lastName: plainText(0, 50).default(""),
  gender: z.string().trim().max(10).default(""),
  phone_number: z.string().trim().max(20).default(""),
  work: plainText(0, 500).default(""),
  belong: plainText(0, 200).default(""),
  perpose: plainText(0, 500).default(""),
  marketing: z.enum(["Y", "N"]).default("N"),
  local: z.enum(["ko", "en"]).default("ko"),
  profile_img: z.string().trim().max(500).default(""),
  /** Required consents (spec section 5); marketing is optional and travels in `marketing`. */
  agree_service: z.boolean().default(false),
  agree_privacy: z.boolean().default(false),
  age_over_14: z.boolean().default(false),
});
/** `cert_ticket`: what /checkcert answered for the address's recovery code (docs/decisions/0056). */
const updatePwdBody = z.object({ email: emailField, password: z.string().max(64), cert_ticket: z.string().max(64).optional() });
const checkPwdBody = z.object({ pwd: z.string().max(64) });
const genderField = z.enum(["", "male", "female", "other"]);
const updateBody = z.object({
  /** The account's own address (it is shown, not changed, on the account page). */
  email: emailField.optional(),
  nickname: plainText(1, 20),
  profile_img: z.string().trim().max(500).optional(),
  firstname: plainText(0, 50).default(""),
  secondname: plainText(0, 50).default(""),
  gender: genderField.default(""),
  work: plainText(0, 500).default(""),
  belong: plainText(0, 200).default(""),
  /** Spec: Y, N, or empty when unknown; left as it is when absent. */
  marketing: z.enum(["Y", "N", ""]).optional(),
  local: z.enum(["ko", "en"]).optional(),
});
const marketingBody = z.object({ email: emailField, marketing: z.enum(["Y", "N"]).default("Y") });
const signoutBody = z.object({
  reason_studio: z.string().trim().max(500).default(""),
  reason_community: z.string().trim().max(500).default(""),
  opinion: z.string().trim().max(2000).default(""),
});
const loginBody = z.object({ type: z.literal("email").default("email"), email: emailField, password: z.string().max(64) });

/** The token of an `Authorization: Bearer` header (the refresh token of getrefresh and logout). */
const bearerToken = (c: Context<AppEnv>) => c.req.header("authorization")?.match(/^Bearer\s+(\S+)$/i)?.[1];

const dormancyBody = z.object({ years: z.literal([...DORMANCY_YEARS]) });

/** Who asks, for the limits and the mail's language. */
const by = (c: Context<AppEnv>) => ({ ip: clientIp(c.req.raw.headers), locale: c.var.locale });

/**
 * The profile response (spec section 3): the account's fields, the plan state's fields under the
 * spec's profile names, and the plan state itself (`planState`, lib/billing.ts). The tokens stay in
 * cookies and are not repeated here.
 */
const profile = (m: MemberRow, s: PlanState): Profile => ({
  type: m.type,
  email: m.email,
  nickname: m.nickname,
  profile_img: m.profileImg,
  firstname: m.firstname,
  secondname: m.secondname,
  gender: m.gender,
  work: m.work,
  belong: m.belong,
  marketing: m.marketing,
  local: m.locale,
  dormancy_years: m.dormancyYears,
  plan: s.planName,
  studioProjectsCount: s.projectCount,
  // Used amounts of the current period (spec: plan_time and plan_txt); zero once the period has ended.
  plan_time: s.usedTime,
  plan_txt: s.usedCharacters,
  request_cnt: s.usedCustomVoice,
  useDt: s.startDate && s.endDate ? `${s.startDate.slice(0, 10)}~${s.endDate.slice(0, 10)}` : "",
  paymentDt: s.renewalDate ? s.renewalDate.slice(0, 10) : "",
  toplan: s.toplan ?? "",
  cv_cnt_over: s.mustChooseCustomVoice ? "Y" : "N",
  couponYN: s.usedCoupon ? "Y" : "N",
  usecnv: s.isUsedAIDuringPlan ? "Y" : "N",
  usecv: s.isUsedAIDuringPlan ? "Y" : "N",
  paymentYN: s.hasPaymentRecord ? "Y" : "N",
  indiscount: s.hasPurchasedWithDiscount ? "Y" : "N",
  paymentMethod: s.paymentMethod,
  planState: s,
});

export const membersRoutes = new Hono<AppEnv>()
  /** The sign-up and withdrawal choice lists, in the request's language. */
  .post("/worklist", (c) => ok(c, localize(WORK, c.var.locale)))
  .post("/perposelist", (c) => ok(c, localize(PURPOSE, c.var.locale)))
  .post("/reasonlist", (c) =>
    ok(c, { studio: localize(REASONS.studio, c.var.locale), community: localize(REASONS.community, c.var.locale) }),
  )
  /** Sign-up, last step (domain/accounts/signup.ts). */
  .post("/createmember", jsonBody(createBody), async (c) => answer(c, await createMember(c.env, c.var.db, c.req.valid("json"))))
  /** Password recovery, last step: a new password for an address certified with a "password" code. */
  .post("/updatepwd", jsonBody(updatePwdBody), async (c) => {
    const { email, password, cert_ticket } = c.req.valid("json");
    return answer(c, await resetPassword(c.env, c.var.db, { email, password, ticket: cert_ticket }, by(c).ip));
  })
  /** Re-checks the signed-in member's password (before termination, refund or withdrawal). */
  .post("/check_pwd", requireMember, jsonBody(checkPwdBody), async (c) =>
    answer(c, await recheckPassword(c.env, c.var.db, c.var.member, c.req.valid("json").pwd)),
  )
  /**
   * The plan's allowance and what is used of it in the current period (the business API's usage, with a key or a
   * session): characters of text to speech and seconds of speech to speech, an upgrade's carried amounts included.
   */
  .get("/usage", requireMember, async (c) => {
    const found = await memberAndPlanState(c.var.db, c.var.member.id, now(c));
    if (!found) return fail(c, Code.LOGIN_REQUIRED);
    const s = found.state;
    const amount = (used: number, limit: number) => ({ used, limit, remaining: Math.max(0, limit - used) });
    return ok(c, {
      plan: s.planName,
      period: { start: s.startDate, end: s.endDate },
      characters: amount(s.usedCharacters, s.limits.characters),
      seconds: amount(s.usedTime, s.limits.time),
    });
  })
  /** The profile response (spec section 3). */
  .get("/getmember", requireMember, async (c) => {
    // The member and its plan state in one query (every signed-in page asks for the profile).
    const found = await memberAndPlanState(c.var.db, c.var.member.id, now(c));
    if (!found) return fail(c, Code.LOGIN_REQUIRED);
    return ok(c, profile(found.member, found.state));
  })
  /**
   * Page speed (docs/decisions/0043): what every signed-in frame (/dashboard*, /studio*) shows, in one call:
   * the profile as /getmember answers it and the sidebar's count of unread inquiry answers (as /help/unread).
   */
  .get("/frame", async (c) => {
    // The session check is part of the frame's one statement (docs/decisions/0051): a token whose session was
    // ended, or whose member is gone, finds no row and answers login-required as `requireMember` would.
    const claims = await tokenClaims(c.var.accessToken, c.env);
    if (!claims) return fail(c, Code.LOGIN_REQUIRED);
    const found = await sessionFrame(c.var.db, claims.sub, claims.sid, now(c));
    if (!found) return fail(c, Code.LOGIN_REQUIRED);
    return ok(c, { profile: profile(found.member, found.state), unread: found.unread });
  })
  /**
   * The dashboard home's lists in one call (docs/decisions/0043): the 3 most recently changed projects, the top
   * voices (as /voices/top) and the AI-recommended ones (as /voices/recommended).
   */
  .get("/home", async (c) => {
    const claims = await tokenClaims(c.var.accessToken, c.env);
    const home = claims ? await memberHome(c.var.db, claims, c.var.locale) : null;
    if (!home) return fail(c, Code.LOGIN_REQUIRED);
    return ok(c, home);
  })
  /** Account edit (spec: member update fields, plus the language); answers the updated profile. */
  .post("/updatemember", requireMember, jsonBody(updateBody), async (c) => {
    const updated = await updateProfile(c.var.db, c.var.member, c.req.valid("json"));
    if (!updated.ok) return fail(c, updated.code, updated);
    return ok(c, profile(updated.value, await planState(c.var.db, updated.value, now(c))));
  })
  /** Marketing consent for the signed-in member's own address (Y by default, N to withdraw it). */
  .post("/marketingYN", requireMember, jsonBody(marketingBody), async (c) => {
    const { email, marketing } = c.req.valid("json");
    return answer(c, await setMarketing(c.var.db, c.var.member, email, marketing));
  })
  /** The dormancy period the member chooses (docs/decisions/0036): 1 or 3 years without login. */
  .post("/dormancy", requireMember, jsonBody(dormancyBody), async (c) =>
    ok(c, await setDormancyYears(c.var.db, c.var.member.id, c.req.valid("json").years)),
  )
  /** Withdrawal (domain/accounts/withdrawal.ts): refused while a paid plan period remains. */
  .post("/signout", requireMember, jsonBody(signoutBody), async (c) => {
    const outcome = await withdraw(c.env, c.var.db, c.var.member.id, c.req.valid("json"));
    // The member's voices went with it (cascade): their remote voices go after the answer (docs/decisions/0052).
    if (outcome.ok) forgetAfterAnswer(c);
    return answer(c, outcome);
  })
  /** Logout: revokes the presented refresh token's family (Bearer, as getrefresh takes it). Always OK. */
  .post("/logout", async (c) => {
    const presented = bearerToken(c);
    if (presented) await revokeSession(c.var.db, presented);
    return ok(c, { loggedOut: true });
  })
  /** "Log out everywhere": ends every session of the signed-in member at once, this one included. */
  .post("/logout_all", requireMember, async (c) => {
    await revokeAllSessions(c.var.db, c.var.member.id);
    return ok(c, { loggedOut: true });
  })
  /** E-mail login (spec: {type, email, password}); social logins come through /snslogin. */
  .post("/login", jsonBody(loginBody), async (c) => {
    const { email, password } = c.req.valid("json");
    return answer(c, await emailLogin(c.env, c.var.db, email, password, clientIp(c.req.raw.headers)));
  })
  /** Spec section 4: Bearer refresh token in, 8003 with a new pair out, or 8004 (expired, revoked or replayed). */
  .post("/getrefresh", async (c) => {
    const presented = bearerToken(c);
    const pair = presented ? await rotateSession(c.env, c.var.db, presented, now(c)) : null;
    if (!pair) return fail(c, Code.REFRESH_EXPIRED);
    return ok(c, pair, Code.TOKEN_REFRESHED);
  })
  /** Sign-up, step 1: is this address free? */
  .post("/checkemail", jsonBody(emailBody), async (c) =>
    answer(c, await checkEmailFree(c.env, c.var.db, c.req.valid("json").email, clientIp(c.req.raw.headers))),
  )
  /** Sign-up: mail a certification code to a free address. */
  .post("/certemail", jsonBody(emailBody), async (c) => answer(c, await mailSignupCode(c.env, c.var.db, c.req.valid("json").email, by(c))))
  /** Password recovery: mail a code to a registered e-mail account. */
  .post("/certemailpwd", jsonBody(emailBody), async (c) =>
    answer(c, await mailRecoveryCode(c.env, c.var.db, c.req.valid("json").email, by(c))),
  )
  /** Checks a code; a right one marks the address as certified for that purpose. */
  .post("/checkcert", jsonBody(checkBody), async (c) => {
    const { email, cert, type } = c.req.valid("json");
    return answer(c, await checkCode(c.env, c.var.db, email, cert, type));
  });
