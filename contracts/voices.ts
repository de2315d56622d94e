/**
 * The voice library as the api answers it and the app reads it (docs/decisions/0028): the voice
 * card and detail, the library's query (tabs, tag filters, sorts, paging), ratings, comments and reports.
 * The api builds these in workers/api/src/routes/voices.ts; the pages (dashboard library, voice detail,
 * studio voice pickers, dashboard home) read them. No runtime dependencies.
 */

/** Voice kinds (spec section 1): basic (provider, commercial use), open (members', public, personal use), custom (private). */
export const VOICE_KINDS = ["basic", "open", "custom"] as const;
export type VoiceKind = (typeof VOICE_KINDS)[number];

/**
 * Usage terms of each kind (spec section 1): basic voices may be used commercially; open voices are free for
 * every member for personal use, copyright not guaranteed; custom voices are private to their creator.
 */
export const VOICE_TERMS = { basic: "commercial", open: "personal", custom: "private" } as const satisfies Record<VoiceKind, string>;
export type VoiceTerms = (typeof VOICE_TERMS)[VoiceKind];

/** Languages a voice speaks. */
export const VOICE_LANGS = ["ko", "en"] as const;
export type VoiceLang = (typeof VOICE_LANGS)[number];

/** Spec section 3, "Voice tags". The ko/en names are the api's (workers/api/src/lib/labels.ts). */
export const VOICE_TONES = ["low", "medium", "high"] as const;
export const VOICE_GENDERS = ["male", "female", "other"] as const;
export const VOICE_AGES = ["child", "teen", "young", "middle", "senior", "other"] as const;
/** Mood/feature tags: a voice has exactly two. */
export const VOICE_MOODS = [
  "calm",
  "bright",
  "warm",
  "trustworthy",
  "energetic",
  "soft",
  "cute",
  "charismatic",
  "friendly",
  "serious",
] as const;
/** Content categories (spec: useCases). */
export const VOICE_CATEGORIES = [
  "narration",
  "advertising",
  "education",
  "audiobook",
  "news",
  "game",
  "kids",
  "documentary",
  "podcast",
  "announcement",
] as const;
export type VoiceTone = (typeof VOICE_TONES)[number];
export type VoiceGender = (typeof VOICE_GENDERS)[number];
export type VoiceAge = (typeof VOICE_AGES)[number];
export type VoiceMood = (typeof VOICE_MOODS)[number];
export type VoiceCategory = (typeof VOICE_CATEGORIES)[number];

/**
 * The tags' names in Korean and English, the one source of both the api's labels (workers/api/src/lib/labels.ts,
 * the names in its answers) and the app's library bundle (app/locales/{ko,en}/library.ts, the filters and forms).
 */
export const VOICE_TAG_NAMES = {
  tone: {
    low: { ko: "낮은 톤", en: "Low" },
    medium: { ko: "중간 톤", en: "Medium" },
    high: { ko: "높은 톤", en: "High" },
  },
  gender: {
    male: { ko: "남성", en: "Male" },
    female: { ko: "여성", en: "Female" },
    other: { ko: "기타", en: "Other" },
  },
  age: {
    child: { ko: "어린이", en: "Child" },
    teen: { ko: "청소년", en: "Teen" },
    young: { ko: "청년", en: "Young adult" },
    middle: { ko: "중년", en: "Middle-aged" },
    senior: { ko: "노년", en: "Senior" },
    other: { ko: "기타", en: "Other" },
  },
  mood: {
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
  },
  category: {
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
  },
} as const satisfies {
  tone: Record<VoiceTone, Record<VoiceLang, string>>;
  gender: Record<VoiceGender, Record<VoiceLang, string>>;
  age: Record<VoiceAge, Record<VoiceLang, string>>;
  mood: Record<VoiceMood, Record<VoiceLang, string>>;
  category: Record<VoiceCategory, Record<VoiceLang, string>>;
};
export type VoiceTagKind = keyof typeof VOICE_TAG_NAMES;

/** One kind of tag's names in one language, by code (what a locale bundle holds). */
export function voiceTagNames<K extends VoiceTagKind>(kind: K, locale: VoiceLang): Record<keyof (typeof VOICE_TAG_NAMES)[K], string> {
  const names = VOICE_TAG_NAMES[kind] as Record<string, Record<VoiceLang, string>>;
  return Object.fromEntries(Object.entries(names).map(([code, name]) => [code, name[locale]])) as Record<
    keyof (typeof VOICE_TAG_NAMES)[K],
    string
  >;
}

/**
 * The library's tabs (spec: My library, Event, Open voice, Basic, Custom, Bookmark). `mine` is what the
 * member made (open and custom voices) and saved (bookmarked); `custom` is the member's own custom voices;
 * `event` the voices an operator features now. Without a tab: every voice the caller may use (the studio's
 * voice pickers). `mine`, `custom` and `bookmark` need a login (8000 otherwise).
 */
export const LIBRARY_TABS = ["mine", "event", "open", "basic", "custom", "bookmark"] as const;
export type LibraryTab = (typeof LIBRARY_TABS)[number];

/**
 * Sorts, each with a stable tie-break by id: popular (most bookmarked, then most used), newest (created
 * last), rating (highest average, then most ratings), usage (most generations and conversions).
 */
export const LIBRARY_SORTS = ["popular", "newest", "rating", "usage"] as const;
export type LibrarySort = (typeof LIBRARY_SORTS)[number];

/** Paging of the library and of comments. `page` starts at 1. */
export const LIBRARY_PAGE = { defaultLimit: 24, maxLimit: 100 } as const;
export const COMMENT_PAGE = { defaultLimit: 20, maxLimit: 50 } as const;
/** Longest name search (`q`), in characters. */
export const LIBRARY_QUERY_MAX = 40;

