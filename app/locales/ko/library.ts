/** The voice library, voice detail, open voice wizard and the /actors page (issue 16). */
export default {
  meta: {
    actors: "보이스 마켓 · 성우 모집 | 보이스 스튜디오",
    actorsDescription:
      "AI 목소리를 듣고 고르는 보이스 마켓, 그리고 내 목소리로 수익을 만드는 성우 모집. 지원서는 샘플 링크나 파일로 바로 낼 수 있어요.",
  },
  kinds: { basic: "기본", open: "오픈", custom: "커스텀" },
  card: {
    use: "이 목소리 사용",
    details: "자세히",
    rating: "{{average}} ({{count}}명)",
    noRating: "아직 평점 없음",
    uses: "{{count}}회 사용",
    weekUses: "이번 주 {{count}}회",
    bookmarked: "북마크함",
    hidden: "운영자가 숨긴 목소리",
  },
  player: {
    play: "{{name}} 샘플 듣기",
    pause: "{{name}} 샘플 멈추기",
    failed: "샘플을 재생하지 못했어요.",
  },
  actors: {
    eyebrow: "보이스 마켓 BETA",
    title: "목소리가 일하는 곳,\n보이스 마켓",
    text: "회원들이 올린 오픈 보이스를 듣고 바로 내 프로젝트에 쓰세요. 성우라면 내 목소리를 마켓에 올리고 쓰인 만큼 정산받을 수 있어요.",
    listen: "목소리 들어 보기",
    apply: "성우 지원하기",
    featured: {
      title: "지금 마켓의 목소리",
      text: "회원이 등록한 오픈 보이스는 모든 회원이 무료로, 개인적인 용도로 쓸 수 있어요. 저작권은 보장되지 않아요.",
      fallback: "아직 등록된 오픈 보이스가 없어서 이번 주 인기 목소리를 들려 드려요. 첫 오픈 보이스의 주인공이 되어 보세요.",
      more: "보이스 라이브러리에서 더 듣기",
    },
    how: {
      title: "성우로 참여하는 방법",
      steps: [
        { title: "지원서 내기", text: "이름과 연락처, 목소리 샘플(링크 또는 파일)을 보내 주세요." },
        { title: "샘플 검토", text: "운영팀이 샘플을 듣고 입력한 연락처로 결과를 알려 드려요." },
        { title: "목소리 녹음과 등록", text: "안내에 따라 녹음하면 AI 목소리를 만들어 마켓에 올려 드려요." },
        { title: "쓰인 만큼 정산", text: "회원이 내 목소리로 음성을 만들 때마다 사용량이 쌓이고, 매월 정산돼요." },
      ],
    },
    revenue: {
      title: "수익 정산",
      text: "마켓에 등록된 성우 목소리의 사용량(생성과 변환)을 매월 집계해 정산합니다. 정산 비율과 지급 방법은 검토를 마친 뒤 맺는 계약에서 정해요.",
    },
    membership: {
      title: "무료 멤버십",
      text: "마켓에 참여하는 성우에게는 보이스 스튜디오 멤버십을 무료로 드려요. 내 목소리가 어떻게 쓰이는지 스튜디오에서 직접 확인해 보세요.",
    },
    form: {
      title: "성우 지원서",
      text: "샘플은 링크와 파일 중 하나만 있어도 돼요. 파일은 WAV, MP3, OGG, WebM, M4A 오디오로 10MB, 5분까지 올릴 수 있어요.",
      name: "이름 (활동명)",
      contact: "연락처 (이메일 또는 전화번호)",
      sampleUrl: "샘플 링크",
      sampleUrlHelp: "포트폴리오, 영상, 클라우드 폴더 등 http:// 또는 https://로 시작하는 주소",
      file: "샘플 파일",
      fileHelp: "오디오 파일 10MB, 5분 이하. 지원서를 다시 낼 때는 파일을 다시 골라 주세요.",
      consent: "지원 검토를 위해 이름, 연락처, 샘플을 수집·이용하는 데 동의합니다. (필수)",
      consentNote: "지원서는 검토가 끝나면 결과를 알려 드린 뒤 3개월 안에 삭제해요.",
      submit: "지원서 보내기",
      done: "지원서를 받았어요. 검토가 끝나면 입력한 연락처로 알려 드릴게요.",
      errors: {
        sampleRequired: "샘플 링크를 적거나 샘플 파일을 골라 주세요.",
        url: "http:// 또는 https://로 시작하는 주소를 입력해 주세요.",
        consent: "수집·이용에 동의해 주세요.",
        fileTooLarge: "샘플 파일은 10MB까지 올릴 수 있어요.",
      },
    },
  },
} as const;
