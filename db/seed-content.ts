// Public content seeded into D1 (docs/decisions/0031): notices and release notices, FAQ entries,
// the user guide's sections and a contest page. The pages read all of it from D1, never from code.
// Notices, FAQ entries and contests follow this file until an operator edits them (an edit sets `updated_by`;
// the edited row survives every later seed); the guide's sections always follow this file (no operator edits them).
import type { contests, faqEntries, guideSections, notices } from "./schema";

type NoticeRow = typeof notices.$inferInsert;
type FaqRow = typeof faqEntries.$inferInsert;
type GuideRow = typeof guideSections.$inferInsert;
type ContestRow = typeof contests.$inferInsert;

const day = (y: number, m: number, d: number) => Date.UTC(y, m - 1, d, 0, 0, 0);

/** The refund period, one figure everywhere (the spec's 3 to 5 and 3 to 4 reconciled: docs/decisions/0031). */
export const REFUND_DAYS = { ko: "영업일 기준 3~5일", en: "3 to 5 business days" } as const;

const notice = (
  id: string,
  category: "notice" | "release",
  date: number,
  pinned: boolean,
  title: [string, string],
  body: [string, string],
): NoticeRow => ({
  id,
  category,
  pinned,
  titleKo: title[0],
  titleEn: title[1],
  bodyKo: body[0],
  bodyEn: body[1],
  publishedAt: date,
  createdAt: date,
  updatedAt: date,
});

export const seedNotices: NoticeRow[] = [
  notice(
    "seed-notice-welcome",
    "notice",
    day(2026, 10, 1),
    true,
    ["Voice Studio 정식 서비스를 시작합니다", "Voice Studio is now open"],
    [
      "Voice Studio가 정식 서비스를 시작했습니다. 텍스트를 자연스러운 음성으로 바꾸는 TTS와, 녹음한 목소리를 다른 목소리로 바꾸는 STS를 한국어와 영어로 이용할 수 있습니다.\n\n처음 가입하면 Free 요금제로 매달 3분의 변환 시간과 10,000자의 TTS를 쓸 수 있습니다. 유료 요금제는 첫 달 50% 할인된 가격으로 시작할 수 있어요.\n\n- 사용 방법은 사용자 가이드에서 확인해 주세요.\n- 궁금한 점은 자주 묻는 질문이나 1:1 문의로 알려 주세요.",
      "Voice Studio is now open to everyone. Turn text into natural speech (TTS) and your recording into another voice (STS), in Korean and English.\n\nEvery new account starts on the Free plan with 3 minutes of conversion and 10,000 TTS characters a month. Paid plans start at 50% off for the first month.\n\n- See the user guide to get started.\n- Ask us through the FAQ or a 1:1 inquiry.",
    ],
  ),
  notice(
    "seed-notice-refund-days",
    "notice",
    day(2026, 11, 2),
    false,
    ["환불 처리 기간 안내", "How long a refund takes"],
    [
      `결제 후 7일 이내에 유료 기능을 쓰지 않았다면 즉시 해지하고 환불받을 수 있습니다. 환불은 신청일로부터 ${REFUND_DAYS.ko} 안에 수수료를 뺀 금액이 원래 결제수단으로 돌아갑니다.\n\n이전에 자주 묻는 질문에 3~4일로 적혀 있던 안내를 이용약관과 같은 ${REFUND_DAYS.ko}로 바로잡았습니다. 카드사나 결제대행사의 일정에 따라 실제 반영일은 달라질 수 있습니다.`,
      `Within 7 days of a payment, and if no paid feature was used, you can cancel at once and get a refund. The amount, less a fee, goes back to the original payment method within ${REFUND_DAYS.en} of the request.\n\nThe FAQ used to say 3 to 4 days; it now says ${REFUND_DAYS.en}, as the terms of service do. The date the refund appears may vary with your card issuer or payment provider.`,
    ],
  ),
  notice(
    "seed-notice-maintenance",
    "notice",
    day(2026, 11, 10),
    false,
    ["11월 18일 새벽 정기 점검 안내", "Scheduled maintenance on 18 November"],
    [
      "11월 18일(수) 오전 2시부터 4시까지 서비스 안정화를 위한 정기 점검이 있습니다. 점검 중에는 생성과 변환이 잠시 멈출 수 있으며, 진행 중이던 작업은 점검 후 자동으로 다시 시작하거나 사용량을 돌려드립니다.",
      "On Wednesday 18 November from 2:00 to 4:00 (KST) we will carry out scheduled maintenance. Generation and conversion may pause for a while; work in progress restarts afterwards or its usage is given back.",
    ],
  ),
  notice(
    "seed-release-dictionary",
    "release",
    day(2026, 11, 5),
    false,
    ["업데이트: 발음 사전과 발음 미리보기", "Update: pronunciation dictionary and preview"],
    [
      "스튜디오에 발음 사전이 생겼습니다. 브랜드 이름이나 외래어를 원하는 대로 읽도록 등록하면 이후의 모든 생성에 적용됩니다.\n\n- 음성을 생성하기 전에 엔진이 읽는 발음을 미리 볼 수 있습니다.\n- 숫자, 날짜, 시간, 금액을 한국어 규칙에 맞게 읽습니다.",
      "The studio now has a pronunciation dictionary. Add brand names or loanwords with the reading you want, and every later generation uses it.\n\n- Preview how the engine will read a sentence before you generate it.\n- Numbers, dates, times and amounts are read by the Korean rules.",
    ],
  ),
  notice(
    "seed-release-sts",
    "release",
    day(2026, 11, 12),
    false,
    ["업데이트: 음성 변환 파일 형식 확대", "Update: more file formats for voice conversion"],
    [
      "음성 변환(STS)에서 WAV와 MP3 외에 Ogg/Opus, WebM/Opus, M4A 파일도 올릴 수 있습니다. 파일은 이름이 아니라 내용으로 확인합니다.",
      "Voice conversion (STS) now takes Ogg/Opus, WebM/Opus and M4A files besides WAV and MP3. Files are checked by their content, not their name.",
    ],
  ),
  notice(
    "seed-release-api-keys",
    "release",
    day(2026, 11, 20),
    false,
    ["업데이트: 비즈니스 API 키", "Update: business API keys"],
    [
      "대시보드에서 API 키를 만들어 내 서비스에서 TTS와 STS를 바로 호출할 수 있습니다. 사용량은 키를 만든 회원의 요금제에서 차감됩니다.\n\n- 키는 만들 때 한 번만 보여 드립니다.\n- 쓰지 않는 키는 언제든 폐기할 수 있습니다.",
      "Create API keys in the dashboard and call TTS and STS from your own product. Usage is charged to the plan of the member who made the key.\n\n- A key is shown only once, when you create it.\n- Revoke a key you no longer use at any time.",
    ],
  ),
];

