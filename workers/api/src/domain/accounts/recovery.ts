import { eq } from "drizzle-orm";
import { members } from "#db/schema";
import type { Bindings } from "../../env";
import { Code, type Locale } from "../../lib/codes";
import { done, refusal } from "../../lib/envelope";
import { hashPassword } from "../../lib/password";
import { withinLimits } from "../../lib/rate-limit";
import { revokeAllSessions } from "../../lib/tokens";
import type { Db } from "../scope";
import { certifiedWith, forgetCertification, mailCode } from "./certification";
import { wakeDormant } from "./dormancy";
import { accountOf, otherLoginType, passwordRefusal, validEmail } from "./members";

/** The e-mail account of `email`, or why its password cannot be recovered (4101, 4102, 4103). */
async function recoverable(db: Db, email: string) {
  if (!validEmail(email)) return refusal(Code.EMAIL_INVALID);
  const member = await accountOf(db, email);
  if (!member) return refusal(Code.EMAIL_NOT_REGISTERED);
  if (member.type !== "email") return otherLoginType(member.type);
  return done(member);
}

/** Password recovery, step 1: mails a code to a registered e-mail account. */
export async function mailRecoveryCode(env: Bindings, db: Db, email: string, by: { ip: string; locale: Locale }) {
  const account = await recoverable(db, email);
  return account.ok ? mailCode(env, db, email, "password", by) : account;
}

/**
 * Password recovery, last step: a new password for an address certified with a "password" code; every session ends.
 * Limited per address and per client IP, as a login is.
 */
export async function resetPassword(
  env: Bindings,
  db: Db,
  input: { email: string; password: string; ticket: string | undefined },
  ip: string,
) {
  const { email, password, ticket } = input;
  if (!validEmail(email)) return refusal(Code.EMAIL_INVALID);
  const allowed = await withinLimits(env, [
    ["updatePwdPerAccount", email],
    ["updatePwdPerIp", ip],
  ]);
  if (!allowed) return refusal(Code.RATE_LIMITED);
  const account = await recoverable(db, email);
  if (!account.ok) return account;
  if (!(await certifiedWith(db, email, "password", ticket))) return refusal(Code.CERT_REQUIRED);
  const weak = passwordRefusal(password);
  if (weak) return weak;
  // A dormant account recovered by a code mailed to its address comes back (domain/accounts/dormancy.ts).
  if (account.value.dormant) await wakeDormant(db, email);
  await db
    .update(members)
    .set({ passwordHash: await hashPassword(password) })
    .where(eq(members.id, account.value.id));
  await forgetCertification(db, email, "password");
  // A reset password ends every existing session.
  await revokeAllSessions(db, account.value.id);
  return done({ updated: true as const });
}
