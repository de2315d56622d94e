import { useTranslation } from "react-i18next";
import { stateName } from "~/lib/help";

/** A state code as a small badge (spec section 4: 0 received, 1 waiting, other completed). */
export function StateBadge({ state }: { state: number }) {
  const { t } = useTranslation("help");
  const name = stateName(state);
  const tone =
    name === "completed"
      ? "bg-emerald-50 text-emerald-700"
      : name === "waiting"
        ? "bg-amber-50 text-amber-700"
        : "bg-slate-100 text-slate-700";
  return (
    <span className={`inline-block whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold ${tone}`}>{t(`states.${name}`)}</span>
  );
}
