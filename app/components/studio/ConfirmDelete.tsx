import { Form, Link } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Modal } from "~/components/shell/Modal";
import { UNDO_SHOWN_MS } from "~/lib/studio";

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
