export default {
  title: "보이스 슬롯 관리",
  description: "요금제의 커스텀 보이스 슬롯과 내가 만든 커스텀 보이스를 관리해요.",
  usage: "슬롯 {{used}} / {{slots}}",
  unlimited: "∞",
  empty: "아직 만든 커스텀 보이스가 없어요. 내 목소리로 커스텀 보이스를 만들어 보세요.",
  created: "{{date}} 만듦",
  overSlots: "슬롯 초과",
  choose: {
    title: "남길 커스텀 보이스를 골라 주세요",
    text: "요금제가 바뀌어 커스텀 보이스 슬롯이 {{slots}}개가 되었어요. 지금 커스텀 보이스는 {{used}}개예요. 남길 보이스를 {{slots}}개까지 고르면 나머지는 녹음 파일과 함께 삭제돼요.",
    once: "이 선택은 한 번만 할 수 있고, 삭제된 보이스는 되돌릴 수 없어요. 고르기 전까지 슬롯을 넘는 보이스는 사용할 수 없어요.",
    keep: "남기기",
    confirm: "선택하지 않은 보이스가 삭제되는 것을 확인했어요.",
    submit: "선택한 보이스만 남기기",
    tooMany: "{{slots}}개까지 고를 수 있어요.",
    confirmRequired: "삭제를 확인해 주세요.",
  },
} as const;
