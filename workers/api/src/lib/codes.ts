/**
 * Saying a result code: its message in each locale (./messages/) with its placeholders filled, and its HTTP status.
 * The codes themselves are in `../contracts/codes.ts` (shared with the app); handlers pick a code, the envelope helpers
 * pick the message. 8000, 8003 and 8004 come from the spec (section 8); the rest are ours.
 */
import { Code } from "#contracts/codes";
import { isParticle, josa } from "#contracts/josa";
import { messages, type Locale, type Localized } from "./messages";

export { Code, messages, type Locale, type Localized };

/** The spec's `lang` header: "kr" (and "ko") mean Korean, "en" English; anything else falls back to Korean. */
export function localeFromHeader(value: string | undefined | null): Locale {
  const v = (value ?? "").trim().toLowerCase();
  if (v.startsWith("en")) return "en";
  return "ko";
}

/** Values of `{name}` placeholders: text, a number (grouped as the locale writes it) or a label in both locales. */
export type MessageParams = Record<string, string | number | Localized>;

/**
 * `text` with its `{name}` placeholders filled from `params` (an unknown placeholder stays as it is); `{name|이/가}`
 * adds the particle the value's last sound takes (contracts/josa.ts): 카카오로, 서연이.
 */
export const fill = (text: string, locale: Locale, params: MessageParams = {}) =>
  text.replace(/\{(\w+)(?:\|([^{}|]+))?\}/g, (whole, name: string, particle: string | undefined) => {
    const value = params[name];
    if (value === undefined) return whole;
    const filled = typeof value === "number" ? formatCount(value, locale) : typeof value === "string" ? value : value[locale];
    return particle !== undefined && isParticle(particle) ? josa(filled, particle) : filled;
  });

/** The message of `code` in `locale`, its placeholders filled (an empty value leaves no trailing space): the one way to say a result to the user. */
export const message = (code: Code, locale: Locale, params?: MessageParams) => fill(messages[code][locale], locale, params).trim();

/** A count as the spec formats numbers (ko-KR grouping; en-US for English). */
export const formatCount = (n: number, locale: Locale) => n.toLocaleString(locale === "ko" ? "ko-KR" : "en-US");

