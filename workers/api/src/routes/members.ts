import { and, eq, sql } from "drizzle-orm";
import { Hono } from "hono";
import { z } from "zod/v4";
import { emailCerts, members, withdrawals } from "../../../../db/schema";
import { bearerToken, EMAIL, socialFail, type Ctx } from "../lib/accounts";
import type { PlanState } from "../../../../contracts/billing";
import { planState } from "../domain/billing/plan-state";
import { now } from "../lib/clock";
import { Code } from "../lib/codes";
import { fail, ok } from "../lib/envelope";
import { createMailer } from "../lib/mailer";
import { localize, PURPOSE, REASONS, WORK } from "../lib/member-lists";
import { sha256Hex, timingSafeEqual } from "../lib/crypto";
import { hashPassword, verifyPassword } from "../lib/password";
import { isCommonPassword, passwordFollowsRule } from "../lib/password-rules";
import { clientIp, hit } from "../lib/rate-limit";
import { verifySignupTicket } from "../lib/signup-ticket";
import { issueSession, revokeAllSessions, revokeSession, rotateSession } from "../lib/tokens";
import { rememberWithdrawal, withdrewRecently } from "../lib/withdrawn";
import { requireMember } from "../lib/middleware";
import { jsonBody, plainText } from "../lib/validate";
import type { AppEnv } from "../env";

/** Spec section 9: certification codes are valid for 180 s. */
export const CERT_TTL_SECONDS = 180;
/** Wrong guesses allowed for one code before it must be requested again. */
export const CERT_MAX_ATTEMPTS = 5;

const emailField = z.string().trim().toLowerCase().max(254);
const emailBody = z.object({ email: emailField });
const checkBody = z.object({
  email: emailField,
  cert: z.string().trim().max(12),
  type: z.enum(["join", "password"]).default("join"),
});

/** A certified address may complete sign-up within this time after its code was checked. */
export const CERT_VALID_AFTER_CHECK_MS = 30 * 60 * 1000;

