import { describe, expect, it } from "vitest";
import { cutNickname, cutText, isActiveLink, isFooterVisible, isHeaderHidden, logoTarget, sectionOf, showsActorsLogo } from "~/lib/shell";

describe("shell rules (spec section 2)", () => {
  it("hides the header on the listed paths and social callbacks only", () => {
    for (const p of [
      "/join",
      "/login",
      "/user",
      "/contest",
      "/labs/shorts",
      "/labs/shorts/start",
      "/login/",
      "/auth/kakao",
      "/login/google/callback",
      "/oauth/naver",
    ]) {
      expect(isHeaderHidden(p), p).toBe(true);
    }
    for (const p of [
      "/",
      "/plan",
      "/actors",
      "/notice",
      "/faq",
      "/terms/service",
      "/dashboard",
      "/joined",
      "/labs/shorts/other",
      "/googles",
    ]) {
      expect(isHeaderHidden(p), p).toBe(false);
    }
  });

  it("shows the footer on /, /plan, /actors and /notice only", () => {
    for (const p of ["/", "/plan", "/actors", "/notice", "/plan/"]) expect(isFooterVisible(p), p).toBe(true);
    for (const p of ["/faq", "/terms/service", "/login", "/plan/x", "/dashboard"]) expect(isFooterVisible(p), p).toBe(false);
  });

  it("sends the logo to the dashboard on dashboard paths, else home", () => {
    expect(logoTarget("/dashboard")).toBe("/dashboard");
    expect(logoTarget("/dashboard/plan/upgrade")).toBe("/dashboard");
    expect(logoTarget("/plan")).toBe("/");
    expect(logoTarget("/dashboards")).toBe("/");
  });

  it("sends an error page's back to the page's section, or home from a section's own page and elsewhere", () => {
    expect(sectionOf("/dashboard/library/voices/abc")).toBe("/dashboard");
    expect(sectionOf("/dashboard/plan/")).toBe("/dashboard");
    expect(sectionOf("/studio/history")).toBe("/studio");
    expect(sectionOf("/admin/members")).toBe("/admin");
    expect(sectionOf("/labs/avatar")).toBe("/labs");
    for (const p of ["/dashboard", "/studio/", "/plan", "/share/x", "/dashboards/x", "/"]) expect(sectionOf(p), p).toBe("/");
  });

  it("marks a link active by path match, never an https link", () => {
    expect(isActiveLink("/plan", "/plan")).toBe(true);
    expect(isActiveLink("/notice", "/notice/12")).toBe(true);
    expect(isActiveLink("/plan", "/planet")).toBe(false);
    expect(isActiveLink("/", "/plan")).toBe(false);
    expect(isActiveLink("https://business.voicestudio.example", "/")).toBe(false);
  });

  it("adds the actors logo on /actors", () => {
    expect(showsActorsLogo("/actors")).toBe(true);
    expect(showsActorsLogo("/actors/recruit")).toBe(true);
    expect(showsActorsLogo("/plan")).toBe(false);
  });

  it("cuts nicknames to 13 characters plus an ellipsis", () => {
    expect(cutNickname("short")).toBe("short");
    expect(cutNickname("exactly13char")).toBe("exactly13char");
    expect(cutNickname("fourteen-chars")).toBe("fourteen-char…");
    expect(cutNickname("가나다라마바사아자차카타파하")).toBe("가나다라마바사아자차카타파…");
  });

  it("cuts user text by code point: an emoji or a rare CJK character at the cut stays whole", () => {
    expect(cutText("short", 40)).toBe("short");
    expect(cutText(`${"a".repeat(39)}\u{1F600}tail`, 40)).toBe(`${"a".repeat(39)}\u{1F600}`);
    expect(cutText(`${"가".repeat(39)}\u{20000}\u{20001}`, 40)).toBe(`${"가".repeat(39)}\u{20000}`);
    expect(cutText("\u{1F600}".repeat(50), 40)).toBe("\u{1F600}".repeat(40));
  });
});
