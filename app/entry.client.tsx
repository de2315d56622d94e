import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { fallbackLng } from "./i18n/config";
import { initTranslator } from "./i18n/react-client";

/** The namespaces the rendered page's routes declare in `handle.i18n` (what the server loaded for them). */
function pageNamespaces(): string[] {
  const modules = (window as unknown as { __remixRouteModules: Record<string, { handle?: unknown } | undefined> }).__remixRouteModules;
  return Object.values(modules).flatMap((route) => {
    const i18n = (route?.handle as { i18n?: unknown } | undefined)?.i18n;
    if (typeof i18n === "string") return [i18n];
    return Array.isArray(i18n) ? i18n.filter((ns): ns is string => typeof ns === "string") : [];
  });
}

async function hydrate() {
  // The server decided the language and wrote it to <html lang>; the browser loads only the namespaces this
  // page's routes declare, from /locales/:lng/:ns, into its own small translator (app/i18n/react-client.ts,
  // which the browser build uses for `react-i18next`; docs/decisions/0044).
  await initTranslator(document.documentElement.lang || fallbackLng, pageNamespaces());

  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <RemixBrowser />
      </StrictMode>,
    );
  });
}

hydrate();
