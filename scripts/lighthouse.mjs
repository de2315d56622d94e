// `npm run lighthouse` (after `npm run build`): Lighthouse's mobile performance and accessibility scores of the
// main signed-in pages (/dashboard, /studio, the TTS editor, /dashboard/plan), in Debian's Chromium.
// It starts the production build on LIGHTHOUSE_PORT (default 8976) with its own local database
// (.wrangler/lighthouse-state), logs the development operator in through the api (db/seed-operator.ts), makes
// one TTS project for the editor, and runs Lighthouse (npm package, no network) on each page with the session
// cookies. LIGHTHOUSE_BASE=http://host:port measures an app that is already running instead (the operator must
// exist there). Scores depend on the machine's load: Lighthouse's simulated throttling scales with the CPU
// it gets. Prints a table; `--json` prints the figures as JSON. Exits 1 when a score is under
// LIGHTHOUSE_MIN (default 0: report only; 95 is the target). `--details` lists what keeps a score down.
import { spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { wranglerEnv } from "./wrangler-env.mjs";

const PORT = Number(process.env.LIGHTHOUSE_PORT ?? 8976);
const BASE = process.env.LIGHTHOUSE_BASE ?? `http://127.0.0.1:${PORT}`;
const MIN = Number(process.env.LIGHTHOUSE_MIN ?? 0);
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const OPERATOR = { email: "operator@voicestudio.local", password: "Operator#2026" };

let server = null;
const stop = () => {
  if (!server) return;
  try {
    process.kill(-server.pid, "SIGTERM");
  } catch {
    /* already gone */
  }
};
process.on("exit", stop);

if (!process.env.LIGHTHOUSE_BASE) {
  if (!existsSync("build/server/index.js")) {
    console.error("Run `npm run build` first (Lighthouse measures the production build).");
    process.exit(1);
  }
  const env = wranglerEnv({ PORT: String(PORT), PERSIST_DIR: ".wrangler/lighthouse-state", CI: "1" });
  await run("npx", ["tsx", "scripts/setup-db.ts"], env);
  server = spawn("node", ["scripts/serve.mjs"], { env, stdio: "ignore", detached: true });
}

let chrome = null;
try {
  await waitFor(`${BASE}/healthz`);
  const { cookie, token } = await signIn();
  const editorId = await ttsProject(token);
  const pages = [
    { name: "dashboard", path: "/dashboard" },
    { name: "studio (project list)", path: "/studio" },
    { name: "TTS editor", path: `/studio/projects/text-to-speech?id=${encodeURIComponent(editorId)}` },
    { name: "plan", path: "/dashboard/plan" },
  ];
  chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: [
      "--headless=new",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost",
    ],
  });
  const results = [];
  for (const page of pages) {
    // A page that answers with the login page or an error would be measured as something else: check first.
    const check = await fetch(`${BASE}${page.path}`, { headers: { cookie }, redirect: "manual" });
    if (check.status !== 200) throw new Error(`${page.path} answered ${check.status}, not the signed-in page`);
    const runnerResult = await lighthouse(
      `${BASE}${page.path}`,
      {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        onlyCategories: ["performance", "accessibility"],
        extraHeaders: { Cookie: cookie, "Accept-Language": "ko-KR,ko;q=0.9" },
      },
      // Lighthouse's default configuration: mobile form factor, simulated slow 4G and 4x CPU slowdown.
      undefined,
    );
    const lhr = runnerResult.lhr;
    const score = (c) => Math.round((lhr.categories[c]?.score ?? 0) * 100);
    const failing = Object.values(lhr.audits)
      .filter(
        (a) =>
          a.score !== null &&
          a.score < 1 &&
          a.scoreDisplayMode === "binary" &&
          lhr.categories.accessibility.auditRefs.some((r) => r.id === a.id),
      )
      .map((a) => a.id);
    results.push({
      page: page.name,
      path: page.path.replace(/id=[^&]+/, "id=…"),
      performance: score("performance"),
      accessibility: score("accessibility"),
      fcp: lhr.audits["first-contentful-paint"]?.displayValue ?? "",
      lcp: lhr.audits["largest-contentful-paint"]?.displayValue ?? "",
      tbt: lhr.audits["total-blocking-time"]?.displayValue ?? "",
      cls: lhr.audits["cumulative-layout-shift"]?.displayValue ?? "",
      failingAccessibility: failing,
      // What to fix: the elements behind each accessibility audit not passed, and the LCP element.
      details: [
        ...failing.flatMap((id) =>
          (lhr.audits[id].details?.items ?? [])
            .slice(0, 5)
            .map((i) => `${id}: ${i.node?.snippet ?? ""} ${i.node?.explanation?.split("\n")[0] ?? ""}`),
        ),
        ...(lhr.audits["largest-contentful-paint-element"]?.details?.items ?? [])
          .flatMap((i) => i.items ?? [i])
          .filter((i) => i.node)
          .map((i) => `LCP element: ${i.node.snippet}`),
        ...["render-blocking-resources", "render-blocking-insight", "unused-javascript", "bootup-time", "mainthread-work-breakdown"]
          .filter((id) => lhr.audits[id] && lhr.audits[id].score !== null && lhr.audits[id].score < 0.9)
          .map((id) => `${id}: ${lhr.audits[id].displayValue ?? ""}`),
      ],
    });
  }
  if (process.argv.includes("--json")) {
    console.log(JSON.stringify(results, null, 2));
  } else {
    console.log(`\nLighthouse ${lighthouseVersion()} (mobile, simulated throttling) in ${CHROMIUM}, ${new Date().toISOString()}\n`);
    console.log("| page | performance | accessibility | FCP | LCP | TBT | CLS | accessibility audits not passed |");
    console.log("|---|---|---|---|---|---|---|---|");
    for (const r of results) {
      console.log(
        `| ${r.page} \`${r.path}\` | ${r.performance} | ${r.accessibility} | ${r.fcp} | ${r.lcp} | ${r.tbt} | ${r.cls} | ${r.failingAccessibility.join(", ") || "none"} |`,
      );
    }
    if (process.argv.includes("--details")) {
      for (const r of results) for (const d of r.details) console.log(`- ${r.page}: ${d}`);
    }
  }
  const low = results.filter((r) => r.performance < MIN || r.accessibility < MIN);
  if (low.length > 0) {
    console.error(`Under ${MIN}: ${low.map((r) => r.page).join(", ")}`);
    process.exitCode = 1;
  }
} finally {
  if (chrome) await chrome.kill();
  stop();
}

