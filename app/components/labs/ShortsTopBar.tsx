import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { LanguageSwitch } from "~/components/shell/LanguageSwitch";
import { Logo } from "~/components/shell/Logo";

/**
 * The shorts pages' own top bar (spec: /labs/shorts and /labs/shorts/start have no public header): the logo home and
 * the language. `dark` on /labs/shorts's dark page.
 */
export function ShortsTopBar({ tone = "light" }: { tone?: "light" | "dark" }) {
  const { t } = useTranslation("common");
  return (
    <div className="mx-auto flex max-w-5xl items-center justify-between gap-3 px-4 py-4">
      <Link to="/" aria-label={t("meta.siteName")} className="rounded-lg bg-white px-2 py-1">
        <Logo />
      </Link>
      <LanguageSwitch tone={tone} />
    </div>
  );
}
