import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ThirdPartyScripts } from "~/components/shell/ThirdPartyScripts";
import { publicOrigin } from "../../server/load-context";
import { contentSecurityPolicy, newNonce, withSecurityHeaders } from "../../server/security-headers";

const directives = (csp: string) => Object.fromEntries(csp.split("; ").map((d) => [d.split(" ")[0]!, d.split(" ").slice(1)]));

describe("page security headers (security-headers.ts)", () => {
  it("runs scripts by nonce only, forbids framing, plugins and foreign forms, and names no third party when none is configured", () => {
    const csp = directives(contentSecurityPolicy({ nonce: "abc123==" }));
    expect(csp["script-src"]).toEqual(["'nonce-abc123=='", "'strict-dynamic'"]);
    expect(csp["object-src"]).toEqual(["'none'"]);
    expect(csp["base-uri"]).toEqual(["'self'"]);
    expect(csp["frame-ancestors"]).toEqual(["'none'"]);
    expect(csp["frame-src"]).toEqual(["'none'"]);
    expect(csp["form-action"]).toContain("'self'");
    expect(csp["media-src"]).toEqual(["'self'", "data:", "blob:"]);
    expect(csp["img-src"]).toEqual(["'self'", "data:", "blob:"]);
    // The waveform reads its downloaded audio back through a blob URL.
    expect(csp["connect-src"]).toEqual(["'self'", "blob:"]);
    expect(JSON.stringify(csp)).not.toMatch(/googletagmanager|forms\.example/);
  });

  it("allows the tag manager and the form widget only when configured (and only valid values)", () => {
    const csp = directives(contentSecurityPolicy({ nonce: "n", gtmId: "GTM-ABC123", formWidgetUrl: "https://forms.example/widget.js" }));
    expect(csp["script-src"]).toEqual(["'nonce-n'", "'strict-dynamic'", "https://www.googletagmanager.com", "https://forms.example"]);
    expect(csp["frame-src"]).toEqual(["https://www.googletagmanager.com", "https://forms.example"]);
    const bad = contentSecurityPolicy({ nonce: "n", gtmId: "GTM-1');x", formWidgetUrl: "http://insecure.example/x.js" });
    expect(bad).not.toMatch(/googletagmanager|insecure/);
  });

  it("sets every header on a page answer, keeps its status, cookies and body, and HSTS only on https", async () => {
    const page = new Response("<p>hi</p>", { status: 404, headers: { "content-type": "text/html", "set-cookie": "a=1" } });
    const out = withSecurityHeaders(page, new URL("http://localhost:8787/x"), { nonce: "n1" });
    expect(out.status).toBe(404);
    expect(await out.text()).toBe("<p>hi</p>");
    expect(out.headers.get("set-cookie")).toBe("a=1");
    expect(out.headers.get("content-security-policy")).toContain("script-src 'nonce-n1' 'strict-dynamic'");
    expect(out.headers.get("x-frame-options")).toBe("DENY");
    expect(out.headers.get("x-content-type-options")).toBe("nosniff");
    expect(out.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(out.headers.get("permissions-policy")).toBe("camera=(), geolocation=(), microphone=(self)");
    expect(out.headers.get("strict-transport-security")).toBeNull();
    const secure = withSecurityHeaders(new Response("x"), new URL("https://voicestudio.example/"), { nonce: "n2" });
    expect(secure.headers.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains");
  });

  it("makes a new unguessable nonce for each request", () => {
    const a = newNonce();
    expect(a).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(newNonce()).not.toBe(a);
  });

  it("stamps the nonce on the tag manager and form widget scripts", () => {
    const html = renderToStaticMarkup(<ThirdPartyScripts gtmId="GTM-ABC123" formWidgetUrl="https://forms.example/widget.js" nonce="xyz" />);
    expect(html.match(/nonce="xyz"/g)).toHaveLength(2);
  });

  it("builds absolute URLs from PUBLIC_ORIGIN, whatever Host the request names", () => {
    const forged = new Request("http://evil.example/share/abc");
    expect(publicOrigin("https://voicestudio.example", forged)).toBe("https://voicestudio.example");
    expect(publicOrigin("https://voicestudio.example/", forged)).toBe("https://voicestudio.example");
    // Unset or malformed: the request's own origin.
    expect(publicOrigin("", forged)).toBe("http://evil.example");
    expect(publicOrigin("not a url", forged)).toBe("http://evil.example");
  });
});
