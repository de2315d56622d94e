import type { Locale } from "./codes";

type Item = { code: string; name: Record<Locale, string> };

/** Sign-up question 1 (spec: job list; chosen codes are joined by commas into `work`). */
export const WORK: Item[] = [
  { code: "creator", name: { ko: "크리에이터·유튜버", en: "Creator or YouTuber" } },
  { code: "marketer", name: { ko: "마케터", en: "Marketer" } },
  { code: "podcaster", name: { ko: "팟캐스터", en: "Podcaster" } },
  { code: "educator", name: { ko: "교육자·강사", en: "Educator or instructor" } },
  { code: "developer", name: { ko: "개발자", en: "Developer" } },
  { code: "designer", name: { ko: "디자이너", en: "Designer" } },
  { code: "student", name: { ko: "학생", en: "Student" } },
  { code: "office", name: { ko: "회사원", en: "Office worker" } },
  { code: "business", name: { ko: "자영업·사업자", en: "Business owner" } },
  { code: "other", name: { ko: "기타", en: "Other" } },
];

/** Sign-up question 3 (spec: purpose list; "other" adds free text). */
export const PURPOSE: Item[] = [
  { code: "narration", name: { ko: "영상 내레이션", en: "Video narration" } },
  { code: "advertising", name: { ko: "광고·마케팅", en: "Advertising and marketing" } },
  { code: "podcast", name: { ko: "팟캐스트·오디오북", en: "Podcasts and audiobooks" } },
  { code: "education", name: { ko: "교육 콘텐츠", en: "Educational content" } },
  { code: "game", name: { ko: "게임·애니메이션", en: "Games and animation" } },
  { code: "hobby", name: { ko: "개인 취미", en: "Personal hobby" } },
  { code: "api", name: { ko: "서비스 연동(API)", en: "Integration in a service (API)" } },
  { code: "other", name: { ko: "기타", en: "Other" } },
];

/** Withdrawal reasons (spec: reason_studio and reason_community). */
export const REASONS: Record<"studio" | "community", Item[]> = {
  studio: [
    { code: "quality", name: { ko: "음성 품질이 기대에 못 미쳐요", en: "The voice quality fell short" } },
    { code: "price", name: { ko: "요금이 부담돼요", en: "It costs too much" } },
    { code: "hard", name: { ko: "사용하기 어려워요", en: "It is hard to use" } },
    { code: "unused", name: { ko: "더 이상 쓸 일이 없어요", en: "I no longer need it" } },
    { code: "other", name: { ko: "기타", en: "Other" } },
  ],
  community: [
    { code: "voices", name: { ko: "원하는 보이스가 없어요", en: "The voices I want are missing" } },
    { code: "content", name: { ko: "불쾌한 콘텐츠를 봤어요", en: "I saw offensive content" } },
    { code: "privacy", name: { ko: "개인정보가 걱정돼요", en: "I worry about my privacy" } },
    { code: "other", name: { ko: "기타", en: "Other" } },
  ],
};

export const localize = (items: Item[], locale: Locale) => items.map((i) => ({ code: i.code, name: i.name[locale] }));
