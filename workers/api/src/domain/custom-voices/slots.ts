import { and, asc, eq, isNull, ne } from "drizzle-orm";
import { members, voices } from "#db/schema";
import type { CustomVoiceSlots } from "#contracts/custom-voices";
import { customVoiceSlots } from "../../lib/allowance";
import { Code } from "../../lib/codes";
import { done, refusal } from "../../lib/envelope";
import type { Db, MemberScope } from "../scope";

/*
 * Custom voice slots (spec sections 4 and 9): the plan's `cv_cnt` slots (-1 unlimited), the
 * one-time choice of which custom voices to keep after a plan change left more voices than slots
 * (`members.must_choose_cv`, set by the renewal), and the rule that a voice over the slots cannot be
 * used until the choice is made. Custom voices keep their files in R2 under one prefix per voice, so
 * deleting a voice deletes every file it had.
 */

/** The R2 prefix of one custom voice's files (recordings, profile image), deleted with the voice. */
export const customVoicePrefix = (memberId: string, voiceId: string) => `voices/custom/${memberId}/${voiceId}/`;

/** Deletes the R2 files of the given custom voices: their own prefix and their cached sample clips. */
export async function deleteCustomVoiceFiles(media: R2Bucket, memberId: string, voiceIds: string[]) {
  for (const id of voiceIds) {
    for (const prefix of [customVoicePrefix(memberId, id), `voices/samples/${id}-`]) {
      let cursor: string | undefined;
      do {
        const page = await media.list({ prefix, cursor, limit: 1000 });
        if (page.objects.length > 0) await media.delete(page.objects.map((o) => o.key));
        cursor = page.truncated ? page.cursor : undefined;
      } while (cursor);
    }
  }
}

/** How long a failed custom voice's row stays (the wizard's failure and a 1:1 inquiry about it): the content retention's 30 days. */
export const FAILED_CUSTOM_VOICE_KEEP_MS = 30 * 86_400_000;

/**
 * The daily cron: failed custom voices older than `FAILED_CUSTOM_VOICE_KEEP_MS` are deleted, rows and any file left
 * under their prefix (a failure deletes the files at once; this catches what a crash in between left). At most
 * `limit` a run; a backlog drains over the following days. Answers how many went.
 */
export async function purgeFailedCustomVoices(env: { DB: D1Database; MEDIA: R2Bucket }, now = Date.now(), limit = 200) {
  const { results } = await env.DB.prepare(
    "SELECT id, owner_id AS ownerId FROM voices WHERE type = 'custom' AND status = 'failed' AND created_at < ?1 ORDER BY created_at LIMIT ?2",
  )
    .bind(now - FAILED_CUSTOM_VOICE_KEEP_MS, limit)
    .all<{ id: string; ownerId: string | null }>();
  for (const v of results) if (v.ownerId) await deleteCustomVoiceFiles(env.MEDIA, v.ownerId, [v.id]);
  for (let i = 0; i < results.length; i += 50) {
    const ids = results.slice(i, i + 50).map((v) => v.id);
    await env.DB.prepare("DELETE FROM voices WHERE type = 'custom' AND status = 'failed' AND id IN (SELECT value FROM json_each(?1))")
      .bind(JSON.stringify(ids))
      .run();
  }
  return results.length;
}

/** The member's custom voices, oldest first (the order that decides which are over the slots while a choice is due). */
const customVoicesOf = (db: Db, memberId: string) =>
  db
    .select({ id: voices.id, name: voices.name, intro: voices.intro, lang: voices.lang, createdAt: voices.createdAt })
    .from(voices)
    // The voices that take a slot: being made or made (a failed one gave its slot back, a deleted one is gone).
    .where(and(eq(voices.ownerId, memberId), eq(voices.type, "custom"), isNull(voices.deletedAt), ne(voices.status, "failed")))
    .orderBy(asc(voices.createdAt), asc(voices.id));

const mustChoose = async (db: Db, memberId: string) =>
  (await db.select({ due: members.mustChooseCv }).from(members).where(eq(members.id, memberId)).get())?.due ?? false;

/** The voices over `slots` (-1 unlimited) while a choice is due: the oldest `slots` stay usable, newer ones wait. */
const overOf = (oldestFirst: { id: string }[], slots: number, due: boolean) =>
  new Set(due && slots >= 0 ? oldestFirst.slice(slots).map((v) => v.id) : []);

