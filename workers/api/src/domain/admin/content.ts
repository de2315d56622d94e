import { desc } from "drizzle-orm";
import { contests, faqEntries, notices } from "../../../../../db/schema";
import { done, type Result } from "../../lib/envelope";
import { createContest, publishContest, unpublishContest, updateContest } from "../content/contests";
import { createFaqEntry, publishFaqEntry, unpublishFaqEntry, updateFaqEntry } from "../content/faq";
import { createNotice, publishNotice, unpublishNotice, updateNotice } from "../content/notices";
import type { ContestInput, FaqInput, NoticeInput } from "../content/schemas";
import type { MemberScope } from "../scope";
import { entry } from "./audit";

/**
 * The console's side of public content (docs/decisions/0031 for the content, 0032 for the console): notices
 * and release notices, FAQ entries and contest pages, created as drafts, edited, published and unpublished
 * through `domain/content/`, each change written to the audit log with the row before and after.
 */
export const CONTENT_KINDS = ["notices", "faq", "contests"] as const;
export type ContentKind = (typeof CONTENT_KINDS)[number];
type Input = { notices: NoticeInput; faq: FaqInput; contests: ContestInput };

const tables = { notices, faq: faqEntries, contests } as const;
const targetType: Record<ContentKind, string> = { notices: "notice", faq: "faq", contests: "contest" };

/** Every row of a kind, drafts too, most recently changed first (at most 200). */
export async function contentList(s: MemberScope, kind: ContentKind) {
  const table = tables[kind];
  const rows = await s.db.select().from(table).orderBy(desc(table.updatedAt)).limit(200);
  return done({ items: rows });
}

type Change = { before: unknown; after: { id: string } };

async function audited(s: MemberScope, kind: ContentKind, action: string, result: Result<Change>, now: number) {
  if (!result.ok) return result;
  const { before, after } = result.value;
  await entry(
    s.db,
    s.member,
    { action: `${targetType[kind]}.${action}`, targetType: targetType[kind], targetId: after.id, before, after },
    now,
  );
  return done(after);
}

export async function createContent<K extends ContentKind>(s: MemberScope, kind: K, input: Input[K], now: number) {
  const op = s.member.id;
  const result =
    kind === "notices"
      ? await createNotice(s.db, input as NoticeInput, op, now)
      : kind === "faq"
        ? await createFaqEntry(s.db, input as FaqInput, op, now)
        : await createContest(s.db, input as ContestInput, op, now);
  return audited(s, kind, "create", result, now);
}

export async function updateContent<K extends ContentKind>(s: MemberScope, kind: K, id: string, input: Input[K], now: number) {
  const op = s.member.id;
  const result =
    kind === "notices"
      ? await updateNotice(s.db, id, input as NoticeInput, op, now)
      : kind === "faq"
        ? await updateFaqEntry(s.db, id, input as FaqInput, op, now)
        : await updateContest(s.db, id, input as ContestInput, op, now);
  return audited(s, kind, "update", result, now);
}

export async function publishContent(s: MemberScope, kind: ContentKind, id: string, publish: boolean, now: number) {
  const op = s.member.id;
  const fn = {
    notices: publish ? publishNotice : unpublishNotice,
    faq: publish ? publishFaqEntry : unpublishFaqEntry,
    contests: publish ? publishContest : unpublishContest,
  }[kind];
  return audited(s, kind, publish ? "publish" : "unpublish", (await fn(s.db, id, op, now)) as Result<Change>, now);
}
