// The voice library, community, contests, voice actors, payments, coupons and PayPal.
// Joined in ./index.ts, where every code must have its message.
import { Code } from "#contracts/codes";
import type { Localized } from "./types";

export const libraryAndBilling = {
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
} satisfies Partial<Record<Code, Localized>>;
