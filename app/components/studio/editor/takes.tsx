// A paragraph's takes (GET /studio/paragraphs/:id/takes), listed when the member opens them: each playable, one in use,
// any other usable in its place (the route's take form: a page without JavaScript too). Loaded on use.
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { Take } from "~/lib/studio-schemas";

/** The id of the form (in the route, outside the editor's form) that the "use" buttons submit. */
export const TAKE_FORM = "take-form";

export function TakeList({ takes, closeTo }: { takes: Take[]; closeTo: string }) {
  const { t } = useTranslation("studio");
  return (
    <section className="mt-3 w-full rounded-lg bg-slate-50 p-3 text-sm" aria-label={t("editor.takes.title")} data-testid="takes">
      <div className="flex items-center justify-between gap-2">
        <h3 className="font-semibold">{t("editor.takes.title")}</h3>
        <Link to={closeTo} preventScrollReset className="text-xs underline">
          {t("editor.takes.close")}
        </Link>
      </div>
      <ol className="mt-2 space-y-2">
        {takes.map((take, i) => (
          <li key={take.id} className="flex min-w-0 flex-col gap-1 sm:flex-row sm:items-center sm:gap-3" data-testid="take">
            <span className="line-clamp-2 min-w-0 break-words sm:flex-1">
              <span className="font-medium">{t("editor.takes.number", { n: takes.length - i })}</span> · {t(`editor.styles.${take.style}`)}{" "}
              · {(take.durationMs / 1000).toFixed(1)}s · <span className="text-slate-600">{take.text}</span>
            </span>
            <audio controls preload="none" src={take.audioURL} className="h-8 w-full min-w-0 sm:w-56" />
            {take.picked ? (
              <span className="shrink-0 text-xs font-semibold text-emerald-700">{t("editor.takes.inUse")}</span>
            ) : (
              <button
                type="submit"
                form={TAKE_FORM}
                name="take"
                value={take.id}
                className="shrink-0 self-start rounded border border-brand-600 px-2 py-0.5 text-xs font-semibold text-brand-700 sm:self-auto"
              >
                {t("editor.takes.use")}
              </button>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}
