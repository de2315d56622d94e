import { NavLink, useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { SettingsMenu } from "./SettingsMenu";

/** The signed-in area's frame (spec section 2): the sidebar, and the settings button above the page. */
export function DashboardFrame({
  email,
  unreadInquiries = 0,
  children,
}: {
  email: string;
  unreadInquiries?: number;
  children: React.ReactNode;
}) {
  const { t } = useTranslation("account");
  const { t: tc } = useTranslation("common");
  const items = [
    { to: "/dashboard", label: t("sidebar.home"), end: true },
    { to: "/studio", label: t("sidebar.studio"), end: false },
    { to: "/dashboard/library", label: t("sidebar.library"), end: false },
    // Custom voice creation.
    { to: "/dashboard/custom", label: t("sidebar.custom"), end: false },
    // Active for every path below it too (/dashboard/plan/upgrade), as spec section 2 asks.
    { to: "/dashboard/plan", label: t("sidebar.plan"), end: false },
    // Help with the count of unread answers.
    { to: "/dashboard/help", label: tc("helpNav.label"), end: false, badge: unreadInquiries },
    { to: "/dashboard/settings", label: t("sidebar.settings"), end: false },
    { to: "/dashboard/notice", label: t("sidebar.notice"), end: false },
    { to: "/dashboard/faq", label: t("sidebar.faq"), end: false },
    { to: "/dashboard/keys", label: t("sidebar.keys"), end: false },
  ];
  // Phones: the tab strip scrolls sideways, so the current page's tab is scrolled into view.
  const strip = useRef<HTMLUListElement>(null);
  const { pathname } = useLocation();
  useEffect(() => {
    const list = strip.current;
    const current = list?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!list || !current || list.scrollWidth <= list.clientWidth) return;
    list.scrollLeft += current.getBoundingClientRect().left - list.getBoundingClientRect().left - 16;
  }, [pathname]);
  return (
    <div className="min-h-screen bg-slate-50 md:flex">
      <nav aria-label={t("sidebar.label")} className="border-b border-slate-200 bg-white md:min-h-screen md:w-56 md:border-b-0 md:border-r">
        <div className="flex items-center gap-1 px-2 py-2 md:block md:px-3 md:py-4">
          {/* On phones a strip that scrolls; its right edge fades out before the settings button. */}
          <ul
            ref={strip}
            className="flex min-w-0 flex-1 gap-1 overflow-x-auto pr-6 [mask-image:linear-gradient(to_right,black_calc(100%-2rem),transparent)] md:block md:space-y-1 md:pr-0 md:[mask-image:none]"
            data-testid="dashboard-tabs"
          >
            {items.map((item) => (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  end={item.end}
                  className={({ isActive }) =>
                    // Without JavaScript the browser itself starts the strip at the current tab where it can
                    // (`scroll-initial-target`; Chromium 133+), 16 px in from the edge as the effect above does.
                    `block scroll-ml-4 whitespace-nowrap rounded-lg px-3 py-2 text-sm font-medium ${isActive ? "bg-brand-50 text-brand-700 [scroll-initial-target:nearest]" : "text-slate-700 hover:bg-slate-100"}`
                  }
                >
                  {item.label}
                  {"badge" in item && item.badge ? (
                    <span
                      className="ml-2 inline-flex min-w-5 items-center justify-center rounded-full bg-red-600 px-1.5 text-xs font-semibold text-white"
                      data-testid="help-unread"
                    >
                      <span aria-hidden="true">{item.badge}</span>
                      <span className="sr-only">{tc("helpNav.unread", { count: item.badge })}</span>
                    </span>
                  ) : null}
                </NavLink>
              </li>
            ))}
            <li>
              <a
                href="/"
                target="_blank"
                rel="noopener noreferrer"
                className="block whitespace-nowrap rounded-lg px-3 py-2 text-sm text-slate-500 hover:bg-slate-100"
              >
                {t("sidebar.site")} ↗
              </a>
            </li>
          </ul>
          <div className="shrink-0 border-l border-slate-200 pl-1 md:hidden">
            <SettingsMenu />
          </div>
        </div>
      </nav>
      <div className="min-w-0 flex-1">
        <header className="hidden items-center justify-end gap-3 border-b border-slate-200 bg-white px-6 py-3 md:flex">
          <span className="text-sm text-slate-600" data-testid="signed-in-as">
            {email}
          </span>
          <SettingsMenu />
        </header>
        {children}
      </div>
    </div>
  );
}
