// The voice card every voice list answers (contracts/voices.ts VoiceCard): the library, top and recommended
// voices, the voice detail. Names and tags in the asked locale (lib/labels.ts).
import type { VoiceCard } from "../../../../../contracts/voices";
import type { Member } from "../../env";
import type { Locale } from "../../lib/codes";
import { AGES, CATEGORIES, FEATURES, GENDERS, label, TONES } from "../../lib/labels";
import type { VoiceRow } from "../voices";

/** The average score to one decimal, or null before the first rating. */
export const ratingAverage = (count: number, sum: number) => (count > 0 ? Math.round((sum / count) * 10) / 10 : null);

/** A voice as a card for `member` (null: a visitor): `mine` and the hidden mark only for its creator. */
export function voiceCard(v: VoiceRow, locale: Locale, member: Member | null, bookmarked = false): VoiceCard {
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