/** The ids of the member's custom voices that are over the plan's slots (none unless a choice is due). */
export async function overSlotVoiceIds(db: Db, d1: D1Database, memberId: string): Promise<Set<string>> {
  if (!(await mustChoose(db, memberId))) return new Set();
  const [slots, mine] = await Promise.all([customVoiceSlots(d1, memberId), customVoicesOf(db, memberId)]);
  return overOf(mine, slots?.slots ?? 0, true);
}

/** The refusal for generating or converting with `voice` when it is a custom voice over the slots, else null. */
export async function overSlotsRefusal(db: Db, d1: D1Database, memberId: string, voice: { id: string; type: string }) {
  if (voice.type !== "custom") return null;
  return (await overSlotVoiceIds(db, d1, memberId)).has(voice.id) ? refusal(Code.CUSTOM_VOICE_OVER_SLOTS) : null;
}

/** GET /voices/slots: the plan's slots, how many are used, the member's custom voices and whether a choice is due. */
export async function slotsOf(s: MemberScope) {
  const [slots, mine, due] = await Promise.all([
    customVoiceSlots(s.env.DB, s.member.id),
    customVoicesOf(s.db, s.member.id),
    mustChoose(s.db, s.member.id),
  ]);
  const n = slots?.slots ?? 0;
  const over = overOf(mine, n, due);
  const answer: CustomVoiceSlots = {
    slots: n,
    unlimited: n < 0,
    used: mine.length,
    mustChoose: due,
    voices: mine.map((v) => ({
      id: v.id,
      name: v.name[s.locale],
      intro: v.intro[s.locale],
      lang: v.lang,
      createdAt: new Date(v.createdAt).toISOString(),
      profileImageURL: `/api/v1/voices/${encodeURIComponent(v.id)}/image`,
      audioURL: `/api/v1/voices/${encodeURIComponent(v.id)}/sample`,
      overSlots: over.has(v.id),
    })),
  };
  return done(answer);
}

/**
 * POST /voices/slots/keep: the one-time choice after a plan change left more custom voices than slots.
 * The member keeps up to `slots` of their own custom voices; the rest are deleted with their files.
 * The flag is cleared in the same transaction as the deletion and only while it is set, so a second
 * choice (or a concurrent double submit) is refused with SLOT_CHOICE_NOT_DUE and deletes nothing.
 */
export async function keepVoices(s: MemberScope, keep: string[]) {
  const [slots, mine, due] = await Promise.all([
    customVoiceSlots(s.env.DB, s.member.id),
    customVoicesOf(s.db, s.member.id),
    mustChoose(s.db, s.member.id),
  ]);
  if (!due) return refusal(Code.SLOT_CHOICE_NOT_DUE);
  const n = slots?.slots ?? 0;
  const own = new Set(mine.map((v) => v.id));
  const wanted = new Set(keep);
  if (wanted.size !== keep.length || keep.some((id) => !own.has(id)) || (n >= 0 && keep.length > n))
    return refusal(Code.SLOT_CHOICE_INVALID, { params: { slots: Math.max(0, n) } });
  const doomed = mine.filter((v) => !wanted.has(v.id)).map((v) => v.id);
  const d1 = s.env.DB;
  const results = await d1.batch([
    d1.prepare("UPDATE members SET must_choose_cv = 0 WHERE id = ?1 AND must_choose_cv = 1").bind(s.member.id),
    // changes(): 1 when this request cleared the flag; a second (or concurrent) choice deletes nothing.
    d1
      .prepare(`DELETE FROM voices WHERE owner_id = ?1 AND type = 'custom' AND id IN (SELECT value FROM json_each(?2)) AND changes() = 1`)
      .bind(s.member.id, JSON.stringify(doomed)),
  ]);
  if ((results[0]?.meta.changes ?? 0) !== 1) return refusal(Code.SLOT_CHOICE_NOT_DUE);
  await deleteCustomVoiceFiles(s.env.MEDIA, s.member.id, doomed);
  // Their remote voices were queued by the deletion (migration 0029); the route deletes them after the answer.
  return done({ kept: keep, deleted: doomed });
}
