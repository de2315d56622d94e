import { Form, Link, useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";

/**
 * The settings button (spec section 2): on mobile (767 px or less) it goes straight to settings; on
 * desktop it opens a small menu with Settings and Logout. A <details> menu, so it works without JavaScript.
 */
export function SettingsMenu() {
  const { t } = useTranslation("account");
  const { pathname } = useLocation();
  const menu = useRef<HTMLDetailsElement>(null);
  // Spec section 4: the menu closes (on logout, and on any navigation). Not on hydration: a menu opened
  // before the page's JavaScript ran stays open.
  const shownPath = useRef(pathname);
  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    if (menu.current) menu.current.open = false;
  }, [pathname]);
  const gear = (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="1.8">
      <circle cx="12" cy="12" r="3" />
      <path d="M19.4 15a1.7 1.7 0 0 0 .3 1.8l.1.1a2 2 0 1 1-2.8 2.8l-.1-.1a1.7 1.7 0 0 0-1.8-.3 1.7 1.7 0 0 0-1 1.5V21a2 2 0 1 1-4 0v-.1a1.7 1.7 0 0 0-1.1-1.5 1.7 1.7 0 0 0-1.8.3l-.1.1a2 2 0 1 1-2.8-2.8l.1-.1a1.7 1.7 0 0 0 .3-1.8 1.7 1.7 0 0 0-1.5-1H3a2 2 0 1 1 0-4h.1a1.7 1.7 0 0 0 1.5-1.1 1.7 1.7 0 0 0-.3-1.8l-.1-.1a2 2 0 1 1 2.8-2.8l.1.1a1.7 1.7 0 0 0 1.8.3H9a1.7 1.7 0 0 0 1-1.5V3a2 2 0 1 1 4 0v.1a1.7 1.7 0 0 0 1 1.5 1.7 1.7 0 0 0 1.8-.3l.1-.1a2 2 0 1 1 2.8 2.8l-.1.1a1.7 1.7 0 0 0-.3 1.8V9a1.7 1.7 0 0 0 1.5 1H21a2 2 0 1 1 0 4h-.1a1.7 1.7 0 0 0-1.5 1Z" />
    </svg>
  );
  return (
    <>
      <Link
        to="/dashboard/settings"
        className="rounded-full p-2 text-slate-700 hover:bg-slate-100 md:hidden"
        aria-label={t("menu.settings")}
        data-testid="settings-mobile"
      >
        {gear}
      </Link>
      <details ref={menu} className="relative hidden md:block" data-testid="settings-menu">
        <summary
          className="list-none rounded-full p-2 text-slate-700 hover:bg-slate-100 [&::-webkit-details-marker]:hidden"
          aria-label={t("menu.open")}
        >
          {gear}
        </summary>
        <div className="absolute right-0 z-30 mt-2 w-40 rounded-xl bg-white py-1 shadow-lg ring-1 ring-slate-200">
          <Link to="/dashboard/settings" className="block px-4 py-2 text-sm hover:bg-slate-50">
            {t("menu.settings")}
          </Link>
          <Form method="post" action="/logout">
            <button type="submit" className="block w-full px-4 py-2 text-left text-sm hover:bg-slate-50">
              {t("menu.logout")}
            </button>
          </Form>
        </div>
      </details>
    </>
  );
}
