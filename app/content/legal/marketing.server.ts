import type { LegalDoc, Localized } from "./types";

// Consent to receive marketing information (optional), effective 2024-05-09.

export default {
  ko: {
    title: "마케팅 정보 수신 동의 (선택)",
    effective: "2024-05-09",
    intro:
      "주식회사 보이스스튜디오(이하 “회사”)는 Voice Studio 서비스의 새로운 소식과 혜택을 안내하기 위하여 아래와 같이 개인정보를 이용하고 광고성 정보를 보내고자 합니다. 이 동의는 선택 사항이며, 동의하지 않아도 서비스를 이용하는 데 아무런 제한이 없습니다.",
    sections: [
      {
        heading: "1. 보내 드리는 정보",
        paragraphs: [
          "회사는 다음과 같은 정보를 보내 드립니다.",
          "1. 새로운 기능, 보이스 및 서비스 업데이트 소식",
          "2. 이벤트, 프로모션, 할인 및 쿠폰 혜택 안내",
          "3. 뉴스레터와 서비스 활용 팁",
          "4. 서비스 개선을 위한 설문조사 참여 안내",
        ],
      },
      {
        heading: "2. 전송 방법",
        paragraphs: [
          "① 마케팅 정보는 회원이 등록한 이메일 주소로 보내 드립니다.",
          "② 광고성 정보를 보낼 때에는 제목에 “(광고)”라고 표시하고, 본문에 회사 정보와 수신 거부 방법을 함께 안내합니다.",
        ],
      },
      {
        heading: "3. 이용하는 개인정보 항목",
        paragraphs: [
          "이메일 주소, 닉네임, 언어 설정, 이용 중인 요금제와 서비스 이용 기록(회원에게 맞는 혜택을 안내하기 위한 목적에 한합니다)",
        ],
      },
      {
        heading: "4. 보유 및 이용기간",
        paragraphs: [
          "① 마케팅 정보 발송을 위한 개인정보는 회원이 동의를 철회하거나 회원 탈퇴를 할 때까지 보유하고 이용합니다.",
          "② 동의가 철회되면 회사는 마케팅 목적의 개인정보 이용을 지체 없이 중단합니다.",
        ],
      },
      {
        heading: "5. 동의 철회 방법",
        paragraphs: [
          "① 회원은 언제든지 계정 설정에서 마케팅 정보 수신 동의를 해제할 수 있습니다.",
          "② 받은 이메일 하단의 수신 거부 링크를 누르거나 help@voicestudio.example로 요청하여 동의를 철회할 수도 있습니다.",
          "③ 회사는 수신 동의 또는 철회를 처리한 후 처리 일자와 결과를 회원에게 알려 드립니다.",
        ],
      },
      {
        heading: "6. 동의를 거부할 권리",
        paragraphs: [
          "회원은 마케팅 정보 수신에 동의하지 않을 권리가 있으며, 동의하지 않거나 동의를 철회하더라도 서비스 이용에는 아무런 영향이 없습니다. 다만, 이벤트와 할인 혜택 등의 안내를 받지 못할 수 있습니다.",
        ],
      },
      {
        heading: "7. 수신 동의 여부의 확인 및 서비스 안내",
        paragraphs: [
          "① 회사는 관계 법령에 따라 수신에 동의한 날부터 2년마다 회원에게 수신 동의 여부를 확인하여 안내합니다.",
          "② 결제, 환불, 약관 및 개인정보 처리방침의 변경, 보안 관련 안내 등 서비스 이용에 꼭 필요한 안내는 마케팅 정보 수신 동의 여부와 관계없이 보내 드립니다.",
        ],
      },
      {
        heading: "부칙",
        paragraphs: ["이 동의서는 2024년 5월 9일부터 시행합니다."],
      },
    ],
  },
  en: {
    title: "Consent to Receive Marketing Information (Optional)",
    effective: "2024-05-09",
    intro:
      "Voice Studio Inc. (the “Company”) would like to use your personal information as described below to send you news and offers about the Voice Studio service. This consent is optional, and you can use the Service without any restriction even if you do not give it.",
    sections: [
      {
        heading: "1. What We Send",
        paragraphs: [
          "We may send you the following:",
          "1. News about new features, voices and service updates.",
          "2. Information about events, promotions, discounts and coupons.",
          "3. Newsletters and tips for getting the most out of the Service.",
          "4. Invitations to surveys that help us improve the Service.",
        ],
      },
      {
        heading: "2. How We Send It",
        paragraphs: [
          "(1) Marketing information is sent to the e-mail address registered to your account.",
          "(2) Advertising messages are marked as advertising in the subject line and include our company details and instructions for unsubscribing.",
        ],
      },
      {
        heading: "3. Information We Use",
        paragraphs: [
          "Your e-mail address, nickname, language setting, current plan and service usage records (used only to tailor the offers we send you).",
        ],
      },
      {
        heading: "4. Retention Period",
        paragraphs: [
          "(1) We keep and use this information for marketing until you withdraw your consent or your membership.",
          "(2) Once you withdraw your consent, we stop using your information for marketing without delay.",
        ],
      },
      {
        heading: "5. How to Withdraw Your Consent",
        paragraphs: [
          "(1) You can turn off marketing consent at any time in your account settings.",
          "(2) You can also withdraw consent by clicking the unsubscribe link at the bottom of any marketing e-mail or by writing to help@voicestudio.example.",
          "(3) After processing your consent or withdrawal, we will let you know the date and the result.",
        ],
      },
      {
        heading: "6. Your Right to Refuse",
        paragraphs: [
          "You have the right not to consent to receiving marketing information. Refusing or withdrawing consent has no effect on your use of the Service, although you may miss announcements about events and discounts.",
        ],
      },
      {
        heading: "7. Confirmation of Consent and Service Notices",
        paragraphs: [
          "(1) As required by law, we will remind you of your marketing consent status every two years from the date you gave consent.",
          "(2) Notices that are essential to using the Service, such as those about payments, refunds, changes to the Terms of Service or Privacy Policy, and security, are sent regardless of your marketing consent.",
        ],
      },
      {
        heading: "Addendum",
        paragraphs: ["This consent takes effect on May 9, 2024."],
      },
    ],
  },
} satisfies Localized<LegalDoc>;
