import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, isRouteErrorResponse, useLocation, useMatches } from "@remix-run/react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Header } from "~/components/shell/Header";
import { GeneralErrorBoundary } from "~/components/shell/GeneralErrorBoundary";
import { Footer, ThirdPartyScripts } from "~/components/shell/parts-on-use";
import { Toast } from "~/components/shell/Toast";
import { fallbackLng } from "~/i18n/config";
import { fixedT, getLocale } from "~/i18n/i18n.server";
import { isBarePath, isFooterVisible, isHeaderHidden } from "~/lib/shell";
import { cookieSecurity, localeCookie } from "~/utils/cookies.server";
import { getCountry } from "~/utils/country.server";
import { readerTimeZone } from "~/utils/time-zone.server";
import { freshAccessToken } from "~/utils/api.server";
import { shellUser } from "~/utils/session.server";
import { takeToast } from "~/utils/toast.server";
import { setApiUser } from "~/lib/api-user";
import { rememberTimeZone } from "~/lib/time-zone";
import { useNonce } from "~/utils/nonce";
import { useRootData, type RootData } from "~/utils/root-data";
import styles from "./tailwind.css?url";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: styles },
  // The ICO for browsers and tools that ask for /favicon.ico (scripts/make-favicon.mjs makes it from the SVG).
  { rel: "icon", href: "/favicon.ico", sizes: "48x48" },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export const handle = { i18n: ["common"] };

/** Only used when a route below throws (its own meta then does not run). */
export const meta: MetaFunction<typeof loader> = ({ data, error }) => {
  if (!error || !data) return [];
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return [{ title: notFound ? data.errorTitles.notFound : data.errorTitles.other }, { name: "robots", content: "noindex" }];
};

export async function loader({ request, context }: LoaderFunctionArgs): Promise<RootData> {
  const locale = await getLocale(request, context);
  const url = new URL(request.url);
  if (url.searchParams.has("lng")) {
    // The language switch (a GET form) sends ?lng=; keep the choice for later visits.
    context.outgoingCookies.push(await localeCookie.serialize(locale, cookieSecurity(request)));
  }
  // Refreshes an access token that expires within 30 s (once per request, shared with the API client).
  const [country, accessToken, toast] = await Promise.all([
    getCountry(request, context),
    freshAccessToken(request, context),
    takeToast(request, context),
  ]);
  const user = shellUser(accessToken);
  const env = context.cloudflare.env;
  const t = fixedT(locale);
  return {
    locale,
    siteName: t("meta.siteName"),
    // Titles for the error boundary, which renders without a route loader's data.
    errorTitles: { notFound: t("meta.titles.notFound"), other: `${t("errors.title")} | ${t("meta.siteName")}` },
    country,
    timeZone: readerTimeZone(request),
    // The canonical origin (PUBLIC_ORIGIN), never the request's Host: canonical, og:url, og:audio.
    origin: context.publicOrigin,
    user,
    toast,
    gtmId: env.GTM_ID || null,
    formWidgetUrl: env.FORM_WIDGET_URL || null,
  };
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRootData();
  const { pathname } = useLocation();
  const { i18n } = useTranslation();
  const nonce = useNonce();
  const locale = data?.locale ?? i18n.language ?? fallbackLng;
  // A route whose page is complete without JavaScript can opt out of hydration with
  // `handle.hydrate = false` (the landing: docs/decisions/0004).
  const hydrate = useMatches().every((m) => (m.handle as { hydrate?: boolean } | undefined)?.hydrate !== false);
  // A video letter's player: just the video, framed by social sites.
  const bare = isBarePath(pathname);
  return (
    <html lang={locale} dir={i18n.dir(locale)}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen bg-white text-slate-900 antialiased">
        {data && !bare && !isHeaderHidden(pathname) ? <Header /> : null}
        {data && !bare ? <Toast toast={data.toast} /> : null}
        {children}
        {data && !bare && isFooterVisible(pathname) ? <Footer /> : null}
        {/* The policy forbids eval (security-headers.ts): zod must not probe for it with `new Function`
            when the route modules build their schemas (a caught attempt is still a reported violation). */}
        {hydrate ? <script nonce={nonce} dangerouslySetInnerHTML={{ __html: "globalThis.__zod_globalConfig={jitless:true}" }} /> : null}
        {hydrate ? <ScrollRestoration nonce={nonce} /> : null}
        {hydrate ? <Scripts nonce={nonce} /> : null}
        {data && (data.gtmId || data.formWidgetUrl) ? (
          <ThirdPartyScripts gtmId={data.gtmId} formWidgetUrl={data.formWidgetUrl} nonce={nonce} />
        ) : null}
      </body>
    </html>
  );
}

export default function App() {
  const data = useRootData();
  // The language switch: the browser's translator loads the new language's namespaces (docs/decisions/0044).
  const { i18n } = useTranslation();
  const locale = data?.locale ?? fallbackLng;
  useEffect(() => {
    if (i18n.language !== locale) void i18n.changeLanguage(locale);
  }, [locale, i18n]);
  // Browser error reports name the account when the page knows it (app/lib/api-client.ts, app/lib/api-user.ts).
  const email = data?.user.email;
  useEffect(() => setApiUser(email), [email]);
  // Spec section 1: a same-origin country call, once, when no country cookie exists.
  useEffect(() => {
    if (!/(^|;\s*)country=/.test(document.cookie)) {
      fetch("/api/country", { method: "POST" }).catch(() => undefined);
    }
  }, []);
  // English pages show times in the reader's zone from the next render on (this one keeps the zone it was served with).
  useEffect(rememberTimeZone, []);
  // A post to an index route (`/studio?index`) leaves `?index` in the address; the page's own URL is
  // put back (the router's state is not touched, so nothing reloads). Without JavaScript, forms of index routes
  // with a path post to their bare path instead (`useSelfAction`, docs/decisions/0039).
  const location = useLocation();
  useEffect(() => {
    const params = new URLSearchParams(location.search);
    if (!params.has("index") || params.get("index") !== "") return;
    params.delete("index");
    const query = params.toString();
    window.history.replaceState(window.history.state, "", `${location.pathname}${query ? `?${query}` : ""}${location.hash}`);
  }, [location]);
  return <Outlet />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
