// `node scripts/bench-cpu.mjs` (after `npm run build`; part of `npm run bench`): page speed as the workerd CPU each
// request costs, the way docs/decisions/0043 and 0051 measure it on this shared machine, where throughput under load
// moves by a factor of 3 between runs. Starts the production build under `wrangler dev` (scripts/serve.mjs, its own
// database), signs the development operator in, and for each path sends warm-up requests, then N sequential
// requests, reading utime + stime of the workerd processes (every worker runs in them) from /proc before and
// after. Target: every signed-in page at most 8x the trivial response's CPU. Then each signed-in page's latency with
// every D1 query held 100 ms (a database one region away; `x-d1-delay`, docs/decisions/0067), p50 of sequential
// requests, beside the D1 round trips the page takes in sequence. Linux only. BENCH_CPU_PORT (8913), BENCH_CPU_N
// (200), BENCH_CPU_ROUNDS (1: rounds over all paths, interleaved so that a slow spell of the machine falls on every
// path), BENCH_CPU_PATHS (comma-separated; any signed-in path), BENCH_LATENCY_N (15).
import { spawn } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { signedInPages } from "./signed-in-pages.mjs";
import { wranglerEnv } from "./wrangler-env.mjs";

const PORT = Number(process.env.BENCH_CPU_PORT ?? 8913);
const BASE = `http://127.0.0.1:${PORT}`;
const N = Number(process.env.BENCH_CPU_N ?? 200);
const ROUNDS = Number(process.env.BENCH_CPU_ROUNDS ?? 1);
const LATENCY_N = Number(process.env.BENCH_LATENCY_N ?? 15);
const TICK_MS = 10; // USER_HZ is 100 on Linux
const CPU_TARGET = 8;
const SIMULATED_D1_MS = 100;

const env = wranglerEnv({ PORT: String(PORT), PERSIST_DIR: ".wrangler/bench-state", CI: "1" });
await run("npx", ["tsx", "scripts/setup-db.ts"], env);
const server = spawn("node", ["scripts/serve.mjs"], { env, stdio: "ignore", detached: true });
const stop = () => {
  try {
    process.kill(-server.pid, "SIGTERM");
  } catch {
    /* already gone */
  }
};
process.on("exit", stop);
process.on("SIGINT", () => process.exit(1));

try {
  await waitFor(`${BASE}/healthz`);
  const ko = { "accept-language": "ko-KR,ko;q=0.9" };
  const session = { ...ko, cookie: await signIn() };
  const project = await ttsProject(session.cookie);
  // Pages that make no api call (/labs, /labs/shorts) measure only their render, beside the rest.
  const signedIn = signedInPages({ tts: project.id }).map((path) => ({
    name: path.replace(/\?id=.*/, "?id=…"),
    path,
    headers: session,
    signedIn: true,
  }));
  const cases = [
    { name: "trivial /healthz", path: "/healthz", headers: ko },
    { name: "landing rendered (no-cache)", path: "/", headers: { ...ko, "cache-control": "no-cache" } },
    ...signedIn,
    { name: "api GET /member/frame", path: "/api/v1/member/frame", headers: session },
    { name: "api GET /member/home", path: "/api/v1/member/home", headers: session },
  ];
  const only = process.env.BENCH_CPU_PATHS?.split(",");
  // A path of BENCH_CPU_PATHS that is not a case above is measured as the signed-in operator too (an api read, say).
  const extra = (only ?? []).filter((p) => !cases.some((c) => c.path === p)).map((path) => ({ name: path, path, headers: session }));
  const chosen = only ? [...cases.filter((c) => c.path === "/healthz" || only.includes(c.path)), ...extra] : cases;
  for (const c of chosen) {
    for (let i = 0; i < 30; i++) await get(c);
    c.ms = [];
  }
  for (let r = 0; r < ROUNDS; r++) {
    for (const c of chosen) {
      const before = workerdTicks();
      for (let i = 0; i < N; i++) await get(c);
      c.ms.push(((workerdTicks() - before) * TICK_MS) / N);
    }
  }
  // The least of the rounds: the machine is shared, and other work only ever adds to a round.
  const least = (c) => [...c.ms].sort((a, b) => a - b)[0];
  const trivial = least(chosen[0]);
  console.log(`\nworkerd CPU per request (ms; ${N} sequential requests after 30 warm, ${ROUNDS} round(s)), load ${loadAvg()}\n`);
  console.log(`| page | CPU per request (ms, least of the rounds) | × trivial | target | rounds |`);
  console.log("|---|---|---|---|---|");
  let over = 0;
  for (const c of chosen) {
    const ratio = least(c) / trivial;
    const verdict = c.signedIn ? (ratio <= CPU_TARGET ? `≤ ${CPU_TARGET}x ok` : `≤ ${CPU_TARGET}x OVER`) : "";
    if (c.signedIn && ratio > CPU_TARGET) over++;
    console.log(`| ${c.name} | ${least(c).toFixed(2)} | ${ratio.toFixed(1)}x | ${verdict} | ${c.ms.map((m) => m.toFixed(2)).join(" ")} |`);
  }
  console.log(
    `\n${over === 0 ? "every signed-in page within" : `${over} signed-in page(s) over`} ${CPU_TARGET}x the trivial response's CPU`,
  );

  // Latency with D1 one region away: every query held 100 ms; what a page waits is its sequential round trips.
  console.log(
    `\nSigned-in pages with every D1 query held ${SIMULATED_D1_MS} ms (p50 of ${LATENCY_N} sequential requests), load ${loadAvg()}\n`,
  );
  console.log("| page | p50 (ms) | D1 round trips in sequence | api calls | D1 calls |");
  console.log("|---|---|---|---|---|");
  for (const c of chosen.filter((c) => c.signedIn)) {
    const times = [];
    let counted = { rounds: 0, calls: 0, queries: 0 };
    for (let i = 0; i < LATENCY_N; i++) {
      const trace = `bench-${i}-${Math.random().toString(36).slice(2, 10)}`;
      const started = performance.now();
      await get({ ...c, headers: { ...c.headers, "x-round-trace": trace, "x-d1-delay": String(SIMULATED_D1_MS) } });
      times.push(performance.now() - started);
      const answer = await fetch(`${BASE}/api/v1/dev/round-trips/${trace}`);
      counted = answer.ok ? (await answer.json()).data : { rounds: 0, calls: 0, queries: 0 };
    }
    times.sort((a, b) => a - b);
    console.log(
      `| ${c.name} | ${times[Math.floor(times.length / 2)].toFixed(0)} | ${counted.rounds} | ${counted.calls} | ${counted.queries} |`,
    );
  }
} finally {
  stop();
}
process.exit(0);

