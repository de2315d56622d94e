import { and, eq } from "drizzle-orm";
import { inferences, voices } from "../../../../../db/schema";
import { Code } from "../../lib/codes";
import { done, refusal } from "../../lib/envelope";
import { sharedLetter } from "../labs/letters";
import type { Db, MemberScope } from "../scope";
import { ownResult } from "./results";

/** An unguessable share id: 128 random bits, base64url (22 characters). */
const shareId = () => {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes))
    .replaceAll("+", "-")
    .replaceAll("/", "_")
    .replace(/=+$/, "");
};

const shareOut = (id: string) => ({ share_id: id, url: `/share/${id}` });

/** Shares a result as a public page in the member's language; sharing again answers the same page. */
export async function shareResult(s: MemberScope, id: string) {
  const row = await ownResult(s, id);
  if (!row) return refusal(Code.NOT_FOUND);
  if (row.shareId) return done(shareOut(row.shareId));
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const [set] = await s.db
        .update(inferences)
        .set({ shareId: shareId(), shareLocale: s.locale })
        .where(and(eq(inferences.id, row.id), eq(inferences.memberId, s.member.id)))
        .returning({ shareId: inferences.shareId });
      if (set?.shareId) return done(shareOut(set.shareId));
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
  /^[A-Za-z0-9_-]{22}$/.test(id) ? db.select().from(inferences).where(eq(inferences.shareId, id)).get() : Promise.resolve(undefined);

/** What the share page shows: the result's voice, length and date, and where its audio is. */
export async function sharePage(db: Db, id: string) {
  const row = await sharedResult(db, id);
  if (!row) return refusal(Code.NOT_FOUND);
  const voice = await db.select({ name: voices.name, id: voices.id }).from(voices).where(eq(voices.id, row.voiceId)).get();
  return done({
    share_id: row.shareId,
    locale: row.shareLocale ?? "ko",
    method: row.method,
    voice: {
      id: row.voiceId,
      name: voice?.name ?? { ko: row.voiceId, en: row.voiceId },
      profileImageURL: `/api/v1/voices/${encodeURIComponent(row.voiceId)}/image`,
    },
    duration: row.durationMs / 1000,
    createdAt: row.createdAt,
    audioURL: `/api/v1/share/${row.shareId}/audio`,
    /** Its video letter (issue 20), or null. */
    video: await sharedLetter(db, row.shareId!, row.id),
  });
}
