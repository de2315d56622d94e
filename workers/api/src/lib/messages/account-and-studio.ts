// Accounts, sign-in, the studio (TTS, STS, dictionary), open and custom voices.
// Joined in ./index.ts, where every code must have its message.
import { Code } from "#contracts/codes";
import type { Localized } from "./types";

export const accountAndStudio = {
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
  // {max} is a length (formatDuration).
  [Code.MUSIC_TOO_LONG]: {
    ko: "배경 음악은 {max}까지 올릴 수 있어요. 대본보다 짧은 음악은 반복해서 깔립니다.",
    en: "Background music can be up to {max} long. Music shorter than the script loops under it.",
  },
  [Code.MUSIC_SILENT]: {
    ko: "소리가 들리지 않는 파일입니다. 다른 음악 파일을 올려 주세요.",
    en: "No sound can be heard in this file. Please upload another music file.",
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
} satisfies Partial<Record<Code, Localized>>;
