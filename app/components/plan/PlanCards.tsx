import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { formatSlots, type PlanCard } from "~/lib/plans";
import { loginThen } from "~/lib/redirect";

/**
 * The plan cards of /plan: price per month, first-month price, allowances and features. A paid plan's link
 * goes through login (or sign-up) to the purchase dialog of that plan. `action`
 * replaces each card's sign-up link (the signed-in upgrade page puts its buy or change buttons there).
 */
export function PlanCards({
  plans,
  action,
  firstMonth = true,
}: {
  plans: PlanCard[];
  action?: (plan: PlanCard) => React.ReactNode;
  /** Whether the first-month price applies: only to members who still qualify. */
  firstMonth?: boolean;
}) {
  const { t } = useTranslation("plan");
  return (
    <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4" data-testid="plan-cards">
      {plans.map((p) => {
        const popular = p.plan === "Creator";
        return (
          <li
            key={p.tier}
            data-testid={`plan-${p.plan}`}
            className={`flex flex-col rounded-2xl border p-6 ${popular ? "border-brand-500 shadow-lg shadow-brand-100" : "border-slate-200"}`}
          >
            <div className="flex items-center justify-between">
              <h2 className="text-lg font-bold">{p.plan}</h2>
              {popular ? (
                <span className="rounded-full bg-brand-100 px-2 py-0.5 text-xs font-bold text-brand-700">{t("popular")}</span>
              ) : null}
            </div>
            <p className="mt-1 min-h-10 text-sm text-slate-600">{p.subtitle}</p>
            <p className="mt-4">
              <span className="text-3xl font-extrabold" data-testid="plan-price">
                {p.firstMonthPrice ? p.price : t("free")}
              </span>
              {p.firstMonthPrice ? <span className="text-sm text-slate-500">{t("perMonth")}</span> : null}
            </p>
            {firstMonth && p.firstMonthPrice ? (
              <p className="mt-1 text-sm font-semibold text-brand-600">{t("firstMonth", { price: p.firstMonthPrice })}</p>
            ) : null}
            <ul className="mt-5 space-y-2 text-sm text-slate-700">
              <li>{t("minutes", { count: p.minutes })}</li>
              <li>{t("characters", { count: p.characters })}</li>
              <li>{p.customVoices === 0 ? t("customVoicesNone") : t("customVoices", { slots: formatSlots(p.customVoices) })}</li>
              {p.features.map((f) => (
                <li key={f} className="flex gap-2">
                  <span aria-hidden="true" className="text-brand-600">
                    ✓
                  </span>
                  {f}
                </li>
              ))}
            </ul>
            {action ? (
              <div className="mt-6 flex flex-col">{action(p)}</div>
            ) : (
              <Link
                to={p.firstMonthPrice ? loginThen(`/dashboard/plan/upgrade?modal=purchase&plan=${encodeURIComponent(p.plan)}`) : "/join"}
                className={`mt-6 rounded-full px-4 py-2.5 text-center text-sm font-semibold ${popular ? "bg-brand-600 text-white hover:bg-brand-700" : "border border-slate-300 hover:bg-slate-50"}`}
              >
                {p.firstMonthPrice ? t("choose", { plan: p.plan }) : t("startFree")}
              </Link>
            )}
          </li>
        );
      })}
    </ul>
  );
}
