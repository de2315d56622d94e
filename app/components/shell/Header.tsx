import { Link, NavLink, useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { isActiveLink, isExternal, logoTarget, showsActorsLogo } from "~/lib/shell";
import { useRootData } from "~/utils/root-data";
import { LanguageSwitch } from "./LanguageSwitch";
import { Logo } from "./Logo";

type NavItem = { link: string; name: string; beta: string };

function NavItems({ pathname, onDark = false }: { pathname: string; onDark?: boolean }) {
  const { t } = useTranslation();
  const items = t("nav", { returnObjects: true }) as NavItem[];
  return (
    <>
      {items.map((item) => {
        const external = isExternal(item.link);
        const active = isActiveLink(item.link, pathname);
        const className = `inline-flex items-center gap-1.5 whitespace-nowrap rounded-md px-2.5 py-2 text-sm font-medium ${
          active ? "text-brand-600" : onDark ? "text-slate-700" : "text-slate-700 hover:text-slate-950"
        }`;
        const label = (
          <>
            {item.name}
            {item.beta ? (
              <span className="rounded bg-brand-100 px-1.5 py-0.5 text-[10px] font-bold text-brand-700">{item.beta}</span>
            ) : null}
          </>
        );
        return (
          <li key={item.link}>
            {external ? (
              <a href={item.link} target="_blank" rel="noopener noreferrer" className={className}>
                {label}
                <span className="sr-only"> {t("header.newTab")}</span>
              </a>
            ) : (
              <NavLink to={item.link} prefetch="intent" className={className} aria-current={active ? "page" : undefined}>
                {label}
              </NavLink>
            )}
          </li>
        );
      })}
    </>
  );
}

/** The public header (spec section 2). The root hides it on the listed paths. */
export function Header() {
  const { t } = useTranslation();
  const data = useRootData();
  const location = useLocation();
  const menu = useRef<HTMLDetailsElement>(null);
  const email = data?.user.email ?? null;
  const hasToken = data?.user.hasAccessToken ?? false;

  // The mobile menu closes on route change (not on hydration: one opened before it stays open).
  const shownAt = useRef(location.pathname + location.search);
  useEffect(() => {
    const at = location.pathname + location.search;
    if (shownAt.current === at) return;
    shownAt.current = at;
    if (menu.current) menu.current.open = false;
  }, [location.pathname, location.search]);

  const mainButton = hasToken ? (
    <Link
      to="/dashboard"
      className="rounded-full bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700"
      data-testid="main-button"
    >
      {t("header.myStudio")}
    </Link>
  ) : (
    <Link
      to="/login"
      className="rounded-full bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700"
      data-testid="main-button"
    >
      {t("header.join")}
    </Link>
  );
  const loginLink = email ? null : (
    <Link to="/login" className="px-3 py-2 text-sm font-medium text-slate-700 hover:text-slate-950" data-testid="login-link">
      {t("header.login")}
    </Link>
  );

  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur" data-testid="public-header">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-4 px-4">
        <Link to={logoTarget(location.pathname)} className="flex items-center gap-2" aria-label={t("header.logo")}>
          <Logo />
        </Link>
        {showsActorsLogo(location.pathname) ? (
          <span className="rounded-md border border-slate-300 px-2 py-1 text-xs font-bold text-slate-700" data-testid="actors-logo">
            {t("header.actorsLogo")}
          </span>
        ) : null}
        <nav aria-label={t("header.mainNav")} className="hidden flex-1 lg:block">
          <ul className="flex items-center gap-1">
            <NavItems pathname={location.pathname} />
          </ul>
        </nav>
        <div className="ml-auto hidden items-center gap-2 whitespace-nowrap lg:flex" data-testid="header-actions">
          <LanguageSwitch />
          {loginLink}
          {mainButton}
        </div>
        <details ref={menu} className="group ml-auto lg:hidden" data-testid="mobile-menu">
          <summary className="flex cursor-pointer list-none items-center rounded-md p-2 text-slate-700" aria-label={t("header.openMenu")}>
            <svg
              aria-hidden="true"
              viewBox="0 0 24 24"
              className="h-6 w-6 group-open:hidden"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
            >
              <path d="M4 7h16M4 12h16M4 17h16" strokeLinecap="round" />
            </svg>
            <svg
              aria-hidden="true"
              viewBox="0 0 24 24"
              className="hidden h-6 w-6 group-open:block"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
            >
              <path d="M6 6l12 12M18 6L6 18" strokeLinecap="round" />
            </svg>
          </summary>
          <div className="absolute inset-x-0 top-16 border-b border-slate-200 bg-white px-4 pb-6 pt-2 shadow-lg">
            <nav aria-label={t("header.mainNav")}>
              <ul className="flex flex-col">
                <NavItems pathname={location.pathname} onDark />
              </ul>
            </nav>
            <div className="mt-4 flex flex-wrap items-center gap-3">
              {loginLink}
              {mainButton}
            </div>
            <LanguageSwitch className="mt-4" />
          </div>
        </details>
      </div>
    </header>
  );
}
