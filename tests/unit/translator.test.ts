import { afterEach, describe, expect, it, vi } from "vitest";
import { fixedT } from "~/i18n/i18n.server";
import { addBundle, BUNDLE_RETRY_DELAYS_MS, hasBundle, interpolate, loadBundle, translate, type Bundle } from "~/i18n/translator";
import { resources } from "~/locales";

// The browser's translator (app/i18n/translator.ts) must give what the server's i18next gives for every key of
// every bundle, or a hydrated page's text would not match the server's HTML. i18next here is the real one, set up
// as the server renders (app/i18n/i18n.server.ts).

type Lng = keyof typeof resources;
const languages = Object.keys(resources) as Lng[];
const namespaces = Object.keys(resources.ko) as (keyof typeof resources.ko)[];
for (const lng of languages) for (const ns of namespaces) addBundle(lng, ns, resources[lng][ns] as unknown as Bundle);

/** Every node path of a bundle with its value: leaves and the objects and arrays above them. */
function nodes(value: unknown, prefix = ""): [string, unknown][] {
  if (value !== null && typeof value === "object") {
    const own = Object.entries(value).flatMap(([k, v]) => nodes(v, prefix ? `${prefix}.${k}` : k));
    return prefix ? [[prefix, value], ...own] : own;
  }
  return [[prefix, value]];
}

/** Every `{{name}}` (with its format stripped) used in a bundle. */
function variables(bundle: unknown): string[] {
  const found = new Set<string>();
  for (const [, v] of nodes(bundle)) {
    if (typeof v !== "string") continue;
    for (const m of v.matchAll(/\{\{-?\s*([\w.]+)/g)) found.add(m[1] as string);
  }
  return [...found];
}

const PLURAL = /_(zero|one|two|few|many|other)$/;

describe("the browser's translator against i18next", () => {
  for (const lng of languages) {
    for (const ns of namespaces) {
      it(`${lng}/${ns}: every key, with and without values, plurals and returnObjects`, () => {
        const bundle = resources[lng][ns];
        const t = fixedT(lng, ns);
        const names = variables(bundle);
        // Values of several kinds: strings, a number for counts and amounts, and one variable given as undefined.
        const filled: Record<string, unknown> = Object.fromEntries(names.map((n, i) => [n.split(".")[0], i % 2 ? `v${i}` : i * 1000 + 7]));
        const withUndefined = { ...filled, [names[0] ?? "x"]: undefined };
        const all = nodes(bundle);
        expect(all.length).toBeGreaterThan(0);
        let compared = 0;
        for (const [path, value] of all) {
          if (typeof value === "string") {
            const base = path.replace(PLURAL, "");
            for (const options of [undefined, filled, withUndefined]) {
              expect(translate(lng, ns, path, options), `${path} ${JSON.stringify(options)}`).toBe(t(path, options as never));
            }
            if (base !== path) {
              for (const count of [0, 1, 2, 11, 1234567]) {
                const options = { ...filled, count };
                expect(translate(lng, ns, base, options), `${base} count ${count}`).toBe(t(base, options as never));
              }
            }
            compared++;
          } else {
            const options = { ...filled, returnObjects: true };
            expect(translate(lng, ns, path, options), `${path} returnObjects`).toEqual(t(path, options as never));
          }
        }
        expect(compared).toBeGreaterThan(0);
      });
    }
  }

  it("reads another namespace by `ns:key` and by the ns option, and gives a missing key back without its namespace", () => {
    for (const lng of languages) {
      const t = fixedT(lng, "studio");
      expect(translate(lng, "studio", "common:meta.siteName")).toBe(t("common:meta.siteName"));
      expect(translate(lng, "studio", "meta.siteName", { ns: "common" })).toBe(t("meta.siteName", { ns: "common" }));
      expect(translate(lng, "studio", "no.such.key")).toBe(t("no.such.key"));
      expect(translate(lng, "studio", "common:no.such")).toBe(t("common:no.such"));
    }
  });

  it("interpolates as i18next: nested values, numbers formatted, missing variables kept, null and undefined empty", () => {
    expect(interpolate("{{a.b}} and {{ c }}", "en", { a: { b: "x" }, c: 3 })).toBe("x and 3");
    expect(interpolate("{{count, number}} min", "en", { count: 12345 })).toBe("12,345 min");
    expect(interpolate("{{gone}} stays", "en", {})).toBe("{{gone}} stays");
    expect(interpolate("[{{u}}][{{n}}]", "en", { u: undefined, n: null })).toBe("[][]");
    expect(interpolate("{{- raw}}", "en", { raw: "<b>" })).toBe("<b>");
  });
});

describe("fetching a namespace", () => {
  // A stand-in of the network for /locales/:lng/:ns: each request takes the next planned answer (a Response, or a
  // thrown TypeError as fetch throws for a dropped request); the languages are made up so every test starts empty.
  const requests: string[] = [];
  const network = (answers: (Response | "drop")[]) => {
    requests.length = 0;
    vi.useFakeTimers();
    vi.stubGlobal("fetch", async (url: string) => {
      requests.push(url);
      const next = answers.shift() ?? "drop";
      if (next === "drop") throw new TypeError("Failed to fetch");
      return next;
    });
  };
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });
  /** Resolves `promise` while the retry waits pass; answers how long that took in fake time. */
  const settle = async (promise: Promise<void>) => {
    let done = false;
    void promise.then(() => (done = true));
    let waited = 0;
    while (!done && waited < 60_000) {
      await vi.advanceTimersByTimeAsync(100);
      waited += 100;
    }
    expect(done).toBe(true);
    return waited;
  };

  it("tries again after a dropped request and a server error, then uses the bundle", async () => {
    network(["drop", Response.json({}, { status: 503 }), Response.json({ hello: "안녕" })]);
    await settle(loadBundle("r1", "common"));
    expect(requests).toEqual(["/locales/r1/common", "/locales/r1/common", "/locales/r1/common"]);
    expect(translate("r1", "common", "hello")).toBe("안녕");
  });

  it("gives up after a bounded number of tries (keys show, as before), and a second caller shares the same tries", async () => {
    network([]);
    const first = loadBundle("r2", "common");
    const second = loadBundle("r2", "common");
    const waited = await settle(Promise.all([first, second]).then(() => undefined));
    expect(requests).toHaveLength(1 + BUNDLE_RETRY_DELAYS_MS.length);
    expect(waited).toBeLessThanOrEqual(BUNDLE_RETRY_DELAYS_MS.reduce((a, b) => a + b, 0) + 100);
    expect(hasBundle("r2", "common")).toBe(true);
    expect(translate("r2", "common", "hello")).toBe("hello");
    // Stored: no more requests for it.
    await loadBundle("r2", "common");
    expect(requests).toHaveLength(1 + BUNDLE_RETRY_DELAYS_MS.length);
  });

  it("does not try again after a 404; does after a body that is not JSON (a cut answer)", async () => {
    network([new Response("nope", { status: 404 })]);
    await settle(loadBundle("r3", "common"));
    expect(requests).toHaveLength(1);
    network([new Response("<html>", { status: 200 }), Response.json({ hello: "hi" })]);
    await settle(loadBundle("r4", "common"));
    expect(requests).toHaveLength(2);
    expect(translate("r4", "common", "hello")).toBe("hi");
  });
});
