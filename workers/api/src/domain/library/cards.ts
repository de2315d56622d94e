// The voice card every voice list answers (contracts/voices.ts VoiceCard): the library, top and recommended
// voices, the voice detail. Names and tags in the asked locale (lib/labels.ts).
import { and, eq, inArray } from "drizzle-orm";
import { voiceBookmarks, voices } from "#db/schema";
import { VOICE_CARDS_MAX, type VoiceCard } from "#contracts/voices";
import type { Member } from "../../env";
import type { Locale } from "../../lib/codes";
import { AGES, CATEGORIES, FEATURES, GENDERS, label, TONES } from "../../lib/labels";
import { recommendedVoices, topVoices, visibleTo, type VoiceRow } from "../voices";
import type { Db } from "../scope";

/** Who asks (a member, or null for a visitor) and in which language: list.ts's `Viewer`, which imports this module. */
type Viewer = { db: Db; member: Pick<Member, "id"> | null; locale: Locale };

/** The average score to one decimal, or null before the first rating. */
export const ratingAverage = (count: number, sum: number) => (count > 0 ? Math.round((sum / count) * 10) / 10 : null);

/** A voice as a card for `member` (null: a visitor): `mine` and the hidden mark only for its creator. */
export function voiceCard(v: VoiceRow, locale: Locale, member: Pick<Member, "id"> | null, bookmarked = false): VoiceCard {
  const mine = !!member && v.ownerId === member.id;
  return {
    id: v.id,
    type: v.type,
    lang: v.lang,
    name: v.name[locale],
    pr: v.intro[locale],
    profileImageURL: `/api/v1/voices/${encodeURIComponent(v.id)}/image`,
    audioURL: `/api/v1/voices/${encodeURIComponent(v.id)}/sample`,
    features: v.features.map((f) => label(FEATURES, f, locale)),
    useCases: v.categories.map((f) => label(CATEGORIES, f, locale)),
    tags: {
      tone: { code: v.tone, name: label(TONES, v.tone, locale) },
      gender: { code: v.gender, name: label(GENDERS, v.gender, locale) },
      age: { code: v.age, name: label(AGES, v.age, locale) },
      features: v.features,
      categories: v.categories,
    },
    usageCount: v.usageCount,
    ratingAverage: ratingAverage(v.ratingCount, v.ratingSum),
    ratingCount: v.ratingCount,
    bookmarkCount: v.bookmarkCount,
    bookmarked,
    mine,
    createdAt: v.createdAt,
    hidden: mine && v.hiddenAt !== null ? { at: v.hiddenAt, reason: v.hiddenReason ?? "" } : null,
  };
}

/** Top 5 voices of the week as cards with their week's uses: GET /voices/top and the dashboard home (GET /member/home). */
export async function topVoiceCards(v: Viewer) {
  const rows = await topVoices(v.db, v.member);
  return rows.map((r) => ({ ...voiceCard(r.v, v.locale, v.member), weekUses: r.week }));
}

/** The AI-recommended voices as cards: GET /voices/recommended and the dashboard home. */
export async function recommendedVoiceCards(v: Viewer & { member: Pick<Member, "id"> }) {
  return (await recommendedVoices(v.db, v.member, v.locale)).map((row) => voiceCard(row, v.locale, v.member));
}

/**
 * GET /voices/cards: the cards of up to `VOICE_CARDS_MAX` voices in one query, in the order asked, each
 * only when the caller may see it (`visibleTo`, the rule of GET /voices/:id: another member's custom voice, a hidden or
 * a deleted one is left out, as an unknown id is), with the caller's bookmark. The studio picker's chosen voices.
 */
export async function voiceCardsOf(v: Viewer, ids: string[]): Promise<VoiceCard[]> {
  const wanted = [...new Set(ids)].slice(0, VOICE_CARDS_MAX);
  if (wanted.length === 0) return [];
  const [rows, marked] = await Promise.all([
    v.db
      .select()
      .from(voices)
      .where(and(inArray(voices.id, wanted), visibleTo(v.member))),
    v.member
      ? v.db
          .select({ id: voiceBookmarks.voiceId })
          .from(voiceBookmarks)
          .where(and(eq(voiceBookmarks.memberId, v.member.id), inArray(voiceBookmarks.voiceId, wanted)))
      : Promise.resolve([]),
  ]);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const bookmarked = new Set(marked.map((m) => m.id));
  return wanted.flatMap((id) => {
    const row = byId.get(id);
    return row ? [voiceCard(row, v.locale, v.member, bookmarked.has(id))] : [];
  });
}
