import type { Locale } from "./codes";

type Labels = Record<string, Record<Locale, string>>;

/** Spec section 3, "Voice tags": tone, gender, age, mood/features (pick 2) and content categories. */
export const TONES: Labels = {
  low: { ko: "낮은 톤", en: "Low" },
  medium: { ko: "중간 톤", en: "Medium" },
  high: { ko: "높은 톤", en: "High" },
};
export const GENDERS: Labels = {
  male: { ko: "남성", en: "Male" },
  female: { ko: "여성", en: "Female" },
  other: { ko: "기타", en: "Other" },
};
export const AGES: Labels = {
  child: { ko: "어린이", en: "Child" },
  teen: { ko: "청소년", en: "Teen" },
  young: { ko: "청년", en: "Young adult" },
  middle: { ko: "중년", en: "Middle-aged" },
  senior: { ko: "노년", en: "Senior" },
  other: { ko: "기타", en: "Other" },
};
export const FEATURES: Labels = {
  calm: { ko: "차분한", en: "Calm" },
  bright: { ko: "밝은", en: "Bright" },
  warm: { ko: "따뜻한", en: "Warm" },
  trustworthy: { ko: "신뢰감 있는", en: "Trustworthy" },
  energetic: { ko: "활기찬", en: "Energetic" },
  soft: { ko: "부드러운", en: "Soft" },
  cute: { ko: "귀여운", en: "Cute" },
  charismatic: { ko: "카리스마 있는", en: "Charismatic" },
  friendly: { ko: "친근한", en: "Friendly" },
  serious: { ko: "진지한", en: "Serious" },
};
export const CATEGORIES: Labels = {
  narration: { ko: "내레이션", en: "Narration" },
  advertising: { ko: "광고", en: "Advertising" },
  education: { ko: "교육", en: "Education" },
  audiobook: { ko: "오디오북", en: "Audiobook" },
  news: { ko: "뉴스", en: "News" },
  game: { ko: "게임·애니메이션", en: "Games and animation" },
  kids: { ko: "키즈", en: "Kids" },
  documentary: { ko: "다큐멘터리", en: "Documentary" },
  podcast: { ko: "팟캐스트", en: "Podcast" },
  announcement: { ko: "안내 방송", en: "Announcements" },
};

export const label = (labels: Labels, code: string, locale: Locale) => labels[code]?.[locale] ?? code;

/**
 * Which content categories suit a member's sign-up answers (job codes of `work`, purpose codes of
 * `perpose`; workers/api/src/lib/member-lists.ts): the basis of "AI-recommended voices".
 */
export const CATEGORIES_FOR_ANSWER: Record<string, string[]> = {
  creator: ["narration", "advertising", "game"],
  marketer: ["advertising", "announcement"],
  podcaster: ["podcast", "audiobook"],
  educator: ["education", "kids"],
  developer: ["announcement", "education"],
  designer: ["advertising", "narration"],
  student: ["education", "narration"],
  office: ["announcement", "education"],
  business: ["advertising", "announcement"],
  narration: ["narration", "documentary"],
  advertising: ["advertising"],
  podcast: ["podcast", "audiobook"],
  education: ["education", "kids"],
  game: ["game", "kids"],
  hobby: ["audiobook", "narration"],
  api: ["announcement", "news"],
};
