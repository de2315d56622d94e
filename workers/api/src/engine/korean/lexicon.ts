// Word lists for the rules of 표준 발음법 that depend on a word's make-up rather than on its letters alone:
// which compounds insert ㄴ (제29항), which compounds and Sino-Korean words tense their second element
// (제28항, 사잇소리), which ㄴ+ㄹ words keep ㄴㄴ (제20항 붙임), which verb stems tense their endings (제24항),
// and which words join a real morpheme beginning with a vowel (제15항). A "+" marks the boundary the rule acts on.
// Everything not listed follows the general rules, which never insert ㄴ (so 입니다, 이에요, 을, 요일 stay right).

/** What a boundary inside a word (or a join of two words) is marked with: ㄴ-insertion, tensification, ㄴㄴ, 제15항 liaison. */
export type Mark = "n" | "tense" | "nn" | "real";

/** 제29항: ㄴ (after ㄹ: ㄹ) is added before 이, 야, 여, 요, 유 at these boundaries. */
// prettier-ignore
export const N_INSERTION = [
  "솜+이불", "홑+이불", "막+일", "삯+일", "맨+입", "꽃+잎", "내복+약", "한+여름", "남존+여비", "신+여성", "색+연필",
  "직행+열차", "늑막+염", "맹장+염", "관절+염", "장+염", "콩+엿", "담+요", "눈+요기", "영업+용", "가정+용", "학생+용",
  "산업+용", "공업+용", "상업+용", "개인+용", "식용+유", "백분+율", "밤+윷", "들+일", "솔+잎", "설+익", "물+약", "불+여우",
  "물+엿", "휘발+유", "유들+유들", "집안+일", "나뭇+잎", "알+약", "가루+약", "두통+약", "감기+약", "한+입", "첫+여름",
  "늦+여름", "앞+일", "뒷+일", "부엌+일", "바깥+일", "꽃+이름", "강남+역", "서울+역", "부산+역", "수원+역", "대전+역",
  "광명+역", "용산+역", "천안+역", "신촌+역", "시청+역", "잠실+역", "색+유리", "생+이별", "물+이끼",
  "할+일", "볼+일", "큰+일", "국민+연금", "국민+윤리", "베갯+잇", "도리깻+열", "뒷+윷",
  // Numbers: 십육 [심뉵], 백육 [뱅뉵], 천육 [천뉵].
  "십+육", "백+육", "천+육", "만+육", "일+연대", "삼+연대", "육+연대", "칠+연대", "팔+연대", "십+연대",
  // Native tens before 여섯, 여덟: 서른여섯 [서른녀섣], 스물여덟 [스물려덜].
  ...["열", "스물", "서른", "마흔", "쉰", "예순", "일흔", "여든", "아흔"].flatMap((tens) => [`${tens}+여섯`, `${tens}+여덟`]),
] as const;

/** Station names (place + 역) are productive: 역 after two or more syllables that end in a consonant inserts ㄴ. */
export const STATION = "역";

/** 제28항 and word-specific tensification: the consonant after "+" is said tense. */
// prettier-ignore
export const TENSED = [
  "물+가", "문+법", "헌+법", "용+법", "인+기", "여+권", "사+건", "조+건", "안+과", "내+과", "치+과", "외+과", "이+과", "문+과",
  "한+자", "문+자", "글+자", "점+수", "평+가", "가능+성", "발+바닥", "손+등", "눈+동자", "강+가", "길+가", "창+가", "등+불",
  "잠+자리", "바람+결", "잠+결", "꿈+결", "그믐+달", "보름+달", "초승+달", "아침+밥", "저녁+밥", "비빔+밥", "산+새", "손+재주",
  "물+고기", "술+잔", "술+병", "물+병", "산+불", "손+길", "눈+길", "밤+길", "봄+바람", "길+거리", "빵+집", "장+점", "단+점",
  "이+점", "강+점", "초+점", "총+점", "만+점", "요+점", "관+점", "시+점", "성+과", "개+수", "인+격", "발+자국",
  "일+자리", "하굣+길", "손+바닥", "발+가락", "손+가락", "눈+가", "입+가", "강+바람", "산+길", "문+고리", "국+밥",
  "뒷+자리", "앞+자리", "빈+자리", "안+방", "건넌+방", "주+가", "고+가", "특+기", "신+바람", "창+살", "강+줄기", "줄넘+기",
  "물+동이", "굴+속", "술+집", "눈+빛", "눈+사람", "봄+비", "밤+새",
  // Sino-Korean ㄹ + ㄷ, ㅅ, ㅈ that look like a particle after a noun (제26항: 절도 [절또], not 물도).
  "절+도", "철+도", "열+도", "밀+도", "일+자",
  // 권 "right, ticket" after a noun (공권력 [공꿘녁], 인권 [인꿘]); not the counter (한 권).
  "공+권", "인+권", "주+권", "정+권", "채+권", "물+권", "판+권", "투표+권", "소유+권", "선거+권", "입장+권", "상품+권", "참정+권",
] as const;

