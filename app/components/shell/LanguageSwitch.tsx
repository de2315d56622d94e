import { Form, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { supportedLngs } from "~/i18n/config";

/**
 * A GET form: each button submits ?lng=ko or ?lng=en to the current page, which the root loader
 * stores in the lng cookie. Works the same with JavaScript off. `dark` is for a dark bar (the shorts pages): the
 * light look's slate-600 on slate-950 is 2.7:1, below WCAG's 4.5:1.
 */
const LOOKS = {
  light: { current: "bg-slate-900 text-white", other: "text-slate-600 hover:bg-slate-100" },
  dark: { current: "bg-white text-slate-900", other: "text-slate-300 hover:bg-white/10" },
};

export function LanguageSwitch({ className = "", tone = "light" }: { className?: string; tone?: "light" | "dark" }) {
  const { t, i18n } = useTranslation();
  const { pathname } = useLocation();
  return (
    <Form method="get" action={pathname} className={`flex items-center gap-1 ${className}`} aria-label={t("language.switchTo")}>
      <span className="sr-only">{t("language.label")}</span>
      {supportedLngs.map((lng) => {
        const current = i18n.language === lng;
        return (
          <button
            key={lng}
            type="submit"
            name="lng"
            value={lng}
            lang={lng}
            aria-pressed={current}
            className={`rounded-md px-2 py-1 text-sm ${LOOKS[tone][current ? "current" : "other"]}`}
          >
            {t(`language.${lng}`)}
          </button>
        );
      })}
    </Form>
  );
}
