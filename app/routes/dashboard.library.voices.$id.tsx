import { getFormProps, getTextareaProps } from "~/components/form-props";
import { Form, Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ButtonLink, ErrorList, SubmitButton, useSchemaForm } from "~/components/forms";
import { UseVoiceButton } from "~/components/library/UseVoiceButton";
import { EditCommentForm, VoiceDetailDialog } from "~/components/library/on-use";
import { Section } from "~/components/shell/Page";
import { Waveform } from "~/components/studio/Waveform";
import { formatDate, useClock } from "~/lib/time";
import { pageMetaTags } from "~/utils/seo";
import { COMMENT_MAX, RATING_MAX } from "#contracts/voice-feedback";
import type { VoiceComment } from "#contracts/voices";
import type { action, loader } from "./dashboard.library.voices.$id.server";
import * as specs from "~/lib/form-specs/library";

export { action, loader } from "./dashboard.library.voices.$id.server";

export const handle = { i18n: ["common", "account", "library", "studio"] };

export const meta = pageMetaTags;

const STARS = Array.from({ length: RATING_MAX }, (_, i) => RATING_MAX - i);

/** A voice's page (spec: voice detail): profile, terms, sample, rating, comments, report, bookmark; its creator may delete it. */
export default function VoicePage() {
  const { voice, comments } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { pathname, search } = useLocation();
  const { t } = useTranslation("library");
  const clock = useClock();
  const q = new URLSearchParams(search);
  const modal = q.get("modal");
  const editing = q.get("edit");
  const here = (change: Record<string, string | null>) => {
    const next = new URLSearchParams(search);
    for (const [k, v] of Object.entries(change))
      if (v === null) next.delete(k);
      else next.set(k, v);
    return `${pathname}${next.size ? `?${next}` : ""}`;
  };
  const closeTo = here({ modal: null, comment: null, edit: null });
  const errorsOf = (intent: string) => (actionData?.intent === intent ? actionData.result : undefined);
  const pages = Math.max(1, Math.ceil(comments.total / comments.limit));
  const reportComment = modal === "report-comment" ? comments.comments.find((c) => c.id === q.get("comment")) : undefined;

  return (
    <main className="space-y-6 px-4 py-8 sm:px-6">
      <Link to="/dashboard/library" className="text-sm text-brand-700 underline">
        ← {t("detail.back")}
      </Link>

      <section
        aria-labelledby="voice-title"
        className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6"
        data-testid="voice-detail"
      >
        <div className="flex flex-col gap-5 sm:flex-row sm:items-start">
          <img src={voice.profileImageURL} alt="" width={120} height={120} className="size-24 shrink-0 rounded-2xl sm:size-30" />
          <div className="min-w-0 flex-1">
            <p className="text-xs font-semibold uppercase text-brand-700">
              {t(`kinds.${voice.type}`)} · {voice.lang.toUpperCase()}
            </p>
            <h1 id="voice-title" className="mt-1 text-2xl font-bold">
              {voice.name}
            </h1>
            <p className="mt-1 text-slate-600">{voice.pr}</p>
            <p className="mt-2 text-sm text-slate-600" data-testid="voice-stats">
              {voice.ratingCount > 0 ? (
                <span>
                  <span aria-hidden="true" className="text-amber-500">
                    ★
                  </span>{" "}
                  {t("detail.rating", { average: voice.ratingAverage?.toFixed(1), count: voice.ratingCount })}
                </span>
              ) : (
                <span>{t("detail.noRating")}</span>
              )}
              <span> · {t("detail.usage", { count: voice.usageCount })}</span>
            </p>
            {voice.hidden ? (
              <p className="mt-2 rounded-lg bg-red-50 p-2 text-sm text-red-800">{t("detail.hidden", { reason: voice.hidden.reason })}</p>
            ) : null}
          </div>
        </div>

        <dl className="mt-5 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
          <dt className="text-slate-500">{t("detail.kind")}</dt>
          <dd>{t(`kinds.${voice.type}`)}</dd>
          <dt className="text-slate-500">{t("detail.terms")}</dt>
          <dd data-testid="voice-terms">{voice.terms.text}</dd>
          {voice.creator ? (
            <>
              <dt className="text-slate-500">{t("detail.creator")}</dt>
              <dd>{voice.creator.nickname}</dd>
            </>
          ) : null}
          {voice.event ? (
            <>
              <dt className="text-slate-500">{t("list.tabs.event")}</dt>
              <dd>
                {t("detail.event", {
                  from: formatDate(voice.event.startsAt, clock),
                  to: formatDate(voice.event.endsAt, clock),
                })}
              </dd>
            </>
          ) : null}
          <dt className="text-slate-500">{t("detail.tags")}</dt>
          <dd className="flex flex-wrap gap-1">
            {[voice.tags.tone.name, voice.tags.gender.name, voice.tags.age.name, ...voice.features, ...voice.useCases].map((tag) => (
              <span key={tag} className="rounded-full bg-slate-100 px-2 py-0.5 text-xs">
                {tag}
              </span>
            ))}
          </dd>
        </dl>

        <div className="mt-5">
          <h2 className="text-sm font-semibold">{t("detail.sample")}</h2>
          <div className="mt-2 flex">
            <Waveform src={voice.audioURL} label={t("player.play", { name: voice.name })} testId="voice-waveform" />
          </div>
        </div>

        <div className="mt-5 flex flex-wrap gap-2">
          <UseVoiceButton id={voice.id} className="w-full sm:w-auto" />
          <Form method="post" action="/dashboard/library" className="w-full sm:w-auto">
            <input type="hidden" name="intent" value="use" />
            <input type="hidden" name="voice_id" value={voice.id} />
            <input type="hidden" name="to" value="sts" />
            <button type="submit" className="w-full rounded-lg px-3 py-2 text-sm font-semibold ring-1 ring-brand-600 text-brand-700">
              {t("detail.useSts")}
            </button>
          </Form>
          <Form method="post" className="w-full sm:w-auto">
            <input type="hidden" name="intent" value={voice.bookmarked ? "unbookmark" : "bookmark"} />
            <button
              type="submit"
              aria-pressed={voice.bookmarked}
              className="w-full rounded-lg px-3 py-2 text-sm font-semibold ring-1 ring-slate-300 aria-pressed:bg-amber-50 aria-pressed:ring-amber-400"
              data-testid="bookmark"
            >
              <span aria-hidden="true">{voice.bookmarked ? "★ " : "☆ "}</span>
              {voice.bookmarked ? t("detail.unbookmark") : t("detail.bookmark")}
            </button>
          </Form>
          {!voice.mine ? (
            voice.reported ? (
              <p className="w-full self-center text-sm text-slate-500 sm:w-auto" data-testid="already-reported">
                {t("detail.report.already")}
              </p>
            ) : (
              <ButtonLink
                to={here({ modal: "report" })}
                variant="outline"
                className="w-full sm:w-auto"
                data-testid="report-voice"
                preventScrollReset
              >
                {t("detail.report.open")}
              </ButtonLink>
            )
          ) : null}
        </div>
        {actionData && ["bookmark", "unbookmark"].includes(actionData.intent ?? "") ? (
          <ErrorList errors={actionData.result.error?.[""] ?? undefined} />
        ) : null}

        {voice.mine ? (
          <div className="mt-5 flex flex-wrap items-center gap-3 rounded-xl bg-slate-50 p-3 text-sm">
            <span data-testid="report-count">{t("detail.report.count", { count: voice.reportCount ?? 0 })}</span>
            {voice.type === "open" ? (
              <ButtonLink to={here({ modal: "delete" })} variant="danger" className="ml-auto" data-testid="delete-voice" preventScrollReset>
                {t("detail.delete.open")}
              </ButtonLink>
            ) : null}
          </div>
        ) : null}
      </section>

      {!voice.mine ? <RatingForm myRating={voice.myRating} lastResult={errorsOf("rate")} /> : null}

      <Section id="comments" title={t("detail.comments.title", { count: comments.total })}>
        <CommentForm lastResult={errorsOf("comment")} />
        {comments.comments.length === 0 ? (
          <p className="mt-4 text-sm text-slate-500">{t("detail.comments.empty")}</p>
        ) : (
          <ul className="mt-4 divide-y divide-slate-100" data-testid="comments">
            {comments.comments.map((c) => (
              <CommentItem
                key={c.id}
                comment={c}
                editing={editing === c.id}
                editHref={here({ edit: c.id, modal: null })}
                cancelHref={closeTo}
                reportHref={here({ modal: "report-comment", comment: c.id })}
                lastResult={errorsOf("edit-comment")}
                deleteResult={errorsOf("delete-comment")}
              />
            ))}
          </ul>
        )}
        {pages > 1 ? (
          <nav aria-label={t("list.pages")} className="mt-4 flex items-center justify-center gap-3 text-sm">
            {comments.page > 1 ? (
              <Link to={`${here({ cpage: String(comments.page - 1) })}#comments`} className="rounded-lg px-3 py-2 ring-1 ring-slate-300">
                {t("detail.comments.newer")}
              </Link>
            ) : null}
            <span>{t("list.pageOf", { page: comments.page, pages })}</span>
            {comments.page < pages ? (
              <Link to={`${here({ cpage: String(comments.page + 1) })}#comments`} className="rounded-lg px-3 py-2 ring-1 ring-slate-300">
                {t("detail.comments.older")}
              </Link>
            ) : null}
          </nav>
        ) : null}
      </Section>

      {(modal === "report" && !voice.mine) || reportComment || (modal === "delete" && voice.mine && voice.type === "open") ? (
        <VoiceDetailDialog
          open={modal === "report" ? "report" : modal === "delete" ? "delete" : "report-comment"}
          closeTo={closeTo}
          reported={voice.reported}
          comment={reportComment ? { id: reportComment.id, text: reportComment.text } : undefined}
          lastResult={modal === "report" ? errorsOf("report") : modal === "delete" ? undefined : errorsOf("report-comment")}
          deleteErrors={actionData?.intent === "delete-voice" ? (actionData.result.error?.[""] ?? undefined) : undefined}
        />
      ) : null}
    </main>
  );
}