/** A day as people read it in the locale: "2026년 12월 24일", "December 24, 2026" (UTC). */
export const formatDate = (ms: number, locale: Locale) =>
  new Date(ms).toLocaleDateString(locale === "ko" ? "ko-KR" : "en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });

/** A length in seconds as people read it: "2분 30초", "2 min 30 s", "45초", "45 s". */
export function formatDuration(seconds: number, locale: Locale) {
  const s = Math.max(0, Math.round(seconds));
  const m = Math.floor(s / 60);
  const r = s % 60;
  if (locale === "ko") return m === 0 ? `${r}초` : r === 0 ? `${m}분` : `${m}분 ${r}초`;
  // A number and its unit never part at the end of a line (a no-break space, as app/lib/units.ts).
  return m === 0 ? `${r}\u00a0s` : r === 0 ? `${m}\u00a0min` : `${m}\u00a0min ${r}\u00a0s`;
}

/** HTTP status that goes with each code. */
export const httpStatus: Record<Code, 200 | 400 | 401 | 402 | 403 | 404 | 405 | 409 | 410 | 413 | 415 | 416 | 429 | 500 | 502 | 503> = {
  [Code.OK]: 200,
  [Code.BAD_REQUEST]: 400,
  [Code.MALFORMED_JSON]: 400,
  [Code.UNSUPPORTED_MEDIA_TYPE]: 415,
  [Code.NOT_FOUND]: 404,
  [Code.METHOD_NOT_ALLOWED]: 405,
  [Code.CROSS_SITE]: 403,
  [Code.PAYLOAD_TOO_LARGE]: 413,
  [Code.EMAIL_INVALID]: 400,
  [Code.EMAIL_NOT_REGISTERED]: 404,
  [Code.EMAIL_SOCIAL]: 409,
  [Code.EMAIL_TAKEN]: 409,
  [Code.CERT_WRONG]: 400,
  [Code.CERT_EXPIRED]: 400,
  [Code.CERT_REQUIRED]: 400,
  [Code.PASSWORD_RULE]: 400,
  [Code.PASSWORD_COMMON]: 400,
  [Code.WRONG_PASSWORD]: 401,
  [Code.TERMS_REQUIRED]: 400,
  [Code.PASSWORD_MISMATCH]: 400,
  [Code.REJOIN_TOO_SOON]: 409,
  [Code.WITHDRAW_PLAN_ACTIVE]: 409,
  [Code.SOCIAL_STATE_INVALID]: 400,
  [Code.SOCIAL_NOT_CONFIGURED]: 404,
  [Code.SOCIAL_EMAIL_MISSING]: 400,
  [Code.SIGNUP_TICKET_INVALID]: 400,
  [Code.TEXT_EMPTY]: 400,
  [Code.TEXT_TOO_LONG]: 400,
  [Code.TEXT_INVALID_CHARS]: 400,
  [Code.CHARS_SHORT]: 402,
  [Code.CHARS_EXHAUSTED]: 402,
  [Code.PROJECT_LIMIT]: 402,
  [Code.VOICE_NOT_FOUND]: 404,
  [Code.FIRST_PARAGRAPH]: 400,
  [Code.AUDIO_NOT_READY]: 409,
  [Code.AUDIO_EMPTY]: 400,
  [Code.AUDIO_TOO_LARGE]: 413,
  [Code.AUDIO_NOT_AUDIO]: 415,
  [Code.AUDIO_UNSUPPORTED]: 415,
  [Code.AUDIO_CORRUPT]: 400,
  [Code.AUDIO_SILENT]: 400,
  [Code.AUDIO_TOO_LONG]: 402,
  [Code.AUDIO_OVER_MAX]: 400,
  [Code.TIME_EXHAUSTED]: 402,
  [Code.RANGE_NOT_SATISFIABLE]: 416,
  [Code.RECORDING_TOO_SHORT]: 400,
  [Code.RECORDING_TOO_LONG]: 400,
  [Code.RECORDING_LATE_SPEECH]: 400,
  [Code.RECORDING_TOO_QUIET]: 400,
  [Code.RECORDING_TOO_NOISY]: 400,
  [Code.RECORDING_SPEAKERS]: 400,
  [Code.IMAGE_INVALID]: 415,
  [Code.IMAGE_SIZE]: 400,
  [Code.DRAFT_EXPIRED]: 410,
  [Code.VOICE_CREATE_FAILED]: 502,
  [Code.DICTIONARY_FULL]: 409,
  [Code.DICTIONARY_DUPLICATE]: 409,
  [Code.MUSIC_TOO_LONG]: 400,
  [Code.MUSIC_SILENT]: 400,
  [Code.CUSTOM_VOICE_NEEDS_STARTER]: 403,
  [Code.CUSTOM_VOICE_SLOTS_FULL]: 409,
  [Code.SLOT_CHOICE_NOT_DUE]: 409,
  [Code.SLOT_CHOICE_INVALID]: 400,
  [Code.CUSTOM_VOICE_OVER_SLOTS]: 403,
  [Code.CUSTOM_VOICE_CONSENT_REQUIRED]: 400,
  [Code.CUSTOM_VOICE_FILES_REQUIRED]: 400,
  [Code.CUSTOM_VOICE_TOO_MANY_FILES]: 400,
  [Code.CUSTOM_VOICE_FILE_TOO_LARGE]: 413,
  [Code.CUSTOM_VOICE_FILE_NOT_AUDIO]: 415,
  [Code.CUSTOM_VOICE_FAILED]: 502,
  [Code.CUSTOM_VOICE_FILE_FAILED]: 400,
  [Code.CUSTOM_VOICE_NOT_READY]: 409,
  [Code.VOICE_ALREADY_REPORTED]: 409,
  [Code.COMMENT_ALREADY_REPORTED]: 409,
  [Code.COMMENT_NOT_FOUND]: 404,
  [Code.COMMENT_NOT_YOURS]: 403,
  [Code.COMMENT_EMPTY]: 400,
  [Code.COMMENT_TOO_LONG]: 400,
  [Code.RATING_INVALID]: 400,
  [Code.REPORT_CATEGORY_INVALID]: 400,
  [Code.REPORT_DESCRIPTION_REQUIRED]: 400,
  [Code.REPORT_DESCRIPTION_TOO_LONG]: 400,
  [Code.RATE_OWN_VOICE]: 403,
  [Code.REPORT_OWN]: 403,
  [Code.VOICE_DELETED]: 409,
  [Code.FEATURE_PERIOD_INVALID]: 400,
  [Code.API_KEY_LIMIT]: 409,
  [Code.API_KEY_INVALID]: 401,
  [Code.API_KEY_RATE_LIMITED]: 429,
  [Code.CONTEST_CLOSED]: 409,
  [Code.CONTEST_ALREADY_ENTERED]: 409,
  [Code.CONTEST_SHARE_REQUIRED]: 400,
  [Code.CONTENT_SLUG_TAKEN]: 409,
  [Code.CONTENT_PERIOD_INVALID]: 400,
  [Code.ACTOR_CONSENT_REQUIRED]: 400,
  [Code.ACTOR_SAMPLE_REQUIRED]: 400,
  [Code.ACTOR_LINK_INVALID]: 400,
  [Code.ACTOR_ALREADY_APPLIED]: 409,
  [Code.CARD_NUMBER_INVALID]: 400,
  [Code.CARD_EXPIRY_INVALID]: 400,
  [Code.CARD_BIRTH_INVALID]: 400,
  [Code.CARD_PASSWORD_INVALID]: 400,
  [Code.CARD_REJECTED]: 400,
  [Code.CARD_REQUIRED]: 400,
  [Code.CORPORATE_CARD_PLAN]: 400,
  [Code.CONSENT_REQUIRED]: 400,
  [Code.AMOUNT_MISMATCH]: 409,
  [Code.PAYMENT_DECLINED]: 402,
  [Code.PAYMENT_IN_PROGRESS]: 409,
  [Code.PLAN_CHANGE_INVALID]: 400,
  [Code.ALREADY_SUBSCRIBED]: 409,
  [Code.NO_SUBSCRIPTION]: 409,
  [Code.REFUND_NOT_ALLOWED]: 409,
  [Code.COUPON_INVALID]: 400,
  [Code.COUPON_PERIOD]: 409,
  [Code.COUPON_PLAN_ACTIVE]: 409,
  [Code.RECEIPT_UNAVAILABLE]: 404,
  [Code.MAIN_CARD_IN_USE]: 409,
  [Code.SUBSCRIPTION_NOT_RESUMABLE]: 409,
  [Code.PAYPAL_NOT_APPROVED]: 409,
  [Code.PAYPAL_DECLINED]: 402,
  [Code.PAYPAL_ORDER_MISMATCH]: 409,
  [Code.PAYPAL_ORDER_CLOSED]: 409,
  [Code.PAYPAL_NOT_CAPTURED]: 409,
  [Code.PAYPAL_WEBHOOK_UNVERIFIED]: 400,
  [Code.INQUIRY_TOO_MANY_IMAGES]: 400,
  [Code.INQUIRY_IMAGE_TOO_LARGE]: 413,
  [Code.INQUIRY_IMAGE_TYPE]: 415,
  [Code.INQUIRY_IMAGE_UNREADABLE]: 400,
  [Code.INQUIRY_CLOSED]: 409,
  [Code.IMAGE_LINK_EXPIRED]: 403,
  [Code.MEMBER_NOT_FOUND]: 404,
  [Code.INQUIRY_STATE_INVALID]: 400,
  // the console (docs/decisions/0036).
  [Code.REPORT_NOT_OPEN]: 409,
  [Code.SAMPLE_LINK_EXPIRED]: 403,
  [Code.PROJECT_CONFLICT]: 409,
  [Code.PARAGRAPH_TEXT_INVALID]: 400,
  [Code.PARAGRAPH_TEXT_TOO_LONG]: 400,
  [Code.UNDO_EXPIRED]: 410,
  // Labs.
  [Code.AVATAR_NOT_VRM]: 415,
  [Code.AVATAR_TOO_LARGE]: 413,
  [Code.AVATAR_TOO_COMPLEX]: 400,
  [Code.AVATAR_LIMIT]: 409,
  [Code.VIDEO_INVALID]: 415,
  [Code.VIDEO_TOO_LARGE]: 413,
  [Code.VIDEO_TOO_LONG]: 400,
  [Code.POSTER_INVALID]: 415,
  // Labs shorts (docs/decisions/0042).
  [Code.SHORT_TEMPLATE_UNKNOWN]: 400,
  [Code.SHORT_NOT_VERTICAL]: 400,
  [Code.GATEWAY_FAILED]: 502,
  [Code.TERMINATION_FAILED]: 502,
  [Code.SHARE_FAILED]: 500,
  [Code.CONVERT_FAILED]: 502,
  [Code.SOCIAL_FAILED]: 502,
  [Code.ENGINE_FAILED]: 502,
  [Code.RATE_LIMITED]: 429,
  [Code.JOB_LIMIT]: 429,
  [Code.JOB_INTERRUPTED_REFUNDED]: 409,
  [Code.JOB_INTERRUPTED]: 409,
  [Code.JOB_INTERRUPTED_KEPT]: 409,
  [Code.INTERNAL]: 500,
  [Code.SERVICE_UNAVAILABLE]: 503,
  [Code.MAIL_FAILED]: 502,
  [Code.LOGIN_REQUIRED]: 401,
  [Code.TOKEN_REFRESHED]: 200,
  [Code.REFRESH_EXPIRED]: 401,
  // docs/decisions/0038: .
  [Code.NOTHING_READY]: 409,
  [Code.REPLY_TARGET_GONE]: 404,
  // Server defects found in review (docs/decisions/0052).
  [Code.REPLY_TARGET_UNKNOWN]: 404,
  [Code.NO_OTHER_SEGMENT]: 409,
  [Code.REFERENCE_NOT_AUDITIONED]: 409,
  [Code.REFERENCE_PUBLISHED]: 409,
  [Code.REFERENCE_PRESET_UNAVAILABLE]: 409,
  [Code.REFERENCE_LICENCE_ENDED]: 409,
  [Code.REFERENCE_AUDITION_FAILED]: 502,
};
