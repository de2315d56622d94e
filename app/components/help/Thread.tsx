import { getTextareaProps } from "~/components/form-props";
import { useTranslation } from "react-i18next";
import { ErrorList } from "~/components/forms";
import { IMAGE_ACCEPT, type InquiryImage } from "~/lib/help";
import { INQUIRY_LIMITS } from "~/lib/help";
import type { Inquiry } from "~/lib/help-schemas";
import { formatDateTime, useClock } from "~/lib/time";

/** Images by their short-lived signed URLs, each a link to the full image. */
export function Images({ images }: { images: InquiryImage[] }) {
  const { t } = useTranslation("help");
  if (images.length === 0) return null;
  return (
    <ul className="mt-3 flex flex-wrap gap-2" aria-label={t("detail.attachments")}>
      {images.map((img) => (
        <li key={img.id}>
          <a href={img.url} target="_blank" rel="noreferrer" className="block">
            <img
              src={img.url}
              alt={img.originalname}
              loading="lazy"
              className="h-24 w-24 rounded-lg border border-slate-200 object-cover"
            />
          </a>
        </li>
      ))}
    </ul>
  );
}

/** An inquiry and its thread (follow-ups and answers, in order), as the member and the operators see it. */
export function Thread({ inquiry, memberLabel, operatorLabel }: { inquiry: Inquiry; memberLabel: string; operatorLabel: string }) {
  const clock = useClock();
  const when = (iso: string) => formatDateTime(iso, clock);
  const first = { id: 0, author: "member" as const, content: inquiry.content, createdAt: inquiry.createdAt, images: inquiry.images };
  return (
    <ol className="space-y-4" data-testid="inquiry-thread">
      {[first, ...inquiry.messages].map((m) => (
        <li
          key={m.id}
          className={`rounded-xl border p-4 ${m.author === "operator" ? "border-brand-100 bg-brand-50" : "border-slate-200 bg-white"}`}
          data-testid={m.author === "operator" ? "inquiry-answer" : "inquiry-message"}
        >
          <p className="text-xs text-slate-500">
            <span className="font-semibold text-slate-700">{m.author === "operator" ? operatorLabel : memberLabel}</span> ·{" "}
            <time dateTime={m.createdAt}>{when(m.createdAt)}</time>
          </p>
          <p className="mt-2 whitespace-pre-wrap break-words text-sm text-slate-900">{m.content}</p>
          <Images images={m.images} />
        </li>
      ))}
    </ol>
  );
}

const textarea = "mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-base aria-[invalid]:border-red-500";

/**
 * A message's text and its images (up to 5, `image` parts of a multipart form): the fields of a new inquiry, a
 * member's follow-up and an operator's answer, so the three forms say and check the same.
 */
export function MessageFields<F extends Parameters<typeof getTextareaProps>[0] & { errors?: string[] }>({
  content,
  label,
  hideLabel = false,
  help,
  imagesId,
  imagesLabel,
  rows = 6,
}: {
  content: F;
  label: string;
  hideLabel?: boolean;
  help?: string;
  imagesId: string;
  imagesLabel: string;
  rows?: number;
}) {
  const { t } = useTranslation("help");
  const helpId = help ? `${content.id}-help` : undefined;
  return (
    <>
      <div>
        <label htmlFor={content.id} className={hideLabel ? "sr-only" : "block text-sm font-medium text-slate-800"}>
          {label}
        </label>
        <textarea {...getTextareaProps(content)} rows={rows} className={textarea} {...(helpId ? { "aria-describedby": helpId } : {})} />
        {help ? (
          <p id={helpId} className="mt-1 text-xs text-slate-500">
            {help}
          </p>
        ) : null}
        <ErrorList id={content.errorId} errors={content.errors} />
      </div>
      <div>
        <label htmlFor={imagesId} className="block text-sm font-medium text-slate-800">
          {imagesLabel}
        </label>
        <input
          id={imagesId}
          name="image"
          type="file"
          multiple
          accept={IMAGE_ACCEPT}
          aria-describedby={`${imagesId}-help`}
          className="mt-1 block w-full text-sm"
        />
        <p id={`${imagesId}-help`} className="mt-1 text-xs text-slate-500">
          {t("form.imagesHelp", { max: INQUIRY_LIMITS.images, mb: INQUIRY_LIMITS.imageMB })}
        </p>
      </div>
    </>
  );
}
