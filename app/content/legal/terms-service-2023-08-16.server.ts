import type { LegalDoc, Localized } from "./types";

// Terms of service, previous version (effective 2023-08-16).
// Superseded by the 2024-05-09 version; kept so the earlier version can still be shown.

export default {
  ko: {
    title: "서비스 이용약관",
    effective: "2023-08-16",
    intro:
      "이 약관은 주식회사 보이스스튜디오가 제공하는 Voice Studio 서비스(베타)의 이용에 관하여 회사와 회원 사이의 권리와 의무를 정합니다.",
    sections: [
      {
        heading: "제1조 (목적)",
        paragraphs: [
          "이 약관은 주식회사 보이스스튜디오(이하 “회사”)가 제공하는 Voice Studio 및 관련 서비스(이하 “서비스”)의 이용과 관련하여 회사와 회원의 권리, 의무, 책임사항 및 이용 절차를 정함을 목적으로 합니다.",
        ],
      },
      {
        heading: "제2조 (정의)",
        paragraphs: [
          "1. “서비스”란 회사가 제공하는 음성 변환(STS), 텍스트 음성 변환(TTS), 보이스 라이브러리, 커스텀 보이스 및 프로젝트 관리 기능 등을 말합니다.",
          "2. “회원”이란 이 약관에 동의하고 회사와 이용계약을 체결한 자를 말합니다.",
          "3. “콘텐츠”란 회원이 서비스에 녹음, 업로드 또는 입력한 음성, 파일, 텍스트와 서비스를 통하여 생성된 결과물을 말합니다.",
          "4. “기본 보이스”란 회사가 제작하여 모든 회원에게 제공하는 AI 음성을 말합니다.",
          "5. “커스텀 보이스”란 유료 플랜 회원이 본인의 녹음 또는 업로드한 파일로 생성한 비공개 AI 음성으로서, 생성한 회원만 이용할 수 있는 것을 말합니다.",
          "6. “플랜”이란 회사가 정한 이용량과 기능을 제공하는 상품을 말하며, Free 플랜과 유료 플랜으로 구분합니다.",
        ],
      },
      {
        heading: "제3조 (약관의 효력 및 변경)",
        paragraphs: [
          "① 이 약관은 서비스 화면에 게시하고, 회원이 가입 시 동의함으로써 효력이 발생합니다.",
          "② 회사는 관계 법령을 위반하지 않는 범위에서 이 약관을 변경할 수 있으며, 변경 시 적용일자와 변경 사유를 밝혀 적용일자 7일 전부터 공지합니다. 회원에게 불리한 변경은 적용일자 30일 전부터 공지하고 이메일로 알립니다.",
          "③ 회원이 변경된 약관에 동의하지 않는 경우 회원 탈퇴를 할 수 있으며, 적용일자까지 거부 의사를 표시하지 않으면 변경된 약관에 동의한 것으로 봅니다.",
        ],
      },
      {
        heading: "제4조 (회원가입)",
        paragraphs: [
          "① 회원가입은 이메일 인증 또는 소셜 로그인을 거쳐 이 약관과 개인정보 처리방침에 동의함으로써 신청하며, 회사가 승낙함으로써 이용계약이 성립합니다.",
          "② 만 14세 미만인 사람은 회원으로 가입할 수 없습니다.",
          "③ 다른 사람의 정보를 도용하거나 허위 정보를 기재한 경우, 또는 탈퇴 후 30일이 지나지 않은 이메일 주소로 다시 가입하려는 경우 회사는 가입을 승낙하지 않을 수 있습니다.",
        ],
      },
      {
        heading: "제5조 (회원의 의무)",
        paragraphs: [
          "① 회원은 정확한 정보를 등록하고 계정과 비밀번호를 안전하게 관리하여야 하며, 계정을 다른 사람에게 양도하거나 빌려줄 수 없습니다.",
          "② 회원은 이 약관과 관계 법령, 회사가 공지한 이용 안내를 지켜야 합니다.",
        ],
      },
      {
        heading: "제6조 (해지 및 환불)",
        paragraphs: [
          "① 회원은 언제든지 유료 플랜의 구독을 해지할 수 있으며, 해지하더라도 이미 결제한 이용기간이 끝날 때까지는 해당 플랜을 이용할 수 있습니다. 이용기간이 끝나면 Free 플랜으로 전환됩니다.",
          "② 결제일로부터 7일 이내에 유료 서비스를 이용하지 않은 경우에는 환불을 신청할 수 있으며, 회사는 결제금액에서 소정의 수수료를 공제한 금액을 환불합니다.",
          "③ 제2항에 해당하지 않는 경우에는 결제한 요금을 환불하지 않습니다.",
          "④ 만 19세 미만의 미성년자가 법정대리인의 동의 없이 결제한 경우 본인 또는 법정대리인은 그 계약을 취소할 수 있습니다.",
        ],
      },
      {
        heading: "제7조 (유료 서비스)",
        paragraphs: [
          "① 유료 플랜의 요금, 이용량과 기능은 플랜 안내 페이지에 게시된 바에 따릅니다.",
          "② 유료 플랜 요금은 등록한 카드로 이용 시작일을 기준으로 매월 자동결제됩니다.",
          "③ 매월 제공되는 이용량 중 사용하지 않은 부분은 다음 달로 이월되지 않습니다.",
          "④ 만 19세 미만의 미성년자가 유료 서비스를 결제하려면 법정대리인의 동의를 받아야 합니다.",
          "⑤ 회사가 요금을 변경하는 경우 적용일 30일 전까지 공지하며, 변경된 요금은 다음 결제 주기부터 적용됩니다.",
        ],
      },
      {
        heading: "제8조 (베타 서비스 및 이용 한도)",
        paragraphs: [
          "① 서비스는 현재 베타 기간 중에 있으며, 기능과 이용 조건은 정식 출시 전에 변경될 수 있습니다.",
          "② 베타 기간 중 회원에게는 TTS 3,000자가 무료로 제공됩니다. 무료 제공분을 모두 사용한 후에는 유료 플랜을 이용하여야 합니다.",
          "③ TTS는 1회 생성당 300자까지 입력할 수 있습니다.",
          "④ 이용량은 STS 변환과 TTS 생성 시에 차감되며, 남은 이용량을 초과하는 요청은 처리되지 않습니다.",
        ],
      },
      {
        heading: "제9조 (콘텐츠의 권리와 이용)",
        paragraphs: [
          "① 회원이 녹음, 업로드 또는 입력한 콘텐츠에 대한 권리는 회원 또는 정당한 권리자에게 있으며, 회원은 회사가 서비스를 제공하는 데 필요한 범위에서 이를 저장하고 처리하는 것을 허락합니다.",
          "② Free 플랜 회원은 생성된 결과물을 비상업적 목적으로만 이용할 수 있으며, 공개 시 Voice Studio로 제작하였음을 표기하여야 합니다.",
          "③ 유료 플랜 회원은 생성된 결과물을 출처 표기 없이 상업적으로 이용할 수 있습니다.",
          "④ 커스텀 보이스는 이를 생성한 회원만 이용할 수 있습니다. 회원은 본인의 목소리 또는 보이스 소유자의 동의를 받은 음성으로만 커스텀 보이스를 생성하여야 합니다.",
        ],
      },
      {
        heading: "제10조 (금지행위)",
        paragraphs: [
          "회원은 다음 각 호의 행위를 해서는 안 됩니다.",
          "1. 다른 사람의 정보를 도용하는 행위",
          "2. 본인의 동의 없이 다른 사람의 목소리를 복제하거나 다른 사람을 사칭하는 행위",
          "3. 사기, 보이스피싱 등 범죄 목적으로 서비스를 이용하는 행위",
          "4. 다른 사람의 권리를 침해하거나 법령에 어긋나는 콘텐츠를 만들거나 유포하는 행위",
          "5. 서비스의 정상적인 운영을 방해하는 행위",
        ],
      },
      {
        heading: "제11조 (이용 제한)",
        paragraphs: [
          "① 회사는 회원이 이 약관을 위반한 경우 서비스 이용을 제한하거나 이용계약을 해지할 수 있습니다.",
          "② 회사는 법령이나 이 약관을 위반한 콘텐츠를 삭제할 수 있습니다.",
        ],
      },
      {
        heading: "제12조 (서비스의 변경 및 중단)",
        paragraphs: [
          "① 회사는 점검, 설비 장애, 통신 장애 등 부득이한 사유가 있는 경우 서비스를 일시적으로 중단할 수 있으며, 이 경우 사전 또는 사후에 공지합니다.",
          "② 회사는 운영상 필요한 경우 서비스의 내용을 변경할 수 있습니다.",
        ],
      },
      {
        heading: "제13조 (책임의 제한)",
        paragraphs: [
          "① 회사는 불가항력으로 인하여 서비스를 제공할 수 없는 경우 책임을 지지 않습니다.",
          "② 회사는 생성된 결과물의 품질이나 특정 목적에 대한 적합성을 보증하지 않으며, 결과물의 이용에 대한 책임은 회원에게 있습니다.",
          "③ 다만, 회사의 고의 또는 중대한 과실로 발생한 손해에 대하여는 그러하지 않습니다.",
        ],
      },
      {
        heading: "제14조 (회원 탈퇴)",
        paragraphs: [
          "① 회원은 계정 설정에서 언제든지 탈퇴할 수 있습니다. 다만, 유료 플랜의 이용기간이 남아 있는 경우에는 이용기간이 끝난 후 탈퇴할 수 있습니다.",
          "② 탈퇴하면 회원의 프로젝트와 커스텀 보이스 등 데이터는 삭제되며, 탈퇴한 이메일 주소로는 30일이 지난 후에 다시 가입할 수 있습니다.",
        ],
      },
      {
        heading: "제15조 (분쟁 해결 및 준거법)",
        paragraphs: [
          "① 이 약관은 대한민국 법률에 따라 해석됩니다.",
          "② 서비스 이용과 관련한 분쟁에 관한 소송은 서울중앙지방법원을 제1심 관할법원으로 합니다. 다만, 관계 법령에서 관할을 달리 정하고 있는 경우에는 그에 따릅니다.",
          "③ 문의: help@voicestudio.example",
        ],
      },
      {
        heading: "부칙",
        paragraphs: ["이 약관은 2023년 8월 16일부터 시행합니다."],
      },
    ],
  },
  en: {
    title: "Terms of Service",
    effective: "2023-08-16",
    intro:
      "These Terms set out the rights and obligations of Voice Studio Inc. and its members in connection with the use of the Voice Studio service (beta).",
    sections: [
      {
        heading: "Article 1 (Purpose)",
        paragraphs: [
          "These Terms set out the rights, obligations and responsibilities of Voice Studio Inc. (the “Company”) and its members, and the procedures for using Voice Studio and related services (the “Service”).",
        ],
      },
      {
        heading: "Article 2 (Definitions)",
        paragraphs: [
          "1. “Service” means the speech-to-speech conversion (STS), text-to-speech generation (TTS), voice library, custom voice and project management features provided by the Company.",
          "2. “Member” means a person who has agreed to these Terms and entered into a service agreement with the Company.",
          "3. “Content” means speech, files and text that a member records, uploads or enters into the Service, and the output generated through the Service.",
          "4. “Basic Voice” means an AI voice made by the Company and offered to all members.",
          "5. “Custom Voice” means a private AI voice that a member on a paid plan creates from their own recording or uploaded files, and that only that member can use.",
          "6. “Plan” means a product providing the allowances and features set by the Company. Plans are divided into the Free Plan and paid plans.",
        ],
      },
      {
        heading: "Article 3 (Effect and Amendment of the Terms)",
        paragraphs: [
          "(1) These Terms are posted on the Service and take effect when a member agrees to them at sign-up.",
          "(2) The Company may amend these Terms within the limits of applicable law. It will announce the effective date and the reasons for the change at least 7 days in advance. Changes unfavourable to members will be announced at least 30 days in advance and notified by e-mail.",
          "(3) A member who does not agree to the amended Terms may withdraw their membership. A member who does not object by the effective date is deemed to have accepted the amended Terms.",
        ],
      },
      {
        heading: "Article 4 (Sign-up)",
        paragraphs: [
          "(1) A person applies for membership by completing e-mail verification or social login and agreeing to these Terms and the Privacy Policy. The service agreement is formed when the Company accepts the application.",
          "(2) Persons under 14 years of age cannot become members.",
          "(3) The Company may refuse an application that uses another person's information or contains false information, or that uses an e-mail address less than 30 days after it was used for a withdrawn account.",
        ],
      },
      {
        heading: "Article 5 (Member Obligations)",
        paragraphs: [
          "(1) Members must register accurate information and keep their account and password secure, and may not transfer or lend their account to anyone else.",
          "(2) Members must comply with these Terms, applicable law and the usage guidance announced by the Company.",
        ],
      },
      {
        heading: "Article 6 (Cancellation and Refunds)",
        paragraphs: [
          "(1) Members may cancel a paid plan subscription at any time. After cancelling, they can keep using the plan until the end of the period already paid for, after which the plan changes to the Free Plan.",
          "(2) A member who has not used any paid service within 7 days of the payment date may request a refund. The Company refunds the amount paid less a fee.",
          "(3) Payments that do not meet the conditions in paragraph (2) are not refunded.",
          "(4) If a minor under 19 makes a payment without the consent of their legal guardian, the minor or the guardian may cancel the contract.",
        ],
      },
      {
        heading: "Article 7 (Paid Services)",
        paragraphs: [
          "(1) The prices, allowances and features of paid plans are as posted on the plans page.",
          "(2) Paid plan fees are charged automatically to the registered card every month, based on the start date.",
          "(3) Any part of the monthly allowance left unused does not carry over to the following month.",
          "(4) A minor under 19 needs the consent of their legal guardian to pay for a paid service.",
          "(5) If the Company changes its prices, it will announce the change at least 30 days before it takes effect, and the new price applies from the next billing cycle.",
        ],
      },
      {
        heading: "Article 8 (Beta Service and Usage Limits)",
        paragraphs: [
          "(1) The Service is currently in beta, and its features and conditions of use may change before the official launch.",
          "(2) During the beta period, each member receives 3,000 TTS characters free of charge. Once the free allowance has been used, a paid plan is required.",
          "(3) Up to 300 characters can be entered per TTS generation.",
          "(4) Allowances are deducted when STS conversion or TTS generation is run, and requests exceeding the remaining allowance are not processed.",
        ],
      },
      {
        heading: "Article 9 (Rights in and Use of Content)",
        paragraphs: [
          "(1) Rights in content that a member records, uploads or enters belong to the member or the lawful rights holder. Members permit the Company to store and process it to the extent needed to provide the Service.",
          "(2) Members on the Free Plan may use generated output only for non-commercial purposes and must state that it was made with Voice Studio when publishing it.",
          "(3) Members on a paid plan may use generated output commercially without attribution.",
          "(4) A custom voice can be used only by the member who created it. Members may create custom voices only from their own voice or from a voice whose owner has given consent.",
        ],
      },
      {
        heading: "Article 10 (Prohibited Conduct)",
        paragraphs: [
          "Members must not do any of the following:",
          "1. Use another person's information.",
          "2. Clone another person's voice without their consent, or impersonate another person.",
          "3. Use the Service for crimes such as fraud or voice phishing.",
          "4. Create or distribute content that infringes the rights of others or violates the law.",
          "5. Interfere with the normal operation of the Service.",
        ],
      },
      {
        heading: "Article 11 (Restriction of Use)",
        paragraphs: [
          "(1) If a member breaches these Terms, the Company may restrict the member's use of the Service or terminate the service agreement.",
          "(2) The Company may delete content that violates the law or these Terms.",
        ],
      },
      {
        heading: "Article 12 (Changes and Interruption of the Service)",
        paragraphs: [
          "(1) The Company may temporarily suspend the Service for unavoidable reasons such as maintenance, equipment failure or network outages, and will give notice before or after the suspension.",
          "(2) The Company may change the content of the Service where operationally necessary.",
        ],
      },
      {
        heading: "Article 13 (Limitation of Liability)",
        paragraphs: [
          "(1) The Company is not liable where it cannot provide the Service because of force majeure.",
          "(2) The Company does not guarantee the quality of generated output or its fitness for any particular purpose, and members are responsible for how they use it.",
          "(3) The above does not apply to damage caused by the Company's wilful misconduct or gross negligence.",
        ],
      },
      {
        heading: "Article 14 (Withdrawal of Membership)",
        paragraphs: [
          "(1) Members may withdraw at any time in their account settings. If a paid plan period remains, however, they may withdraw only after that period ends.",
          "(2) On withdrawal, the member's projects, custom voices and other data are deleted. An e-mail address used for a withdrawn account can be used to sign up again only after 30 days.",
        ],
      },
      {
        heading: "Article 15 (Dispute Resolution and Governing Law)",
        paragraphs: [
          "(1) These Terms are interpreted in accordance with the laws of the Republic of Korea.",
          "(2) Any lawsuit concerning the use of the Service will be brought before the Seoul Central District Court as the court of first instance, unless applicable law provides for a different court.",
          "(3) Contact: help@voicestudio.example",
        ],
      },
      {
        heading: "Addendum",
        paragraphs: ["These Terms take effect on August 16, 2023."],
      },
    ],
  },
} satisfies Localized<LegalDoc>;
