import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";

export function NotFound() {
  const { t } = useTranslation();
  return (
    <main className="mx-auto flex max-w-xl flex-col items-center px-6 py-24 text-center">
      <p className="text-6xl font-black text-brand-600">{t("notFound.code")}</p>
      <h1 className="mt-4 text-2xl font-bold">{t("notFound.title")}</h1>
      <p className="mt-3 text-slate-600">{t("notFound.text")}</p>
      <Link to="/" className="mt-8 rounded-full bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-700">
        {t("notFound.home")}
      </Link>
    </main>
  );
}
