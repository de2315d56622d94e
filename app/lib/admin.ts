/**
 * The operator console's sections (docs/decisions/0032): one entry per page, shown in the console's menu.
 * The content (notices, FAQ, contest), report, featured-voice and actor-application pages of other issues
 * slot in here with their own `/admin/...` routes.
 */
export const ADMIN_SECTIONS: { to: string; label: `nav.${string}` }[] = [
  { to: "/admin/inquiries", label: "nav.inquiries" },
  { to: "/admin/members", label: "nav.members" },
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