/**
 * `GET /api/v1/voices` query parameters. Every tag filter takes one or more codes, repeated
 * (`tone=low&tone=high`) or comma-joined (`tone=low,high`): a voice matches a filter when it has any of
 * its codes, and every given filter must match. `lang` filters the language the voice speaks; `locale`
 * (or the `lang` header) is the language of names and labels. `q` searches names in both languages.
 */
export type LibraryQuery = {
  tab?: LibraryTab;
  tone?: VoiceTone[];
  gender?: VoiceGender[];
  age?: VoiceAge[];
  mood?: VoiceMood[];
  category?: VoiceCategory[];
  lang?: VoiceLang[];
  q?: string;
  sort?: LibrarySort;
  page?: number;
  limit?: number;
  locale?: VoiceLang;
};

/** A tag as shown: its code and its name in the asked locale. */
export type VoiceTag = { code: string; name: string };

/** A voice card (spec section 3, "Voice card": type, name, pr, profileImageURL, audioURL, features, useCases) and more. */
export type VoiceCard = {
  id: string;
  type: VoiceKind;
  lang: VoiceLang;
  name: string;
  /** The one-line introduction. */
  pr: string;
  profileImageURL: string;
  /** The sample clip (MP3, Range). */
  audioURL: string;
  /** Mood/feature names in the asked locale. */
  features: string[];
  /** Content category names in the asked locale. */
  useCases: string[];
  tags: { tone: VoiceTag; gender: VoiceTag; age: VoiceTag; features: string[]; categories: string[] };
  /** Generations and conversions that used the voice. */
  usageCount: number;
  /** Average score (1-5, one decimal), or null before the first rating. */
  ratingAverage: number | null;
  ratingCount: number;
  bookmarkCount: number;
  bookmarked: boolean;
  /** The caller made this voice (open or custom). */
  mine: boolean;
  /** Milliseconds since the epoch. */
  createdAt: number;
  /**
   * Hidden by an operator: only the creator still sees the voice (marked with the operator's reason);
   * nobody else can list, hear or use it. Null when not hidden (always null for everyone but the creator).
   */
  hidden: { at: number; reason: string } | null;
};

/** `GET /api/v1/voices`: one page of cards. */
export type VoicePage = {
  voices: VoiceCard[];
  page: number;
  limit: number;
  /** Voices matching the query, across all pages. */
  total: number;
  /** The query as the api understood it (defaults filled in), to keep in the page's URL. */
  query: Required<Pick<LibraryQuery, "sort" | "page" | "limit">> & Omit<LibraryQuery, "sort" | "page" | "limit" | "locale">;
};

/**
 * `GET /api/v1/voices/cards?ids=a,b` (or `ids=a&ids=b`): the cards of up to `VOICE_CARDS_MAX` voices in one
 * call, in the order asked, each only when the caller may see it (as `GET /voices/:id`); the rest are left out.
 */
export const VOICE_CARDS_MAX = 20;

/** `GET /api/v1/voices/:id`: the voice detail. */
export type VoiceDetail = VoiceCard & {
  /** The kind's usage terms, as a code and a sentence in the asked locale. */
  terms: { code: VoiceTerms; text: string };
  /** The creator's nickname for open and custom voices, null for basic voices. */
  creator: { nickname: string } | null;
  /** The caller's own score, or null (always null for a visitor). */
  myRating: number | null;
  /** The caller has reported this voice (a second report answers 4400, HTTP 409). */
  reported: boolean;
  /** Reports of this voice: a number for its creator only (never who reported), null for everyone else. */
  reportCount: number | null;
  commentCount: number;
  /** The feature period when the voice is featured now (Event tab), else null. */
  event: { startsAt: number; endsAt: number } | null;
};

/** Report categories (spec: "Voice report: category (3 choices) and description"); comments use the same three. */
export const REPORT_CATEGORIES = ["rights", "offensive", "other"] as const;
export type ReportCategory = (typeof REPORT_CATEGORIES)[number];
/** Longest report description, in characters (optional for rights and offensive, required for other). */
export const REPORT_DESCRIPTION_MAX = 500;

/** `PUT /api/v1/voices/:id/rating {score}` (the limits in ./voice-feedback.ts). */
export { RATING_MIN, RATING_MAX } from "./voice-feedback";
export type RatingAnswer = { score: number; ratingAverage: number | null; ratingCount: number };

/** `POST /api/v1/voices/:id/comments {text}` and `PATCH /comments/:id {text}` (the limit in ./voice-feedback.ts). */
export { COMMENT_MAX } from "./voice-feedback";

export type VoiceComment = {
  id: string;
  voiceId: string;
  text: string;
  author: { nickname: string };
  /** The caller wrote it (may edit and delete it). */
  mine: boolean;
  /** The caller reported it. */
  reported: boolean;
  createdAt: number;
  /** Last edit, or null. */
  editedAt: number | null;
  /** Hidden by an operator: shown to its author only, with the reason; null otherwise. */
  hidden: { at: number; reason: string } | null;
};

/** `GET /api/v1/voices/:id/comments?page&limit`: newest first. */
export type CommentPage = { comments: VoiceComment[]; page: number; limit: number; total: number };

/** `POST /api/v1/voices/:id/report` and `POST /api/v1/comments/:id/report` `{category, description}`. */
export type ReportRequest = { category: ReportCategory; description?: string };
export type ReportAnswer = { reported: true };

/** `POST|DELETE /api/v1/voices/:id/bookmark`. */
export type BookmarkAnswer = { bookmarked: boolean };
