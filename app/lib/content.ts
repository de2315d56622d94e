// Public content pages and the API keys page: the api's answer types, the forms' zod schemas
// and how a stored body (plain text) becomes blocks to render. Client-safe.
// The forms' schemas live in ./content-schemas.ts (docs/decisions/0044): a page that only needs the
// helpers here does not load zod. Imports from here keep working.
export const CONTEST_NOTE_MAX = 200;
export const API_KEY_NAME_MAX = 40;

export type NoticeCategory = "notice" | "release";
export type NoticeItem = { id: string; category: NoticeCategory; pinned: boolean; title: string; date: number };
export type NoticeList = { items: NoticeItem[]; page: number; pageSize: number; total: number; pages: number };
export type Notice = NoticeItem & { body: string; updatedAt: number };

export type FaqCategory = "service" | "plan";
export type FaqList = {
  items: { id: string; category: FaqCategory; question: string; answer: string }[];
  category: FaqCategory | null;
  q: string;
};

export type GuideSection = { id: string; title: string; body: string; image: string | null; imageAlt: string };

export type ContestSummary = { id: string; slug: string; title: string; summary: string; startsAt: number; endsAt: number; open: boolean };
export type Contest = ContestSummary & {
  rules: string;
  prize: string;
  entries: number;
  entry: { id: string; inference_id: string; note: string; createdAt: number; shareUrl: string | null } | null;
  shareable: { inference_id: string; shareUrl: string; label: string; method: string; createdAt: number }[];
};

export type ApiKey = { id: string; name: string; prefix: string; createdAt: number; lastUsedAt: number | null; revokedAt: number | null };

/** The longest FAQ search the api takes (workers/api/src/domain/content/faq.ts). */
export const FAQ_QUERY_MAX = 50;

/** The page's query, made safe: an unknown category is "all", a bad page the first (never a 400 from the api). */
export function noticeQuery(url: URL) {
  const c = url.searchParams.get("category");
  const category: NoticeCategory | null = c === "notice" || c === "release" ? c : null;
  const p = Number(url.searchParams.get("page"));
  const page = Number.isInteger(p) && p >= 1 && p <= 1000 ? p : 1;
  return { category, page };
}

export function faqQuery(url: URL) {
  const c = url.searchParams.get("category");
  const category: FaqCategory | null = c === "service" || c === "plan" ? c : null;
  const q = Array.from((url.searchParams.get("q") ?? "").trim())
    .slice(0, FAQ_QUERY_MAX)
    .join("");
  return { category, q };
}

/** A body as blocks: paragraphs split by blank lines; a block whose lines all start "- " is a list. */
export type Block = { kind: "p"; text: string } | { kind: "ul"; items: string[] };
export function bodyBlocks(body: string): Block[] {
  return body
    .split(/\n\s*\n/)
    .map((chunk) => chunk.trim())
    .filter(Boolean)
    .map((chunk) => {
      const lines = chunk.split("\n");
      return lines.every((l) => l.startsWith("- "))
        ? { kind: "ul" as const, items: lines.map((l) => l.slice(2)) }
        : { kind: "p" as const, text: chunk };
    });
}

/** The first words of a body, for a page's description. */
export const excerpt = (body: string, max = 150) => {
  const flat = body
    .replace(/\s+/g, " ")
    .replace(/(^| )- /g, "$1")
    .trim();
  const chars = Array.from(flat);
  return chars.length > max ? `${chars.slice(0, max - 1).join("")}…` : flat;
};
