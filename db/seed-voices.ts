import type { VoiceParams } from "../workers/api/src/engine/types";
import type { voices } from "./schema";

type VoiceRow = typeof voices.$inferInsert;

/**
 * The basic voices (spec: basic voices; the TTS issue asks for at least 12, six per language, male and
 * female, child to senior, low to high tone). Each is a parameter set of the embedded engine
 * (workers/api/src/engine/types.ts): the eSpeak NG variant and English accent, a pitch offset in
 * semitones, a formant factor and a speaking rate, chosen from the measurements in shared/notes/engine.md so that they are
 * heard as different voices.
 */
const basic = (
  id: string,
  lang: "ko" | "en",
  name: [string, string],
  intro: [string, string],
  tags: Pick<VoiceRow, "tone" | "gender" | "age" | "features" | "categories">,
  engine: VoiceParams,
): VoiceRow => ({
  id,
  type: "basic",
  ownerId: null,
  lang,
  name: { ko: name[0], en: name[1] },
  intro: { ko: intro[0], en: intro[1] },
  ...tags,
  engine,
  usageCount: 0,
  createdAt: 0,
});

export const basicVoices: VoiceRow[] = [
  basic(
    "ko-minjun",
    "ko",
    ["민준", "Minjun"],
    ["차분한 내레이터", "Calm narrator"],
    { tone: "medium", gender: "male", age: "young", features: ["calm", "trustworthy"], categories: ["narration", "documentary"] },
    { semitones: 0, formant: 1, rate: 165 },
  ),
  basic(
    "ko-seoyeon",
    "ko",
    ["서연", "Seoyeon"],
    ["밝은 안내 목소리", "Bright guide"],
    { tone: "high", gender: "female", age: "young", features: ["bright", "friendly"], categories: ["advertising", "announcement"] },
    { variant: "f2", semitones: 2, formant: 1.1, rate: 170 },
  ),
  basic(
    "ko-dohyun",
    "ko",
    ["도현", "Dohyun"],
    ["묵직한 중저음", "Deep and steady"],
    { tone: "low", gender: "male", age: "middle", features: ["trustworthy", "serious"], categories: ["news", "documentary"] },
    { semitones: -2, formant: 0.92, rate: 155 },
  ),
  basic(
    "ko-haeun",
    "ko",
    ["하은", "Haeun"],
    ["또랑또랑 어린이", "Clear child voice"],
    { tone: "high", gender: "female", age: "child", features: ["cute", "energetic"], categories: ["kids", "education"] },
    { variant: "f4", semitones: 9, formant: 1.25, rate: 175 },
  ),
  basic(
    "ko-youngsook",
    "ko",
    ["영숙", "Youngsook"],
    ["다정한 할머니", "Kind grandmother"],
    { tone: "medium", gender: "female", age: "senior", features: ["warm", "soft"], categories: ["audiobook", "kids"] },
    { variant: "f3", semitones: -1, formant: 1.02, rate: 140 },
  ),
  basic(
    "ko-junho",
    "ko",
    ["준호", "Junho"],
    ["또렷한 아나운서", "Crisp announcer"],
    { tone: "medium", gender: "male", age: "middle", features: ["charismatic", "energetic"], categories: ["news", "advertising"] },
    { variant: "m3", semitones: 1, formant: 0.98, rate: 195 },
  ),
  basic(
    "en-james",
    "en",
    ["제임스", "James"],
    ["깊은 다큐 목소리", "Deep documentary"],
    { tone: "low", gender: "male", age: "middle", features: ["serious", "trustworthy"], categories: ["documentary", "narration"] },
    { englishVoice: "en-us", variant: "m3", semitones: -3, formant: 0.96, rate: 160 },
  ),
  basic(
    "en-emma",
    "en",
    ["엠마", "Emma"],
    ["상냥한 안내", "Friendly guide"],
    { tone: "high", gender: "female", age: "young", features: ["friendly", "bright"], categories: ["announcement", "education"] },
    { englishVoice: "en-us", variant: "f3", semitones: 1, formant: 1.0, rate: 170 },
  ),
  basic(
    "en-leo",
    "en",
    ["레오", "Leo"],
    ["장난꾸러기 소년", "Playful boy"],
    { tone: "high", gender: "male", age: "child", features: ["cute", "energetic"], categories: ["kids", "game"] },
    { englishVoice: "en-us", semitones: 10, formant: 1.0, rate: 180 },
  ),
  basic(
    "en-grace",
    "en",
    ["그레이스", "Grace"],
    ["포근한 이야기꾼", "Warm storyteller"],
    { tone: "medium", gender: "female", age: "senior", features: ["warm", "calm"], categories: ["audiobook", "podcast"] },
    { englishVoice: "en-gb-x-rp", variant: "f2", semitones: -1, formant: 1.0, rate: 145 },
  ),
  basic(
    "en-ethan",
    "en",
    ["이선", "Ethan"],
    ["활기찬 캐스터", "Lively caster"],
    { tone: "medium", gender: "male", age: "young", features: ["energetic", "charismatic"], categories: ["advertising", "game"] },
    { englishVoice: "en-us", variant: "m1", semitones: 2, formant: 1.0, rate: 190 },
  ),
  basic(
    "en-ava",
    "en",
    ["에바", "Ava"],
    ["차분한 뉴스 앵커", "Composed anchor"],
    { tone: "low", gender: "female", age: "middle", features: ["calm", "serious"], categories: ["news", "education"] },
    { englishVoice: "en-gb-x-rp", variant: "f5", semitones: -2, formant: 1.0, rate: 165 },
  ),
];
