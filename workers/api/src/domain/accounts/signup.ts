import { members } from "#db/schema";
import type { Bindings } from "../../env";
import { Code, type Locale } from "../../lib/codes";
import { done, refusal, type Refusal, type Result } from "../../lib/envelope";
import { hashPassword } from "../../lib/password";
import { hit } from "../../lib/rate-limit";
import { issueSession } from "../../lib/tokens";
import type { Db } from "../scope";
import { certifiedWith, forgetCertification, mailCode } from "./certification";
import { accountOf, nicknameOf, otherLoginType, passwordRefusal, validEmail, type LoginType } from "./members";
import { verifySignupTicket } from "./signup-ticket";
import { withdrewRecently } from "./withdrawal";

/**
 * Why `email` cannot sign up with `type`: an account of another login type (4103, naming it), an
 * account already (4104), or a withdrawal less than 30 days ago (4113); null when it is free.
 */
async function takenRefusal(env: Bindings, db: Db, email: string, type: LoginType): Promise<Refusal | null> {
  const existing = await accountOf(db, email);
  if (existing && existing.type !== type) return otherLoginType(existing.type);
  if (existing) return refusal(Code.EMAIL_TAKEN);
  if (await withdrewRecently(env, db, email)) return refusal(Code.REJOIN_TOO_SOON);
  return null;
}

/** Sign-up, step 1: is this address free? It tells whether an address is registered, so it is limited per client IP. */
export async function checkEmailFree(env: Bindings, db: Db, email: string, ip: string): Promise<Result<{ available: true }>> {
  if (!validEmail(email)) return refusal(Code.EMAIL_INVALID);
  if (!(await hit(env, "checkEmailPerIp", ip)).allowed) return refusal(Code.RATE_LIMITED);
  return (await takenRefusal(env, db, email, "email")) ?? done({ available: true as const });
}

/** Sign-up: mails a certification code to a free address. */
export async function mailSignupCode(env: Bindings, db: Db, email: string, by: { ip: string; locale: Locale }) {
  if (!validEmail(email)) return refusal(Code.EMAIL_INVALID);
  return (await takenRefusal(env, db, email, "email")) ?? mailCode(env, db, email, "join", by);
}

/** The sign-up form (spec: member-create fields plus the three consents), as /createmember takes it. */
export type SignupForm = {
  /** "email", or a social provider whose sign-up brings the ticket /snslogin answered. */
  type: LoginType;
  email: string;
  ticket?: string;
  /** E-mail: the ticket /checkcert answered for the address (docs/decisions/0056). */
  cert_ticket?: string;
  password: string;
  firstname: string;
  lastName: string;
  gender: string;
  phone_number: string;
  work: string;
  belong: string;
  perpose: string;
  marketing: "Y" | "N";
  local: "ko" | "en";
  profile_img: string;
  agree_service: boolean;
  agree_privacy: boolean;
  age_over_14: boolean;
};

/**
 * Sign-up, last step. E-mail: a certified address and a password that follows the rule. Social: the
 * ticket /snslogin answered. Both: the required consents, and no withdrawal of the address within 30
 * days. Answers a session for the new member.
 */
export async function createMember(env: Bindings, db: Db, form: SignupForm) {
  let type: LoginType = "email";
  let email = form.email;
  let profileImg = form.profile_img;
  if (form.type !== "email") {
    const ticket = form.ticket ? await verifySignupTicket(env, form.ticket) : null;
    if (!ticket || ticket.type !== form.type) return refusal(Code.SIGNUP_TICKET_INVALID);
    ({ type, email } = ticket);
    profileImg = profileImg || ticket.profileImg;
  }
  if (!validEmail(email)) return refusal(Code.EMAIL_INVALID);
  const taken = await takenRefusal(env, db, email, type);
  if (taken) return taken;
  if (type === "email" && !(await certifiedWith(db, email, "join", form.cert_ticket))) return refusal(Code.CERT_REQUIRED);
  if (!(form.agree_service && form.agree_privacy && form.age_over_14)) return refusal(Code.TERMS_REQUIRED);
  const weak = type === "email" ? passwordRefusal(form.password) : null;
  if (weak) return weak;

  const member = { id: crypto.randomUUID(), email };
  const nickname = nicknameOf(email);
  const inserted = await db
    .insert(members)
    .values({
      ...member,
      type,
      nickname,
      passwordHash: type === "email" ? await hashPassword(form.password) : null,
      firstname: form.firstname,
      secondname: form.lastName,
      gender: form.gender,
      phoneNumber: form.phone_number,
      work: form.work,
      belong: form.belong,
      purpose: form.perpose,
      marketing: form.marketing,
      locale: form.local,
      profileImg,
      createdAt: Date.now(),
    })
    .onConflictDoNothing()
    .returning({ id: members.id });
  // A concurrent sign-up with the same address won the unique index.
  if (inserted.length === 0) return refusal(Code.EMAIL_TAKEN);
  if (type === "email") await forgetCertification(db, email, "join");
  const session = await issueSession(env, db, member);
  return done({ ...session, type, email, nickname });
}
