import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { PageHeading } from "~/components/shell/Page";
import { pageMetaTags } from "~/utils/seo";
import { formatDateTime, useClock } from "~/lib/time";
import type { loader } from "./dev.mailbox.server";

export { loader } from "./dev.mailbox.server";

export const meta = pageMetaTags;

export default function DevMailbox() {
  const { mails } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const clock = useClock();
  return (
    <main className="mx-auto max-w-3xl px-4 py-12">
      <PageHeading title={t("devMailbox.title")} />
      <p className="mt-2 text-sm text-slate-600">{t("devMailbox.note")}</p>
      {mails.length === 0 ? (
        <p className="mt-8 text-slate-500">{t("devMailbox.empty")}</p>
      ) : (
        <ol className="mt-8 space-y-4" data-testid="mailbox">
          {mails.map((m) => (
            <li key={m.id} className="rounded-xl border border-slate-200 p-4">
              <h2 className="font-semibold">{m.subject}</h2>
              <dl className="mt-1 flex flex-wrap gap-x-4 text-xs text-slate-500">
                <div className="flex gap-1">
                  <dt>{t("devMailbox.to")}</dt>
                  <dd>{m.to}</dd>
                </div>
                <div className="flex gap-1">
                  <dt>{t("devMailbox.received")}</dt>
                  <dd>{formatDateTime(m.createdAt, clock, { date: "short", seconds: true })}</dd>
                </div>
              </dl>
              <pre className="mt-3 whitespace-pre-wrap font-sans text-sm text-slate-800">{m.text}</pre>
            </li>
          ))}
        </ol>
      )}
    </main>
  );
}