const faq = (id: string, category: "service" | "plan", position: number, question: [string, string], answer: [string, string]): FaqRow => ({
  id,
  category,
  position,
  questionKo: question[0],
  questionEn: question[1],
  answerKo: answer[0],
  answerEn: answer[1],
  publishedAt: day(2026, 10, 1),
  createdAt: day(2026, 10, 1),
  updatedAt: day(2026, 10, 1),
});

export const seedFaq: FaqRow[] = [
  faq(
    "seed-faq-what",
    "service",
    10,
    ["Voice Studio는 어떤 서비스인가요?", "What is Voice Studio?"],
    [
      "텍스트를 자연스러운 음성으로 만드는 TTS와, 녹음하거나 올린 목소리를 다른 목소리로 바꾸는 STS를 한국어와 영어로 제공하는 AI 보이스 스튜디오입니다.",
      "An AI voice studio: text to speech (TTS) turns text into natural speech, and speech to speech (STS) turns a recording into another voice, in Korean and English.",
    ],
  ),
  faq(
    "seed-faq-files",
    "service",
    20,
    ["어떤 파일을 올릴 수 있나요?", "Which files can I upload?"],
    [
      "음성 변환에는 WAV, MP3, Ogg/Opus, WebM/Opus, M4A 파일을 30MB, 5분까지 올릴 수 있습니다. 브라우저에서 바로 녹음할 수도 있어요.",
      "Voice conversion takes WAV, MP3, Ogg/Opus, WebM/Opus and M4A files of up to 30 MB and 5 minutes. You can also record in the browser.",
    ],
  ),
  faq(
    "seed-faq-commercial",
    "service",
    30,
    ["만든 음성을 상업적으로 써도 되나요?", "Can I use what I make commercially?"],
    [
      "유료 요금제(Starter 이상)는 출처 표기 없이 상업적으로 쓸 수 있습니다. Free 요금제는 비상업적 개인 이용만 가능하며 게시할 때 Voice Studio 출처를 표기해야 합니다.",
      "On a paid plan (Starter and above) you may use it commercially without credit. The Free plan allows personal, non-commercial use only, with a credit naming Voice Studio when you publish.",
    ],
  ),
  faq(
    "seed-faq-share",
    "service",
    40,
    ["결과물을 다른 사람과 공유할 수 있나요?", "Can I share a result?"],
    [
      "결과 화면에서 공유 링크를 만들면 로그인하지 않은 사람도 들을 수 있습니다. 공유를 취소하면 링크는 곧바로 열리지 않습니다.",
      "Create a share link on the result page and anyone can listen, without logging in. When you revoke it, the link stops working.",
    ],
  ),
  faq(
    "seed-faq-api",
    "service",
    50,
    ["API로 쓸 수 있나요?", "Is there an API?"],
    [
      "네. 대시보드의 API 키 화면에서 키를 만들면 TTS와 STS를 내 서비스에서 호출할 수 있습니다. 비즈니스 API 페이지에 예시가 있습니다.",
      "Yes. Create a key on the API keys page of your dashboard and call TTS and STS from your own product. The business API page has examples.",
    ],
  ),
  faq(
    "seed-faq-plans",
    "plan",
    10,
    ["어떤 요금제가 있나요?", "Which plans are there?"],
    [
      "Free, Starter, Creator, Production 요금제가 있습니다. 요금제마다 매달 쓸 수 있는 변환 시간, TTS 글자 수, 커스텀 보이스 수가 다릅니다. 요금제 페이지에서 비교해 보세요.",
      "Free, Starter, Creator and Production. Each gives a monthly conversion time, TTS characters and custom voice slots; compare them on the plans page.",
    ],
  ),
  faq(
    "seed-faq-rollover",
    "plan",
    20,
    ["남은 시간은 다음 달로 넘어가나요?", "Does unused time carry over?"],
    [
      "아니요. 매달 결제일에 사용량이 새로 시작되며 남은 시간과 글자 수는 이월되지 않습니다. 단, 요금제를 올리면 남은 양이 다음 결제일까지 이어집니다.",
      "No. Usage starts again on each billing date and what is left does not roll over. When you upgrade, what is left carries to the next payment date.",
    ],
  ),
  faq(
    "seed-faq-refund",
    "plan",
    30,
    ["환불은 어떻게 받나요?", "How do I get a refund?"],
    [
      `결제 후 7일 이내에 유료 기능을 쓰지 않았다면 내 요금제에서 즉시 해지하고 환불받을 수 있습니다. 환불은 ${REFUND_DAYS.ko} 안에 수수료를 뺀 금액으로 처리됩니다. 그 밖의 경우에는 환불되지 않고 결제한 기간이 끝날 때까지 요금제를 쓸 수 있습니다.`,
      `Within 7 days of a payment, if no paid feature was used, cancel from My plan and get a refund: it arrives within ${REFUND_DAYS.en}, less a fee. Otherwise there is no refund and the plan runs until the end of the paid period.`,
    ],
  ),
  faq(
    "seed-faq-discount",
    "plan",
    40,
    ["첫 달 50% 할인은 누가 받을 수 있나요?", "Who gets 50% off the first month?"],
    [
      "처음 가입했거나 한 번도 결제한 적이 없는 회원이 한 번 받을 수 있습니다. 다음 달부터는 정가로 결제됩니다.",
      "New members and members who have never paid, once. From the next month the regular price applies.",
    ],
  ),
  faq(
    "seed-faq-overseas",
    "plan",
    50,
    ["해외에서도 결제할 수 있나요?", "Can I pay from outside Korea?"],
    [
      "해외에서는 PayPal로 한 달 이용권을 구매할 수 있습니다. 자동 갱신되지 않으니 다음 달에도 쓰려면 다시 구매해 주세요.",
      "Outside Korea you can buy one month through PayPal. It does not renew by itself: buy again to keep using the plan.",
    ],
  ),
];

