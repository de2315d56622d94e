import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { LanguageSwitch } from "~/components/shell/LanguageSwitch";
import { Logo } from "~/components/shell/Logo";

/**
 * The language switch on the dark page, restyled from here to keep the shared switch (in every page's JavaScript)
 * as it was: its slate-600 on slate-950 is 2.7:1, below WCAG's 4.5:1.
 */
const DARK =
  "[&_button]:text-slate-300 [&_button[aria-pressed=false]:hover]:bg-white/10 [&_button[aria-pressed=true]]:bg-white [&_button[aria-pressed=true]]:text-slate-900";

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
      <LanguageSwitch className={tone === "dark" ? DARK : ""} />
    </div>
  );
}
