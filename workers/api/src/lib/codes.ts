/**
 * The message of every result code in each locale, and its HTTP status. The codes themselves are in
 * `../contracts/codes.ts` (shared with the app); handlers pick a code, the envelope helpers pick the
 * message. 8000, 8003 and 8004 come from the spec (section 8); the rest are ours.
 */
import { Code } from "../../../../contracts/codes";
import { isParticle, josa } from "../../../../contracts/josa";

export { Code };

export type Locale = "ko" | "en";
/** Text in each locale: the one shape of ko/en text, for the messages below and the labels of `labels.ts`. */
export type Localized = Record<Locale, string>;

/** The spec's `lang` header: "kr" (and "ko") mean Korean, "en" English; anything else falls back to Korean. */
export function localeFromHeader(value: string | undefined | null): Locale {
  const v = (value ?? "").trim().toLowerCase();
  if (v.startsWith("en")) return "en";
  return "ko";
}

export const messages: Record<Code, Localized> = {
  [Code.OK]: { ko: "성공", en: "OK" },
  [Code.BAD_REQUEST]: { ko: "요청 내용을 확인해 주세요.", en: "Please check the request." },
  [Code.MALFORMED_JSON]: {
    ko: "요청 본문이 올바른 JSON이 아닙니다.",
    en: "The request body is not valid JSON.",
  },
  [Code.UNSUPPORTED_MEDIA_TYPE]: {
    ko: "요청 본문은 JSON(application/json)이어야 합니다.",
    en: "The request body must be JSON (application/json).",
  },
  [Code.NOT_FOUND]: {
    ko: "요청한 주소를 찾을 수 없습니다.",
    en: "The requested address was not found.",
  },
  [Code.SERVICE_UNAVAILABLE]: {
    ko: "지금은 서비스를 이용할 수 없습니다. 잠시 후 다시 시도해 주세요.",
    en: "The service is not available right now. Please try again later.",
  },
  [Code.CROSS_SITE]: {
    ko: "다른 사이트에서 보낸 요청은 처리할 수 없습니다.",
    en: "Requests sent from another site are not accepted.",
  },
  [Code.METHOD_NOT_ALLOWED]: {
    ko: "허용되지 않는 요청 방식입니다.",
    en: "This request method is not allowed.",
  },
  [Code.PAYLOAD_TOO_LARGE]: {
    ko: "요청 본문이 너무 큽니다.",
    en: "The request body is too large.",
  },
  [Code.EMAIL_INVALID]: { ko: "이메일 형식을 확인해 주세요.", en: "Please check the email format." },
  [Code.EMAIL_NOT_REGISTERED]: { ko: "가입되지 않은 이메일 주소입니다.", en: "This email address is not registered." },
  // {provider} is filled in through `message()` (Google, Naver or Kakao / 구글, 네이버, 카카오).
  [Code.EMAIL_SOCIAL]: {
    ko: "{provider} 계정으로 가입된 이메일입니다. {provider|으로/로} 로그인해 주세요.",
    en: "This email is registered with {provider}. Please log in with {provider}.",
  },
  [Code.EMAIL_TAKEN]: { ko: "이미 가입된 이메일 주소입니다.", en: "This email address is already registered." },
  [Code.CERT_WRONG]: { ko: "인증번호를 확인해 주세요.", en: "Please check the verification code." },
  [Code.CERT_EXPIRED]: {
    ko: "인증번호가 만료되었습니다. 인증번호를 다시 받아 주세요.",
    en: "The verification code has expired. Please request a new code.",
  },
  [Code.CERT_REQUIRED]: {
    ko: "이메일 인증을 먼저 완료해 주세요.",
    en: "Please verify your email address first.",
  },
  [Code.PASSWORD_RULE]: {
    ko: "비밀번호는 영문, 숫자, 특수문자(~!@#$%^&*()_+=?)를 모두 포함해 8~15자로 입력해 주세요.",
    en: "Use 8 to 15 characters with letters, digits and a special character (~!@#$%^&*()_+=?).",
  },
  [Code.PASSWORD_COMMON]: {
    ko: "너무 흔한 비밀번호입니다. 다른 비밀번호를 입력해 주세요.",
    en: "This password is too common. Please choose another one.",
  },
  [Code.WRONG_PASSWORD]: { ko: "비밀번호를 다시 입력해 주세요.", en: "Please enter the password again." },
  [Code.TERMS_REQUIRED]: {
    ko: "서비스 이용약관, 개인정보 처리방침, 만 14세 이상 확인에 동의해야 가입할 수 있습니다.",
    en: "You must accept the terms of service and the privacy policy and confirm that you are 14 or older.",
  },
  [Code.PASSWORD_MISMATCH]: { ko: "비밀번호를 정확하게 입력해 주세요.", en: "Please enter your password correctly." },
  [Code.REJOIN_TOO_SOON]: {
    ko: "탈퇴한 이메일은 탈퇴일로부터 30일이 지난 뒤에 다시 가입할 수 있습니다.",
    en: "An email address that was withdrawn can sign up again only 30 days after the withdrawal.",
  },
  [Code.WITHDRAW_PLAN_ACTIVE]: {
    ko: "이용 중인 요금제 기간이 남아 있어 탈퇴할 수 없습니다. 요금제 기간이 끝난 뒤에 탈퇴해 주세요.",
    en: "You cannot withdraw while a paid plan period remains. Please withdraw after the plan period ends.",
  },
  [Code.SOCIAL_STATE_INVALID]: {
    ko: "로그인 요청이 만료되었거나 올바르지 않습니다. 다시 시도해 주세요.",
    en: "The login request has expired or is not valid. Please try again.",
  },
  [Code.SOCIAL_NOT_CONFIGURED]: { ko: "지금은 사용할 수 없는 로그인 방식입니다.", en: "This login method is not available." },
  [Code.SOCIAL_EMAIL_MISSING]: {
    ko: "소셜 계정에서 인증된 이메일을 받지 못했습니다. 이메일 제공에 동의한 뒤 다시 시도해 주세요.",
    en: "The social account did not share a verified email address. Please allow access to your email and try again.",
  },
  [Code.SIGNUP_TICKET_INVALID]: {
    ko: "가입 요청이 만료되었습니다. 처음부터 다시 시도해 주세요.",
    en: "The sign-up request has expired. Please start again.",
  },
  [Code.TEXT_EMPTY]: { ko: "읽을 텍스트를 입력해 주세요.", en: "Please enter the text to read." },
  // {max} is filled in through `message()` (500, spec section 9).
  [Code.TEXT_TOO_LONG]: {
    ko: "한 번에 최대 {max}자까지 생성할 수 있습니다. 문단을 나누어 주세요.",
    en: "You can generate up to {max} characters at a time. Please split the text.",
  },
  // {chars} is filled in through `message()`.
  [Code.TEXT_INVALID_CHARS]: {
    ko: "읽을 수 없는 문자가 있습니다: {chars}. 따옴표, 괄호, 이모지, 말줄임표는 그대로 쓰셔도 됩니다.",
    en: "The text has characters that cannot be spoken: {chars}. Quotes, brackets, emoji and ellipses are fine as they are.",
  },
  // {remaining} is filled in through `message()`.
  [Code.CHARS_SHORT]: {
    ko: "남은 글자 수({remaining}자)보다 긴 문단은 생성할 수 없습니다. 문단을 줄이거나 요금제를 업그레이드해 주세요.",
    en: "The text is longer than your remaining characters ({remaining}). Shorten it or upgrade your plan.",
  },
  [Code.CHARS_EXHAUSTED]: {
    ko: "이번 달 사용 가능한 글자 수를 모두 사용했습니다. 요금제를 업그레이드하면 바로 이어서 만들 수 있어요.",
    en: "You have used all of this month's characters. Upgrade your plan to keep creating right away.",
  },
  [Code.PROJECT_LIMIT]: {
    ko: "무료 요금제에서는 프로젝트를 3개까지 만들 수 있습니다. 요금제를 업그레이드하거나 기존 프로젝트를 정리해 주세요.",
    en: "The Free plan allows 3 projects. Upgrade your plan or manage your projects.",
  },
  [Code.VOICE_NOT_FOUND]: { ko: "사용할 수 없는 보이스입니다.", en: "This voice is not available." },
  [Code.FIRST_PARAGRAPH]: { ko: "첫 번째 문단은 삭제할 수 없습니다.", en: "The first paragraph cannot be deleted." },
  // {count} is filled in through `message()`.
  [Code.AUDIO_NOT_READY]: {
    ko: "아직 생성되지 않았거나 수정 후 다시 생성하지 않은 문단이 {count}개 있습니다. 먼저 생성해 주세요.",
    en: "Paragraphs not generated yet, or changed since: {count}. Please generate them first.",
  },
  [Code.AUDIO_EMPTY]: {
    ko: "빈 파일입니다. 목소리가 담긴 오디오 파일을 올려 주세요.",
    en: "The file is empty. Please upload an audio file with your voice in it.",
  },
  [Code.AUDIO_TOO_LARGE]: {
    ko: "파일이 너무 큽니다. {max}MB 이하의 파일을 올려 주세요.",
    en: "The file is too large. Please upload a file of {max} MB or less.",
  },
  [Code.AUDIO_NOT_AUDIO]: {
    ko: "오디오 파일이 아닙니다. WAV, MP3, OGG, WebM, M4A 파일을 올려 주세요.",
    en: "This is not an audio file. Please upload a WAV, MP3, OGG, WebM or M4A file.",
  },
  [Code.AUDIO_UNSUPPORTED]: {
    ko: "지원하지 않는 오디오 형식입니다. WAV, MP3, OGG(Opus), WebM(Opus), M4A(AAC) 파일로 바꿔서 올려 주세요.",
    en: "This audio format is not supported. Please convert it to WAV, MP3, OGG (Opus), WebM (Opus) or M4A (AAC).",
  },
  [Code.AUDIO_CORRUPT]: {
    ko: "파일이 손상되었거나 끝까지 올라오지 않았습니다. 파일을 확인하고 다시 올려 주세요.",
    en: "The file is damaged or was not uploaded completely. Please check it and upload it again.",
  },
  [Code.AUDIO_SILENT]: {
    ko: "소리가 들리지 않는 파일입니다. 목소리가 녹음되었는지 확인해 주세요.",
    en: "No sound can be heard in this file. Please check that your voice was recorded.",
  },
  [Code.AUDIO_TOO_LONG]: {
    ko: "파일 길이({duration})가 남은 변환 시간({remaining})보다 깁니다. 파일을 줄이거나 요금제를 업그레이드해 주세요.",
    en: "The file ({duration}) is longer than your remaining conversion time ({remaining}). Shorten it or upgrade your plan.",
  },
  [Code.AUDIO_OVER_MAX]: {
    ko: "한 번에 최대 {max}까지 변환할 수 있습니다. 파일을 나누어 올려 주세요.",
    en: "Up to {max} can be converted at a time. Please split the file.",
  },
  [Code.TIME_EXHAUSTED]: {
    ko: "이번 달 변환 시간을 모두 사용했습니다. 요금제를 업그레이드하면 바로 이어서 변환할 수 있어요.",
    en: "You have used all of this month's conversion time. Upgrade your plan to keep converting.",
  },
  [Code.RANGE_NOT_SATISFIABLE]: {
    ko: "요청한 구간이 오디오 파일의 범위를 벗어났습니다. 처음부터 다시 재생해 주세요.",
    en: "The requested range is outside the audio file. Please play it again from the start.",
  },
  // Open voice recordings (spec section 5 and 8). {min} and {max} are durations, {seconds} a number.
  [Code.RECORDING_TOO_SHORT]: {
    ko: "녹음이 너무 짧습니다. {min} 이상 1분 이하로 녹음해 주세요.",
    en: "The recording is too short. Please record at least {min}, up to 1 minute.",
  },
  [Code.RECORDING_TOO_LONG]: {
    ko: "녹음이 너무 깁니다. {max} 이하로 줄여서 올려 주세요.",
    en: "The recording is too long. Please keep it to {max} or less.",
  },
  [Code.RECORDING_LATE_SPEECH]: {
    ko: "녹음 시작 후 {seconds}초 안에 말을 시작해야 합니다. 바로 말을 시작해서 다시 녹음해 주세요.",
    en: "Speech must begin within the first {seconds} seconds. Please record again and start speaking right away.",
  },
  [Code.RECORDING_TOO_QUIET]: {
    ko: "목소리가 너무 작습니다. 마이크에 조금 더 가까이에서 또렷하게 말해 주세요.",
    en: "The voice is too quiet. Please speak clearly, a little closer to the microphone.",
  },
  [Code.RECORDING_TOO_NOISY]: {
    ko: "주변 소음이 너무 큽니다. 조용한 곳에서 다시 녹음해 주세요.",
    en: "There is too much background noise. Please record again somewhere quiet.",
  },
  [Code.RECORDING_SPEAKERS]: {
    ko: "두 사람 이상의 목소리가 들립니다. 한 사람의 목소리만 녹음해 주세요.",
    en: "More than one voice can be heard. Please record one voice only.",
  },
  [Code.IMAGE_INVALID]: {
    ko: "프로필 이미지는 PNG, JPEG, WebP 파일만 올릴 수 있습니다.",
    en: "The profile image must be a PNG, JPEG or WebP file.",
  },
  [Code.IMAGE_SIZE]: {
    ko: "프로필 이미지는 240x240 크기여야 합니다. (올린 이미지: {width}x{height})",
    en: "The profile image must be 240x240 pixels. (This one is {width}x{height}.)",
  },
  [Code.DRAFT_EXPIRED]: {
    ko: "확인한 녹음의 보관 시간이 지났습니다. 녹음 파일을 다시 올려 주세요.",
    en: "The checked recording is no longer kept. Please upload the recording again.",
  },
  [Code.VOICE_CREATE_FAILED]: {
    ko: "보이스를 만들지 못했습니다. 잠시 후 다시 시도해 주세요.",
    en: "The voice could not be created. Please try again shortly.",
  },
  [Code.DICTIONARY_FULL]: {
    ko: "발음 사전에는 언어마다 단어를 {max}개까지 등록할 수 있어요. 쓰지 않는 단어를 지운 뒤 다시 시도해 주세요.",
    en: "Your pronunciation dictionary holds up to {max} words per language. Delete a word you no longer need and try again.",
  },
  [Code.DICTIONARY_DUPLICATE]: {
    ko: "이미 사전에 있는 단어예요. 기존 항목의 읽는 법을 고쳐 주세요.",
    en: "That word is already in your dictionary. Change the reading of the existing entry instead.",
  },
  [Code.CUSTOM_VOICE_NEEDS_STARTER]: {
    ko: "커스텀 보이스는 Starter 요금제부터 만들 수 있어요. 요금제를 업그레이드해 주세요.",
    en: "Custom voices need the Starter plan or above. Please upgrade your plan.",
  },
  [Code.CUSTOM_VOICE_SLOTS_FULL]: {
    ko: "커스텀 보이스 슬롯을 모두 사용했어요. 지금 요금제의 슬롯은 {slots}개예요. 보이스 슬롯 관리에서 보이스를 지우거나 요금제를 업그레이드해 주세요.",
    en: "All custom voice slots are used: your plan has {slots}. Delete a voice in voice slot management or upgrade your plan.",
  },
  [Code.SLOT_CHOICE_NOT_DUE]: {
    ko: "남길 커스텀 보이스를 고를 차례가 아니에요. 이 선택은 요금제가 바뀐 뒤 한 번만 할 수 있어요.",
    en: "There is no custom voice choice to make now. The choice is made once, after a plan change.",
  },
  [Code.SLOT_CHOICE_INVALID]: {
    ko: "남길 보이스는 내 커스텀 보이스 중에서 {slots}개까지 고를 수 있어요.",
    en: "Choose up to {slots} of your own custom voices to keep.",
  },
  [Code.CUSTOM_VOICE_OVER_SLOTS]: {
    ko: "요금제의 슬롯을 넘는 커스텀 보이스예요. 보이스 슬롯 관리에서 남길 보이스를 고른 뒤 사용할 수 있어요.",
    en: "This custom voice is over your plan's slots. Choose the voices to keep in voice slot management to use it.",
  },
  // Custom voice creation (docs/decisions/0034). {name} is a file's name, {max} a number of files or MB.
  [Code.CUSTOM_VOICE_CONSENT_REQUIRED]: {
    ko: "세 가지 동의가 모두 필요해요: 파일에 대한 권리 보유, AI 학습 동의, 해로운 용도로 쓰지 않겠다는 약속에 동의해 주세요.",
    en: "All three consents are needed: confirm your rights to the files, consent to training, and promise no harmful use.",
  },
  [Code.CUSTOM_VOICE_FILES_REQUIRED]: {
    ko: "목소리 파일을 1개 이상 올리거나 녹음해 주세요.",
    en: "Please upload or record at least one voice file.",
  },
  [Code.CUSTOM_VOICE_TOO_MANY_FILES]: {
    ko: "목소리 파일은 최대 {max}개까지 올릴 수 있어요.",
    en: "You can upload up to {max} voice files.",
  },
  [Code.CUSTOM_VOICE_FILE_TOO_LARGE]: {
    ko: "'{name}' 파일이 너무 커요. 파일 하나는 {max}MB 이하여야 해요.",
    en: "The file '{name}' is too large. Each file must be {max} MB or less.",
  },
  [Code.CUSTOM_VOICE_FILE_NOT_AUDIO]: {
    ko: "'{name}' 파일은 올릴 수 없는 형식이에요. WAV, MP3, OGG(Opus), WebM(Opus), M4A(AAC) 파일을 올려 주세요.",
    en: "The file '{name}' is not a supported audio file. Please upload WAV, MP3, OGG (Opus), WebM (Opus) or M4A (AAC).",
  },
  [Code.CUSTOM_VOICE_FAILED]: {
    ko: "커스텀 보이스를 만들지 못했어요. 다시 시도하거나 1:1 문의를 남겨 주세요.",
    en: "The custom voice could not be made. Please try again or send us a 1:1 inquiry.",
  },
  [Code.CUSTOM_VOICE_FILE_FAILED]: {
    ko: "커스텀 보이스를 만들지 못했어요. '{name}' 파일: {reason} 다시 시도하거나 1:1 문의를 남겨 주세요.",
    en: "The custom voice could not be made. File '{name}': {reason} Please try again or send us a 1:1 inquiry.",
  },
  [Code.CUSTOM_VOICE_NOT_READY]: {
    ko: "아직 만들고 있는 보이스예요. 완성된 뒤에 다시 시도해 주세요.",
    en: "This voice is still being made. Please try again once it is ready.",
  },
  // The voice library (docs/decisions/0028).
  [Code.VOICE_ALREADY_REPORTED]: {
    ko: "이미 신고한 보이스예요. 보이스 하나는 한 번만 신고할 수 있어요.",
    en: "You have already reported this voice. Each voice can be reported once.",
  },
  [Code.COMMENT_ALREADY_REPORTED]: {
    ko: "이미 신고한 댓글이에요. 댓글 하나는 한 번만 신고할 수 있어요.",
    en: "You have already reported this comment. Each comment can be reported once.",
  },
  [Code.COMMENT_NOT_FOUND]: { ko: "삭제되었거나 없는 댓글이에요.", en: "This comment does not exist or was deleted." },
  [Code.COMMENT_NOT_YOURS]: {
    ko: "내가 쓴 댓글만 고치거나 지울 수 있어요.",
    en: "You can only edit or delete your own comments.",
  },
  [Code.COMMENT_EMPTY]: { ko: "댓글 내용을 입력해 주세요.", en: "Please write a comment." },
  [Code.COMMENT_TOO_LONG]: {
    ko: "댓글은 {max}자까지 쓸 수 있어요.",
    en: "A comment can be up to {max} characters long.",
  },
  [Code.RATING_INVALID]: { ko: "별점은 1점부터 5점까지 골라 주세요.", en: "Please choose a score from 1 to 5." },
  [Code.REPORT_CATEGORY_INVALID]: { ko: "신고 사유를 골라 주세요.", en: "Please choose a reason for the report." },
  [Code.REPORT_DESCRIPTION_REQUIRED]: {
    ko: "기타 사유를 고르셨다면 내용을 적어 주세요.",
    en: 'Please describe the problem when you choose "Other".',
  },
  [Code.REPORT_DESCRIPTION_TOO_LONG]: {
    ko: "신고 내용은 {max}자까지 쓸 수 있어요.",
    en: "A report's description can be up to {max} characters long.",
  },
  [Code.RATE_OWN_VOICE]: { ko: "내가 만든 보이스에는 별점을 줄 수 없어요.", en: "You cannot rate a voice you made." },
  [Code.REPORT_OWN]: { ko: "내가 만든 보이스나 내가 쓴 댓글은 신고할 수 없어요.", en: "You cannot report your own voice or comment." },
  [Code.VOICE_DELETED]: {
    ko: "만든 분이 삭제한 보이스라 새로 생성할 수 없어요. 이미 만든 오디오는 그대로 남아 있어요. 다른 보이스를 골라 주세요.",
    en: "Its creator deleted this voice, so it cannot be used for new audio. Audio you already made is kept. Please choose another voice.",
  },
  [Code.FEATURE_PERIOD_INVALID]: {
    ko: "이벤트 기간의 끝은 시작보다 뒤여야 해요.",
    en: "An event period must end after it starts.",
  },
  [Code.API_KEY_LIMIT]: {
    ko: "API 키는 {max}개까지 만들 수 있어요. 쓰지 않는 키를 폐기한 뒤 다시 만들어 주세요.",
    en: "You can have up to {max} API keys. Revoke a key you no longer use and try again.",
  },
  [Code.API_KEY_INVALID]: {
    ko: "API 키가 올바르지 않거나 폐기되었습니다. 대시보드의 API 키 화면에서 확인해 주세요.",
    en: "The API key is not valid or has been revoked. Check it on the API keys page of your dashboard.",
  },
  [Code.API_KEY_RATE_LIMITED]: {
    ko: "이 API 키로 보낸 요청이 너무 많습니다. {seconds}초 뒤에 다시 시도해 주세요.",
    en: "Too many requests with this API key. Please try again in {seconds} seconds.",
  },
  [Code.CONTEST_CLOSED]: {
    ko: "지금은 이 공모전에 응모할 수 없어요. 응모 기간을 확인해 주세요.",
    en: "This contest is not taking entries now. Please check the entry period.",
  },
  [Code.CONTEST_ALREADY_ENTERED]: {
    ko: "이미 이 공모전에 응모했어요. 공모전마다 한 번 응모할 수 있습니다.",
    en: "You have already entered this contest. Each member may enter once.",
  },
  [Code.CONTEST_SHARE_REQUIRED]: {
    ko: "공유한 내 결과물 중 하나를 골라 주세요. 스튜디오의 결과 화면에서 공유 링크를 만들 수 있어요.",
    en: "Please choose one of your shared results. You can share a result from its page in the studio.",
  },
  [Code.CONTENT_SLUG_TAKEN]: {
    ko: "이미 쓰고 있는 주소입니다. 다른 주소를 입력해 주세요.",
    en: "That address is already in use. Please choose another one.",
  },
  [Code.CONTENT_PERIOD_INVALID]: {
    ko: "종료 일시는 시작 일시보다 뒤여야 합니다.",
    en: "The end must come after the start.",
  },
  [Code.ACTOR_CONSENT_REQUIRED]: {
    ko: "개인정보 수집·이용과 샘플 검토에 동의해 주세요.",
    en: "Please agree to the collection of your details and the review of your sample.",
  },
  [Code.ACTOR_SAMPLE_REQUIRED]: {
    ko: "목소리 샘플 링크를 적거나 샘플 파일을 올려 주세요.",
    en: "Please add a link to a voice sample or upload a sample file.",
  },
  [Code.ACTOR_LINK_INVALID]: {
    ko: "샘플 링크는 http:// 또는 https://로 시작하는 주소로 입력해 주세요.",
    en: "Please enter the sample link as an address starting with http:// or https://.",
  },
  [Code.ACTOR_ALREADY_APPLIED]: {
    ko: "이 연락처로 접수된 지원서가 이미 검토 중이에요. 결과는 입력한 연락처로 알려 드릴게요.",
    en: "An application with this contact is already being reviewed. We will reach you at that contact.",
  },
  [Code.CARD_NUMBER_INVALID]: { ko: "카드 번호를 정확하게 입력해 주세요.", en: "Please enter the card number correctly." },
  [Code.CARD_EXPIRY_INVALID]: {
    ko: "유효기간을 순서에 맞게 정확하게 입력해 주세요. (MM / YY)",
    en: "Please insert the numbers in the correct order (MM / YY).",
  },
  [Code.CARD_BIRTH_INVALID]: {
    ko: "생년월일 6자리(법인카드는 사업자등록번호 10자리)를 정확하게 입력해 주세요.",
    en: "Please enter your date of birth (6 digits), or the business number (10 digits) for a corporate card, correctly.",
  },
  [Code.CARD_PASSWORD_INVALID]: {
    ko: "카드 비밀번호 앞 2자리를 정확하게 입력해 주세요.",
    en: "Please enter the first 2 digits of the card password correctly.",
  },
  [Code.CARD_REJECTED]: {
    ko: "결제 정보를 변경하지 못했습니다. 카드 정보를 확인해 주세요.",
    en: "Failed to update payment information. Please check your card information.",
  },
  [Code.CARD_REQUIRED]: { ko: "먼저 결제 카드를 등록해 주세요.", en: "Please register a payment card first." },
  [Code.CORPORATE_CARD_PLAN]: {
    ko: "법인카드는 Production, Max 요금제에서만 사용할 수 있습니다.",
    en: "Corporate cards can be used only for the Production and Max plans.",
  },
  [Code.CONSENT_REQUIRED]: { ko: "결제에 필요한 항목에 모두 동의해 주세요.", en: "Please agree to all the items required for payment." },
  [Code.AMOUNT_MISMATCH]: {
    ko: "결제 금액이 요금제 요금과 다릅니다. 페이지를 새로고침한 뒤 다시 시도해 주세요.",
    en: "The amount does not match the plan's price. Please reload the page and try again.",
  },
  [Code.PAYMENT_DECLINED]: { ko: "결제에 실패했습니다. {reason}", en: "Payment failed. {reason}" },
  [Code.PAYMENT_IN_PROGRESS]: {
    ko: "진행 중인 결제가 있습니다. 잠시 후 다시 확인해 주세요.",
    en: "A payment is already in progress. Please check again in a moment.",
  },
  [Code.PLAN_CHANGE_INVALID]: { ko: "이 요금제로는 변경할 수 없습니다.", en: "You cannot change to this plan." },
  [Code.ALREADY_SUBSCRIBED]: {
    ko: "이미 유료 요금제를 이용 중입니다. 요금제 변경을 이용해 주세요.",
    en: "You already have a paid plan. Please use plan change instead.",
  },
  [Code.NO_SUBSCRIPTION]: { ko: "이용 중인 유료 요금제가 없습니다.", en: "You do not have a paid plan." },
  [Code.REFUND_NOT_ALLOWED]: {
    ko: "즉시 해지 및 환불은 결제일로부터 7일 이내, 유료 서비스를 이용하지 않은 경우에만 가능합니다.",
    en: "Immediate cancellation and refund is possible only within 7 days of payment and before any paid use.",
  },
  [Code.COUPON_INVALID]: {
    ko: "유효하지 않은 쿠폰 번호입니다. 사용할 수 없는 쿠폰입니다. 쿠폰 번호를 확인해 주세요.",
    en: "Invalid coupon number. This coupon cannot be used. Please check the coupon number.",
  },
  [Code.COUPON_PERIOD]: {
    ko: "쿠폰 이용 기간 중에는 요금제를 변경할 수 없습니다.",
    en: "You cannot change your plan while a coupon period is running.",
  },
  [Code.COUPON_PLAN_ACTIVE]: { ko: "쿠폰은 Free 요금제에서만 등록할 수 있습니다.", en: "Coupons can be registered only on the Free plan." },
  [Code.RECEIPT_UNAVAILABLE]: {
    ko: "영수증 링크를 불러올 수 없습니다. 카드사에 문의해 주세요.",
    en: "The receipt link is not available. Please ask your card issuer.",
  },
  [Code.SUBSCRIPTION_NOT_RESUMABLE]: {
    ko: "해지한 카드 자동 결제만, 이용 기간이 끝나기 전에 다시 이어갈 수 있습니다.",
    en: "Only a cancelled card subscription can be resumed, and only before its period ends.",
  },
  [Code.MAIN_CARD_IN_USE]: {
    ko: "자동결제 중에는 대표 카드를 삭제할 수 없습니다. 새 카드를 먼저 등록해 주세요.",
    en: "The main card cannot be removed while auto-billing runs. Please register a new card first.",
  },
  [Code.PAYPAL_NOT_APPROVED]: {
    ko: "PayPal에서 결제가 아직 승인되지 않았습니다. PayPal에서 결제를 승인해 주세요.",
    en: "The payment has not been approved in PayPal yet. Please approve it in PayPal.",
  },
  [Code.PAYPAL_DECLINED]: {
    ko: "결제에 실패했습니다. PayPal에서 결제가 거절되었습니다. 다른 결제 수단으로 다시 시도해 주세요.",
    en: "Payment failed. PayPal declined the payment. Please try again with another payment method.",
  },
  [Code.PAYPAL_ORDER_MISMATCH]: {
    ko: "구매에 실패했습니다. 결제 정보가 주문과 일치하지 않습니다.",
    en: "Failed to purchase. The payment does not match the order.",
  },
  [Code.PAYPAL_ORDER_CLOSED]: {
    ko: "이 주문으로는 더 이상 결제할 수 없습니다. 처음부터 다시 시도해 주세요.",
    en: "This order can no longer be paid. Please start again.",
  },
  [Code.PAYPAL_WEBHOOK_UNVERIFIED]: {
    ko: "PayPal이 보낸 알림임을 확인하지 못했습니다.",
    en: "The notification could not be verified as PayPal's.",
  },
  [Code.PAYPAL_NOT_CAPTURED]: {
    ko: "구매에 실패했습니다. 결제가 아직 완료되지 않았습니다.",
    en: "Failed to purchase. The payment has not been completed yet.",
  },
  [Code.GATEWAY_FAILED]: {
    ko: "결제사 응답이 없어 결제하지 못했습니다. 잠시 후 다시 시도해 주세요.",
    en: "The payment could not be completed because the payment service did not answer. Please try again shortly.",
  },
  [Code.TERMINATION_FAILED]: {
    ko: "해지하지 못했습니다. 잠시 후 다시 시도해 주세요.",
    en: "Termination failed. Please try again shortly.",
  },
  [Code.SHARE_FAILED]: {
    ko: "공유 URL을 만들지 못했습니다. 잠시 후 다시 시도해 주세요.",
    en: "The share URL could not be created. Please try again shortly.",
  },
  [Code.CONVERT_FAILED]: {
    ko: "음성을 변환하지 못했습니다. 사용한 시간은 돌려드렸어요. 잠시 후 다시 시도해 주세요.",
    en: "The voice could not be converted. The time used was given back. Please try again shortly.",
  },
  [Code.ENGINE_FAILED]: {
    ko: "음성을 만들지 못했습니다. 사용한 글자 수는 돌려드렸어요. 잠시 후 다시 시도해 주세요.",
    en: "The speech could not be generated. Your characters were not used. Please try again shortly.",
  },
  [Code.SOCIAL_FAILED]: {
    ko: "일시적인 오류로 로그인하지 못했습니다. 잠시 후 다시 시도해 주세요.",
    en: "Login failed because of a temporary error. Please try again later.",
  },
  [Code.JOB_LIMIT]: {
    ko: "진행 중인 작업이 너무 많습니다. 작업은 한 번에 {running}개까지 실행되고 {waiting}개까지 기다릴 수 있어요. 진행 중인 작업이 끝난 뒤 다시 시도해 주세요.",
    en: "Too many jobs in progress. Up to {running} run at a time and {waiting} more can wait. Please try again when one has finished.",
  },
  [Code.JOB_INTERRUPTED_REFUNDED]: {
    ko: "작업이 중단되었습니다. 사용한 만큼 돌려드렸어요. 다시 시작해 주세요.",
    en: "The job was interrupted. What it used was given back. Please start it again.",
  },
  [Code.JOB_INTERRUPTED]: {
    ko: "작업이 중단되었습니다. 차감된 사용량은 없어요. 다시 시작해 주세요.",
    en: "The job was interrupted before anything was charged. Please start it again.",
  },
  [Code.JOB_INTERRUPTED_KEPT]: {
    ko: "작업이 중단되었지만 결과는 작업 내역에 저장되었어요.",
    en: "The job was interrupted, but its result was saved in your work history.",
  },
  [Code.INQUIRY_TOO_MANY_IMAGES]: {
    ko: "이미지는 최대 {max}장까지 첨부할 수 있습니다.",
    en: "You can attach up to {max} images.",
  },
  [Code.INQUIRY_IMAGE_TOO_LARGE]: {
    ko: "이미지 한 장의 크기는 {max}MB 이하여야 합니다.",
    en: "Each image must be {max} MB or smaller.",
  },
  [Code.INQUIRY_IMAGE_TYPE]: {
    ko: "PNG, JPEG, WebP 이미지만 첨부할 수 있습니다.",
    en: "Only PNG, JPEG and WebP images can be attached.",
  },
  [Code.INQUIRY_IMAGE_UNREADABLE]: {
    ko: "'{name}' 이미지를 열 수 없습니다. 손상되지 않은 {megapixels}메가픽셀 이하의 이미지를 첨부해 주세요.",
    en: "The image '{name}' could not be opened. Please attach an undamaged image of at most {megapixels} megapixels.",
  },
  [Code.INQUIRY_CLOSED]: {
    ko: "답변이 완료된 문의에는 추가 문의를 남길 수 없습니다. 새 문의를 작성해 주세요.",
    en: "This inquiry is completed, so it cannot take a follow-up. Please write a new inquiry.",
  },
  [Code.IMAGE_LINK_EXPIRED]: {
    ko: "이미지 링크가 만료되었습니다. 페이지를 새로고침해 주세요.",
    en: "The image link has expired. Please reload the page.",
  },
  [Code.MEMBER_NOT_FOUND]: {
    ko: "해당 이메일로 가입한 회원이 없습니다.",
    en: "No member is registered with this email.",
  },
  [Code.INQUIRY_STATE_INVALID]: {
    ko: "문의 상태는 접수(0), 대기(1), 완료(2) 중 하나여야 합니다.",
    en: "The inquiry state must be received (0), waiting (1) or completed (2).",
  },
  // the console (docs/decisions/0036).
  [Code.REPORT_NOT_OPEN]: {
    ko: "이미 처리된 신고입니다. 목록을 새로고침해 주세요.",
    en: "This report has already been handled. Please reload the list.",
  },
  [Code.SAMPLE_LINK_EXPIRED]: {
    ko: "샘플 링크가 만료되었습니다. 페이지를 새로고침해 주세요.",
    en: "The sample link has expired. Please reload the page.",
  },
  // The TTS editor (docs/decisions/0037).
  [Code.PROJECT_CONFLICT]: {
    ko: "다른 탭이나 기기에서 이 프로젝트를 먼저 저장했습니다. 새로 불러오거나 지금 내용으로 덮어쓰세요.",
    en: "This project was saved from another tab or device. Reload it, or overwrite it with what you have here.",
  },
  [Code.PARAGRAPH_TEXT_INVALID]: {
    ko: "{n}번 문단에 읽을 수 없는 문자가 있습니다: {chars}",
    en: "Paragraph {n} has characters that cannot be spoken: {chars}",
  },
  [Code.PARAGRAPH_TEXT_TOO_LONG]: {
    ko: "{n}번 문단은 읽는 글자가 {max}자를 넘습니다. 문단을 나눠 주세요.",
    en: "Paragraph {n} reads more than {max} characters. Split it into two paragraphs.",
  },
  [Code.UNDO_EXPIRED]: { ko: "되돌릴 수 있는 시간이 지났습니다.", en: "It is too late to undo this." },
  // Labs (docs/decisions/0041). Spec section 5: "Avatar upload: VRM only."
  [Code.AVATAR_NOT_VRM]: {
    ko: "VRM 아바타 파일만 올릴 수 있습니다. VRM 확장이 들어 있는 glTF 바이너리(.vrm) 파일을 올려 주세요.",
    en: "Only VRM avatars can be uploaded. Please upload a .vrm file (glTF binary with a VRM extension).",
  },
  [Code.AVATAR_TOO_LARGE]: {
    ko: "아바타 파일은 최대 {max}MB까지 올릴 수 있습니다.",
    en: "An avatar file can be at most {max} MB.",
  },
  [Code.AVATAR_TOO_COMPLEX]: {
    ko: "아바타가 너무 복잡합니다. 허용 한도: {part} 최대 {max}",
    en: "The avatar is too complex: at most {max} {part} are allowed.",
  },
  [Code.AVATAR_LIMIT]: {
    ko: "내 아바타는 최대 {max}개까지 보관할 수 있습니다. 하나를 지운 뒤 다시 올려 주세요.",
    en: "You can keep up to {max} avatars of your own. Please delete one first.",
  },
  [Code.VIDEO_INVALID]: {
    ko: "영상 편지는 이 페이지에서 만든 WebM 영상(VP8·VP9·AV1 영상과 Opus 소리)만 올릴 수 있습니다.",
    en: "A video letter must be a WebM video made on this page (VP8, VP9 or AV1 video with Opus audio).",
  },
  [Code.VIDEO_TOO_LARGE]: {
    ko: "영상 편지는 최대 {max}MB까지 올릴 수 있습니다.",
    en: "A video letter can be at most {max} MB.",
  },
  [Code.VIDEO_TOO_LONG]: {
    ko: "영상 편지는 최대 5분까지 만들 수 있습니다.",
    en: "A video letter can be at most 5 minutes long.",
  },
  [Code.POSTER_INVALID]: {
    ko: "영상 편지의 대표 이미지는 1MB 이하의 PNG, JPEG, WebP 파일이어야 합니다.",
    en: "A video letter's poster must be a PNG, JPEG or WebP image of at most 1 MB.",
  },
  // Labs shorts (docs/decisions/0042).
  [Code.SHORT_TEMPLATE_UNKNOWN]: {
    ko: "없는 쇼츠 템플릿입니다. 템플릿을 다시 골라 주세요.",
    en: "There is no such shorts template. Please choose a template again.",
  },
  [Code.SHORT_NOT_VERTICAL]: {
    ko: "쇼츠는 세로(9:16) 영상만 올릴 수 있습니다.",
    en: "A short must be a vertical (9:16) video.",
  },
  [Code.RATE_LIMITED]: {
    ko: "요청이 너무 많습니다. 잠시 후 다시 시도해 주세요.",
    en: "Too many requests. Please try again in a little while.",
  },
  [Code.MAIL_FAILED]: {
    ko: "인증 메일 발송에 실패했습니다. 잠시 후 다시 시도해 주세요.",
    en: "Sending the verification mail failed. Please try again later.",
  },
  [Code.INTERNAL]: {
    ko: "예상치 못한 오류가 발생했습니다. 잠시 후 다시 시도해 주세요.",
    en: "Oops, an unexpected error occurred. Please try again shortly.",
  },
  [Code.LOGIN_REQUIRED]: { ko: "로그인이 필요합니다.", en: "Please log in." },
  [Code.TOKEN_REFRESHED]: { ko: "토큰이 갱신되었습니다.", en: "The token was refreshed." },
  [Code.REFRESH_EXPIRED]: {
    ko: "로그인이 만료되었습니다. 다시 로그인해 주세요.",
    en: "Your login has expired. Please log in again.",
  },
  // (lists, STS, sharing, billing trust; docs/decisions/0038).
  [Code.NOTHING_READY]: {
    ko: "고른 프로젝트 중 내려받을 수 있는 음성이 아직 없습니다. 먼저 생성하거나 변환해 주세요.",
    en: "None of the chosen projects has audio to download yet. Generate or convert first.",
  },
  [Code.REPLY_TARGET_GONE]: {
    ko: "답장하려는 음성이 더 이상 공유되지 않습니다. 답장 없이 공유할 수 있어요.",
    en: "The recording you are replying to is no longer shared. You can still share yours on its own.",
  },
  // Session 12, server defects (docs/decisions/0052).
  [Code.REPLY_TARGET_UNKNOWN]: {
    ko: "답장하려는 음성을 찾을 수 없거나 더 이상 공유되지 않습니다. 공유 링크를 확인하거나 reply_to 없이 변환해 주세요.",
    en: "The recording you are replying to was not found or is no longer shared. Check its share link, or convert without reply_to.",
  },
  // Voices from Xinference (docs/decisions/0061).
  [Code.NO_OTHER_SEGMENT]: {
    ko: "이 녹음에서는 다른 구간을 고를 수 없어요. 더 긴 녹음을 올려 보세요.",
    en: "There is no other part of this recording to choose. Try uploading a longer recording.",
  },
  // Basic voices made by operators (docs/decisions/0062).
  [Code.REFERENCE_NOT_AUDITIONED]: {
    ko: "공개하기 전에 지금 설정된 엔진으로 목소리를 들어 보세요.",
    en: "Listen to the voice with the engine configured now before publishing it.",
  },
  [Code.REFERENCE_PUBLISHED]: {
    ko: "이미 공개된 목소리예요. 라이브러리에서 숨기려면 신고 관리의 숨기기를 쓰세요.",
    en: "This voice is already published. To take it out of the library, hide it from the reports page.",
  },
  [Code.REFERENCE_PRESET_UNAVAILABLE]: {
    ko: "프리셋 화자는 Xinference 엔진(VOICE_ENGINE=xinference)과 이 언어의 프리셋 모델(XINFERENCE_PRESET_MODEL_{lang}) 또는 모델 uid가 있어야 써요.",
    en: "Preset speakers need the Xinference engine (VOICE_ENGINE=xinference) and a preset model for this language (XINFERENCE_PRESET_MODEL_{lang}) or a model uid.",
  },
  [Code.REFERENCE_LICENCE_ENDED]: {
    ko: "라이선스 기간이 끝난 목소리는 공개할 수 없어요.",
    en: "The licence of this voice has ended: it cannot be published.",
  },
  [Code.REFERENCE_AUDITION_FAILED]: {
    ko: "엔진이 이 목소리로 말하지 못했어요: {reason}",
    en: "The engine could not speak in this voice: {reason}",
  },
};

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
  // Session 12, server defects (docs/decisions/0052).
  [Code.REPLY_TARGET_UNKNOWN]: 404,
  [Code.NO_OTHER_SEGMENT]: 409,
  [Code.REFERENCE_NOT_AUDITIONED]: 409,
  [Code.REFERENCE_PUBLISHED]: 409,
  [Code.REFERENCE_PRESET_UNAVAILABLE]: 409,
  [Code.REFERENCE_LICENCE_ENDED]: 409,
  [Code.REFERENCE_AUDITION_FAILED]: 502,
};