type Result = Parameters<typeof useSchemaForm>[2];

function RatingForm({ myRating, lastResult }: { myRating: number | null; lastResult: Result }) {
  const { t } = useTranslation("library");
  const [form] = useSchemaForm("rate", specs.VoiceDetailSchema, lastResult);
  return (
    <Section id="rating" title={t("detail.rate.title")}>
      <Form method="post" {...getFormProps(form)} className="mt-3" data-testid="rating-form">
        <input type="hidden" name="intent" value="rate" />
        <fieldset>
          <legend className="text-sm text-slate-600">
            {myRating ? t("detail.rate.mine", { score: myRating }) : t("detail.rate.legend")}
          </legend>
          {/* Highest first in the markup; shown left to right from 1 (row-reverse), so the star row reads as usual. */}
          <div className="mt-2 flex flex-row-reverse justify-end gap-1">
            {STARS.map((n) => (
              <label
                key={n}
                htmlFor={`score-${n}`}
                className="cursor-pointer rounded-lg px-2 py-1 text-2xl text-slate-300 ring-1 ring-slate-200 has-[:checked]:text-amber-500 has-[:checked]:ring-amber-400 has-[:focus-visible]:outline has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600"
              >
                <input id={`score-${n}`} type="radio" name="score" value={n} defaultChecked={myRating === n} className="sr-only" />
                <span aria-hidden="true">★</span>
                <span className="sr-only">{t("detail.rate.star", { count: n })}</span>
              </label>
            ))}
          </div>
        </fieldset>
        <ErrorList errors={form.errors} />
        <SubmitButton variant="secondary" className="mt-3 sm:w-auto">
          {t("detail.rate.submit")}
        </SubmitButton>
      </Form>
    </Section>
  );
}

