import { Form, Link } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Modal } from "~/components/shell/Modal";
import { UNDO_SHOWN_MS } from "~/lib/undo";
import { formatDateTime, useClock } from "~/lib/time";

type Fields = [name: string, value: string][];

/**
 * A delete that asks first (docs/decisions/0037): a confirmation rendered from the URL, so it is a real page
 * without JavaScript and a dialog with it. `children` say what goes (the element with the id `describedBy`); the form
 * posts `fields` (to `action`, or the page's own action) and says the deletion can be undone for a while.
 */
export function ConfirmDeleteDialog({
  name,
  title,
  describedBy,
  closeTo,
  fields,
  action,
  reloadDocument,
  children,
}: {
  name: string;
  title: string;
  describedBy: string;
  closeTo: string;
  fields: Fields;
  action?: string;
  reloadDocument?: boolean;
  children: React.ReactNode;
}) {
  const { t } = useTranslation("studio");
  return (
    <Modal name={name} title={title} closeTo={closeTo} alert describedBy={describedBy}>
      {children}
      <p className="mt-2 text-xs text-slate-500">{t("confirm.undoHint")}</p>
      <Form method="post" action={action} replace reloadDocument={reloadDocument} className="mt-5 flex flex-wrap justify-end gap-3">
        {fields.map(([k, v], i) => (
          <input key={`${k}-${i}`} type="hidden" name={k} value={v} />
        ))}
        <Link to={closeTo} replace className="rounded-lg border border-slate-300 px-4 py-2 text-sm font-semibold">
          {t("confirm.cancel")}
        </Link>
        <button type="submit" className="rounded-lg bg-red-600 px-4 py-2 text-sm font-semibold text-white" autoFocus>
          {t("confirm.delete")}
        </button>
      </Form>
    </Modal>
  );
}

/**
 * "Deleted. Undo" for a few seconds after a delete (with JavaScript it goes after UNDO_SHOWN_MS, the api allows a
 * while longer): a form posting `fields`; shown again when they change (another delete).
 */
export function UndoBar({
  message,
  fields,
  action,
  reloadDocument,
}: {
  message: string;
  fields: Fields;
  action?: string;
  reloadDocument?: boolean;
}) {
  const { t } = useTranslation("studio");
  const [shown, setShown] = useState(true);
  const key = new URLSearchParams(fields).toString();
  useEffect(() => {
    setShown(true);
    const timer = setTimeout(() => setShown(false), UNDO_SHOWN_MS);
    return () => clearTimeout(timer);
  }, [key]);
  if (!shown) return null;
  return (
    <Form
      method="post"
      action={action}
      replace
      reloadDocument={reloadDocument}
      role="status"
      data-testid="undo"
      className="mt-4 flex flex-wrap items-center gap-3 rounded-xl bg-slate-900 px-4 py-3 text-sm text-white"
    >
      <span>{message}</span>
      {fields.map(([k, v], i) => (
        <input key={`${k}-${i}`} type="hidden" name={k} value={v} />
      ))}
      <button type="submit" className="font-semibold text-amber-300 underline">
        {t("undo.button")}
      </button>
    </Form>
  );
}

/** Deleting projects from the list (`?confirm=delete&id=…`), then "Undo" (`?undo=id,id`). */
export function ConfirmProjectsDelete({ projects, closeTo }: { projects: { id: string; name: string }[]; closeTo: string }) {
  const { t } = useTranslation("studio");
  return (
    <ConfirmDeleteDialog
      name="delete-projects"
      title={t("confirm.projectsTitle")}
      describedBy="delete-projects-list"
      closeTo={closeTo}
      reloadDocument
      fields={[["intent", "delete"], ["confirmed", "1"], ...projects.map((p): [string, string] => ["id", p.id])]}
    >
      <ul id="delete-projects-list" className="list-disc space-y-1 pl-5 text-sm text-slate-700">
        {projects.map((p) => (
          <li key={p.id} className="break-words">
            {p.name}
          </li>
        ))}
      </ul>
    </ConfirmDeleteDialog>
  );
}

export function UndoProjectsDelete({ ids }: { ids: string[] }) {
  const { t } = useTranslation("studio");
  return (
    <UndoBar
      message={t("undo.projectsDeleted")}
      reloadDocument
      fields={[["intent", "restore"], ...ids.map((id): [string, string] => ["id", id])]}
    />
  );
}

/**
 * Deleting a work-history result (docs/decisions/0045): the same confirmation rendered from the URL
 * (`?confirm=delete&id=`), naming the result by its date, kind and text.
 */
export function ConfirmHistoryDelete({
  item,
  closeTo,
}: {
  item: { id: string; text: string; method: string; createdAt: number };
  closeTo: string;
}) {
  const { t } = useTranslation("studio");
  const clock = useClock();
  return (
    <ConfirmDeleteDialog
      name="delete-history"
      title={t("confirm.historyTitle")}
      describedBy="delete-history-item"
      closeTo={closeTo}
      fields={[
        ["intent", "delete"],
        ["confirmed", "1"],
        ["inference_id", item.id],
      ]}
    >
      <p id="delete-history-item" className="text-sm text-slate-700">
        <span className="block text-xs text-slate-500">
          {formatDateTime(item.createdAt, clock)} · {t(`history.methods.${item.method}`)}
        </span>
        <span className="mt-1 line-clamp-3 break-words">{item.text}</span>
      </p>
    </ConfirmDeleteDialog>
  );
}

/** "Deleted. Undo" after a work-history result was deleted (`?undo=id`). */
export function UndoHistoryDelete({ id }: { id: string }) {
  const { t } = useTranslation("studio");
  return (
    <UndoBar
      message={t("undo.historyDeleted")}
      fields={[
        ["intent", "restore"],
        ["inference_id", id],
      ]}
    />
  );
}
