import { desc } from "drizzle-orm";
import { contests, faqEntries, notices } from "#db/schema";
import { done, type Result } from "../../lib/envelope";
import { contestEditor } from "../content/contests";
import type { ContentEditor } from "../content/editing";
import { faqEditor } from "../content/faq";
import { noticeEditor } from "../content/notices";
import type { ContestInput, FaqInput, NoticeInput } from "../content/schemas";
import type { MemberScope } from "../scope";
import { entry } from "./audit";

/**
 * The console's side of public content (docs/decisions/0031 for the content, 0032 for the console, 0036 for the
 * one editor): notices and release notices, FAQ entries and contest pages, created as drafts, edited, published
 * and unpublished through `domain/content/editing.ts`, each change written to the audit log with the row
 * before and after.
 */
export const CONTENT_KINDS = ["notices", "faq", "contests"] as const;
export type ContentKind = (typeof CONTENT_KINDS)[number];
type Input = { notices: NoticeInput; faq: FaqInput; contests: ContestInput };

const kinds = {
  notices: { table: notices, editor: noticeEditor, target: "notice" },
  faq: { table: faqEntries, editor: faqEditor, target: "faq" },
  contests: { table: contests, editor: contestEditor, target: "contest" },
} as const;

const editor = <K extends ContentKind>(kind: K) => kinds[kind].editor as unknown as ContentEditor<{ id: string }, Input[K]>;

/** Every row of a kind, drafts too, most recently changed first (at most 200). */
export async function contentList(s: MemberScope, kind: ContentKind) {
  const table = kinds[kind].table;
  const rows = await s.db.select().from(table).orderBy(desc(table.updatedAt)).limit(200);
  return done({ items: rows });
}

type Action = "create" | "update" | "publish" | "unpublish";

async function audited(
  s: MemberScope,
  kind: ContentKind,
  action: Action,
  result: Result<{ before: unknown; after: { id: string } }>,
  now: number,
) {
  if (!result.ok) return result;
  const { before, after } = result.value;
  const targetType = kinds[kind].target;
  await entry(s.db, s.member, { action: `${targetType}.${action}`, targetType, targetId: after.id, before, after }, now);
  return done(after);
}

/** A new draft (`id` null) or a change of the row `id`. */
export async function saveContent<K extends ContentKind>(s: MemberScope, kind: K, id: string | null, input: Input[K], now: number) {
  const ed = editor(kind);
  return id === null
    ? audited(s, kind, "create", await ed.create(s.db, input, s.member.id, now), now)
    : audited(s, kind, "update", await ed.update(s.db, id, input, s.member.id, now), now);
}

export async function publishContent(s: MemberScope, kind: ContentKind, id: string, publish: boolean, now: number) {
  const ed = editor(kind);
  const action = publish ? "publish" : "unpublish";
  return audited(s, kind, action, await ed[action](s.db, id, s.member.id, now), now);
}
