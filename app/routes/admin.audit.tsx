import { Form, Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { PageHeading } from "~/components/shell/Page";
import { formatDateTime, useClock } from "~/lib/time";
import { pageMetaTags } from "~/utils/seo";
import type { loader } from "./admin.audit.server";

export { loader } from "./admin.audit.server";
export const handle = { i18n: ["common", "admin"] };
export const meta = pageMetaTags;

const json = (v: unknown) => (v === null || v === undefined ? "—" : JSON.stringify(v));

export default function AuditLogPage() {
  const { items, page, pageSize, total, action } = useLoaderData<typeof loader>();
  const { t } = useTranslation("admin");
  const { t: th } = useTranslation("help");
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const clock = useClock();
  const when = (iso: string) => formatDateTime(iso, clock, { date: "short", seconds: true });
  const link = (p: number) => `?${new URLSearchParams({ page: String(p), ...(action ? { action } : {}) })}`;
  return (
    <main>
      <PageHeading title={t("audit.title")} description={t("audit.description")} />
      <Form method="get" className="mt-4 flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor="audit-action" className="block text-sm font-medium">
            {t("audit.action")}
          </label>
          <input
            id="audit-action"
            name="action"
            defaultValue={action}
            placeholder="inquiry.answer"
            className="mt-1 rounded-lg border border-slate-300 px-3 py-2"
          />
        </div>
        <button type="submit" className="rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-semibold">
          {t("audit.filter")}
        </button>
      </Form>
      {items.length === 0 ? (
        <p className="mt-6 text-sm text-slate-600">{t("audit.empty")}</p>
      ) : (
        <div className="mt-6 overflow-x-auto rounded-xl border border-slate-200 bg-white">
          <table className="w-full text-left text-xs" data-testid="audit-log">
            <thead className="bg-slate-50 text-slate-500">
              <tr>
                {(["when", "who", "action", "target", "before", "after"] as const).map((c) => (
                  <th key={c} className="px-3 py-2 font-medium">
                    {t(`audit.columns.${c}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {items.map((r) => (
                <tr key={r.id} className="border-t border-slate-100 align-top">
                  <td className="whitespace-nowrap px-3 py-2">{when(r.createdAt)}</td>
                  <td className="px-3 py-2">{r.actorEmail}</td>
                  <td className="px-3 py-2 font-mono">{r.action}</td>
                  <td className="px-3 py-2 font-mono">
                    {r.targetType}:{r.targetId}
                  </td>
                  <td className="max-w-xs break-all px-3 py-2 font-mono">{json(r.before)}</td>
                  <td className="max-w-xs break-all px-3 py-2 font-mono">{json(r.after)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {pages > 1 ? (
        <nav className="mt-4 flex gap-3 text-sm">
          {page > 1 ? <Link to={link(page - 1)}>{th("history.prev")}</Link> : null}
          <span>{th("history.page", { page, pages })}</span>
          {page < pages ? <Link to={link(page + 1)}>{th("history.next")}</Link> : null}
        </nav>
      ) : null}
    </main>
  );
}
