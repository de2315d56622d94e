import { renderToString } from "react-dom/server";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { i18n, initTranslator, useTranslation } from "~/i18n/react-client";
import { resources } from "~/locales";

// The browser's `useTranslation` (what the browser build gets for react-i18next; docs/decisions/0044): namespaces
// fetched from /locales/:lng/:ns (here a stand-in of that route answering from the same bundles), the first
// namespace is `t`'s, and a language change loads the namespaces already in use in the new language.

const fetched: string[] = [];
beforeAll(() => {
  vi.stubGlobal("fetch", async (url: string) => {
    fetched.push(url);
    const [, , lng, ns] = url.split("/");
    const bundle = (resources as Record<string, Record<string, unknown>>)[lng ?? ""]?.[ns ?? ""];
    return bundle ? Response.json(bundle) : Response.json({}, { status: 404 });
  });
});
afterAll(() => vi.unstubAllGlobals());

function Page() {
  const { t, i18n: instance } = useTranslation(["studio", "common"]);
  return <p lang={instance.language}>{`${t("common:meta.siteName")}|${t("common:header.login")}`}</p>;
}

describe("the browser's useTranslation", () => {
  it("renders from the namespaces loaded before hydration, in the page's language", async () => {
    await initTranslator("ko", ["studio"]);
    expect(fetched.sort()).toEqual(["/locales/ko/common", "/locales/ko/studio"]);
    expect(i18n.language).toBe("ko");
    const html = renderToString(<Page />);
    expect(html).toContain(`${resources.ko.common.meta.siteName}|${resources.ko.common.header.login}`);
  });

  it("changes language: fetches the loaded namespaces in the new language, then renders in it", async () => {
    fetched.length = 0;
    await i18n.changeLanguage("en");
    expect(fetched.sort()).toEqual(["/locales/en/common", "/locales/en/studio"]);
    expect(i18n.language).toBe("en");
    expect(renderToString(<Page />)).toContain(`${resources.en.common.meta.siteName}|${resources.en.common.header.login}`);
  });

  it("suspends a component whose namespace is not loaded yet, and fetches it once", async () => {
    fetched.length = 0;
    function Help() {
      const { t } = useTranslation("help");
      return <span>{t("title")}</span>;
    }
    let thrown: unknown;
    try {
      useTranslationOutsideReact(() => Help());
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toBeInstanceOf(Promise);
    await thrown;
    expect(fetched).toEqual(["/locales/en/help"]);
  });
});

/** Calls a component function with React's hook dispatcher of a server render, so a thrown promise reaches the test. */
function useTranslationOutsideReact(component: () => unknown) {
  let error: unknown;
  function Probe() {
    try {
      return component() as never;
    } catch (e) {
      error = e;
      return null;
    }
  }
  renderToString(<Probe />);
  if (error) throw error;
}