function CommentForm({ lastResult }: { lastResult: Result }) {
  const { t } = useTranslation("library");
  const [form, fields] = useSchemaForm("comment", specs.VoiceDetailSchema, lastResult);
  const text = fields.text as Parameters<typeof getTextareaProps>[0];
  return (
    <Form method="post" {...getFormProps(form)} className="mt-3 space-y-2" data-testid="comment-form">
      <input type="hidden" name="intent" value="comment" />
      <label htmlFor="comment-text" className="sr-only">
        {t("detail.comments.label")}
      </label>
      <textarea
        {...getTextareaProps(text)}
        id="comment-text"
        rows={3}
        maxLength={COMMENT_MAX}
        placeholder={t("detail.comments.placeholder")}
        className="block w-full rounded-lg border border-slate-300 px-3 py-2 text-base"
      />
      <p className="text-xs text-slate-500">{t("detail.comments.max", { max: COMMENT_MAX })}</p>
      <ErrorList errors={text.errors} />
      <ErrorList errors={form.errors} />
      <SubmitButton className="sm:w-auto">{t("detail.comments.add")}</SubmitButton>
    </Form>
  );
}

function CommentItem({
  comment: c,
  editing,
  editHref,
  cancelHref,
  reportHref,
  lastResult,
  deleteResult,
}: {
  comment: VoiceComment;
  editing: boolean;
  editHref: string;
  cancelHref: string;
  reportHref: string;
  lastResult: Result;
  deleteResult: Result;
}) {
  const { t } = useTranslation("library");
  const clock = useClock();
  return (
    <li id={`comment-${c.id}`} className="py-3" data-testid="comment">
      <p className="text-xs text-slate-500">
        <span className="font-semibold text-slate-800">{c.author.nickname}</span> · {formatDate(c.createdAt, clock)}
        {c.editedAt ? ` ${t("detail.comments.edited")}` : ""}
      </p>
      {c.hidden ? (
        <p className="mt-1 text-xs text-red-700" data-testid="comment-hidden">
          {t("detail.comments.hidden", { reason: c.hidden.reason })}
        </p>
      ) : null}
      {editing ? (
        <EditCommentForm id={c.id} text={c.text} lastResult={lastResult} cancelHref={cancelHref} />
      ) : (
        <p className="mt-1 whitespace-pre-line break-words text-sm text-slate-800" data-testid="comment-text">
          {c.text}
        </p>
      )}
      {!editing ? (
        <div className="mt-1 flex flex-wrap items-center gap-3 text-xs">
          {c.mine ? (
            <>
              <Link to={`${editHref}#comment-${c.id}`} className="text-brand-700 underline" preventScrollReset>
                {t("detail.comments.edit")}
              </Link>
              <Form
                method="post"
                onSubmit={(e) => {
                  if (!window.confirm(t("detail.comments.deleteConfirm"))) e.preventDefault();
                }}
              >
                <input type="hidden" name="intent" value="delete-comment" />
                <input type="hidden" name="comment_id" value={c.id} />
                <button type="submit" className="text-red-700 underline">
                  {t("detail.comments.delete")}
                </button>
              </Form>
            </>
          ) : c.reported ? (
            <span className="text-slate-500">{t("detail.comments.reported")}</span>
          ) : (
            <Link to={reportHref} className="text-slate-500 underline" preventScrollReset>
              {t("detail.comments.report")}
            </Link>
          )}
        </div>
      ) : null}
      {c.mine && deleteResult ? <ErrorList errors={deleteResult.error?.[""] ?? undefined} /> : null}
    </li>
  );
}
