import { useTranslation } from "react-i18next";
import { LanguageSwitch } from "./LanguageSwitch";
import { Logo } from "./Logo";

/** Shown on /, /plan, /actors and /notice only (the root decides). */
export function Footer() {
  const { t, i18n } = useTranslation();
  const newTab = { target: "_blank", rel: "noopener noreferrer" } as const;
  return (
    <footer className="border-t border-slate-200 bg-slate-50" data-testid="public-footer">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 md:grid-cols-3">
        <div>
          <Logo />
          <LanguageSwitch className="mt-4" />
        </div>
        <nav aria-label={t("footer.terms")}>
          <ul className="space-y-2 text-sm">
            <li>
              <a href="/terms/service" {...newTab} className="text-slate-700 hover:underline">
                {t("footer.terms")}
                <span className="sr-only"> {t("header.newTab")}</span>
              </a>
            </li>
            <li>
              <a href="/terms/privacy" {...newTab} className="font-semibold text-slate-900 hover:underline">
                {t("footer.privacy")}
                <span className="sr-only"> {t("header.newTab")}</span>
              </a>
            </li>
          </ul>
          <p className="mt-6 text-sm font-medium text-slate-900">{t("footer.social")}</p>
          <ul className="mt-2 flex gap-4 text-sm">
            <li>
              <a href="https://www.youtube.com/@voicestudio" {...newTab} className="text-slate-700 hover:underline">
                {t("footer.youtube")}
              </a>
            </li>
            <li>
              <a href="https://www.instagram.com/voicestudio" {...newTab} className="text-slate-700 hover:underline">
                {t("footer.instagram")}
              </a>
            </li>
          </ul>
        </nav>
        <address className="space-y-1 text-xs not-italic leading-relaxed text-slate-500">
          <p>
            {t("footer.company")} · {t("footer.ceo")}
          </p>
          <p>{t("footer.businessNo")}</p>
          {i18n.language === "ko" ? <p data-testid="mail-order-no">{t("footer.mailOrderNo")}</p> : null}
          <p>{t("footer.address")}</p>
          <p>{t("footer.email")}</p>
          <p className="pt-2">{t("footer.copyright")}</p>
        </address>
      </div>
    </footer>
  );
}