const guide = (id: string, position: number, title: [string, string], body: [string, string], alt: [string, string]): GuideRow => ({
  id,
  position,
  titleKo: title[0],
  titleEn: title[1],
  bodyKo: body[0],
  bodyEn: body[1],
  image: `${id}.webp`,
  imageAltKo: alt[0],
  imageAltEn: alt[1],
  updatedAt: day(2026, 11, 24),
});

/** The guide's screenshots (public/guide/{ko,en}/<image>) are made by scripts/guide-screenshots.mjs from the running product. */
export const seedGuide: GuideRow[] = [
  guide(
    "getting-started",
    10,
    ["시작하기", "Getting started"],
    [
      "이메일로 가입하거나 Google, 네이버, 카카오 계정으로 로그인하세요. 가입하면 Free 요금제로 바로 시작할 수 있습니다.\n\n- 로그인하면 대시보드에서 새 TTS 또는 STS 프로젝트를 만들 수 있습니다.\n- 최근 프로젝트와 이번 주 인기 보이스가 대시보드 홈에 보입니다.",
      "Sign up with your e-mail or log in with Google, Naver or Kakao. You start on the Free plan at once.\n\n- From the dashboard, start a new TTS or STS project.\n- Your recent projects and this week's top voices are on the dashboard home.",
    ],
    ["대시보드 홈 화면", "The dashboard home"],
  ),
  guide(
    "tts",
    20,
    ["텍스트 음성 변환 (TTS)", "Text to speech (TTS)"],
    [
      "TTS 프로젝트에서 문단마다 텍스트를 쓰고 보이스, 스타일, 언어, 피치, 속도, 쉼을 정한 뒤 생성하세요. 한 번에 500자까지 생성할 수 있고, 생성할 때 사용한 글자 수만큼 차감됩니다.\n\n- 줄을 바꾸거나 공백을 5칸 이상 넣으면 쉼이 들어갑니다.\n- 완성된 음성은 한 파일로 또는 문단별 파일로 내려받을 수 있습니다.",
      "In a TTS project, write each paragraph and choose its voice, style, language, pitch, tempo and pause, then generate. One generation takes up to 500 characters; what you generate is taken from your characters.\n\n- A new line or five spaces in a row add a pause.\n- Download the result as one file or a file per sentence.",
    ],
    ["TTS 편집기", "The TTS editor"],
  ),
  guide(
    "sts",
    30,
    ["음성 변환 (STS)", "Speech to speech (STS)"],
    [
      "녹음하거나 파일을 올린 뒤 바꿀 보이스를 고르면 AI가 목소리를 바꿉니다. 변환 전후를 비교해 듣고, 내려받거나 공유 링크를 만들 수 있습니다.\n\n- 녹음 시간은 초 단위로 올림하여 변환 시간에서 차감됩니다.\n- 파일은 30MB, 5분까지 올릴 수 있습니다.",
      "Record or upload, choose a voice, and the AI converts your speech. Compare before and after, download the result or make a share link.\n\n- Whole seconds of the recording are taken from your conversion time.\n- Files of up to 30 MB and 5 minutes are accepted.",
    ],
    ["음성 변환 화면", "The speech-to-speech page"],
  ),
  guide(
    "voices",
    40,
    ["보이스 고르기", "Choosing a voice"],
    [
      "기본 보이스는 누구나 무료로, 상업적으로도 쓸 수 있습니다. 보이스마다 샘플을 들어 보고 특징과 어울리는 콘텐츠를 확인하세요. 자주 쓰는 보이스는 북마크해 두면 편합니다.",
      "Basic voices are free for everyone, commercial use included. Listen to each voice's sample and see what it suits. Bookmark the voices you use most.",
    ],
    ["이번 주 인기 보이스", "This week's top voices"],
  ),
  guide(
    "custom-voices",
    50,
    ["커스텀 보이스", "Custom voices"],
    [
      "Creator 이상 요금제에서는 내 녹음이나 최대 5개의 파일로 나만 쓰는 커스텀 보이스를 만들 수 있습니다. 만들 수 있는 개수는 요금제의 보이스 슬롯 수를 따릅니다.\n\n- 녹음은 5초에서 1분, 10MB까지이며 2초 안에 말을 시작해야 합니다.\n- 파일에 대한 권리, 학습 동의, 악용 금지에 동의해야 합니다.",
      "From the Creator plan on, make a private custom voice from your recording or up to 5 files. How many you can make follows your plan's voice slots.\n\n- Recordings of 5 seconds to 1 minute, up to 10 MB, with speech starting within 2 seconds.\n- You confirm your rights to the files, consent to training and promise no harmful use.",
    ],
    ["요금제별 커스텀 보이스 슬롯", "Custom voice slots by plan"],
  ),
  guide(
    "plans",
    60,
    ["요금제와 결제", "Plans and payment"],
    [
      `국내에서는 카드로 매달 자동 결제되고, 해외에서는 PayPal로 한 달씩 구매합니다. 요금제를 올리면 바로 적용되고 내리면 다음 결제일부터 적용됩니다. 결제 후 7일 이내에 쓰지 않았다면 즉시 해지하고 환불받을 수 있으며, 환불은 ${REFUND_DAYS.ko} 안에 처리됩니다.`,
      `In Korea plans renew monthly by card; abroad you buy one month at a time through PayPal. An upgrade applies at once, a downgrade from the next payment date. Within 7 days of a payment, if unused, cancel at once for a refund, which arrives within ${REFUND_DAYS.en}.`,
    ],
    ["내 요금제 화면", "The My plan page"],
  ),
];

