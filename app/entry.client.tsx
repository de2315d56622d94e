import { RemixBrowser } from "@remix-run/react";
import i18next from "i18next";
import Fetch from "i18next-fetch-backend";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { getInitialNamespaces } from "remix-i18next/client";
import { defaultNS, fallbackLng, supportedLngs } from "./i18n/config";

async function hydrate() {
  // The server decided the language and wrote it to <html lang>; the browser loads only the
  // namespaces this page's routes declare, from /locales/:lng/:ns.
  await i18next
    .use(initReactI18next)
    .use(Fetch)
    .init({
      lng: document.documentElement.lang || fallbackLng,
      ns: getInitialNamespaces(),
      defaultNS,
      fallbackLng,
      supportedLngs: [...supportedLngs],
      backend: { loadPath: "/locales/{{lng}}/{{ns}}" },
      interpolation: { escapeValue: false },
    });

  startTransition(() => {
    hydrateRoot(
      document,
      <I18nextProvider i18n={i18next}>
        <StrictMode>
          <RemixBrowser />
        </StrictMode>
      </I18nextProvider>,
    );
  });
}

hydrate();
