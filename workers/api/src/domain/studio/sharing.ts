import { encodeBase64urlNoPadding } from "@oslojs/encoding";
import { and, desc, eq, inArray, isNotNull, isNull } from "drizzle-orm";
import { inferences, voices } from "#db/schema";
import { Code } from "../../lib/codes";
import { done, refusal } from "../../lib/envelope";
import { letterIds, sharedLetter } from "../labs/letters";
import type { Db, MemberScope } from "../scope";
import { liveResult, ownResult } from "./results";

/** An unguessable share id: 128 random bits, base64url (22 characters). */
const shareId = () => {
  return encodeBase64urlNoPadding(crypto.getRandomValues(new Uint8Array(16)));
};

const shareOut = (id: string) => ({ share_id: id, url: `/share/${id}` });

/**
 * Shares a result as a public page in the member's language; sharing again answers the same page. With
 * `replyTo` (a share id) the result answers that shared result ("reply with my voice"): its page
 * links to the original, and the original's page lists it. The original must still be shared (4621), and a
 * result cannot answer itself.
 */
export async function shareResult(s: MemberScope, id: string, replyTo?: string) {
  const row = await ownResult(s, id);
  if (!row) return refusal(Code.NOT_FOUND);
  if (replyTo) {
    const original = await sharedResult(s.db, replyTo);
    if (!original || original.id === row.id) return refusal(Code.REPLY_TARGET_GONE);
    if (row.replyTo !== original.id)
      await s.db
        .update(inferences)
        .set({ replyTo: original.id })
        .where(and(eq(inferences.id, row.id), eq(inferences.memberId, s.member.id)));
  }
  if (row.shareId) return done(shareOut(row.shareId));
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      // Only a result not shared yet gets a new id: of two shares at once (a double click, two tabs), the second
      // answers the first one's link instead of replacing it (a link already handed out would stop working).
      const [set] = await s.db
        .update(inferences)
        .set({ shareId: shareId(), shareLocale: s.locale })
        .where(and(eq(inferences.id, row.id), eq(inferences.memberId, s.member.id), isNull(inferences.shareId)))
        .returning({ shareId: inferences.shareId });
      if (set?.shareId) return done(shareOut(set.shareId));
      const current = await ownResult(s, id);
      if (current?.shareId) return done(shareOut(current.shareId));
      if (!current) return refusal(Code.NOT_FOUND);
    } catch (err) {
      // A collision of 128 random bits: try another id.
      console.error("share id", err);
    }
  }
  return refusal(Code.SHARE_FAILED);
}

/** Revokes a share: the page and its audio answer "not found" from then on. */
export async function revokeShare(s: MemberScope, id: string) {
  const [row] = await s.db
    .update(inferences)
    .set({ shareId: null, shareLocale: null })
    .where(and(eq(inferences.id, id), eq(inferences.memberId, s.member.id)))
    .returning({ id: inferences.id });
  return row ? done({ revoked: true as const }) : refusal(Code.NOT_FOUND);
}

/** A shared result, to anyone with its link. */
export const sharedResult = (db: Db, id: string) =>
  /^[A-Za-z0-9_-]{22}$/.test(id)
    ? db
        .select()
        .from(inferences)
        .where(and(eq(inferences.shareId, id), liveResult))
        .get()
    : Promise.resolve(undefined);

/** At most this many replies are listed on a share page, newest first. */
const REPLIES_SHOWN = 20;

/**
 * What the share page shows: the result's voice, length and date, and where its audio is; the shared result it
 * answers (while that is still shared) and its own shared replies.
 */
export async function sharePage(db: Db, id: string) {
  const row = await sharedResult(db, id);
  if (!row) return refusal(Code.NOT_FOUND);
  const [original, replies] = await Promise.all([
    row.replyTo
      ? db
          .select({ shareId: inferences.shareId, voiceId: inferences.voiceId })
          .from(inferences)
          .where(and(eq(inferences.id, row.replyTo), isNotNull(inferences.shareId), liveResult))
          .get()
      : undefined,
    db
      .select({ id: inferences.id, shareId: inferences.shareId, voiceId: inferences.voiceId, createdAt: inferences.createdAt })
      .from(inferences)
      .where(and(eq(inferences.replyTo, row.id), isNotNull(inferences.shareId), liveResult))
      .orderBy(desc(inferences.createdAt))
      .limit(REPLIES_SHOWN),
  ]);
  // Which replies are video letters (a letter answered with a letter).
  const withVideo = await letterIds(
    db,
    replies.map((r) => r.id),
  );
  const voiceIds = [...new Set([row.voiceId, ...(original ? [original.voiceId] : []), ...replies.map((r) => r.voiceId)])];
  const names = await db.select({ name: voices.name, id: voices.id }).from(voices).where(inArray(voices.id, voiceIds));
  const nameOf = (voiceId: string) => names.find((v) => v.id === voiceId)?.name ?? { ko: voiceId, en: voiceId };
  const voice = names.find((v) => v.id === row.voiceId);
  return done({
    // The share id it was found by (the row's `shareId`, which the column's type cannot say is set).
    share_id: id,
    locale: row.shareLocale ?? "ko",
    method: row.method,
    /** How a conversion was made ("register" or "resynthesis"; null for speech from text), named on the page. */
    conversion: row.conversion ?? null,
    voice: {
      id: row.voiceId,
      name: voice?.name ?? { ko: row.voiceId, en: row.voiceId },
      profileImageURL: `/api/v1/voices/${encodeURIComponent(row.voiceId)}/image`,
    },
    duration: row.durationMs / 1000,
    createdAt: row.createdAt,
    audioURL: `/api/v1/share/${row.shareId}/audio`,
    replyTo: original?.shareId
      ? { share_id: original.shareId, url: `/share/${original.shareId}`, voiceName: nameOf(original.voiceId) }
      : null,
    replies: replies.map((r) => ({
      share_id: r.shareId!,
      url: `/share/${r.shareId}`,
      voiceName: nameOf(r.voiceId),
      createdAt: r.createdAt,
      video: withVideo.has(r.id),
    })),
    /** Its video letter, or null. */
    video: await sharedLetter(db, row.shareId!, row.id),
  });
}
