import { Form, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { supportedLngs } from "~/i18n/config";

/**
 * A GET form: each button submits ?lng=ko or ?lng=en to the current page, which the root loader
 * stores in the lng cookie. Works the same with JavaScript off.
 */
export function LanguageSwitch({ className = "" }: { className?: string }) {
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
            className={`rounded-md px-2 py-1 text-sm ${current ? "bg-slate-900 text-white" : "text-slate-600 hover:bg-slate-100"}`}
          >
            {t(`language.${lng}`)}
          </button>
        );
      })}
    </Form>
  );
}