async function get(c) {
  const res = await fetch(`${BASE}${c.path}`, { headers: c.headers, redirect: "manual" });
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`${c.path}: ${res.status}`);
}

/** utime + stime of every workerd process in the server's process group. */
function workerdTicks() {
  let ticks = 0;
  for (const pid of readdirSync("/proc")) {
    if (!/^\d+$/.test(pid)) continue;
    let stat;
    try {
      stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    } catch {
      continue;
    }
    const close = stat.lastIndexOf(")");
    const comm = stat.slice(stat.indexOf("(") + 1, close);
    const fields = stat.slice(close + 2).split(" ");
    // fields[0] is state (field 3); pgrp is field 5, utime 14, stime 15.
    if (comm !== "workerd" || Number(fields[2]) !== server.pid) continue;
    ticks += Number(fields[11]) + Number(fields[12]);
  }
  return ticks;
}

function loadAvg() {
  return readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");
}

async function signIn() {
  const res = await fetch(`${BASE}/api/v1/member/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ type: "email", email: "operator@voicestudio.local", password: "Operator#2026" }),
  });
  const { data } = await res.json();
  if (!data?.token) throw new Error("bench-cpu: the development operator could not log in");
  const cookie = (name, value) => `${name}=${encodeURIComponent(Buffer.from(JSON.stringify(value)).toString("base64"))}`;
  return `${cookie("accessToken", data.token)}; ${cookie("refreshToken", data.refreshToken)}`;
}

/** A TTS project of the signed-in operator's for the editor page: the first there is, else a new one. */
async function ttsProject(cookie) {
  const token = JSON.parse(Buffer.from(decodeURIComponent(cookie.match(/accessToken=([^;]+)/)[1]), "base64").toString());
  const call = async (path, body) =>
    (
      await (
        await fetch(`${BASE}/api/v1${path}`, {
          method: body ? "POST" : "GET",
          headers: { "content-type": "application/json", "api-key": token },
          body: body ? JSON.stringify(body) : undefined,
        })
      ).json()
    ).data;
  const existing = (await call("/studio/projects?type=tts"))?.[0];
  const project = existing ?? (await call("/studio/projects", { type: "tts", name: "bench" }));
  if (!project?.id) throw new Error("bench-cpu: no TTS project for the editor page");
  return project;
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
