// PLAYER_FRAME_ANCESTORS is checked at start-up (docs/decisions/0052). https only (http for a local host
// outside production), a wildcard followed by at least two labels; anything else refuses to serve with a clear message.
import { describe, expect, it } from "vitest";
import { deploymentProblems, frameAncestorProblems } from "../../workers/api/src/lib/deployment";

const strong = (name: string) => `${name}-${"k".repeat(40)}`;
const production = { APP_ENV: "production", SESSION_SECRET: strong("session"), PUBLIC_ORIGIN: "https://voice-studio.kr" };

describe("PLAYER_FRAME_ANCESTORS", () => {
  it("takes https origins, ports and wildcards followed by two labels or more", () => {
    const good = "https://partner.example.com https://*.example.com https://*.blog.co.kr:443 https://embed.example.org:*  ";
    expect(frameAncestorProblems(good, true)).toEqual([]);
    expect(frameAncestorProblems("", true)).toEqual([]);
    expect(deploymentProblems("app", { ...production, PLAYER_FRAME_ANCESTORS: good })).toEqual([]);
  });

  it("refuses http, a wildcard over one label and what is no origin, naming each, in production", () => {
    const problems = deploymentProblems("app", {
      ...production,
      PLAYER_FRAME_ANCESTORS:
        "http://partner.example.com https://*.com https://ok.example.com https://a.example.com/path 'self'; https://x.example.com:70000",
    });
    expect(problems).toEqual([
      'PLAYER_FRAME_ANCESTORS: "http://partner.example.com" must be https (http only for a local host outside production)',
      'PLAYER_FRAME_ANCESTORS: "https://*.com" needs at least two labels after its wildcard (https://*.example.com)',
      'PLAYER_FRAME_ANCESTORS: "https://a.example.com/path" is not an origin (https://host, https://host:port or https://*.host.tld)',
      `PLAYER_FRAME_ANCESTORS: "'self';" is not an origin (https://host, https://host:port or https://*.host.tld)`,
      'PLAYER_FRAME_ANCESTORS: "https://x.example.com:70000" has no valid port',
    ]);
  });

  it("lets development frame from a local http origin (the browser tests), never from a public one or in production", () => {
    const dev = { APP_ENV: "development", SESSION_SECRET: "local-dev-session-secret-change-me-0123456789" };
    expect(deploymentProblems("app", { ...dev, PLAYER_FRAME_ANCESTORS: "http://localhost:* http://127.0.0.1:8940" })).toEqual([]);
    expect(deploymentProblems("app", { ...dev, PLAYER_FRAME_ANCESTORS: "http://partner.voice-studio.kr http://*.localhost" })).toEqual([
      'PLAYER_FRAME_ANCESTORS: "http://partner.voice-studio.kr" must be https (http only for a local host outside production)',
      'PLAYER_FRAME_ANCESTORS: "http://*.localhost" must be https (http only for a local host outside production)',
      'PLAYER_FRAME_ANCESTORS: "http://*.localhost" needs at least two labels after its wildcard (https://*.example.com)',
    ]);
    expect(frameAncestorProblems("http://localhost:*", true)).toEqual([
      'PLAYER_FRAME_ANCESTORS: "http://localhost:*" must be https (http only for a local host outside production)',
    ]);
  });
});
