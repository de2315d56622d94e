import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { NavLink, Outlet, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ADMIN_SECTIONS } from "~/lib/admin";
import { requireOperator } from "~/utils/admin.server";

export const handle = { i18n: ["common", "admin", "help"] };

/** /admin and below: operators only (404 to anyone else, checked by the api), in the console's frame. */
export async function loader(args: LoaderFunctionArgs) {
  const operator = await requireOperator(args);
  return { email: operator.email };
}

export default function AdminFrame() {
  const { email } = useLoaderData<typeof loader>();
  const { t } = useTranslation("admin");
  return (
    <div className="min-h-screen bg-slate-50">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-6 gap-y-2 px-4 pt-3 pb-2">
          <p className="mr-auto font-bold">{t("title")}</p>
          <p className="text-xs text-slate-500" data-testid="admin-operator">
            {t("signedInAs", { email })}
          </p>
          <a href="/dashboard" className="text-xs text-slate-600 underline">
            {t("nav.site")}
          </a>
          {/* The menu has a row of its own: on wide screens its tabs wrap, on narrow ones the strip scrolls
              sideways and fades at its end while more lies beyond; the current tab starts in view. */}
          <nav aria-label={t("nav.label")} className="-mx-4 min-w-0 basis-full scroll-fade-x px-4 lg:mx-0 lg:px-0 lg:[mask-image:none]">
            <ul className="flex gap-1 lg:flex-wrap" data-testid="admin-tabs">
              {ADMIN_SECTIONS.map((s) => (
                <li key={s.to}>
                  <NavLink
                    to={s.to}
                    className={({ isActive }) =>
                      `block scroll-ml-4 whitespace-nowrap rounded-lg px-3 py-1.5 text-sm font-medium ${isActive ? "bg-brand-50 text-brand-700 [scroll-initial-target:nearest]" : "text-slate-700 hover:bg-slate-100"}`
                    }
                  >
                    {t(s.label)}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
        </div>
      </header>
      <div className="mx-auto max-w-6xl px-4 py-6">
        <Outlet />
      </div>
    </div>
  );
}
