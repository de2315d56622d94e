/**
 * The labs (docs/decisions/0041): avatar talk's avatars and their upload limits, as the api
 * answers them and the pages read them. The api builds these in workers/api/src/domain/labs/. No
 * runtime dependencies.
 */

/** What an uploaded avatar may be: a VRM (glTF binary with a VRM 0.x or 1.0 extension) within these limits. */
export const AVATAR_LIMITS = {
  maxBytes: 30 * 1024 * 1024,
  /** The glTF JSON chunk is parsed only up to this size. */
  maxJsonBytes: 4 * 1024 * 1024,
  maxMeshes: 64,
  maxPrimitives: 256,
  maxTextures: 64,
  /** Vertices over every mesh (the POSITION accessors' counts). */
  maxVertices: 300_000,
  /** A texture image's width and height, in pixels. */
  maxTextureSide: 4096,
  /** Avatars a member keeps. */
  perMember: 10,
} as const;

/** One avatar of the choose step: a default shipped with the product, or one the member uploaded. */
export type Avatar = {
  /** `default:<name>` for a default, the stored avatar's id otherwise. */
  id: string;
  kind: "default" | "own";
  name: string;
  /** Where the VRM file loads from (a static file, or the owner-only api path). */
  url: string;
  /** Its picture for the choose step (a default's SVG made with it by scripts/make-avatars.mjs), or null: a generic one. */
  iconURL: string | null;
  /** The VRM version it declares: "0.x" or "1.0". */
  version: "0.x" | "1.0";
  bytes: number;
  createdAt: number | null;
};

export type AvatarList = { avatars: Avatar[]; limit: number };

/** A video letter (a canvas and its audio recorded to WebM in the browser) and its poster. */
export const VIDEO_LIMITS = {
  maxBytes: 25 * 1024 * 1024,
  /** The STS recording limit (5 minutes) and a little for the recorder's start and stop. */
  maxSeconds: 305,
  /** Width and height, pixels. */
  maxSide: 1920,
  /** Blocks (frames and audio packets) counted before the walk refuses: 5 minutes at 60 fps plus audio. */
  maxBlocks: 60_000,
  posterMaxBytes: 1024 * 1024,
} as const;

/** A video letter as the api answers it (the result's and the share page's `video`). */
export type VideoLetter = {
  videoURL: string;
  posterURL: string | null;
  duration: number;
  width: number;
  height: number;
  createdAt: number;
  /** The short template it was made from (`SHORT_TEMPLATES`, docs/decisions/0042), or null for a letter. */
  template: string | null;
};

// Shorts (docs/decisions/0042): vertical videos made in the browser from a template shipped with
// the product. The template is data, not an upload: changing one is a commit.

/** A short's canvas, pixels (9:16). */
export const SHORT_SIZE = { width: 720, height: 1280 } as const;

/** One subtitle of a template's script: its time in the template's reading (seconds) and its text in ko and en. */
export type ShortCue = { start: number; end: number; ko: string; en: string };

export type ShortTemplate = {
  id: string;
  title: { ko: string; en: string };
  /** The reading's length the cues are timed for, seconds (10-30). */
  seconds: number;
  /** A 9:16 picture under public/labs/shorts/ (made by scripts/make-shorts.mjs). */
  background: string;
  /** The subtitle box's colour. */
  accent: string;
  cues: ShortCue[];
};

export const SHORT_TEMPLATES: readonly ShortTemplate[] = [
  {
    id: "news",
    title: { ko: "속보 뉴스 앵커", en: "Breaking news anchor" },
    seconds: 15,
    background: "/labs/shorts/news.svg",
    accent: "#b91c1c",
    cues: [
      { start: 0, end: 3, ko: "속보입니다.", en: "Breaking news." },
      { start: 3, end: 7.5, ko: "오늘 아침, 우리 동네 고양이가", en: "This morning, a cat in our town" },
      { start: 7.5, end: 11.5, ko: "반상회 회장으로 뽑혔습니다.", en: "was elected head of the residents' council." },
      { start: 11.5, end: 15, ko: "지금까지 AI 뉴스였습니다.", en: "That was the AI news." },
    ],
  },
  {
    id: "trailer",
    title: { ko: "영화 예고편", en: "Movie trailer" },
    seconds: 16,
    background: "/labs/shorts/trailer.svg",
    accent: "#1e293b",
    cues: [
      { start: 0, end: 3.5, ko: "올여름,", en: "This summer," },
      { start: 3.5, end: 7.5, ko: "한 사람의 목소리가", en: "one voice" },
      { start: 7.5, end: 12, ko: "모든 것을 바꾼다.", en: "changes everything." },
      { start: 12, end: 16, ko: "보이스 스튜디오, 곧 개봉.", en: "Voice Studio. Coming soon." },
    ],
  },
  {
    id: "birthday",
    title: { ko: "생일 축하 메시지", en: "Birthday wishes" },
    seconds: 12,
    background: "/labs/shorts/birthday.svg",
    accent: "#7c3aed",
    cues: [
      { start: 0, end: 3, ko: "생일 축하해!", en: "Happy birthday!" },
      { start: 3, end: 7, ko: "올해도 웃을 일만 가득하길.", en: "May this year be full of laughter." },
      { start: 7, end: 12, ko: "오늘의 주인공은 바로 너야!", en: "Today, the star is you!" },
    ],
  },
];

export const shortTemplate = (id: string | null | undefined) => SHORT_TEMPLATES.find((t) => t.id === id) ?? null;

/**
 * The cue shown at `at` seconds of a short whose audio lasts `audioSeconds`: the script's times scaled to
 * the converted audio's length (the member read the script; no speech recognition), or null between cues
 * and after the end.
 */
export function cueAt(template: ShortTemplate, at: number, audioSeconds: number) {
  const scale = audioSeconds > 0 ? template.seconds / audioSeconds : 1;
  const t = at * scale;
  return template.cues.find((c) => t >= c.start && t < c.end) ?? null;
}