export const seedContests: ContestRow[] = [
  {
    id: "seed-contest-voice-letter",
    slug: "voice-letter-2026",
    titleKo: "나의 목소리 편지 공모전",
    titleEn: "My voice letter contest",
    summaryKo: "소중한 사람에게 보내는 목소리 편지를 Voice Studio로 만들어 응모하세요.",
    summaryEn: "Make a voice letter to someone dear to you with Voice Studio, and enter it.",
    rulesKo:
      "- TTS 또는 STS로 만든 결과물의 공유 링크로 응모합니다.\n- 회원마다 한 번 응모할 수 있습니다.\n- 다른 사람의 목소리나 저작물을 허락 없이 쓰면 심사에서 제외됩니다.\n- 수상작은 발표 후 Voice Studio 채널에 소개될 수 있습니다.",
    rulesEn:
      "- Enter with the share link of a result made with TTS or STS.\n- One entry per member.\n- Entries that use another person's voice or work without permission are excluded.\n- Winning entries may be featured on Voice Studio's channels.",
    prizeKo: "- 대상 1명: Production 요금제 3개월\n- 우수상 3명: Creator 요금제 3개월\n- 참가상 20명: Starter 요금제 1개월",
    prizeEn: "- Grand prize (1): 3 months of Production\n- Excellence (3): 3 months of Creator\n- Participation (20): 1 month of Starter",
    startsAt: day(2026, 11, 15),
    endsAt: day(2027, 3, 1),
    publishedAt: day(2026, 11, 15),
    createdAt: day(2026, 11, 15),
    updatedAt: day(2026, 11, 15),
  },
];