const createBody = z.object({
  email: emailField.default(""),
  /** "email" (default) or a social provider; a social sign-up brings the ticket from /snslogin. */
  type: z.enum(["email", "google", "naver", "kakao"]).default("email"),
  ticket: z.string().max(4096).optional(),
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
const updatePwdBody = z.object({ email: emailField, password: z.string().max(64) });
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

const findMember = (c: Ctx, email: string) =>
  c.var.db.select({ type: members.type }).from(members).where(eq(members.email, email)).get();

type MemberRow = typeof members.$inferSelect;

/**
 * The profile response (spec section 3): the account's fields, the plan state's fields under the
 * spec's profile names, and the plan state itself (`planState`, lib/billing.ts). The tokens stay in
 * cookies and are not repeated here.
 */
const profile = (m: MemberRow, s: PlanState) => ({
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

/** True while a paid plan period remains (withdrawal is blocked then, spec section 4). */
export const paidPeriodRemains = (m: Pick<MemberRow, "plan" | "planEndAt">, now = Date.now()) =>
  m.plan !== "Free" && m.planEndAt !== null && m.planEndAt > now;

/** A uniform random 6-digit code (rejection sampling, no modulo bias). */
export function sixDigitCode() {
  const buf = new Uint32Array(1);
  do crypto.getRandomValues(buf);
  while (buf[0]! >= 4_294_000_000);
  return String(buf[0]! % 1_000_000).padStart(6, "0");
}

const codeHash = (purpose: string, email: string, code: string) => sha256Hex(`${purpose}:${email}:${code}`);

const certWhere = (email: string, purpose: "join" | "password") =>
  and(eq(emailCerts.email, email), eq(emailCerts.purpose, purpose));

/** True when `email` passed `checkcert` for `purpose` within the last 30 minutes. */
async function recentlyCertified(c: Ctx, email: string, purpose: "join" | "password") {
  const cert = await c.var.db.select({ verifiedAt: emailCerts.verifiedAt }).from(emailCerts).where(certWhere(email, purpose)).get();
  return !!cert?.verifiedAt && cert.verifiedAt >= Date.now() - CERT_VALID_AFTER_CHECK_MS;
}

const mailText = {
  ko: (code: string) => ({
    subject: `[보이스 스튜디오] 인증번호 ${code}`,
    text: `보이스 스튜디오 인증번호는 ${code} 입니다.\n${CERT_TTL_SECONDS / 60}분 안에 입력해 주세요. 요청하지 않으셨다면 이 메일을 무시해 주세요.`,
  }),
  en: (code: string) => ({
    subject: `[Voice Studio] Your verification code ${code}`,
    text: `Your Voice Studio verification code is ${code}.\nEnter it within ${CERT_TTL_SECONDS / 60} minutes. If you did not ask for it, you can ignore this mail.`,
  }),
};

/** Rate-limits, stores a new code (replacing any earlier one) and mails it; nothing is kept if the mail fails. */
async function sendCode(c: Ctx, email: string, purpose: "join" | "password") {
  for (const [name, subject] of [
    ["certMailPerAddress", email],
    ["certMailPerIp", clientIp(c.req.raw.headers)],
  ] as const) {
    if (!(await hit(c.env, name, subject)).allowed) return fail(c, Code.RATE_LIMITED);
  }
  const code = sixDigitCode();
  const row = { email, purpose, codeHash: await codeHash(purpose, email, code), expiresAt: Date.now() + CERT_TTL_SECONDS * 1000, attempts: 0, verifiedAt: null };
  await c.var.db
    .insert(emailCerts)
    .values(row)
    .onConflictDoUpdate({ target: [emailCerts.email, emailCerts.purpose], set: row });
  try {
    await createMailer(c.env, c.var.db).send({ to: email, ...mailText[c.var.locale](code) });
  } catch (err) {
    console.error("certification mail failed", err);
    await c.var.db.delete(emailCerts).where(certWhere(email, purpose));
    return fail(c, Code.MAIL_FAILED);
  }
  return ok(c, { expiresIn: CERT_TTL_SECONDS });
}

export const membersRoutes = new Hono<AppEnv>()
  /** The sign-up and withdrawal choice lists, in the request's language. */
  .post("/worklist", (c) => ok(c, localize(WORK, c.var.locale)))
  .post("/perposelist", (c) => ok(c, localize(PURPOSE, c.var.locale)))
  .post("/reasonlist", (c) =>
    ok(c, { studio: localize(REASONS.studio, c.var.locale), community: localize(REASONS.community, c.var.locale) }),
  )
  /** Sign-up, last step: a certified address, the required consents and a password that follows the rule. */
  /**
   * Sign-up, last step. E-mail: a certified address and a password that follows the rule. Social: the
   * ticket /snslogin answered. Both: the required consents, and no withdrawal of the address within 30 days.
   */
  .post("/createmember", jsonBody(createBody), async (c) => {
    const b = c.req.valid("json");
    let type: MemberRow["type"] = "email";
    let email = b.email;
    let profileImg = b.profile_img;
    if (b.type !== "email") {
      const ticket = b.ticket ? await verifySignupTicket(c.env, b.ticket) : null;
      if (!ticket || ticket.type !== b.type) return fail(c, Code.SIGNUP_TICKET_INVALID);
      ({ type, email } = ticket);
      profileImg = profileImg || ticket.profileImg;
    }
    if (!EMAIL.test(email)) return fail(c, Code.EMAIL_INVALID);
    const existing = await findMember(c, email);
    if (existing && existing.type !== type) return socialFail(c, existing.type);
    if (existing) return fail(c, Code.EMAIL_TAKEN);
    if (await withdrewRecently(c.env, c.var.db, email)) return fail(c, Code.REJOIN_TOO_SOON);
    if (type === "email" && !(await recentlyCertified(c, email, "join"))) return fail(c, Code.CERT_REQUIRED);
    if (!(b.agree_service && b.agree_privacy && b.age_over_14)) return fail(c, Code.TERMS_REQUIRED);
    if (type === "email" && !passwordFollowsRule(b.password)) return fail(c, Code.PASSWORD_RULE);
    if (type === "email" && isCommonPassword(b.password)) return fail(c, Code.PASSWORD_COMMON);

    const member = { id: crypto.randomUUID(), email };
    const nickname = email.split("@")[0]!;
    const inserted = await c.var.db
      .insert(members)
      .values({
        ...member,
        type,
        nickname,
        passwordHash: type === "email" ? await hashPassword(b.password) : null,
        firstname: b.firstname,
        secondname: b.lastName,
        gender: b.gender,
        phoneNumber: b.phone_number,
        work: b.work,
        belong: b.belong,
        purpose: b.perpose,
        marketing: b.marketing,
        locale: b.local,
        profileImg,
        createdAt: Date.now(),
      })
      .onConflictDoNothing()
      .returning({ id: members.id });
    // A concurrent sign-up with the same address won the unique index.
    if (inserted.length === 0) return fail(c, Code.EMAIL_TAKEN);
    if (type === "email") await c.var.db.delete(emailCerts).where(certWhere(email, "join"));
    const session = await issueSession(c.env, c.var.db, member);
    return ok(c, { ...session, type, email, nickname });
  })
  /** Password recovery, last step: a new password for an address certified with a "password" code. */
  .post("/updatepwd", jsonBody(updatePwdBody), async (c) => {
    const { email, password } = c.req.valid("json");
    if (!EMAIL.test(email)) return fail(c, Code.EMAIL_INVALID);
    const member = await c.var.db.select({ id: members.id, type: members.type }).from(members).where(eq(members.email, email)).get();
    if (!member) return fail(c, Code.EMAIL_NOT_REGISTERED);
    if (member.type !== "email") return socialFail(c, member.type);
    if (!(await recentlyCertified(c, email, "password"))) return fail(c, Code.CERT_REQUIRED);
    if (!passwordFollowsRule(password)) return fail(c, Code.PASSWORD_RULE);
    if (isCommonPassword(password)) return fail(c, Code.PASSWORD_COMMON);
    await c.var.db.update(members).set({ passwordHash: await hashPassword(password) }).where(eq(members.id, member.id));
    await c.var.db.delete(emailCerts).where(certWhere(email, "password"));
    // A reset password ends every existing session.
    await revokeAllSessions(c.var.db, member.id);
    return ok(c, { updated: true });
  })
  /** Re-checks the signed-in member's password (before termination, refund or withdrawal). */
  .post("/check_pwd", requireMember, jsonBody(checkPwdBody), async (c) => {
    const { pwd } = c.req.valid("json");
    if (!(await hit(c.env, "loginPerAccount", c.var.member.email)).allowed) return fail(c, Code.RATE_LIMITED);
    const row = await c.var.db.select({ hash: members.passwordHash }).from(members).where(eq(members.id, c.var.member.id)).get();
    if (!row) return fail(c, Code.LOGIN_REQUIRED);
    if (!row.hash || !(await verifyPassword(pwd, row.hash))) return fail(c, Code.PASSWORD_MISMATCH);
    return ok(c, { match: true });
  })
  /** The profile response (spec section 3). */
  .get("/getmember", requireMember, async (c) => {
    const m = await c.var.db.select().from(members).where(eq(members.id, c.var.member.id)).get();
    if (!m) return fail(c, Code.LOGIN_REQUIRED);
    return ok(c, profile(m, await planState(c.var.db, m, now(c))));
  })
  /** Account edit (spec: member update fields, plus the language); answers the updated profile. */
  .post("/updatemember", requireMember, jsonBody(updateBody), async (c) => {
    const b = c.req.valid("json");
    if (b.email !== undefined && b.email !== c.var.member.email) return fail(c, Code.BAD_REQUEST);
    const [m] = await c.var.db
      .update(members)
      .set({
        nickname: b.nickname,
        firstname: b.firstname,
        secondname: b.secondname,
        gender: b.gender,
        work: b.work,
        belong: b.belong,
        ...(b.marketing === undefined ? {} : { marketing: b.marketing }),
        ...(b.profile_img === undefined ? {} : { profileImg: b.profile_img }),
        ...(b.local === undefined ? {} : { locale: b.local }),
      })
      .where(eq(members.id, c.var.member.id))
      .returning();
    if (!m) return fail(c, Code.LOGIN_REQUIRED);
    return ok(c, profile(m, await planState(c.var.db, m, now(c))));
  })
  /** Marketing consent for the signed-in member's own address (Y by default, N to withdraw it). */
  .post("/marketingYN", requireMember, jsonBody(marketingBody), async (c) => {
    const { email, marketing } = c.req.valid("json");
    if (email !== c.var.member.email) return fail(c, Code.BAD_REQUEST);
    const [m] = await c.var.db
      .update(members)
      .set({ marketing })
      .where(eq(members.id, c.var.member.id))
      .returning({ marketing: members.marketing });
    if (!m) return fail(c, Code.LOGIN_REQUIRED);
    // The date goes into the notice of the change that consent rules ask for.
    return ok(c, { marketing: m.marketing, changedAt: new Date().toISOString() });
  })
  /**
   * Withdrawal: refused while a paid plan period remains; otherwise the answers are kept without the
   * member, the account and its sessions are deleted, and the address is kept only as a keyed hash
   * for the 30-day re-signup wait.
   */
  .post("/signout", requireMember, jsonBody(signoutBody), async (c) => {
    const b = c.req.valid("json");
    const m = await c.var.db.select().from(members).where(eq(members.id, c.var.member.id)).get();
    if (!m) return fail(c, Code.LOGIN_REQUIRED);
    if (paidPeriodRemains(m)) return fail(c, Code.WITHDRAW_PLAN_ACTIVE);
    await rememberWithdrawal(c.env, c.var.db, m.email);
    await c.var.db.batch([
      c.var.db.insert(withdrawals).values({ reasonStudio: b.reason_studio, reasonCommunity: b.reason_community, opinion: b.opinion, createdAt: Date.now() }),
      c.var.db.delete(emailCerts).where(eq(emailCerts.email, m.email)),
      // refresh_tokens go with the member (ON DELETE CASCADE).
      c.var.db.delete(members).where(eq(members.id, m.id)),
    ]);
    return ok(c, { withdrawn: true });
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
    if (!EMAIL.test(email)) return fail(c, Code.EMAIL_INVALID);
    for (const [name, subject] of [
      ["loginPerAccount", email],
      ["loginPerIp", clientIp(c.req.raw.headers)],
    ] as const) {
      if (!(await hit(c.env, name, subject)).allowed) return fail(c, Code.RATE_LIMITED);
    }
    const row = await c.var.db
      .select({ id: members.id, type: members.type, nickname: members.nickname, passwordHash: members.passwordHash })
      .from(members)
      .where(eq(members.email, email))
      .get();
    if (!row) return fail(c, Code.EMAIL_NOT_REGISTERED);
    if (row.type !== "email") return socialFail(c, row.type);
    if (!row.passwordHash || !(await verifyPassword(password, row.passwordHash))) return fail(c, Code.WRONG_PASSWORD);
    const session = await issueSession(c.env, c.var.db, { id: row.id, email });
    return ok(c, { ...session, type: "email", email, nickname: row.nickname });
  })
  /** Spec section 4: Bearer refresh token in, 8003 with a new pair out, or 8004 (expired, revoked or replayed). */
  .post("/getrefresh", async (c) => {
    const presented = bearerToken(c);
    const pair = presented ? await rotateSession(c.env, c.var.db, presented, now(c)) : null;
    if (!pair) return fail(c, Code.REFRESH_EXPIRED);
    return ok(c, pair, Code.TOKEN_REFRESHED);
  })
  /** Sign-up, step 1: is this address free? */
  .post("/checkemail", jsonBody(emailBody), async (c) => {
    const { email } = c.req.valid("json");
    if (!EMAIL.test(email)) return fail(c, Code.EMAIL_INVALID);
    // It tells whether an address is registered, so it is limited against enumeration.
    if (!(await hit(c.env, "checkEmailPerIp", clientIp(c.req.raw.headers))).allowed) return fail(c, Code.RATE_LIMITED);
    const member = await findMember(c, email);
    if (member && member.type !== "email") return socialFail(c, member.type);
    if (member) return fail(c, Code.EMAIL_TAKEN);
    if (await withdrewRecently(c.env, c.var.db, email)) return fail(c, Code.REJOIN_TOO_SOON);
    return ok(c, { available: true });
  })
  /** Sign-up: mail a certification code to a free address. */
  .post("/certemail", jsonBody(emailBody), async (c) => {
    const { email } = c.req.valid("json");
    if (!EMAIL.test(email)) return fail(c, Code.EMAIL_INVALID);
    const member = await findMember(c, email);
    if (member && member.type !== "email") return socialFail(c, member.type);
    if (member) return fail(c, Code.EMAIL_TAKEN);
    if (await withdrewRecently(c.env, c.var.db, email)) return fail(c, Code.REJOIN_TOO_SOON);
    return sendCode(c, email, "join");
  })
  /** Password recovery: mail a code to a registered e-mail account. */
  .post("/certemailpwd", jsonBody(emailBody), async (c) => {
    const { email } = c.req.valid("json");
    if (!EMAIL.test(email)) return fail(c, Code.EMAIL_INVALID);
    const member = await findMember(c, email);
    if (!member) return fail(c, Code.EMAIL_NOT_REGISTERED);
    if (member.type !== "email") return socialFail(c, member.type);
    return sendCode(c, email, "password");
  })
  /** Checks a code; a right one marks the address as certified for that purpose. */
  .post("/checkcert", jsonBody(checkBody), async (c) => {
    const { email, cert, type } = c.req.valid("json");
    if (!EMAIL.test(email)) return fail(c, Code.EMAIL_INVALID);
    if (!(await hit(c.env, "certCheckPerAddress", email)).allowed) return fail(c, Code.RATE_LIMITED);
    const where = certWhere(email, type);
    const row = await c.var.db.select().from(emailCerts).where(where).get();
    if (!row || row.expiresAt <= Date.now() || row.attempts >= CERT_MAX_ATTEMPTS) return fail(c, Code.CERT_EXPIRED);
    const given = new TextEncoder().encode(await codeHash(type, email, cert));
    const stored = new TextEncoder().encode(row.codeHash);
    const right = timingSafeEqual(given, stored);
    if (!right) {
      await c.var.db.update(emailCerts).set({ attempts: sql`${emailCerts.attempts} + 1` }).where(where);
      return fail(c, Code.CERT_WRONG);
    }
    await c.var.db.update(emailCerts).set({ verifiedAt: Date.now() }).where(where);
    return ok(c, { certified: true });
  });
