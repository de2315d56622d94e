import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ThirdPartyScripts } from "~/components/shell/ThirdPartyScripts";

describe("third-party scripts", () => {
  it("render nothing when not configured (local runs and tests)", () => {
    expect(renderToStaticMarkup(<ThirdPartyScripts gtmId={null} formWidgetUrl={null} />)).toBe("");
  });

  it("load the tag manager and the form widget when configured", () => {
    const html = renderToStaticMarkup(<ThirdPartyScripts gtmId="GTM-ABC123" formWidgetUrl="https://forms.example/widget.js" />);
    expect(html).toContain("googletagmanager.com/gtm.js?id=");
    expect(html).toContain("'GTM-ABC123'");
    expect(html).toContain('src="https://forms.example/widget.js"');
  });

  it("refuse malformed values instead of injecting them", () => {
    const html = renderToStaticMarkup(<ThirdPartyScripts gtmId="GTM-1');alert(1)//" formWidgetUrl="http://insecure.example/x.js" />);
    expect(html).toBe("");
  });
});
