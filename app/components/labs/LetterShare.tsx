import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { SubmitButton } from "~/components/forms";

/**
 * A saved video letter's or short's share link: the link to copy and "revoke" once shared, "share"
 * before. Both labs pages post the same intents (`share`, `unshare`; utils/labs-steps.server.ts).
 */
export function LetterShare({
  shareUrl,
  inputId,
  labels,
  note,
  className = "",
}: {
  /** The share page's absolute address, or null while not shared. */
  shareUrl: string | null;
  inputId: string;
  labels: { url: string; revoke: string; share: string };
  /** Shown above the link once shared (avatar talk: "linked as your reply"). */
  note?: ReactNode;
  className?: string;
}) {
  if (!shareUrl)
    return (
      <Form method="post" className={className}>
        <input type="hidden" name="intent" value="share" />
        <SubmitButton className="sm:w-auto">{labels.share}</SubmitButton>
      </Form>
    );
  return (
    <div className={`flex flex-wrap items-center gap-2 text-sm ${className}`}>
      {note}
      <label htmlFor={inputId} className="font-semibold">
        {labels.url}
      </label>
      <input
        id={inputId}
        readOnly
        value={shareUrl}
        className="min-w-0 flex-1 rounded-lg border border-slate-300 px-3 py-2"
        data-testid="share-url"
      />
      <Form method="post">
        <input type="hidden" name="intent" value="unshare" />
        <SubmitButton variant="secondary" className="sm:w-auto">
          {labels.revoke}
        </SubmitButton>
      </Form>
    </div>
  );
}
