// The voice engines, help, the console, the TTS editor, labs, and the server's own failures.
// Joined in ./index.ts, where every code must have its message.
import { Code } from "#contracts/codes";
import type { Localized } from "./types";

export const engineHelpAndLabs = {
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
  // Server defects found in review (docs/decisions/0052).
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
} satisfies Partial<Record<Code, Localized>>;
