import { useTranslation } from "react-i18next";
import { ButtonLink } from "~/components/forms";
import { Modal } from "~/components/shell/Modal";
import { SLOTS_PATH } from "~/lib/shell";

/** The plan page where a member upgrades. */
const UPGRADE_PATH = "/dashboard/plan/upgrade";

/**
 * The spec's "custom voice needs Starter" dialog (section 8): a Free member cannot make or use custom voices.
 * Rendered by the server, so it works without JavaScript; its way out is the plan page or `closeTo`.
 */
export function NeedsStarterDialog({ closeTo }: { closeTo: string }) {
  const { t } = useTranslation("custom-voices");
  return (
    <Modal name="starter" title={t("gates.starter.title")} closeTo={closeTo} alert describedBy="starter-text" closeButton={false}>
      <p id="starter-text" className="text-sm text-slate-700">
        {t("gates.starter.text")}
      </p>
      <div className="mt-5 flex flex-wrap justify-end gap-3">
        <ButtonLink to={closeTo} replace variant="outline">
          {t("gates.starter.close")}
        </ButtonLink>
        <ButtonLink to={UPGRADE_PATH}>{t("gates.starter.upgrade")}</ButtonLink>
      </div>
    </Modal>
  );
}

/** The spec's "all custom voice slots used" dialog (section 8), with the way to slot management. */
export function SlotsFullDialog({ slots, closeTo }: { slots: number; closeTo: string }) {
  const { t } = useTranslation("custom-voices");
  return (
    <Modal name="slots-full" title={t("gates.slots.title")} closeTo={closeTo} alert describedBy="slots-full-text" closeButton={false}>
      <p id="slots-full-text" className="text-sm text-slate-700">
        {t("gates.slots.text", { slots: Math.max(0, slots) })}
      </p>
      <div className="mt-5 flex flex-wrap justify-end gap-3">
        <ButtonLink to={closeTo} replace variant="outline">
          {t("gates.slots.close")}
        </ButtonLink>
        <ButtonLink to={UPGRADE_PATH} variant="outline">
          {t("gates.slots.upgrade")}
        </ButtonLink>
        <ButtonLink to={SLOTS_PATH}>{t("gates.slots.manage")}</ButtonLink>
      </div>
    </Modal>
  );
}
