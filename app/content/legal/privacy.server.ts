import type { LegalDoc, Localized } from "./types";

// Privacy policy (effective 2024-05-09).

export default {
  ko: {
    title: "개인정보 처리방침",
    effective: "2024-05-09",
    intro:
      "주식회사 보이스스튜디오(이하 “회사”)는 「개인정보 보호법」 등 관계 법령을 준수하며, Voice Studio 서비스(이하 “서비스”)를 이용하는 회원의 개인정보를 안전하게 보호하기 위하여 다음과 같이 개인정보 처리방침을 정하여 공개합니다.",
    sections: [
      {
        heading: "1. 처리하는 개인정보의 항목 및 수집 방법",
        paragraphs: [
          "① 회원가입 시(필수): 이메일 주소, 비밀번호(단방향 암호화하여 저장합니다), 닉네임(이메일 주소의 @ 앞부분으로 자동 생성됩니다), 언어 설정, 만 14세 이상 여부, 약관 및 개인정보 처리방침 동의 기록",
          "② 소셜 로그인 이용 시: 회원이 선택한 소셜 로그인 제공자(Google, 네이버, 카카오)로부터 제공받는 회원 식별자와 이메일 주소, 그리고 제공자가 제공하는 경우 프로필 이미지",
          "③ 가입 설문: 직업, 소속, 이용 목적(“기타”를 선택한 경우 직접 입력한 내용을 포함합니다)",
          "④ 계정 설정에서 입력하는 경우(선택): 성, 이름, 성별, 프로필 이미지, 마케팅 정보 수신 동의 여부",
          "⑤ 유료 서비스 결제 시: 결제 및 환불 기록(요금제, 결제금액, 결제일시, 거래 식별번호, 할인 및 쿠폰 적용 내역, 환불 금액과 공제된 수수료), 카드 구분(개인 또는 법인), 결제대행사가 발급한 빌링키. 카드번호, 유효기간, 생년월일(법인카드의 경우 사업자등록번호), 카드 비밀번호 앞 2자리는 카드 등록 시 빌링키 발급을 위하여 암호화된 통신으로 결제대행사에 전달될 뿐, 회사는 이를 저장하지 않습니다.",
          "⑥ 해외 결제(PayPal) 이용 시: 주문번호, 결제자 식별번호, 승인번호 등 거래 정보. PayPal 계정 정보와 카드 정보는 PayPal이 직접 처리하며 회사는 이를 제공받지 않습니다.",
          "⑦ 서비스 이용 과정에서: 녹음하거나 업로드한 음성 및 파일, 입력한 텍스트, 생성된 음성 및 영상, 커스텀 보이스와 오픈 보이스 생성에 사용된 음성 파일과 보이스 프로필(이름, 소개, 태그, 프로필 이미지), 아바타(VRM) 파일, 프로젝트와 작업 이력, 댓글, 평점, 리뷰, 신고 내용, 1:1 문의 내용과 첨부 이미지, 요금제 해지 및 회원 탈퇴 사유와 의견",
          "⑧ 자동으로 생성되어 수집되는 정보: 접속 기록(IP 주소, 접속 일시, 요청 경로), 브라우저 및 기기 정보, 서비스 이용 기록과 이용량, 오류 정보, 쿠키(언어, 국가, 액세스 토큰, 리프레시 토큰 등)",
          "⑨ 회사는 위 정보를 회원가입과 서비스 이용 과정에서 회원이 직접 입력하거나 업로드하는 방법, 소셜 로그인 제공자와 결제대행사 및 PayPal로부터 제공받는 방법, 서비스 이용 중 자동으로 생성되는 방법으로 수집합니다.",
        ],
      },
      {
        heading: "2. 개인정보의 처리 목적",
        paragraphs: [
          "회사는 수집한 개인정보를 다음의 목적을 위해서만 처리하며, 목적이 바뀌는 경우에는 관계 법령에 따라 별도의 동의를 받는 등 필요한 조치를 합니다.",
          "1. 회원 관리: 가입 의사 확인, 이메일 인증을 통한 본인 확인, 연령 확인, 계정 관리, 부정 이용 방지, 탈퇴 후 재가입 제한, 각종 고지와 통지",
          "2. 서비스 제공: STS 변환과 TTS 생성, 보이스 생성 및 관리, 프로젝트 저장, 공유 페이지 제공, 보이스 라이브러리와 커뮤니티 운영",
          "3. 유료 서비스 제공: 결제와 자동결제, 환불, 영수증 발급, 쿠폰 적용, 이용량 관리",
          "4. 고객 지원: 1:1 문의 응대, 신고 처리, 분쟁 조정을 위한 기록 보존",
          "5. 서비스 개선: 가입 설문과 이용 기록을 바탕으로 한 통계 분석, 오류 확인과 개선",
          "6. 마케팅 정보 발송: 회원이 별도로 동의한 경우에 한하여 이벤트와 혜택 정보를 안내",
          "7. 법령상 의무 이행",
        ],
      },
      {
        heading: "3. 음성 데이터의 처리에 관한 사항",
        paragraphs: [
          "① 회원이 녹음하거나 업로드한 음성은 회원이 요청한 변환, 생성 및 해당 회원의 커스텀 보이스 또는 오픈 보이스 생성을 위해서만 처리합니다.",
          "② 회사는 회원의 음성을 특정 개인을 식별하거나 인증하기 위한 목적으로 처리하지 않습니다.",
          "③ 회사는 제1항의 목적 외에 회원의 음성을 다른 AI 모델의 학습 등에 이용하려는 경우 사전에 회원의 별도 동의를 받습니다.",
        ],
      },
      {
        heading: "4. 개인정보의 보유 및 이용기간",
        paragraphs: [
          "① 회사는 원칙적으로 회원 탈퇴 시 또는 처리 목적이 달성된 때 개인정보를 지체 없이 파기합니다. 다만, 다음의 정보는 아래에서 정한 기간 동안 보관합니다.",
          "② 업로드한 콘텐츠와 생성된 콘텐츠: 마지막으로 변경된 날부터 최대 30일",
          "③ 탈퇴한 회원의 이메일 주소: 재가입 제한(탈퇴 후 30일)을 확인하기 위하여 탈퇴일로부터 30일",
          "④ 관계 법령에 따라 보관하는 정보는 다음과 같습니다.",
          "1. 서비스 접속 기록: 3개월 (「통신비밀보호법」)",
          "2. 계약 또는 청약철회 등에 관한 기록: 5년 (「전자상거래 등에서의 소비자보호에 관한 법률」)",
          "3. 대금결제 및 재화 등의 공급에 관한 기록: 5년 (「전자상거래 등에서의 소비자보호에 관한 법률」)",
          "4. 소비자의 불만 또는 분쟁처리에 관한 기록: 3년 (「전자상거래 등에서의 소비자보호에 관한 법률」)",
          "5. 표시·광고에 관한 기록: 6개월 (「전자상거래 등에서의 소비자보호에 관한 법률」)",
          "6. 세법이 규정하는 거래에 관한 장부와 증빙서류: 5년 (「국세기본법」)",
          "⑤ 1년 동안 서비스 이용 기록이 없는 회원의 계정은 휴면 상태로 전환되며, 그 개인정보는 다른 회원의 개인정보와 분리하여 보관합니다. 회원이 계정 설정에서 기간을 3년으로 지정한 경우에는 3년을 기준으로 합니다. 회사는 휴면 전환 전에 그 사실과 전환 일자, 분리 보관되는 항목을 이메일로 알리며, 회원은 다시 로그인하여 휴면 상태를 해제할 수 있습니다.",
        ],
      },
      {
        heading: "5. 개인정보의 제3자 제공",
        paragraphs: [
          "① 회사는 회원의 개인정보를 “2. 개인정보의 처리 목적”에서 정한 범위에서만 처리하며, 회원의 동의가 있거나 법률에 특별한 규정이 있는 경우 등 「개인정보 보호법」에서 허용하는 경우를 제외하고는 제3자에게 제공하지 않습니다.",
          "② 회원이 소셜 로그인을 이용하는 경우 회사는 해당 소셜 로그인 제공자로부터 “1. 처리하는 개인정보의 항목 및 수집 방법” ②의 정보를 제공받으며, 소셜 로그인 제공자의 개인정보 처리에는 해당 사업자의 개인정보 처리방침이 적용됩니다.",
          "③ 회원이 해외 결제 수단으로 PayPal을 선택하는 경우 결제에 필요한 주문 정보(요금제, 결제금액, 주문번호)가 PayPal에 전달되며, PayPal은 자체 개인정보 처리방침에 따라 결제를 처리합니다.",
        ],
      },
      {
        heading: "6. 개인정보 처리의 위탁 및 국외 이전",
        paragraphs: [
          "① 회사는 원활한 서비스 제공을 위하여 다음과 같이 개인정보 처리 업무를 위탁하고 있습니다.",
          "1. 결제대행사: 카드 결제와 자동결제, 빌링키 발급, 환불 처리, 영수증 발급",
          "2. PayPal: 해외 회원의 결제 처리",
          "3. 이메일 발송 서비스 제공업체: 인증번호, 서비스 안내, 마케팅 정보(수신에 동의한 경우) 이메일 발송",
          "4. 클라우드 호스팅 서비스 제공업체: 서비스 운영을 위한 서버 및 데이터 보관",
          "5. 이용 분석 및 오류 모니터링 도구 제공업체: 서비스 이용 통계 분석과 오류 탐지",
          "② 회사는 위탁계약을 체결할 때 위탁 업무 목적 외 처리 금지, 기술적·관리적 보호조치, 재위탁 제한, 수탁자에 대한 관리·감독, 손해배상 등 책임에 관한 사항을 계약서 등에 명시하고, 수탁자가 개인정보를 안전하게 처리하는지 감독합니다.",
          "③ 위 수탁자 중 일부는 국외에 있을 수 있습니다. 이 경우 회사는 이전받는 자, 이전되는 국가, 이전 항목, 이전 일시와 방법, 이용 목적 및 보유기간을 이 방침 또는 서비스 내 별도 고지를 통하여 알립니다. 회원은 국외 이전을 거부할 수 있으나, 이 경우 PayPal 결제 등 해당 이전이 필요한 기능을 이용하지 못할 수 있습니다.",
          "④ 위탁 업무의 내용이나 수탁자가 변경되는 경우에는 이 방침을 통하여 지체 없이 공개합니다.",
        ],
      },
      {
        heading: "7. 정보주체의 권리와 행사 방법",
        paragraphs: [
          "① 회원은 언제든지 자신의 개인정보에 대하여 열람, 정정, 삭제, 처리정지를 요구하거나 동의를 철회할 수 있습니다.",
          "② 회원은 계정 설정에서 직접 개인정보를 조회하거나 수정할 수 있고, 회원 탈퇴를 통하여 동의를 철회할 수 있습니다. 그 밖의 요구는 1:1 문의 또는 이메일(help@voicestudio.example)로 할 수 있으며, 회사는 요구를 받은 날부터 10일 이내에 조치하고 그 결과를 알려 드립니다.",
          "③ 회원은 법정대리인이나 위임을 받은 사람 등 대리인을 통하여 권리를 행사할 수 있으며, 이 경우 위임장을 제출하여야 합니다.",
          "④ 다른 법령에서 보관하도록 정한 개인정보는 그 기간 동안 삭제를 요구할 수 없으며, 다른 사람의 생명·신체·재산과 그 밖의 이익을 부당하게 침해할 우려가 있는 경우 등 법령에서 정한 경우에는 요구가 제한될 수 있습니다.",
          "⑤ 회원이 개인정보의 정정을 요구한 경우 회사는 정정을 마칠 때까지 해당 개인정보를 이용하거나 제공하지 않습니다.",
        ],
      },
      {
        heading: "8. 개인정보의 파기 절차 및 방법",
        paragraphs: [
          "① 회사는 보유기간이 지나거나 처리 목적이 달성된 개인정보를 지체 없이 파기합니다.",
          "② 관계 법령에 따라 계속 보관하여야 하는 개인정보는 별도의 데이터베이스로 옮기거나 보관 장소를 달리하여 보관하고, 해당 기간이 지나면 파기합니다.",
          "③ 전자적 파일 형태의 정보는 복구하거나 재생할 수 없는 기술적 방법으로 삭제하며, 종이에 출력된 정보는 분쇄하거나 소각합니다.",
        ],
      },
      {
        heading: "9. 개인정보의 안전성 확보 조치",
        paragraphs: [
          "회사는 개인정보의 안전성을 확보하기 위하여 다음과 같은 조치를 하고 있습니다.",
          "1. 관리적 조치: 내부 관리계획 수립 및 시행, 개인정보 취급자의 최소화와 정기 교육",
          "2. 기술적 조치: 비밀번호의 단방향 암호화 저장, 전송 구간 암호화(HTTPS), 개인정보처리시스템 접근 권한의 관리와 접속기록 보관, 보안 업데이트 적용",
          "3. 결제 정보 보호: 카드번호 등 카드 정보는 회사가 저장하지 않으며, 결제대행사가 발급한 빌링키만 보관합니다.",
          "4. 물리적 조치: 출입 통제가 이루어지는 클라우드 데이터센터를 이용한 데이터 보관",
        ],
      },
      {
        heading: "10. 쿠키의 설치, 운영 및 거부",
        paragraphs: [
          "① 회사는 회원에게 맞는 서비스를 제공하기 위하여 쿠키를 사용합니다. 쿠키는 웹사이트가 회원의 브라우저에 보내는 작은 데이터 파일로, 회원의 기기에 저장됩니다.",
          "② 회사가 사용하는 주요 쿠키는 다음과 같습니다.",
          "1. 언어(locale): 회원이 선택한 표시 언어를 기억합니다.",
          "2. 국가(country): 국가별 결제 방법과 안내를 제공하기 위하여 사용하며, 국가 쿠키가 없는 경우 한 번 국가를 확인합니다.",
          "3. 액세스 토큰: 로그인 상태를 유지하며 1일 동안 보관됩니다.",
          "4. 리프레시 토큰: 로그인 상태를 갱신하며 14일 동안 보관됩니다.",
          "5. 이메일 인증 상태: 인증 절차에 사용되며 3분 동안 보관됩니다.",
          "6. 그 밖의 환경 설정 쿠키는 최대 365일 동안 보관되며, 서비스 이용 분석 도구가 통계 목적으로 쿠키를 사용할 수 있습니다.",
          "③ 회원은 브라우저 설정을 통하여 쿠키 저장을 허용하거나 거부할 수 있습니다. 다만, 로그인에 필요한 쿠키를 거부하면 로그인이 필요한 서비스를 이용할 수 없습니다.",
        ],
      },
      {
        heading: "11. 아동 및 미성년자의 개인정보",
        paragraphs: [
          "① 회사는 만 14세 미만 아동의 회원가입을 받지 않으며, 만 14세 미만 아동의 개인정보를 수집하지 않습니다.",
          "② 만 14세 미만 아동이 가입한 사실이 확인되면 회사는 해당 계정을 삭제하고 개인정보를 지체 없이 파기합니다.",
          "③ 만 19세 미만 회원이 유료 서비스를 결제하려면 이용약관에 따라 법정대리인의 동의가 필요합니다.",
        ],
      },
      {
        heading: "12. 개인정보 보호책임자 및 권익침해 구제방법",
        paragraphs: [
          "① 회사는 개인정보 처리에 관한 업무를 총괄하고 관련 불만 처리와 피해 구제를 위하여 개인정보 보호책임자를 지정하고 있습니다.",
          "개인정보 보호책임자: 주식회사 보이스스튜디오 개인정보보호팀, 이메일 help@voicestudio.example",
          "② 회원은 개인정보 침해로 인한 구제를 받기 위하여 다음 기관에 분쟁 해결이나 상담을 신청할 수 있습니다.",
          "1. 개인정보분쟁조정위원회: 1833-6972 (www.kopico.go.kr)",
          "2. 개인정보침해신고센터: 국번 없이 118 (privacy.kisa.or.kr)",
          "3. 대검찰청: 국번 없이 1301 (www.spo.go.kr)",
          "4. 경찰청: 국번 없이 182 (ecrm.police.go.kr)",
        ],
      },
      {
        heading: "13. 개인정보 처리방침의 변경",
        paragraphs: [
          "① 이 개인정보 처리방침을 변경하는 경우 회사는 시행일 7일 전부터 서비스 내 공지사항을 통하여 변경 내용과 사유를 알립니다.",
          "② 수집하는 개인정보의 항목, 처리 목적, 제3자 제공 등 회원의 권리에 중요한 변경이 있는 경우에는 시행일 30일 전부터 알리며, 필요한 경우 회원의 동의를 다시 받습니다.",
          "③ 이 개인정보 처리방침은 2024년 5월 9일부터 시행합니다.",
        ],
      },
    ],
  },
  en: {
    title: "Privacy Policy",
    effective: "2024-05-09",
    intro:
      "Voice Studio Inc. (the “Company”) complies with the Personal Information Protection Act of Korea and other applicable laws, and publishes this Privacy Policy to explain how it protects the personal information of members who use the Voice Studio service (the “Service”).",
    sections: [
      {
        heading: "1. Personal Information We Process and How We Collect It",
        paragraphs: [
          "(1) At sign-up (required): e-mail address, password (stored only as a one-way hash), nickname (generated automatically from the part of the e-mail address before the @), language setting, confirmation of being 14 or older, and records of agreement to the Terms of Service and this Privacy Policy.",
          "(2) When using social login: the member identifier and e-mail address provided by the social login provider the member chooses (Google, Naver or Kakao), and the profile image if the provider supplies one.",
          "(3) Sign-up questions: job, affiliation and purpose of use (including any text entered when “Other” is chosen).",
          "(4) If entered in account settings (optional): first name, last name, gender, profile image and whether the member agrees to receive marketing information.",
          "(5) When paying for a paid plan: payment and refund records (plan, amount, date and time of payment, transaction identifier, discounts and coupons applied, refund amount and fee deducted), card category (personal or corporate) and the billing key issued by the payment gateway. The card number, expiry date, date of birth (or business registration number for corporate cards) and first two digits of the card password are passed to the payment gateway over an encrypted connection only to issue the billing key; the Company does not store them.",
          "(6) When paying through PayPal from outside Korea: transaction details such as the order ID, payer ID and authorization ID. PayPal handles PayPal account and card details directly, and the Company does not receive them.",
          "(7) While using the Service: recordings and files uploaded, text entered, generated speech and video, voice files and voice profiles (name, introduction, tags, profile image) used to create custom and open voices, avatar (VRM) files, projects and work history, comments, ratings, reviews and reports, 1:1 inquiries and attached images, and reasons and comments given when cancelling a plan or withdrawing membership.",
          "(8) Information generated automatically: access logs (IP address, time of access, requested path), browser and device information, service usage records and allowance usage, error information, and cookies (language, country, access token, refresh token and similar).",
          "(9) We collect this information when members enter or upload it during sign-up and use of the Service, when we receive it from social login providers, the payment gateway and PayPal, and when it is generated automatically while the Service is used.",
        ],
      },
      {
        heading: "2. Purposes of Processing",
        paragraphs: [
          "We process personal information only for the following purposes. If a purpose changes, we will take the steps required by law, such as obtaining separate consent.",
          "1. Member management: confirming the intention to join, verifying identity by e-mail, checking age, managing accounts, preventing misuse, enforcing the re-registration waiting period after withdrawal, and sending notices.",
          "2. Providing the Service: STS conversion and TTS generation, creating and managing voices, saving projects, providing share pages, and running the voice library and community.",
          "3. Providing paid services: payments and automatic billing, refunds, receipts, coupons and allowance management.",
          "4. Customer support: answering 1:1 inquiries, handling reports and keeping records for dispute resolution.",
          "5. Improving the Service: statistical analysis based on sign-up answers and usage records, and finding and fixing errors.",
          "6. Marketing: sending information about events and benefits, only to members who have given separate consent.",
          "7. Meeting legal obligations.",
        ],
      },
      {
        heading: "3. How We Handle Voice Data",
        paragraphs: [
          "(1) Voices that members record or upload are processed only for the conversions and generations the member requests and for creating that member's own custom or open voices.",
          "(2) We do not process members' voices to identify or authenticate specific individuals.",
          "(3) We will obtain the member's separate consent in advance before using their voice for any purpose beyond paragraph (1), such as training other AI models.",
        ],
      },
      {
        heading: "4. Retention Periods",
        paragraphs: [
          "(1) In principle, we destroy personal information without delay when a member withdraws or when the purpose of processing has been achieved. The following information is, however, kept for the periods stated below.",
          "(2) Uploaded and generated content: up to 30 days from the date it was last changed.",
          "(3) E-mail addresses of withdrawn members: 30 days from withdrawal, to enforce the 30-day waiting period before re-registration.",
          "(4) Information kept under applicable law:",
          "1. Records of access to the Service: 3 months (Protection of Communications Secrets Act).",
          "2. Records of contracts and withdrawals of orders: 5 years (Act on Consumer Protection in Electronic Commerce).",
          "3. Records of payments and supply of goods or services: 5 years (Act on Consumer Protection in Electronic Commerce).",
          "4. Records of consumer complaints and dispute handling: 3 years (Act on Consumer Protection in Electronic Commerce).",
          "5. Records of labelling and advertising: 6 months (Act on Consumer Protection in Electronic Commerce).",
          "6. Books and supporting documents for transactions required by tax law: 5 years (Framework Act on National Taxes).",
          "(5) Accounts with no service activity for 1 year become dormant, and their personal information is stored separately from that of other members. If a member has set this period to 3 years in account settings, 3 years applies instead. Before an account becomes dormant, we will inform the member by e-mail of the date and of the information that will be stored separately. Members can reactivate a dormant account by logging in again.",
        ],
      },
      {
        heading: "5. Provision to Third Parties",
        paragraphs: [
          "(1) We process members' personal information only within the purposes in Section 2 and do not provide it to third parties, except where permitted by the Personal Information Protection Act, such as with the member's consent or where a law specifically requires it.",
          "(2) When a member uses social login, we receive the information in Section 1(2) from the social login provider. The provider's own privacy policy applies to its processing of that information.",
          "(3) When a member chooses PayPal as an overseas payment method, the order details needed for payment (plan, amount and order ID) are passed to PayPal, which processes the payment under its own privacy policy.",
        ],
      },
      {
        heading: "6. Processors and Transfers Abroad",
        paragraphs: [
          "(1) We entrust the following processing tasks to service providers in order to run the Service smoothly:",
          "1. Payment gateway: card payments and automatic billing, billing key issuance, refunds and receipts.",
          "2. PayPal: processing payments from members outside Korea.",
          "3. E-mail delivery provider: sending verification codes, service notices and, for members who have consented, marketing e-mails.",
          "4. Cloud hosting provider: servers and data storage for running the Service.",
          "5. Usage analytics and error monitoring providers: statistical analysis of service usage and error detection.",
          "(2) Our contracts with processors prohibit processing for any purpose other than the entrusted task and cover technical and organisational safeguards, limits on sub-processing, our supervision of the processor, and liability for damages. We also supervise processors to ensure they handle personal information safely.",
          "(3) Some of these processors may be located outside Korea. Where personal information is transferred abroad, we will state the recipient, destination country, items transferred, timing and method of transfer, purpose of use and retention period in this Policy or in a separate notice on the Service. Members may refuse a transfer abroad, but they may then be unable to use the features that need it, such as PayPal payments.",
          "(4) If the tasks entrusted or the processors change, we will update this Policy without delay.",
        ],
      },
      {
        heading: "7. Your Rights and How to Exercise Them",
        paragraphs: [
          "(1) Members may at any time ask to access, correct or delete their personal information, ask us to stop processing it, or withdraw their consent.",
          "(2) Members can view and edit their information directly in account settings, and can withdraw consent by withdrawing their membership. Other requests can be made through a 1:1 inquiry or by e-mail (help@voicestudio.example). We will act on a request within 10 days of receiving it and let the member know the outcome.",
          "(3) Members may exercise their rights through a representative, such as a legal guardian or an authorised person, who must submit a power of attorney.",
          "(4) Personal information that another law requires us to keep cannot be deleted during the required period, and requests may be limited in other cases set out by law, such as where they could unfairly harm another person's life, body, property or other interests.",
          "(5) If a member asks us to correct their information, we will not use or provide that information until the correction is complete.",
        ],
      },
      {
        heading: "8. Destruction of Personal Information",
        paragraphs: [
          "(1) We destroy personal information without delay once its retention period has passed or the purpose of processing has been achieved.",
          "(2) Personal information that must be kept under applicable law is moved to a separate database or stored in a separate location, and is destroyed when the required period ends.",
          "(3) Electronic files are deleted using technical methods that make them impossible to restore or replay, and printed material is shredded or incinerated.",
        ],
      },
      {
        heading: "9. Security Measures",
        paragraphs: [
          "We take the following measures to keep personal information secure:",
          "1. Administrative: an internal management plan, keeping the number of staff who handle personal information to a minimum, and regular training.",
          "2. Technical: storing passwords as one-way hashes, encrypting data in transit (HTTPS), managing access rights to systems that process personal information, keeping access logs and applying security updates.",
          "3. Payment data: we do not store card numbers or other card details; we keep only the billing key issued by the payment gateway.",
          "4. Physical: storing data in cloud data centres with controlled access.",
        ],
      },
      {
        heading: "10. Cookies",
        paragraphs: [
          "(1) We use cookies to provide a service suited to each member. A cookie is a small data file that a website sends to the member's browser and that is stored on the member's device.",
          "(2) The main cookies we use are:",
          "1. Language (locale): remembers the display language the member selected.",
          "2. Country: used to offer the payment method and information for the member's country. If no country cookie exists, the country is checked once.",
          "3. Access token: keeps the member logged in; kept for 1 day.",
          "4. Refresh token: renews the login session; kept for 14 days.",
          "5. E-mail verification status: used during verification; kept for 3 minutes.",
          "6. Other preference cookies are kept for up to 365 days, and usage analytics tools may use cookies for statistical purposes.",
          "(3) Members can allow or refuse cookies in their browser settings. If cookies needed for login are refused, services that require login cannot be used.",
        ],
      },
      {
        heading: "11. Children and Minors",
        paragraphs: [
          "(1) We do not accept sign-ups from children under 14 and do not collect their personal information.",
          "(2) If we find that a child under 14 has registered, we will delete the account and destroy the personal information without delay.",
          "(3) Members under 19 need the consent of their legal guardian to pay for paid services, as set out in the Terms of Service.",
        ],
      },
      {
        heading: "12. Privacy Officer and Remedies",
        paragraphs: [
          "(1) We have appointed a privacy officer who is responsible for our handling of personal information and for dealing with related complaints and remedies.",
          "Privacy officer: Privacy Team, Voice Studio Inc., e-mail help@voicestudio.example",
          "(2) Members may also contact the following bodies for dispute resolution or advice about infringements of personal information:",
          "1. Personal Information Dispute Mediation Committee: +82 1833-6972 (www.kopico.go.kr)",
          "2. Personal Information Infringement Report Center: 118 within Korea (privacy.kisa.or.kr)",
          "3. Supreme Prosecutors' Office: 1301 within Korea (www.spo.go.kr)",
          "4. Korean National Police Agency: 182 within Korea (ecrm.police.go.kr)",
        ],
      },
      {
        heading: "13. Changes to This Privacy Policy",
        paragraphs: [
          "(1) If we change this Privacy Policy, we will announce the changes and the reasons for them in the Service's notices at least 7 days before they take effect.",
          "(2) Material changes affecting members' rights, such as changes to the information collected, the purposes of processing or provision to third parties, will be announced at least 30 days in advance, and we will ask for consent again where required.",
          "(3) This Privacy Policy takes effect on May 9, 2024.",
        ],
      },
    ],
  },
} satisfies Localized<LegalDoc>;
