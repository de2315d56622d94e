// The TTS editor's notice that another tab or device saved first (docs/decisions/0037), loaded when it is shown.
import { useTranslation } from "react-i18next";

/** Reload the saved paragraphs, or overwrite them with this page's. */
export function Conflict({
  here,
  formId,
  revision,
  allowLeave,
}: {
  here: string;
  formId: string;
  revision: number;
  allowLeave: () => void;
}) {
  const { t } = useTranslation("studio");
  return (
    <div role="alert" className="mt-6 rounded-2xl bg-amber-50 p-4 text-sm ring-1 ring-amber-300" data-testid="conflict">
      <p>{t("autosave.conflict")}</p>
      <div className="mt-3 flex flex-wrap gap-3">
        <a href={here} className="rounded-lg border border-slate-300 bg-white px-3 py-1.5 font-semibold" onClick={allowLeave}>
          {t("autosave.reload")}
        </a>
        <button
          type="submit"
          form={formId}
          name="overwrite"
          value={revision}
          className="rounded-lg bg-amber-600 px-3 py-1.5 font-semibold text-white"
        >
          {t("autosave.overwrite")}
        </button>
      </div>
    </div>
  );
}
