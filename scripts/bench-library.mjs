// `npm run bench:library` (also a step of `npm run bench`): the voice library's loader queries inside workerd
// at scale: 10,000 voices and 100,000 ratings (scripts/bench/library-data.mjs; BENCH_LIBRARY_VOICES
// and BENCH_LIBRARY_RATERS change the size), on the api worker as `wrangler dev` runs it (beside the notify worker it is bound to), pinned to one core
// like the engine bench. What the library page's loader asks (GET /api/v1/voices with a tab, filters, a sort
// and a page; a voice's detail and comments) is timed from Node, one request at a time, after warm-up: the
// median and 95th percentile of the wall time, and the worker's CPU per request. The query plans themselves
// are checked by tests/workers/library-plan.test.ts. No network, no Cloudflare account.
import { execFileSync, spawn } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { cpuSeconds, CORE, loadAverage, median, ms, pin, TASKSET, workerdPids } from "./bench/harness.mjs";
import { libraryBenchStatements } from "./bench/library-data.mjs";
import { wranglerEnv } from "./wrangler-env.mjs";

const VOICES = Number(process.env.BENCH_LIBRARY_VOICES ?? 10_000);
const RATERS = Number(process.env.BENCH_LIBRARY_RATERS ?? 10);
const RUNS = Number(process.env.BENCH_LIBRARY_RUNS ?? 30);
const WARMUP = 5;
const STATE = ".wrangler/bench-library-state";
const started = performance.now();

const PORT = Number(process.env.BENCH_LIBRARY_PORT ?? 8809);

// 1. A fresh database: the migrations and the product's seed (scripts/setup-db.ts), then the library at scale.
rmSync(STATE, { recursive: true, force: true });
const env = wranglerEnv({ PERSIST_DIR: STATE });
execFileSync("npx", ["tsx", "scripts/setup-db.ts"], { env, stdio: "ignore" });
mkdirSync(".wrangler", { recursive: true });
writeFileSync(".wrangler/bench-library.sql", libraryBenchStatements({ voices: VOICES, raters: RATERS }).join(";\n") + ";\n");
const seedStart = performance.now();
execFileSync("npx", ["wrangler", "d1", "execute", "DB", "--local", "--file", ".wrangler/bench-library.sql", "--persist-to", STATE], {
  env,
  stdio: "ignore",
});
const seedMs = performance.now() - seedStart;

