import { encodeBase64urlNoPadding } from "@oslojs/encoding";
import { and, eq, sql } from "drizzle-orm";
import { emailCerts } from "#db/schema";
import type { Bindings } from "../../env";
import { createMailer } from "../../integrations/mailer";
import { Code, fill, type Locale } from "../../lib/codes";
import { sha256Hex, timingSafeEqual } from "../../lib/crypto";
import { done, refusal, type Result } from "../../lib/envelope";
import { CERT_MAIL } from "../../lib/labels";
import { hit, withinLimits } from "../../lib/rate-limit";
import type { Db } from "../scope";
import { validEmail } from "./members";

/** Spec section 9: certification codes are valid for 180 s. */
export const CERT_TTL_SECONDS = 180;
/** Wrong guesses allowed for one code before it must be requested again. */
export const CERT_MAX_ATTEMPTS = 5;
/** A certified address may complete sign-up within this time after its code was checked. */
export const CERT_VALID_AFTER_CHECK_MS = 30 * 60 * 1000;

/** What a code certifies: a sign-up, or a password recovery. */
export type CertPurpose = "join" | "password";

/** A uniform random 6-digit code (rejection sampling, no modulo bias). */
export function sixDigitCode() {
  const buf = new Uint32Array(1);
  do crypto.getRandomValues(buf);
  while (buf[0]! >= 4_294_000_000);
  return String(buf[0]! % 1_000_000).padStart(6, "0");
}

const codeHash = (purpose: string, email: string, code: string) => sha256Hex(`${purpose}:${email}:${code}`);

const certWhere = (email: string, purpose: CertPurpose) => and(eq(emailCerts.email, email), eq(emailCerts.purpose, purpose));

const ticketHash = (purpose: string, email: string, ticket: string) => sha256Hex(`ticket:${purpose}:${email}:${ticket}`);

/**
 * True when `email` passed `checkCode` for `purpose` within the last 30 minutes and `ticket` is the one that check
 * answered (docs/decisions/0056): knowing an address that its owner has just certified is not enough to set its
 * password or to sign it up.
 */
export async function certifiedWith(db: Db, email: string, purpose: CertPurpose, ticket: string | undefined) {
  if (!ticket) return false;
  const cert = await db
    .select({ verifiedAt: emailCerts.verifiedAt, ticketHash: emailCerts.ticketHash })
    .from(emailCerts)
    .where(certWhere(email, purpose))
    .get();
  if (!cert?.verifiedAt || !cert.ticketHash || cert.verifiedAt < Date.now() - CERT_VALID_AFTER_CHECK_MS) return false;
  const encode = (text: string) => new TextEncoder().encode(text);
  return timingSafeEqual(encode(await ticketHash(purpose, email, ticket)), encode(cert.ticketHash));
}

/** Ends a certification once it was used (the sign-up or the new password is saved). */
export const forgetCertification = (db: Db, email: string, purpose: CertPurpose) => db.delete(emailCerts).where(certWhere(email, purpose));

/**
 * Rate-limits (per address and per client IP), stores a new code (replacing any earlier one) and
 * mails it in `locale`; nothing is kept if the mail fails (5020).
 */
export async function mailCode(
  env: Bindings,
  db: Db,
  email: string,
  purpose: CertPurpose,
  by: { ip: string; locale: Locale },
): Promise<Result<{ expiresIn: number }>> {
  const allowed = await withinLimits(env, [
    ["certMailPerAddress", email],
    ["certMailPerIp", by.ip],
  ]);
  if (!allowed) return refusal(Code.RATE_LIMITED);
  const code = sixDigitCode();
  const row = {
    email,
    purpose,
    codeHash: await codeHash(purpose, email, code),
    expiresAt: Date.now() + CERT_TTL_SECONDS * 1000,
    attempts: 0,
    verifiedAt: null,
    ticketHash: null,
  };
  await db
    .insert(emailCerts)
    .values(row)
    .onConflictDoUpdate({ target: [emailCerts.email, emailCerts.purpose], set: row });
  const params = { code, minutes: CERT_TTL_SECONDS / 60 };
  try {
    await createMailer(env, db).send({
      to: email,
      subject: fill(CERT_MAIL.subject[by.locale], by.locale, params),
      text: fill(CERT_MAIL.text[by.locale], by.locale, params),
    });
  } catch (err) {
    console.error("certification mail failed", err);
    await forgetCertification(db, email, purpose);
    return refusal(Code.MAIL_FAILED);
  }
  return done({ expiresIn: CERT_TTL_SECONDS });
}

/**
 * Checks a code (limited per address; 5 wrong guesses end it); a right one certifies the address for `purpose` and
 * answers a ticket, which the sign-up or the new password must present (`certifiedWith`). The same right code
 * checked again (a double submit) answers a new ticket, and only the newest one counts.
 */
export async function checkCode(
  env: Bindings,
  db: Db,
  email: string,
  cert: string,
  purpose: CertPurpose,
): Promise<Result<{ certified: true; ticket: string }>> {
  if (!validEmail(email)) return refusal(Code.EMAIL_INVALID);
  if (!(await hit(env, "certCheckPerAddress", email)).allowed) return refusal(Code.RATE_LIMITED);
  const where = certWhere(email, purpose);
  const row = await db.select().from(emailCerts).where(where).get();
  if (!row || row.expiresAt <= Date.now() || row.attempts >= CERT_MAX_ATTEMPTS) return refusal(Code.CERT_EXPIRED);
  const given = new TextEncoder().encode(await codeHash(purpose, email, cert));
  const stored = new TextEncoder().encode(row.codeHash);
  if (!timingSafeEqual(given, stored)) {
    await db
      .update(emailCerts)
      .set({ attempts: sql`${emailCerts.attempts} + 1` })
      .where(where);
    return refusal(Code.CERT_WRONG);
  }
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  const ticket = encodeBase64urlNoPadding(bytes);
  await db
    .update(emailCerts)
    .set({ verifiedAt: Date.now(), ticketHash: await ticketHash(purpose, email, ticket) })
    .where(where);
  return done({ certified: true as const, ticket });
}
