import type { Locale, Localized } from "./codes";
import type { DeclineKind } from "#contracts/billing";
import { VOICE_TAG_NAMES } from "#contracts/voices";

/**
 * Text that is data, not a result: names shown beside codes (voice tags, choice lists, login
 * providers) and names given when the user gave none. Results and their messages are in `codes.ts`;
 * both hold ko/en text as `Localized`.
 */

/** Labels by code. */
export type Labels = Record<string, Localized>;
/** A choice of a list the client shows (`{code, name}` in the request's language). */
export type Choice = { code: string; name: Localized };

export const label = (labels: Labels, code: string, locale: Locale) => labels[code]?.[locale] ?? code;
export const localize = (items: Choice[], locale: Locale) => items.map((i) => ({ code: i.code, name: i.name[locale] }));

/** How each login type is named in the "registered with another provider" message (4103). */
export const LOGIN_TYPES: Labels = {
  email: { ko: "이메일", en: "email" },
  google: { ko: "구글", en: "Google" },
  naver: { ko: "네이버", en: "Naver" },
  kakao: { ko: "카카오", en: "Kakao" },
};

/** Names given when the user gave none: a new project, an STS recording without a file name. */
export const UNTITLED_PROJECT: Localized = { ko: "제목 없는 프로젝트", en: "Untitled project" };
export const UNTITLED_RECORDING: Localized = { ko: "녹음", en: "Recording" };
/** A ready custom voice's name until its owner names it in the profile step ({n}: its number among the owner's voices; at most 14 characters). */
export const CUSTOM_VOICE_NAME: Localized = { ko: "내 보이스 {n}", en: "My voice {n}" };

/** The certification mail ({code}: the six digits; {minutes}: how long it is valid). */
export const CERT_MAIL: { subject: Localized; text: Localized } = {
  subject: { ko: "[보이스 스튜디오] 인증번호 {code}", en: "[Voice Studio] Your verification code {code}" },
  text: {
    ko: "보이스 스튜디오 인증번호는 {code} 입니다.\n{minutes}분 안에 입력해 주세요. 요청하지 않으셨다면 이 메일을 무시해 주세요.",
    en: "Your Voice Studio verification code is {code}.\nEnter it within {minutes} minutes. If you did not ask for it, you can ignore this mail.",
  },
};

/**
 * The dormancy notice (domain/accounts/dormancy.ts), mailed 30 days before an account is separated: the date,
 * what is stored apart, and how to keep the account ({date}).
 */
export const DORMANCY_MAIL: { subject: Localized; text: Localized } = {
  subject: { ko: "[보이스 스튜디오] 휴면 계정 전환 안내", en: "[Voice Studio] Your account will become dormant" },
  text: {
    ko: "1년 동안 보이스 스튜디오에 로그인하지 않으셔서 {date}에 계정이 휴면 상태로 전환됩니다.\n휴면 전환 후에는 이메일, 닉네임, 이름, 성별, 전화번호, 직업, 소속, 이용 목적, 프로필 이미지와 비밀번호가 다른 회원의 정보와 분리되어 보관됩니다.\n계정을 계속 쓰시려면 그 전에 로그인해 주세요. 휴면 전환 후에도 다시 로그인하면 계정이 복구됩니다.",
    en: "You have not logged in to Voice Studio for a year, so your account will become dormant on {date}.\nThen your email, nickname, names, gender, phone number, job, affiliation, purposes, profile image and password are stored apart from other members' data.\nLog in before that date to keep the account active. After it, logging in again restores the account.",
  },
};

/** A coupon an operator issued to a member ({num}: the coupon number; {plan}; {days}). */
export const COUPON_MAIL: { subject: Localized; text: Localized } = {
  subject: { ko: "[보이스 스튜디오] 쿠폰이 발급되었습니다", en: "[Voice Studio] A coupon for you" },
  text: {
    ko: "{plan} 요금제를 {days}일 동안 이용할 수 있는 쿠폰이 발급되었습니다.\n쿠폰 번호: {num}\n내 요금제 화면의 쿠폰 등록에서 입력해 주세요.",
    en: "You received a coupon for the {plan} plan for {days} days.\nCoupon number: {num}\nEnter it under 'Register a coupon' on your plan page.",
  },
};

/** The mail a member gets when an operator answers their 1:1 inquiry (the answer itself is read on the site). */
export const INQUIRY_ANSWER_MAIL: { subject: Localized; text: Localized } = {
  subject: { ko: "[보이스 스튜디오] 1:1 문의에 답변이 등록되었습니다", en: "[Voice Studio] Your question has an answer" },
  text: {
    ko: "문의하신 내용(문의 번호 {no})에 답변이 등록되었습니다.\n대시보드의 고객센터 > 1:1 문의에서 확인해 주세요.",
    en: "Your question (no. {no}) has an answer.\nRead it under Help > 1:1 questions in your dashboard.",
  },
};

