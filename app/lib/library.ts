import { OPEN_VOICE_FORM, RECORDING_RULES } from "#contracts/open-voices";
import {
  LIBRARY_QUERY_MAX,
  LIBRARY_SORTS,
  LIBRARY_TABS,
  VOICE_AGES,
  VOICE_CATEGORIES,
  VOICE_GENDERS,
  VOICE_LANGS,
  VOICE_MOODS,
  VOICE_TONES,
  type LibrarySort,
  type LibraryTab,
} from "#contracts/voices";

/**
 * The voice library's pages: the forms' zod schemas (the pages' client validation and the
 * actions' `parseWithZod`), the library's URL query and the pages' types. Client-safe.
 */

// ---- /actors ----------------------------------------------------------------------------------

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

/** The query of GET /api/v1/voices for a view. */
export function voicesApiQuery(view: LibraryView) {
  const params = new URLSearchParams({ tab: view.tab, sort: view.sort, page: String(view.page), limit: String(PAGE_SIZE) });
  for (const name of FILTER_NAMES) if (view[name].length > 0) params.set(name, view[name].join(","));
  if (view.q) params.set("q", view.q);
  return params;
}

/** GET /api/v1/voices for a view. */
export const voicesApiPath = (view: LibraryView) => `/voices?${voicesApiQuery(view)}`;

/** How many tag filters a view has on. */
export const activeFilters = (view: LibraryView) => FILTER_NAMES.reduce((n, name) => n + view[name].length, 0);

// ---- /dashboard/library/voices/:id -------------------------------------------------------------

/** Comments per page on a voice's page. */
export const COMMENTS_PER_PAGE = 10;

// ---- /dashboard/library/open (the open voice wizard) -------------------------------------------

/** Spec sections 5 and 9, as the api checks them (contracts/open-voices.ts): name 14, intro 10, two moods, 1-5 categories, 1 minute, 240x240. */
export const OPEN_VOICE = {
  nameMax: OPEN_VOICE_FORM.nameMax,
  introMax: OPEN_VOICE_FORM.introMax,
  moods: OPEN_VOICE_FORM.moods,
  categoriesMax: OPEN_VOICE_FORM.categoriesMax,
  recordingMaxSeconds: RECORDING_RULES.maxSeconds,
  imageSize: OPEN_VOICE_FORM.image.width,
} as const;

export const codePoints = (v: string) => [...v].length;

/** What step 2 measured and the draft it made: the api's shapes (contracts/open-voices.ts). */
export type { RecordingFacts, VoiceDraft as OpenVoiceDraft } from "#contracts/open-voices";
