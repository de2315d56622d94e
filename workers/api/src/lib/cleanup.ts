import { and, inArray, isNull, lt, or } from "drizzle-orm";
import type { DrizzleD1Database } from "drizzle-orm/d1";
import { emailCerts, notifyDedup, notifyReports, oauthStates, rateLimits, refreshTokens, stsSources, withdrawnEmails } from "#db/schema";
import type * as schema from "#db/schema";
import { releaseAudio } from "./media";
import { LIMITS } from "./rate-limit";
import { REJOIN_WAIT_MS } from "../domain/accounts/withdrawal";

type Db = DrizzleD1Database<Record<string, unknown>>;

/** The longest rate-limit window: a counter older than that no longer limits anything. */
const LONGEST_WINDOW_MS = Math.max(...Object.values(LIMITS).map((l) => l.windowSeconds)) * 1000;
/** A checked code keeps a sign-up or recovery open for 30 minutes (domain/accounts/certification.ts); keep it a little longer. */
const CERT_KEEP_MS = 60 * 60 * 1000;

/** Spec section 9: logs (the error reports of /api/notify) are kept 3 months. */
export const REPORT_KEEP_MS = 90 * 24 * 60 * 60 * 1000;
/** A report fingerprint older than a day no longer deduplicates anything (the window is 2 s). */
const DEDUP_KEEP_MS = 24 * 60 * 60 * 1000;

/**
 * Deletes rows that can no longer matter: rate-limit windows that have passed, codes that expired
 * (and were not checked within the last hour), refresh tokens past their expiry (a rotated token is
 * kept until then for reuse detection), used-up OAuth states, and withdrawn addresses past the
 * 30-day wait, error reports past the 3-month log retention and their fingerprints. Run by the daily cron trigger (wrangler.toml); returns the count per table.
 */
export async function cleanUp(db: Db, now = Date.now()) {
  const [limits, certs, tokens, states, withdrawn, reports] = await db.batch([
    db.delete(rateLimits).where(lt(rateLimits.windowStart, now - LONGEST_WINDOW_MS)),
    db
      .delete(emailCerts)
      .where(
        and(lt(emailCerts.expiresAt, now - CERT_KEEP_MS), or(isNull(emailCerts.verifiedAt), lt(emailCerts.verifiedAt, now - CERT_KEEP_MS))),
      ),
    db.delete(refreshTokens).where(lt(refreshTokens.expiresAt, now)),
    db.delete(oauthStates).where(lt(oauthStates.expiresAt, now)),
    db.delete(withdrawnEmails).where(lt(withdrawnEmails.withdrawnAt, now - REJOIN_WAIT_MS)),
    db.delete(notifyReports).where(lt(notifyReports.receivedAt, now - REPORT_KEEP_MS)),
    db.delete(notifyDedup).where(lt(notifyDedup.lastAt, now - DEDUP_KEEP_MS)),
  ]);
  return {
    rateLimits: limits.meta.changes,
    emailCerts: certs.meta.changes,
    refreshTokens: tokens.meta.changes,
    oauthStates: states.meta.changes,
    withdrawnEmails: withdrawn.meta.changes,
    notifyReports: reports.meta.changes,
  };
}

/** Spec section 9: uploaded content is kept up to 30 days after its last change. */
export const UPLOAD_KEEP_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * Deletes checked recordings (STS uploads) older than 30 days, and their files unless a conversion
 * still keeps one as its original. A few hundred per run: the daily cron catches up on the rest.
 */
export async function expireUploads(db: DrizzleD1Database<typeof schema>, media: R2Bucket, now = Date.now()) {
  const old = await db
    .select({ id: stsSources.id, key: stsSources.audioKey })
    .from(stsSources)
    .where(lt(stsSources.createdAt, now - UPLOAD_KEEP_MS))
    .limit(500);
  if (old.length === 0) return 0;
  for (let i = 0; i < old.length; i += 50) {
    await db.delete(stsSources).where(
      inArray(
        stsSources.id,
        old.slice(i, i + 50).map((r) => r.id),
      ),
    );
  }
  await releaseAudio(
    db,
    media,
    old.map((r) => r.key),
  );
  return old.length;
}