function lighthouseVersion() {
  try {
    return JSON.parse(readFileSync("node_modules/lighthouse/package.json", "utf8")).version;
  } catch {
    return "";
  }
}

/** Logs the development operator in through the api; answers the cookies as the app sets them and the token. */
async function signIn() {
  const res = await fetch(`${BASE}/api/v1/member/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ type: "email", ...OPERATOR }),
  });
  const { data } = await res.json();
  if (!data?.token) throw new Error("lighthouse: the development operator could not log in");
  // Remix's createCookie without secrets: base64 of the JSON value.
  const value = (v) => encodeURIComponent(Buffer.from(JSON.stringify(v)).toString("base64"));
  return { cookie: `accessToken=${value(data.token)}; refreshToken=${value(data.refreshToken)}`, token: data.token };
}

/** The operator's first TTS project, made when there is none (the editor needs one). */
async function ttsProject(token) {
  const headers = { "api-key": token, "content-type": "application/json", lang: "kr" };
  const list = await (await fetch(`${BASE}/api/v1/studio/projects`, { headers })).json();
  const found = (list.data ?? []).find((p) => p.type === "tts");
  if (found) return found.id;
  const made = await (
    await fetch(`${BASE}/api/v1/studio/projects`, { method: "POST", headers, body: JSON.stringify({ name: "Lighthouse", type: "tts" }) })
  ).json();
  if (!made.data?.id) throw new Error(`lighthouse: no TTS project could be made (${made.code} ${made.message})`);
  return made.data.id;
}

async function waitFor(url) {
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`server did not start: ${url}`);
}

function run(cmd, args, env) {
  return new Promise((resolve, reject) => {
    const p = spawn(cmd, args, { env, stdio: "ignore" });
    p.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`${cmd} ${args.join(" ")} failed`))));
  });
}
