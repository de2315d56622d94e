import type { Invoice } from "#contracts/billing";

/**
 * The operator console's sections (docs/decisions/0032): one entry per page, shown in the console's menu.
 * The content (notices, FAQ, contest), report, featured-voice and actor-application pages of other issues
 * slot in here with their own `/admin/...` routes.
 */
export const ADMIN_SECTIONS: { to: string; label: `nav.${string}` }[] = [
  { to: "/admin/inquiries", label: "nav.inquiries" },
  { to: "/admin/members", label: "nav.members" },
  { to: "/admin/coupons", label: "nav.coupons" },
  { to: "/admin/refunds", label: "nav.refunds" },
  { to: "/admin/notices", label: "nav.notices" },
  // the remaining console (docs/decisions/0036).
  { to: "/admin/faq", label: "nav.faq" },
  { to: "/admin/contests", label: "nav.contests" },
  { to: "/admin/reports", label: "nav.reports" },
  { to: "/admin/featured", label: "nav.featured" },
  { to: "/admin/voices", label: "nav.voices" },
  { to: "/admin/actor-applications", label: "nav.actors" },
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

/** Coupons (GET /admin/coupons?status=&page=), newest first. */
export const COUPON_STATUSES = ["all", "unused", "used", "expired"] as const;
export type CouponStatus = (typeof COUPON_STATUSES)[number];
export type CouponRow = {
  num: string;
  plan: string;
  days: number;
  state: Exclude<CouponStatus, "all">;
  expiresAt: string | null;
  usedBy: string | null;
  usedByEmail: string | null;
  usedAt: string | null;
};
export type CouponPage = { items: CouponRow[]; page: number; pageSize: number; total: number };

/** Refunded payments (GET /admin/refunds?status=&page=), the latest refund first; `state` as the member's history says it. */
export const REFUND_STATUSES = ["all", "requested", "refunded"] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];
export type RefundRow = Invoice & { memberId: string | null; email: string | null; state: Exclude<RefundStatus, "all"> };
export type RefundPage = { items: RefundRow[]; page: number; pageSize: number; total: number };

/** A status filter from the URL (`?status=`), "all" when missing or unknown. */
export const statusFrom = <S extends string>(values: readonly S[], raw: string | null): S =>
  values.includes(raw as S) ? (raw as S) : values[0]!;

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

/** The content kinds the console edits (GET /admin/content/:kind), each with its page. */
export type ContentKind = "notices" | "faq" | "contests";
type Managed = { id: string; publishedAt: number | null; updatedAt: number };

/** A FAQ entry as the console lists it. */
export type FaqRow = Managed & {
  category: "service" | "plan";
  position: number;
  questionKo: string;
  questionEn: string;
  answerKo: string;
  answerEn: string;
};

/** A contest page as the console lists it. */
export type ContestRow = Managed & {
  slug: string;
  titleKo: string;
  titleEn: string;
  summaryKo: string;
  summaryEn: string;
  rulesKo: string;
  rulesEn: string;
  prizeKo: string;
  prizeEn: string;
  startsAt: number;
  endsAt: number;
};

/**
 * Times the console's forms take and show: `YYYY-MM-DDTHH:MM` (a datetime-local input) in Korean time,
 * UTC+9 all year (Korea keeps no daylight saving), so an operator anywhere means the same moment.
 */
const KST_MS = 9 * 3_600_000;
const LOCAL_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;
export const kstInput = (ms: number) => new Date(ms + KST_MS).toISOString().slice(0, 16);
export function kstMs(value: string) {
  const m = LOCAL_TIME.exec(value);
  if (!m) return null;
  const ms = Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!) - KST_MS;
  return Number.isFinite(ms) && kstInput(ms) === value ? ms : null;
}

/** Featured (event) voices: a voice and its period. */
export type FeaturedItem = { id: string; voiceId: string; name: { ko: string; en: string }; startsAt: string; endsAt: string };
/** Reports (GET /admin/reports) and what an operator does with them. */
export const REPORT_STATUSES = ["open", "dismissed", "resolved", "all"] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];
type ReportBase = {
  id: string;
  status: "open" | "dismissed" | "resolved";
  category: string;
  description: string;
  reporter: string | null;
  createdAt: string | null;
  hidden: boolean;
  hiddenReason: string | null;
};
export type VoiceReport = ReportBase & { voiceId: string; voiceName: { ko: string; en: string } };
export type CommentReport = ReportBase & { commentId: string; text: string };
/** Actor applications from /actors (GET /admin/actor-applications). */
export const APPLICATION_STATUSES = ["received", "contacted", "declined"] as const;
export type ActorApplication = {
  id: string;
  name: string;
  contact: string;
  sampleUrl: string | null;
  sampleFile: string | null;
  sampleDurationMs: number | null;
  locale: "ko" | "en";
  status: (typeof APPLICATION_STATUSES)[number];
  createdAt: string | null;
};
