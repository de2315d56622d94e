import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { FilterTabs } from "~/components/admin/FilterTabs";
import { ErrorList } from "~/components/forms";
import { PageHeading } from "~/components/shell/Page";
import { APPLICATION_STATUSES } from "~/lib/admin";
import { formatDateTime, useClock } from "~/lib/time";
import { pageMetaTags } from "~/utils/seo";
import type { action, loader } from "./admin.actor-applications.server";

export { action, loader } from "./admin.actor-applications.server";
export const handle = { i18n: ["common", "admin"] };
export const meta = pageMetaTags;

/**
 * Voice actors' applications from /actors: who, how to reach them, their sample (a link, or the uploaded
 * file played through a short-lived signed URL), and a state (new, contacted, declined). Plain forms; audited.
 */
export default function AdminActorApplications() {
  const { status, items } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("admin");
  const clock = useClock();
  const date = (iso: string | null) => (iso ? formatDateTime(iso, clock, { seconds: true }) : "—");
  return (
    <main>
      <PageHeading title={t("actors.title")} description={t("actors.description")} />
      <FilterTabs
        label={t("actors.filter")}
        path="/admin/actor-applications"
        values={["all", ...APPLICATION_STATUSES] as const}
        current={status}
        name={(s) => t(`actors.statuses.${s}`)}
      />
      {items.length === 0 ? (
        <p className="mt-6 text-sm text-slate-600">{t("actors.empty")}</p>
      ) : (
        <ul className="mt-6 space-y-4" data-testid="application-list">
          {items.map((a) => (
            <li key={a.id} className="rounded-xl border border-slate-200 bg-white p-4" data-testid="application-row">
              <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
                <p className="break-words font-semibold">{a.name}</p>
                <p className="break-all text-sm text-slate-700">{a.contact}</p>
                <span className="text-xs text-slate-500" data-testid="application-status">
                  {t(`actors.statuses.${a.status}`)}
                </span>
              </div>
              <p className="mt-1 text-xs text-slate-500">
                {t("actors.received", { date: date(a.createdAt), language: t(`languages.${a.locale}`) })}
              </p>
              <div className="mt-3 space-y-2">
                {a.sampleFile ? (
                  <audio controls preload="none" src={a.sampleFile} className="w-full max-w-md" data-testid="application-sample">
                    <a href={a.sampleFile}>{t("actors.download")}</a>
                  </audio>
                ) : null}
                {a.sampleUrl ? (
                  <a
                    href={a.sampleUrl}
                    target="_blank"
                    rel="noopener noreferrer nofollow"
                    className="break-all text-sm text-brand-700 underline"
                  >
                    {t("actors.link")}: {a.sampleUrl}
                  </a>
                ) : null}
                {a.sampleFile && a.sampleDurationMs ? (
                  <p className="text-xs text-slate-500">{t("actors.duration", { seconds: Math.round(a.sampleDurationMs / 1000) })}</p>
                ) : null}
              </div>
              <Form method="post" className="mt-3 flex flex-wrap items-center gap-2">
                <input type="hidden" name="id" value={a.id} />
                <label htmlFor={`status-${a.id}`} className="text-sm">
                  {t("actors.state")}
                </label>
                <select
                  id={`status-${a.id}`}
                  name="status"
                  defaultValue={a.status}
                  className="rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm"
                >
                  {APPLICATION_STATUSES.map((s) => (
                    <option key={s} value={s}>
                      {t(`actors.statuses.${s}`)}
                    </option>
                  ))}
                </select>
                <button type="submit" className="rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm font-semibold">
                  {t("actors.save")}
                </button>
              </Form>
              {actionData?.id === a.id ? <ErrorList errors={actionData.result.error?.[""] ?? undefined} /> : null}
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}
