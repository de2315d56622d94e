import { Form, Link } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Modal } from "~/components/shell/Modal";
import { UNDO_SHOWN_MS } from "~/lib/undo";

/**
 * Deleting projects from the list (issue 19, docs/decisions/0037): a confirmation rendered from the URL
 * (`?confirm=delete&id=…`), so it is a real page without JavaScript and a dialog with it; then "Undo" for a few
 * seconds (`?undo=id,id`; with JavaScript it goes after UNDO_SHOWN_MS, the api allows a while longer).
 */
export function ConfirmProjectsDelete({ projects, closeTo }: { projects: { id: string; name: string }[]; closeTo: string }) {
  const { t } = useTranslation("studio");
  return (
    <Modal name="delete-projects" title={t("confirm.projectsTitle")} closeTo={closeTo} alert describedBy="delete-projects-list">
      <ul id="delete-projects-list" className="list-disc space-y-1 pl-5 text-sm text-slate-700">
        {projects.map((p) => (
          <li key={p.id} className="break-words">
            {p.name}
          </li>
        ))}
      </ul>
      <p className="mt-2 text-xs text-slate-500">{t("confirm.undoHint")}</p>
      <Form method="post" replace reloadDocument className="mt-5 flex flex-wrap justify-end gap-3">
        <input type="hidden" name="intent" value="delete" />
        <input type="hidden" name="confirmed" value="1" />
        {projects.map((p) => (
          <input key={p.id} type="hidden" name="id" value={p.id} />
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

export function UndoProjectsDelete({ ids }: { ids: string[] }) {
  const { t } = useTranslation("studio");
  const [shown, setShown] = useState(true);
  useEffect(() => {
    setShown(true);
    const timer = setTimeout(() => setShown(false), UNDO_SHOWN_MS);
    return () => clearTimeout(timer);
  }, [ids]);
  if (!shown) return null;
  return (
    <Form
      method="post"
      replace
      reloadDocument
      role="status"
      data-testid="undo"
      className="mt-4 flex flex-wrap items-center gap-3 rounded-xl bg-slate-900 px-4 py-3 text-sm text-white"
    >
      <span>{t("undo.projectsDeleted")}</span>
      <input type="hidden" name="intent" value="restore" />
      {ids.map((id) => (
        <input key={id} type="hidden" name="id" value={id} />
      ))}
      <button type="submit" className="font-semibold text-amber-300 underline">
        {t("undo.button")}
      </button>
    </Form>
  );
}

/**
 * Deleting a work-history result (issue 19, docs/decisions/0045): the same confirmation rendered from the URL
 * (`?confirm=delete&id=`), naming the result by its date, kind and text.
 */
export function ConfirmHistoryDelete({
  item,
  closeTo,
}: {
  item: { id: string; text: string; method: string; createdAt: number };
  closeTo: string;
}) {
  const { t, i18n } = useTranslation("studio");
  const date = new Intl.DateTimeFormat(i18n.language === "ko" ? "ko-KR" : "en-US", { dateStyle: "medium", timeStyle: "short" });
  return (
    <Modal name="delete-history" title={t("confirm.historyTitle")} closeTo={closeTo} alert describedBy="delete-history-item">
      <p id="delete-history-item" className="text-sm text-slate-700">
        <span className="block text-xs text-slate-500">
          {date.format(item.createdAt)} · {t(`history.methods.${item.method}`)}
        </span>
        <span className="mt-1 line-clamp-3 break-words">{item.text}</span>
      </p>
      <p className="mt-2 text-xs text-slate-500">{t("confirm.undoHint")}</p>
      <Form method="post" replace className="mt-5 flex flex-wrap justify-end gap-3">
        <input type="hidden" name="intent" value="delete" />
        <input type="hidden" name="confirmed" value="1" />
        <input type="hidden" name="inference_id" value={item.id} />
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

/** "Deleted. Undo" after a work-history result was deleted (`?undo=id`), for UNDO_SHOWN_MS with JavaScript. */
export function UndoHistoryDelete({ id }: { id: string }) {
  const { t } = useTranslation("studio");
  const [shown, setShown] = useState(true);
  useEffect(() => {
    setShown(true);
    const timer = setTimeout(() => setShown(false), UNDO_SHOWN_MS);
    return () => clearTimeout(timer);
  }, [id]);
  if (!shown) return null;
  return (
    <Form
      method="post"
      replace
      role="status"
      data-testid="undo"
      className="mt-4 flex flex-wrap items-center gap-3 rounded-xl bg-slate-900 px-4 py-3 text-sm text-white"
    >
      <span>{t("undo.historyDeleted")}</span>
      <input type="hidden" name="intent" value="restore" />
      <input type="hidden" name="inference_id" value={id} />
      <button type="submit" className="font-semibold text-amber-300 underline">
        {t("undo.button")}
      </button>
    </Form>
  );
}
