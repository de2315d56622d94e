import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Modal } from "~/components/shell/Modal";
import type { UsageLimit } from "~/lib/studio";

/**
 * A usage dialog: the limit's title, the api's message (with the figures), upgrade, and a way out
 * (close, or manage projects). Rendered open by the server, so it works without JavaScript; the
 * close link reloads the page without the dialog.
 */
export function UsageDialog({
  kind,
  message,
  closeTo,
  manageTo = "/studio#projects",
  addTo = null,
}: {
  kind: UsageLimit;
  message: string;
  closeTo: string;
  /** "Manage projects": the list; on the list itself its own address (a link that only adds a hash would not close it). */
  manageTo?: string;
  /** "Use this voice" at the project limit: the member's TTS projects the voice can be added to instead. */
  addTo?: { voiceId: string; voiceName: string; projects: { id: string; name: string }[] } | null;
}) {
  const { t } = useTranslation("studio");
  return (
    <Modal
      name="usage"
      testId="usage-dialog"
      title={t(`usage.${kind}.title`)}
      closeTo={closeTo}
      alert
      describedBy="usage-message"
      closeButton={false}
    >
      <p id="usage-message" className="text-sm text-slate-700" data-kind={kind}>
        {message}
      </p>
      {addTo ? (
        <div className="mt-4" data-testid="add-to-project">
          <p className="text-sm text-slate-700">{t("usage.addTo", { voice: addTo.voiceName })}</p>
          <ul className="mt-2 max-h-48 space-y-1 overflow-y-auto">
            {addTo.projects.map((project) => (
              <li key={project.id}>
                <Form method="post" action="/dashboard/library">
                  <input type="hidden" name="intent" value="use" />
                  <input type="hidden" name="voice_id" value={addTo.voiceId} />
                  <button
                    type="submit"
                    name="project"
                    value={project.id}
                    className="w-full truncate rounded-lg px-3 py-2 text-left text-sm ring-1 ring-slate-300 hover:bg-slate-50"
                  >
                    {project.name}
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <div className="mt-5 flex flex-wrap justify-end gap-3 text-sm font-semibold">
        <Link to={kind === "projectLimit" ? manageTo : closeTo} replace className="rounded-lg px-4 py-2 ring-1 ring-slate-300">
          {t(kind === "projectLimit" ? "usage.manage" : "usage.close")}
        </Link>
        <Link to="/plan" className="rounded-lg bg-brand-600 px-4 py-2 text-white">
          {t("usage.upgrade")}
        </Link>
      </div>
    </Modal>
  );
}
