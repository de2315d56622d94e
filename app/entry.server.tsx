import type { AppLoadContext, EntryContext } from "@remix-run/cloudflare";
import { RemixServer } from "@remix-run/react";
import { createInstance } from "i18next";
import { isbot } from "isbot";
import { renderToReadableStream } from "react-dom/server";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { defaultNS, fallbackLng, supportedLngs } from "./i18n/config";
import { i18nServer } from "./i18n/i18n.server";
import { resources } from "./locales";

const ABORT_DELAY = 5_000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  _loadContext: AppLoadContext,
) {
  const instance = createInstance();
  const lng = await i18nServer.getLocale(request);
  const ns = i18nServer.getRouteNamespaces(remixContext);
  await instance.use(initReactI18next).init({
    lng,
    ns: ns.length ? ns : [defaultNS],
    defaultNS,
    fallbackLng,
    supportedLngs: [...supportedLngs],
    resources,
    interpolation: { escapeValue: false },
  });

  const controller = new AbortController();
  const timeout = setTimeout(() => controller.abort(), ABORT_DELAY);
  const body = await renderToReadableStream(
    <I18nextProvider i18n={instance}>
      <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} />
    </I18nextProvider>,
    {
      signal: controller.signal,
      onError(error: unknown) {
        if (!controller.signal.aborted) console.error(error);
        responseStatusCode = 500;
      },
    },
  );
  body.allReady.then(() => clearTimeout(timeout));
  // Bots and clients without JavaScript get the whole document at once.
  if (isbot(request.headers.get("user-agent") || "")) await body.allReady;

  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  return new Response(body, { headers: responseHeaders, status: responseStatusCode });
}
