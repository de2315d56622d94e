import type { Page } from "@playwright/test";
import { BUDGET_BYTES, measureRoutes, readKnown, sizer } from "../../scripts/route-budget.mjs";
import { apiCall, expect, test } from "./fixtures";

/**
 * docs/decisions/0050: `npm run check:routes` counts exactly the JavaScript a page's HTML loads and
 * preloads: the same files as the modulepreload links and module imports of the real page, neither more nor less;
 * none for a page that does not hydrate. With JavaScript, what the browser fetched by the time the page is
 * hydrated and idle is those files plus, at most, code the check lists as loaded on use, and all of it together (a
 * part loaded on use that the page renders at once, such as the footer of /plan, included) is within the budget.
 */

type Row = { id: string; scripts: string[]; onUse: string[] };
const rows = new Map((measureRoutes() as Row[]).map((r) => [r.id, r]));
const gzipOf = sizer() as (src: string) => { gzip: number };
const ceilings = readKnown() as Record<string, number>;

/** The scripts the HTML names (modulepreload links, module imports), and the route ids it hydrates. */
function scriptsOf(html: string) {
  const named = new Set<string>();
  for (const m of html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)) named.add(m[1]!);
  for (const m of html.matchAll(/import(?:\s*\*\s*as\s+\w+\s+from\s*|\()\s*"([^"]+\.js)"/g)) named.add(m[1]!);
  const routes = html.match(/window\.__remixRouteModules = \{([^}]*)\}/)?.[1] ?? "";
  const ids = [...routes.matchAll(/"([^"]+)":route\d+/g)].map((m) => m[1]!);
  const scriptTags = [...html.matchAll(/<script\b[^>]*\bsrc=/g)].length;
  return { named: [...named].sort(), leaf: ids.at(-1), scriptTags };
}

async function expectCounted(page: Page, path: string, routeId: string) {
  const response = await page.goto(path);
  expect(response?.status()).toBe(200);
  const html = await response!.text();
  const { named, leaf, scriptTags } = scriptsOf(html);
  const row = rows.get(routeId);
  expect(row, `check:routes measures ${routeId}`).toBeDefined();
  expect(scriptTags).toBe(0);
  if (row!.scripts.length === 0) {
    expect(named).toEqual([]);
    return;
  }
  expect(leaf).toBe(routeId);
  expect(named).toEqual([...row!.scripts].sort());
  if (test.info().project.name !== "js") return;
  // What the browser actually fetched once hydrated and idle.
  await page.waitForFunction(() => (window as unknown as { __remixRouter?: unknown }).__remixRouter !== undefined);
  await page.waitForLoadState("networkidle");
  const fetched: string[] = await page.evaluate(() =>
    performance
      .getEntriesByType("resource")
      .map((e) => new URL(e.name).pathname)
      .filter((p) => p.endsWith(".js")),
  );
  const allowed = new Set([...row!.scripts, ...row!.onUse]);
  expect(fetched.filter((f) => !allowed.has(f))).toEqual([]);
  for (const f of row!.scripts) expect(fetched).toContain(f);
  const total = [...new Set(fetched)].reduce((sum, f) => sum + gzipOf(f).gzip, 0);
  expect(total, `${routeId}: JavaScript fetched by the time the page is idle, gzip`).toBeLessThanOrEqual(ceilings[routeId] ?? BUDGET_BYTES);
}

test("signed out: the landing loads no script; /plan, /login and /faq load exactly what the check counts", async ({ page }) => {
  await expectCounted(page, "/", "routes/_index");
  await expectCounted(page, "/plan", "routes/plan");
  await expectCounted(page, "/login", "routes/login");
  await expectCounted(page, "/faq", "routes/faq");
});

test("signed in: the dashboard, the studio, the plan page and the TTS editor load exactly what the check counts", async ({
  page,
  request,
  member: session,
}) => {
  await expectCounted(page, "/dashboard", "routes/dashboard._index");
  await expectCounted(page, "/dashboard/plan", "routes/dashboard.plan._index");
  await expectCounted(page, "/studio", "routes/studio._index");
  const project = await apiCall<{ id: string }>(request, session, "/studio/projects", { type: "tts" });
  await expectCounted(page, `/studio/projects/text-to-speech?id=${project.data.id}`, "routes/studio.projects.text-to-speech");
});
