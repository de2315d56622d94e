// Where a login may send the browser afterwards (app/lib/redirect.ts).
import { describe, expect, it } from "vitest";
import { loginThen, safeRedirect } from "~/lib/redirect";

describe("safeRedirect", () => {
  it("keeps paths of this site with their query and hash", () => {
    expect(safeRedirect("/dashboard/plan/upgrade?modal=purchase&plan=Creator")).toBe("/dashboard/plan/upgrade?modal=purchase&plan=Creator");
    expect(safeRedirect("/studio/projects/text-to-speech?id=abc#p2")).toBe("/studio/projects/text-to-speech?id=abc#p2");
    expect(safeRedirect("/dashboard/../studio")).toBe("/studio");
  });

  it("refuses other sites, tricks, control characters, sign-in pages and huge values", () => {
    for (const bad of [
      "https://evil.example/",
      "//evil.example/x",
      "/\\evil.example",
      "\\\\evil.example",
      // Dot segments resolved into a protocol-relative path.
      "/.//evil.example/x",
      "/a/..//evil.example",
      "/%2e%2e//evil.example",
      "/./%2e/..//evil.example",
      "javascript:alert(1)",
      "dashboard",
      "/dash\nboard",
      "/dash\tboard",
      "/ /evil",
      "/login",
      "/login?redirectTo=/login",
      "/join?x=1",
      "/logout",
      `/${"a".repeat(1024)}`,
      "",
      null,
      undefined,
      42,
    ])
      expect(safeRedirect(bad), String(bad)).toBeNull();
  });

  it("builds the login link that comes back", () => {
    expect(loginThen("/dashboard/plan/upgrade?modal=purchase&plan=Creator")).toBe(
      "/login?redirectTo=%2Fdashboard%2Fplan%2Fupgrade%3Fmodal%3Dpurchase%26plan%3DCreator",
    );
    expect(safeRedirect(new URL(loginThen("/studio?x=1"), "http://h").searchParams.get("redirectTo"))).toBe("/studio?x=1");
  });
});
