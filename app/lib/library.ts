import { z } from "zod/v4";
import { ACTOR_APPLICATION } from "../../contracts/actors";
import {
  COMMENT_MAX,
  LIBRARY_QUERY_MAX,
  LIBRARY_SORTS,
  LIBRARY_TABS,
  RATING_MAX,
  RATING_MIN,
  REPORT_CATEGORIES,
  REPORT_DESCRIPTION_MAX,
  VOICE_AGES,
  VOICE_CATEGORIES,
  VOICE_GENDERS,
  VOICE_LANGS,
  VOICE_MOODS,
  VOICE_TONES,
  type LibrarySort,
  type LibraryTab,
} from "../../contracts/voices";

/**
 * The voice library's pages (issue 16): the forms' zod schemas (the pages' client validation and the
 * actions' `parseWithZod`), the library's URL query and the pages' types. Client-safe.
 */

// ---- /actors ----------------------------------------------------------------------------------

const httpLink = z
  .string()
  .trim()
  .max(ACTOR_APPLICATION.linkMax, "validation.tooLong")
  .refine((v) => /^https?:\/\/[^\s]+$/i.test(v), "library:actors.form.errors.url");

/** The voice actor application: a sample link or file (or both), consent required. */
export const ActorApplicationSchema = z
  .object({
    name: z
      .string({ error: "validation.required" })
      .trim()
      .min(1, "validation.required")
      .max(ACTOR_APPLICATION.nameMax, "validation.tooLong"),
    contact: z
      .string({ error: "validation.required" })
      .trim()
      .min(3, "validation.required")
      .max(ACTOR_APPLICATION.contactMax, "validation.tooLong"),
    sample_url: httpLink.optional(),
    file: z
      .instanceof(File)
      .refine((f) => f.size <= ACTOR_APPLICATION.sampleMaxBytes, "library:actors.form.errors.fileTooLarge")
      .optional(),
    consent: z.literal("on", { error: "library:actors.form.errors.consent" }),
  })
  .refine((v) => !!v?.sample_url || (v?.file instanceof File && v.file.size > 0), {
    message: "library:actors.form.errors.sampleRequired",
    path: ["sample_url"],
    // Said together with the other fields' problems, not only once they are fixed.
    when: () => true,
  });

// ---- /dashboard/library ------------------------------------------------------------------------

/** The tag filters of the library, in the order the page shows them. */
export const FILTERS = {
  tone: VOICE_TONES,
  gender: VOICE_GENDERS,
  age: VOICE_AGES,
  mood: VOICE_MOODS,
  category: VOICE_CATEGORIES,
  lang: VOICE_LANGS,
} as const;
export type FilterName = keyof typeof FILTERS;
export const FILTER_NAMES = Object.keys(FILTERS) as FilterName[];

/** The library's view as its URL says it (a GET form: shareable, works without JavaScript). */
export type LibraryView = { tab: LibraryTab; sort: LibrarySort; q: string; page: number } & { [K in FilterName]: string[] };

export const DEFAULT_TAB: LibraryTab = "mine";
export const DEFAULT_SORT: LibrarySort = "popular";
/** Cards per page. */
export const PAGE_SIZE = 12;

/** Values of one filter from the URL: repeated or comma-joined, known codes only, each once. */
function filterValues(search: URLSearchParams, name: FilterName): string[] {
  const known = FILTERS[name] as readonly string[];
  const values = search
    .getAll(name)
    .flatMap((v) => v.split(","))
    .map((v) => v.trim())
    .filter((v) => known.includes(v));
  return [...new Set(values)];
}

/** The view of a library URL; anything unknown falls back to the defaults. */
export function readLibraryView(search: URLSearchParams): LibraryView {
  const tab = LIBRARY_TABS.find((t) => t === search.get("tab")) ?? DEFAULT_TAB;
  const sort = LIBRARY_SORTS.find((s) => s === search.get("sort")) ?? DEFAULT_SORT;
  const q = Array.from((search.get("q") ?? "").trim())
    .slice(0, LIBRARY_QUERY_MAX)
    .join("");
  const page = Math.min(10_000, Math.max(1, Math.floor(Number(search.get("page")) || 1)));
  const filters = Object.fromEntries(FILTER_NAMES.map((name) => [name, filterValues(search, name)])) as { [K in FilterName]: string[] };
  return { tab, sort, q, page, ...filters };
}

/** The URL query of a view (defaults left out), optionally changed. */
export function viewSearch(view: LibraryView, change: Partial<LibraryView> = {}) {
  const v = { ...view, ...change };
  const params = new URLSearchParams();
  if (v.tab !== DEFAULT_TAB) params.set("tab", v.tab);
  for (const name of FILTER_NAMES) for (const value of v[name]) params.append(name, value);
  if (v.q) params.set("q", v.q);
  if (v.sort !== DEFAULT_SORT) params.set("sort", v.sort);
  if (v.page > 1) params.set("page", String(v.page));
  const s = params.toString();
  return s ? `?${s}` : "";
}

/** GET /api/v1/voices for a view. */
export function voicesApiPath(view: LibraryView) {
  const params = new URLSearchParams({ tab: view.tab, sort: view.sort, page: String(view.page), limit: String(PAGE_SIZE) });
  for (const name of FILTER_NAMES) if (view[name].length > 0) params.set(name, view[name].join(","));
  if (view.q) params.set("q", view.q);
  return `/voices?${params}`;
}