/** The 1:1 inquiry categories (spec section 3: account, service use, payment/refund, other). */
export const INQUIRY_CATEGORIES: Choice[] = [
  { code: "account", name: { ko: "계정", en: "Account" } },
  { code: "service", name: { ko: "서비스 이용", en: "Using the service" } },
  { code: "payment", name: { ko: "결제·환불", en: "Payment and refund" } },
  { code: "other", name: { ko: "기타", en: "Other" } },
];

/** Sign-up question 1 (spec: job list; chosen codes are joined by commas into `work`). */
export const WORK: Choice[] = [
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
export const PURPOSE: Choice[] = [
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
export const REASONS: Record<"studio" | "community", Choice[]> = {
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

/** Spec section 3, "Voice tags": tone, gender, age, mood/features (pick 2) and content categories (one source: contracts/voices.ts). */
export const TONES: Labels = VOICE_TAG_NAMES.tone;
export const GENDERS: Labels = VOICE_TAG_NAMES.gender;
export const AGES: Labels = VOICE_TAG_NAMES.age;
export const FEATURES: Labels = VOICE_TAG_NAMES.mood;
export const CATEGORIES: Labels = VOICE_TAG_NAMES.category;

/** What a card decline means, by kind (domain/billing/declines.ts; members never read the gateway's raw text). */
export const DECLINES: Record<DeclineKind, Localized> = {
  limit: { ko: "카드 한도를 초과했습니다.", en: "The card's limit was exceeded." },
  balance: { ko: "카드 잔액이 부족합니다.", en: "The card's balance is insufficient." },
  expired: { ko: "카드 유효기간이 지났습니다.", en: "The card has expired." },
  blocked: { ko: "분실, 정지 등으로 사용할 수 없는 카드입니다.", en: "The card cannot be used (reported lost, suspended or similar)." },
  invalid: { ko: "카드 정보가 올바르지 않습니다.", en: "The card details are not valid." },
  unverified: {
    ko: "결제 내용을 확인하지 못해 결제를 취소했습니다. 청구된 금액이 있다면 돌려드립니다. 다시 시도해 주세요.",
    en: "The payment could not be verified and was cancelled; anything charged is given back. Please try again.",
  },
  abandoned: {
    ko: "PayPal에서 결제를 마치지 않아 결제되지 않았습니다.",
    en: "The payment was not completed at PayPal; nothing was charged.",
  },
  interrupted: {
    ko: "결제가 중간에 끊겼고 카드사에 결제 내역이 없어 청구되지 않았습니다. 다시 시도해 주세요.",
    en: "The payment was interrupted and the card company has no record of it; nothing was charged. Please try again.",
  },
  declined: {
    ko: "카드사에서 결제를 거절했습니다. 카드사에 문의해 주세요.",
    en: "The card issuer declined the payment. Please contact your card issuer.",
  },
};
/** The usage terms of each voice kind (spec section 1; contracts/voices.ts VOICE_TERMS), shown on the voice detail. */
export const VOICE_TERMS_TEXT: Labels = {
  commercial: {
    ko: "기본 보이스: 무료이며 상업적으로 이용할 수 있어요.",
    en: "Basic voice: free, and commercial use is allowed.",
  },
  personal: {
    ko: "오픈 보이스: 모든 회원이 무료로 개인적인 용도에 쓸 수 있어요. 저작권은 보장되지 않아요.",
    en: "Open voice: free for every member for personal use. Copyright is not guaranteed.",
  },
  private: {
    ko: "커스텀 보이스: 만든 분만 쓸 수 있는 비공개 보이스예요.",
    en: "Custom voice: private, usable only by its creator.",
  },
};

/** Report categories (spec: three choices; contracts/voices.ts REPORT_CATEGORIES), for the operator console. */
export const REPORT_CATEGORY_NAMES: Labels = {
  rights: { ko: "권리 침해(저작권·초상권·무단 목소리 사용)", en: "Rights infringement (copyright, someone's voice used without consent)" },
  offensive: { ko: "불쾌하거나 해로운 내용", en: "Offensive or harmful content" },
  other: { ko: "기타", en: "Other" },
};

/** What an avatar has too much of (labs): the `{part}` of AVATAR_TOO_COMPLEX. */
export const AVATAR_PARTS: Labels = {
  meshes: { ko: "메시 수", en: "meshes" },
  primitives: { ko: "메시 조각 수", en: "mesh parts" },
  textures: { ko: "텍스처 수", en: "textures" },
  vertices: { ko: "정점 수", en: "vertices" },
  textureSide: { ko: "텍스처 한 변 픽셀", en: "pixels on a texture's side" },
};
