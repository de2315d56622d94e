import { z } from "zod/v4";

/**
 * The operator console's sections (docs/decisions/0032): one entry per page, shown in the console's menu.
 * The content (notices, FAQ, contest), report, featured-voice and actor-application pages of other issues
 * slot in here with their own `/admin/...` routes.
 */
export const ADMIN_SECTIONS: { to: string; label: `nav.${string}` }[] = [
  { to: "/admin/inquiries", label: "nav.inquiries" },
  { to: "/admin/members", label: "nav.members" },
  { to: "/admin/notices", label: "nav.notices" },
  { to: "/admin/audit", label: "nav.audit" },
];

export type AuditRow = {
  id: number;
  actorId: string;
  actorEmail: string;
  action: string;
  targetType: string;
  targetId: string;
  before: unknown;
  after: unknown;
  createdAt: string;
};
export type AuditPage = { items: AuditRow[]; page: number; pageSize: number; total: number };

/** A notice as the console lists it (GET /admin/content/notices: the table's row, drafts included). */
export type NoticeRow = {
  id: string;
  category: "notice" | "release";
  pinned: boolean;
  titleKo: string;
  titleEn: string;
  bodyKo: string;
  bodyEn: string;
  publishedAt: number | null;
  updatedAt: number;
};

/** The notices page's forms: save a notice (new, or `id` to change one), publish or unpublish one. */
export const NoticeFormSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("save"),
    id: z.string().max(64).optional(),
    category: z.enum(["notice", "release"]),
    pinned: z.literal("on").optional(),
    title_ko: z.string({ error: "validation.required" }).trim().min(1, "validation.required").max(120),
    title_en: z.string({ error: "validation.required" }).trim().min(1, "validation.required").max(120),
    body_ko: z.string({ error: "validation.required" }).trim().min(1, "validation.required").max(20_000),
    body_en: z.string({ error: "validation.required" }).trim().min(1, "validation.required").max(20_000),
  }),
  z.object({ intent: z.literal(["publish", "unpublish"]), id: z.string().min(1).max(64) }),
]);
