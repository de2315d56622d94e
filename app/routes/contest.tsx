import { getFormProps, getInputProps, getSelectProps } from "~/components/form-props";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Body } from "~/components/content/Body";
import { ErrorList, Field, SubmitButton, useSchemaForm } from "~/components/forms";
import { LanguageSwitch } from "~/components/shell/LanguageSwitch";
import { Logo } from "~/components/shell/Logo";
import { CONTEST_NOTE_MAX, type Contest } from "~/lib/content";
import { formatDate, useClock } from "~/lib/time";
import { useRootData } from "~/utils/root-data";
import { pageMetaTags } from "~/utils/seo";
import type { action, loader } from "./contest.server";
import * as specs from "~/lib/form-specs/content";

export { action, loader } from "./contest.server";

export const handle = { i18n: ["common", "content"] };
export const meta = pageMetaTags;

/**
 * The contest page (spec: /contest, rendered without the main wrapper: no site header, no page container;
 * its own full-width bands). Title, period, rules and prize come from D1.
 */
export default function ContestPage() {
  const { contest, state } = useLoaderData<typeof loader>();
  const { t } = useTranslation("content");
  const clock = useClock();
  const top = (
    <div className="mx-auto flex max-w-5xl items-center justify-between gap-3 px-4 py-4">
      <Link to="/" aria-label={t("contest.home")}>
        <Logo />
      </Link>
      <LanguageSwitch />
    </div>
  );
  if (!contest) {
    return (
      <div className="min-h-screen bg-slate-50" data-testid="contest-page">
        {top}
        <main className="px-4 py-24 text-center">
          <h1 className="text-2xl font-bold">{t("contest.badge")}</h1>
          <p className="mt-4 text-slate-600">{t("contest.none")}</p>
        </main>
      </div>
    );
  }
  return (
    <div className="min-h-screen bg-white" data-testid="contest-page">
      {top}
      <div className="bg-gradient-to-br from-brand-600 to-slate-900 text-white">
        <header className="mx-auto max-w-5xl px-4 pb-16 pt-10">
          <p className="text-sm font-semibold uppercase tracking-wide text-white/70">{t("contest.badge")}</p>
          <h1 className="mt-2 text-3xl font-extrabold md:text-5xl" data-testid="contest-title">
            {contest.title}
          </h1>
          <p className="mt-4 max-w-2xl text-lg text-white/85">{contest.summary}</p>
          <dl className="mt-8 flex flex-wrap gap-x-8 gap-y-3 text-sm">
            <div>
              <dt className="text-white/60">{t("contest.period")}</dt>
              <dd className="mt-1 font-semibold">
                {t("contest.periodValue", {
                  start: formatDate(contest.startsAt, clock, "long"),
                  end: formatDate(contest.endsAt - 1, clock, "long"),
                })}
              </dd>
            </div>
            <div>
              <dt className="sr-only">{t("contest.badge")}</dt>
              <dd className="mt-1 inline-block rounded-full bg-white/15 px-3 py-1 font-semibold" data-testid="contest-state">
                {t(`contest.${state}`)}
              </dd>
            </div>
          </dl>
          <p className="mt-6 text-sm text-white/70">{t("contest.entries", { count: contest.entries })}</p>
        </header>
      </div>
      <main className="mx-auto grid max-w-5xl gap-10 px-4 py-12 md:grid-cols-2">
        <section aria-labelledby="contest-rules">
          <h2 id="contest-rules" className="text-xl font-bold">
            {t("contest.rules")}
          </h2>
          <Body text={contest.rules} className="mt-3" />
        </section>
        <section aria-labelledby="contest-prize">
          <h2 id="contest-prize" className="text-xl font-bold">
            {t("contest.prize")}
          </h2>
          <Body text={contest.prize} className="mt-3" />
        </section>
        <EntrySection contest={contest} />
      </main>
    </div>
  );
}

/** Entering: a member picks one of their shared results (a plain POST form); a visitor is asked to log in. */
function EntrySection({ contest }: { contest: Contest }) {
  const { t } = useTranslation("content");
  const root = useRootData();
  const actionData = useActionData<typeof action>();
  const [form, fields] = useSchemaForm("contest-entry", specs.ContestEntrySchema, actionData?.result);
  const signedIn = !!root?.user.email;
  let content: React.ReactNode;
  if (contest.entry) {
    content = (
      <div className="rounded-2xl bg-emerald-50 p-5 text-emerald-900" data-testid="contest-entered">
        <p className="font-semibold">{t("contest.entered")}</p>
        {contest.entry.shareUrl ? (
          <a href={contest.entry.shareUrl} className="mt-2 inline-block underline">
            {t("contest.yourEntry")}
          </a>
        ) : null}
      </div>
    );
  } else if (!contest.open) {
    content = <p className="text-slate-600">{t("contest.closedHelp")}</p>;
  } else if (!signedIn) {
    content = (
      <div>
        <p className="text-slate-600">{t("contest.loginToEnter")}</p>
        <Link to="/login" className="mt-3 inline-block rounded-full bg-slate-900 px-5 py-2.5 font-semibold text-white">
          {t("contest.login")}
        </Link>
      </div>
    );
  } else if (contest.shareable.length === 0) {
    content = (
      <div>
        <p className="text-slate-600">{t("contest.noShared")}</p>
        <Link to="/studio" className="mt-3 inline-block rounded-full bg-slate-900 px-5 py-2.5 font-semibold text-white">
          {t("contest.toStudio")}
        </Link>
      </div>
    );
  } else {
    content = (
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <input type="hidden" name="slug" value={contest.slug} />
        <div>
          <label htmlFor={fields.inference_id.id} className="text-sm font-medium">
            {t("contest.result")}
          </label>
          <select
            {...getSelectProps(fields.inference_id)}
            className="mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5"
          >
            {contest.shareable.map((s) => (
              <option key={s.inference_id} value={s.inference_id}>
                {s.label}
              </option>
            ))}
          </select>
          <ErrorList errors={fields.inference_id.errors} />
        </div>
        <Field
          label={t("contest.note")}
          inputProps={{ ...getInputProps(fields.note, { type: "text" }), maxLength: CONTEST_NOTE_MAX }}
          errors={fields.note.errors}
        />
        <ErrorList id={form.errorId} errors={form.errors} />
        <SubmitButton className="sm:w-auto">{t("contest.submit")}</SubmitButton>
      </Form>
    );
  }
  return (
    <section id="enter" aria-labelledby="contest-enter" className="rounded-2xl p-6 ring-1 ring-slate-200 md:col-span-2">
      <h2 id="contest-enter" className="text-xl font-bold">
        {t("contest.enterTitle")}
      </h2>
      <p className="mb-4 mt-2 text-sm text-slate-600">{t("contest.enterHelp")}</p>
      {content}
    </section>
  );
}