/** 제20항 붙임: ㄴ before ㄹ of these words is said ㄴㄴ, not ㄹㄹ. */
// prettier-ignore
export const NN_WORDS = [
  "의견+란", "임진+란", "생산+량", "결단+력", "공권+력", "동원+령", "상견+례", "횡단+로", "이원+론", "입원+료", "구근+류",
  "판단+력", "생산+력", "음운+론", "보존+료", "원인+론", "전선+로",
  
] as const;

/**
 * Syllables that follow a Sino-Korean stem ending in ㄹ as a particle or an ending: ㄹ + ㄷ, ㅅ, ㅈ is said tense in
 * Sino-Korean words (갈등 [갈뜽], 발전 [발쩐], 일시 [일씨], 제26항), not before these (알다, 물도, 길지, 오늘도).
 */
// prettier-ignore
export const AFTER_L_PLAIN = ["다", "도", "두", "지", "자", "죠", "던", "든", "더", "들", "되", "잖", "대로", "조차", "지만", "소서"] as const;

/** 제24항: endings after these verb stems ending in ㄴ, ㅁ are said tense (안고 [안꼬], 감다 [감따]). */
// prettier-ignore
export const TENSING_STEMS = ["안", "감", "남", "넘", "심", "삼", "담", "숨", "품", "굶", "닮", "더듬", "껴안", "끌어안", "옮", "신"] as const;
/** The endings of 제24항 that begin with ㄱ, ㄷ, ㅅ, ㅈ; stems that are also nouns (신고, 안다 "know") are left out below. */
// prettier-ignore
export const TENSED_ENDINGS = ["고", "다", "지", "게", "겠", "소", "던", "더라", "도록", "거나", "지만", "지요", "죠", "잖"] as const;
/** Stem + ending pairs that are more often another word: 안다 (알다 "know"), 신고 (report), 참고 (reference), 감기 (a cold). */
export const NOT_TENSED = ["안다", "신고", "신다", "남다른"] as const;

/** 제15항: a real morpheme beginning with a vowel: the final before it is neutralised first, then carried over. */
// prettier-ignore
export const REAL_MORPHEME_LIAISON = ["맛+없", "멋+없", "값+없", "넋+없", "값+어치", "값+있", "겉+옷", "속+옷", "헛+웃음", "첫+인상", "밭+아래", "꽃+위", "젖+어미"] as const;

/** Words ending in 의 that are nouns (의 said 이), not the particle (의 said 에): 회의, 동의, -주의. */
// prettier-ignore
export const UI_NOUNS = [
  "회의", "동의", "합의", "협의", "강의", "논의", "정의", "의의", "토의", "결의", "건의", "문의", "예의", "호의", "편의", "유의",
  "주의", "모의", "신의", "거의", "여의", "성의", "본의", "창의", "민의", "열의",
] as const;

/** Bound nouns: after an adnominal -ㄹ their first consonant is said tense across the space (할 수 [할쑤], 제27항). */
// prettier-ignore
export const BOUND_NOUNS = ["수", "것", "거", "게", "걸", "건", "데", "곳", "바", "적", "줄", "듯", "지", "법", "뻔", "리"] as const;
