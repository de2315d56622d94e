/** The labs pages (issue 20): the area, avatar talk. */
export default {
  area: {
    metaTitle: "실험실 | Voice Studio",
    metaDescription: "VRM 아바타가 내 목소리 변환 결과를 말하는 아바타 토크 등 새로운 기능을 먼저 써 보세요.",
    title: "실험실",
    intro: "아직 다듬는 중인 새 기능을 먼저 써 보는 곳입니다. 사용 시간은 음성 변환(STS) 시간으로 차감됩니다.",
    beta: "BETA",
    avatarTitle: "아바타 토크",
    avatarText: "VRM 아바타를 고르고 말을 녹음하면, 원하는 보이스로 바꾼 목소리로 아바타가 입을 맞춰 말합니다.",
    avatarCta: "아바타 토크 시작하기",
    loginNeeded: "로그인하면 쓸 수 있습니다.",
  },
  avatar: {
    metaTitle: "아바타 토크 | Voice Studio",
    metaDescription: "VRM 아바타가 변환된 목소리로 입을 맞춰 말합니다.",
    title: "아바타 토크",
    intro:
      "아바타를 고르고, 말을 녹음하거나 파일을 올린 뒤, 보이스를 고르면 아바타가 변환된 목소리로 말합니다. 변환 시간은 음성 변환(STS) 시간으로 차감됩니다.",
    remaining: "이번 달 남은 변환 시간: {{time}}",
    stepOf: "{{n}}단계 / 5단계",
    steps: { avatar: "아바타 고르기", record: "녹음", check: "파일 확인", voice: "보이스 고르기", result: "결과" },
    chosen: "고른 아바타: {{name}}",
    change: "다른 아바타 고르기",
    choose: {
      title: "아바타 고르기",
      legend: "아바타",
      default: "기본 아바타",
      own: "내 아바타",
      next: "이 아바타로 계속하기",
    },
    upload: {
      title: "내 VRM 아바타 올리기",
      help: "VRM 파일(.vrm, 최대 30MB)만 올릴 수 있고, 올린 아바타는 나만 볼 수 있습니다. 보관 가능 개수: {{count}}개 중 {{own}}개 사용",
      file: "VRM 파일",
      submit: "아바타 올리기",
    },
    stage: {
      canvas: "말하는 아바타",
      loading: "아바타를 불러오는 중…",
      noWebgl: "이 브라우저에서는 WebGL을 쓸 수 없어 아바타를 보여 드릴 수 없습니다. 아래에서 변환된 목소리를 들을 수 있습니다.",
      failed: "아바타를 불러오지 못했습니다. 아래에서 변환된 목소리를 들을 수 있습니다.",
      noScript: "말하는 아바타를 보려면 JavaScript와 WebGL이 필요합니다. 아래에서 변환된 목소리를 들을 수 있습니다.",
      play: "재생",
      pause: "일시 정지",
    },
    result: {
      title: "말하는 아바타: {{name}}",
      again: "다시 녹음하기",
    },
  },
};