type Literal = (v: unknown) => string;

const snake = (k: string) => k.replace(/[A-Z]/g, (m) => `_${m.toLowerCase()}`);

/**
 * One row's upsert. "update": the row always becomes this file's. "unedited": it does too while no operator has
 * changed it (`updated_by` is null), so a database seeded before a wording change gets the new words, and an
 * operator's edit (or unpublishing) is never overwritten.
 */
function insert(table: string, row: Record<string, unknown>, literal: Literal, mode: "unedited" | "update") {
  const names = Object.keys(row).map(snake);
  const values = Object.values(row).map((v) => literal(typeof v === "boolean" ? (v ? 1 : 0) : v));
  const updates = names
    .filter((n) => n !== "id")
    .map((n) => `${n} = excluded.${n}`)
    .join(", ");
  const unedited = mode === "unedited" ? ` WHERE ${table}.updated_by IS NULL` : "";
  return `INSERT INTO ${table} (${names.join(", ")}) VALUES (${values.join(", ")}) ON CONFLICT (id) DO UPDATE SET ${updates}${unedited};`;
}

/** The content's idempotent seed statements (db/seed.ts adds them to the rest). */
export function contentStatements(literal: Literal): string[] {
  return [
    ...seedNotices.map((r) => insert("notices", r, literal, "unedited")),
    ...helpContentStatements(literal),
    ...seedContests.map((r) => insert("contests", r, literal, "unedited")),
  ];
}

/**
 * The FAQ and the guide: the product's own help, which a deployment carries too (`npm run catalogue -- --remote`);
 * an entry an operator has edited is left as it is. The notices and contests above are local examples.
 */
export function helpContentStatements(literal: Literal): string[] {
  return [
    ...seedFaq.map((r) => insert("faq_entries", r, literal, "unedited")),
    ...seedGuide.map((r) => insert("guide_sections", r, literal, "update")),
  ];
}