// 2. The api worker (and the notify worker it is bound to) over that database, as `wrangler dev` runs them, pinned.
const before = new Set(workerdPids());
const server = spawn(
  "npx",
  [
    "wrangler",
    "dev",
    "-c",
    "workers/api/wrangler.toml",
    "-c",
    "workers/notify/wrangler.toml",
    "--port",
    String(PORT),
    "--ip",
    "127.0.0.1",
    "--persist-to",
    STATE,
    "--show-interactive-dev-session=false",
    "--log-level",
    "error",
  ],
  { env, stdio: "ignore", detached: true },
);
const stop = () => {
  try {
    process.kill(-server.pid, "SIGTERM");
  } catch {
    /* already gone */
  }
};
process.on("exit", stop);
const base = `http://127.0.0.1:${PORT}`;
try {
  await waitFor(`${base}/api/v1/voices?limit=1`);
  const pids = workerdPids().filter((p) => !before.has(p));
  pin(pids);
  const cpuNow = () => pids.reduce((sum, p) => sum + cpuSeconds(p), 0);

  // A member who bookmarked up to 300 voices, for the member tabs.
  const token = await signUp();
  // Voices a member may bookmark: not custom, hidden or deleted (scripts/bench/library-data.mjs), spread out.
  const usable = (i) => i % 50 !== 1 && i % 100 !== 7 && i % 89 !== 5;
  let marked = 0;
  for (let i = 4; i < VOICES && marked < 300; i += Math.max(1, Math.floor(VOICES / 330)))
    if (usable(i)) {
      await api(`/api/v1/voices/bench-v-${String(i).padStart(5, "0")}/bookmark`, { token, method: "POST" });
      marked++;
    }

  const cases = [
    ["Open voice, popular, page 1 (visitor)", "/api/v1/voices?tab=open&sort=popular", null],
    ["Open voice, rating, page 1", "/api/v1/voices?tab=open&sort=rating", token],
    ["Open voice, newest, page 1", "/api/v1/voices?tab=open&sort=newest", token],
    ["Open voice, most used, page 100", "/api/v1/voices?tab=open&sort=usage&page=100", token],
    [
      "Open voice, tone + gender + 2 moods + category, rating",
      "/api/v1/voices?tab=open&tone=low&gender=female&mood=calm,warm&category=news&sort=rating",
      token,
    ],
    ["Open voice, name search", "/api/v1/voices?tab=open&q=Voice%2012", token],
    ["Basic, popular", "/api/v1/voices?tab=basic", token],
    ["Event, popular", "/api/v1/voices?tab=event", token],
    [`Bookmark (${marked}), rating`, "/api/v1/voices?tab=bookmark&sort=rating", token],
    [`My library (${marked} saved), newest`, "/api/v1/voices?tab=mine&sort=newest", token],
    ["All usable voices, usage, 100 (the studio picker)", "/api/v1/voices?sort=usage&limit=100", token],
    ["Voice detail", "/api/v1/voices/bench-v-00002", token],
    ["Voice comments, page 1", "/api/v1/voices/bench-v-00002/comments", token],
  ];
  const rows = [];
  for (const [label, path, who] of cases) {
    for (let i = 0; i < WARMUP; i++) await api(path, { token: who });
    const walls = [];
    const cpus = [];
    let total = 0;
    for (let i = 0; i < RUNS; i++) {
      const cpu = cpuNow();
      const t = performance.now();
      const data = await api(path, { token: who });
      walls.push(performance.now() - t);
      cpus.push((cpuNow() - cpu) * 1000);
      total = data?.total ?? 0;
    }
    const sorted = [...walls].sort((a, b) => a - b);
    rows.push({
      label,
      path,
      total,
      p50: median(walls),
      p95: sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)],
      cpu: median(cpus),
    });
  }

  console.log(
    `\nVoice library inside workerd: ${VOICES.toLocaleString("en")} voices, ${(VOICES * RATERS).toLocaleString("en")} ratings (seeded in ${ms(seedMs)}); the api and notify workers in one wrangler dev ${TASKSET ? `pinned to core ${CORE}` : "not pinned (no taskset)"}, CPU of their workerd processes; ${RUNS} sequential requests per row after ${WARMUP} warm-up; load average at end ${loadAverage()}\n`,
  );
  console.log("| request | path | matching | wall p50 | wall p95 | workerd CPU p50 |");
  console.log("|---|---|---|---|---|---|");
  for (const r of rows)
    console.log(`| ${r.label} | \`${r.path.replace("/api/v1", "")}\` | ${r.total || ""} | ${ms(r.p50)} | ${ms(r.p95)} | ${ms(r.cpu)} |`);
  console.log(`\n(bench:library took ${((performance.now() - started) / 1000).toFixed(0)} s)`);
} finally {
  stop();
}
process.exit(0);

async function waitFor(url) {
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`bench-library: the api worker did not start: ${url}`);
}

async function api(path, init = {}) {
  const res = await fetch(`${base}${path}`, {
    method: init.method ?? (init.json ? "POST" : "GET"),
    headers: {
      lang: "en",
      ...(init.token ? { "api-key": init.token } : {}),
      ...(init.json ? { "content-type": "application/json" } : {}),
      ...init.headers,
    },
    body: init.json ? JSON.stringify(init.json) : undefined,
    signal: AbortSignal.timeout(60_000),
  });
  const body = await res.json();
  if (!res.ok || body.success === false) throw new Error(`bench-library: ${path} ${res.status}: ${JSON.stringify(body).slice(0, 300)}`);
  return body.data;
}

/** A member through the real sign-up, the code from the dev mailbox; answers the access token. */
async function signUp() {
  const email = `bench-library-${Date.now()}@example.com`;
  const headers = { "cf-connecting-ip": "10.77.0.1" };
  await api("/api/v1/member/certemail", { json: { email }, headers });
  const mail = (await api("/api/v1/dev/mailbox")).find((m) => m.to === email);
  const cert = mail.text.match(/\b(\d{6})\b/)[1];
  await api("/api/v1/member/checkcert", { json: { email, cert }, headers });
  const member = await api("/api/v1/member/createmember", {
    json: { email, password: "Voice#2026a", agree_service: true, agree_privacy: true, age_over_14: true },
    headers,
  });
  return member.token;
}
