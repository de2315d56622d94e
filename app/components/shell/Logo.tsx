import { useTranslation } from "react-i18next";

export function Logo() {
  const { t } = useTranslation();
  return (
    <span className="flex items-center gap-2 whitespace-nowrap font-bold text-slate-950">
      <svg aria-hidden="true" viewBox="0 0 32 32" className="h-8 w-8">
        <rect width="32" height="32" rx="8" fill="#5a35f0" />
        <path d="M8 18v-4M12 22V10M16 25V7M20 21V11M24 17v-2" stroke="#fff" strokeWidth="2.4" strokeLinecap="round" />
      </svg>
      <span>{t("meta.siteName")}</span>
    </span>
  );
}