/** How many tag filters a view has on. */
export const activeFilters = (view: LibraryView) => FILTER_NAMES.reduce((n, name) => n + view[name].length, 0);

/** "Use this voice": a new TTS project with it chosen, or the speech-to-speech studio offering it. */
export const UseVoiceSchema = z.object({
  intent: z.literal("use"),
  voice_id: z.string().min(1).max(64),
  to: z.enum(["tts", "sts"]).default("tts"),
});

// ---- /dashboard/library/voices/:id -------------------------------------------------------------

const commentText = z.string({ error: "validation.required" }).trim().min(1, "validation.required").max(COMMENT_MAX, "validation.tooLong");
const reportFields = {
  category: z.enum(REPORT_CATEGORIES, { error: "library:detail.report.categoryRequired" }),
  description: z.string().trim().max(REPORT_DESCRIPTION_MAX, "validation.tooLong").optional(),
};

/** The voice detail's forms, by `intent`. */
export const VoiceDetailSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("bookmark") }),
  z.object({ intent: z.literal("unbookmark") }),
  z.object({
    intent: z.literal("rate"),
    score: z.number({ error: "validation.required" }).int().min(RATING_MIN, "validation.required").max(RATING_MAX, "validation.required"),
  }),
  z.object({ intent: z.literal("comment"), text: commentText }),
  z.object({ intent: z.literal("edit-comment"), comment_id: z.string().min(1).max(64), text: commentText }),
  z.object({ intent: z.literal("delete-comment"), comment_id: z.string().min(1).max(64) }),
  z.object({ intent: z.literal("report"), ...reportFields }),
  z.object({ intent: z.literal("report-comment"), comment_id: z.string().min(1).max(64), ...reportFields }),
  z.object({ intent: z.literal("delete-voice") }),
]);
export type VoiceDetailIntent = z.infer<typeof VoiceDetailSchema>["intent"];

/** A date as the pages show it (fixed to Korea's time zone, so the server and the browser agree). */
export function formatDay(ms: number, locale: string) {
  return new Intl.DateTimeFormat(locale === "ko" ? "ko-KR" : "en-US", { dateStyle: "medium", timeZone: "Asia/Seoul" }).format(new Date(ms));
}

/** Comments per page on a voice's page. */
export const COMMENTS_PER_PAGE = 10;

// ---- /dashboard/library/open (the open voice wizard) -------------------------------------------

/** Spec section 5 and 9: the voice's name (14 characters with spaces) and one-line intro (10). */
export const OPEN_VOICE = { nameMax: 14, introMax: 10, moods: 2, categoriesMax: 5, recordingMaxSeconds: 60, imageSize: 240 } as const;

const codePoints = (v: string) => [...v].length;

/** Step 1: the tags (and the language the voice speaks, which its AI voice needs). */
export const OpenVoiceTagsSchema = z.object({
  lang: z.enum(VOICE_LANGS, { error: "validation.required" }),
  tone: z.enum(VOICE_TONES, { error: "validation.required" }),
  gender: z.enum(VOICE_GENDERS, { error: "validation.required" }),
  age: z.enum(VOICE_AGES, { error: "validation.required" }),
  features: z.array(z.enum(VOICE_MOODS), { error: "library:wizard.errors.moods" }).length(OPEN_VOICE.moods, "library:wizard.errors.moods"),
  categories: z
    .array(z.enum(VOICE_CATEGORIES), { error: "library:wizard.errors.categories" })
    .min(1, "library:wizard.errors.categories")
    .max(OPEN_VOICE.categoriesMax, "library:wizard.errors.categories"),
});
export type OpenVoiceTags = z.infer<typeof OpenVoiceTagsSchema>;

/** Step 2: one recording (in the browser) or one upload. */
export const OpenVoiceRecordingSchema = z.object({
  file: z.instanceof(File, { error: "validation.fileRequired" }).refine((f) => f.size > 0, "validation.fileRequired"),
  method: z.enum(["record", "upload"]).default("upload"),
});

/** Step 3: the profile. */
export const OpenVoiceProfileSchema = z.object({
  name: z
    .string({ error: "validation.required" })
    .trim()
    .min(1, "validation.required")
    .refine((v) => codePoints(v) <= OPEN_VOICE.nameMax, "library:wizard.errors.name"),
  intro: z
    .string({ error: "validation.required" })
    .trim()
    .min(1, "validation.required")
    .refine((v) => codePoints(v) <= OPEN_VOICE.introMax, "library:wizard.errors.intro"),
  image: z.instanceof(File).optional(),
});

/** The wizard's forms, by `intent`. */
export const OpenVoiceWizardSchema = z.discriminatedUnion("intent", [
  OpenVoiceTagsSchema.extend({ intent: z.literal("tags") }),
  OpenVoiceRecordingSchema.extend({ intent: z.literal("recording") }),
  OpenVoiceProfileSchema.extend({ intent: z.literal("publish") }),
  z.object({ intent: z.literal("restart") }),
]);

/** What step 2 measured (the api's facts of a recording; a failed check carries those measured so far). */
export type RecordingFacts = {
  format?: string;
  duration?: number;
  onset?: number | null;
  level?: number;
  snr?: number;
  speakers?: number;
};
/** A draft as GET /voices/open/drafts/:id answers it. */
export type OpenVoiceDraft = {
  draft_id: string;
  lang: string;
  gender: string;
  facts: RecordingFacts;
  previewURL: string;
  audioURL: string;
  expiresAt: number;
};
