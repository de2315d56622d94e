// Shared by the benches that run the product's code inside workerd (scripts/bench-engine.mjs,
// scripts/bench-sts.mjs): the bench worker (scripts/bench/engine-worker.ts) started the way
// `wrangler dev` starts a worker, pinned to one core, its CPU time read from /proc; the texts; the
// number formats of the tables. No network, no Cloudflare account.
import { execFileSync, spawnSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { loadavg } from "node:os";
import { fileURLToPath } from "node:url";
import { wranglerEnv } from "../wrangler-env.mjs";

Object.assign(process.env, wranglerEnv());
const { unstable_startWorker } = await import("wrangler");
// wrangler's own miniflare (what `wrangler dev` uses to read the compatibility flags)
const { getNodeCompat } = await import("miniflare");

/** The core the worker under test runs on (BENCH_CORE, default 0). */
export const CORE = String(process.env.BENCH_CORE ?? 0);
const CONFIG = fileURLToPath(new URL("./engine-wrangler.toml", import.meta.url));

// 500 characters each (as the TTS text rules count them), several sentences of ordinary prose.
export const TEXTS = {
  ko: "오늘 아침 서울에는 올해 들어 가장 많은 눈이 내렸습니다. 출근길 도로 곳곳이 얼어붙어 차량들이 거북이걸음을 했고, 지하철역마다 평소보다 훨씬 많은 사람들이 몰렸습니다. 기상청은 내일 새벽까지 중부 지방에 최대 10센티미터의 눈이 더 내릴 것으로 내다봤습니다. 특히 경기 북부와 강원 산간에는 대설 경보가 내려졌으니, 외출하실 때는 대중교통을 이용하시고 빙판길 안전에 각별히 유의하시기 바랍니다. 눈이 그친 뒤에는 찬 바람이 강하게 불면서 기온이 큰 폭으로 떨어지겠습니다. 모레 아침 서울의 최저 기온은 영하 12도, 철원은 영하 18도까지 내려가 올겨울 들어 가장 추울 것으로 보입니다. 수도관 동파와 한랭 질환에 미리 대비해 주시고, 어르신과 어린이는 따뜻한 옷차림으로 건강 관리에 힘써 주시기 바랍니다. 이번 주말에는 차차 기온이 올라 평년 수준을 되찾겠지만, 다음 주 초에 또 한 차례 눈 소식이 있어 당분간은 날씨 변화에 귀를 기울이셔야겠습니다. 지금까지 날씨 정보를 전해 드렸습니다.",
  en: "Heavy snow fell across the capital this morning, the most we have seen this year. Icy roads slowed the morning commute to a crawl, and subway stations were far busier than usual. Forecasters expect up to ten more centimetres in the central region before dawn tomorrow, with heavy snow warnings in the northern hills. If you must go out, please do take public transport and watch your footing on frozen pavements. Once the snow stops, a cold wind will bring temperatures down sharply, to twelve below.",
};

export const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
export const ms = (x) => `${x.toFixed(x < 10 ? 1 : 0)} ms`;
export const sec = (x) => `${x.toFixed(2)} s`;
export const times = (x) => `${x.toFixed(x < 10 ? 2 : 1)}x`;
export const mark = (ok) => (ok ? "met" : "**missed**");
export const has = (cmd) => spawnSync("sh", ["-c", `command -v ${cmd}`], { stdio: "ignore" }).status === 0;
export const TASKSET = has("taskset");
/** The 1, 5 and 15 minute load averages, as printed beside the figures. */
export const loadAverage = () =>
  loadavg()
    .map((x) => x.toFixed(2))
    .join(" ");

/** workerd processes descended from `root` (default: this process), oldest first. */
export function workerdPids(root = process.pid) {
  const procs = new Map();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const comm = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      procs.set(Number(entry), { comm, ppid: Number(fields[1]), start: Number(fields[19]) });
    } catch {
      /* gone meanwhile */
    }
  }
  const descends = (pid) => {
    for (let p = procs.get(pid)?.ppid; p; p = procs.get(p)?.ppid) if (p === root) return true;
    return false;
  };
  return [...procs]
    .filter(([pid, p]) => p.comm === "workerd" && descends(pid))
    .sort((a, b) => a[1].start - b[1].start)
    .map(([pid]) => pid);
}

/** CPU seconds a process has run so far, all its threads (the scheduler's nanosecond count). */
export function cpuSeconds(pid) {
  let ns = 0;
  for (const task of readdirSync(`/proc/${pid}/task`)) {
    try {
      ns += Number(readFileSync(`/proc/${pid}/task/${task}/schedstat`, "utf8").split(" ")[0]);
    } catch {
      /* thread ended meanwhile */
    }
  }
  return ns / 1e9;
}

/** Pins processes, all their threads, to CORE (nothing when taskset is missing). */
export function pin(pids) {
  if (TASKSET) for (const p of pids) execFileSync("taskset", ["-a", "-p", "-c", CORE, String(p)], { stdio: "ignore" });
}

/**
 * A fresh bench worker (scripts/bench/engine-worker.ts), up and pinned, its engine not started yet.
 * unstable_startWorker's `ready` only means wrangler's proxy is listening (its own workerd); the
 * worker itself is bundled and started in a second workerd after that, and the proxy holds requests
 * until it is up. So: wait for an empty request to come back (it touches no engine code: the engine
 * starts on its first use), then pin both workerd processes.
 *
 * `config`: another build's bench worker (scripts/bench/previous-build.mjs), default this one's.
 * `call(path, body?)`: JSON in, JSON out, with the wall time around the request (`wallMs`) and the
 * worker's CPU seconds during it (`cpuS`: its workerd process, all threads).
 */
export async function startEngine(label = "bench", config = CONFIG) {
  const before = new Set(workerdPids());
  const t0 = performance.now();
  const worker = await unstable_startWorker({
    config,
    // `wrangler dev` derives this from the config's flags; the programmatic API leaves it unset,
    // and without it nodejs_compat's built-ins ("module" in the engine's Emscripten glue) fail to bundle.
    build: { nodejsCompatMode: (config) => getNodeCompat(config.compatibility_date, config.compatibility_flags ?? []).mode },
    dev: { server: { hostname: "127.0.0.1", port: 0 }, inspector: false, persist: false, logLevel: "warn", watch: false },
  });
  await worker.ready;
  const url = String(await worker.url);
  const up = await fetch(new URL("/noop", url), { signal: AbortSignal.timeout(120_000) });
  if (!up.ok) throw new Error(`${label}: the worker did not start (${up.status}); see the build errors above`);
  await up.arrayBuffer();
  const startMs = performance.now() - t0;
  const pids = workerdPids().filter((p) => !before.has(p));
  if (pids.length !== 2) throw new Error(`${label}: expected wrangler's proxy and the worker (2 workerd processes), found ${pids.length}`);
  pin(pids);
  const pid = pids[1]; // the worker's own runtime, started after the proxy's
  const call = async (path, body) => {
    const t = performance.now();
    const cpu = cpuSeconds(pid);
    const init = body ? { method: "POST", body: JSON.stringify(body), headers: { "content-type": "application/json" } } : {};
    const res = await fetch(new URL(path, url), { ...init, signal: AbortSignal.timeout(120_000) });
    const json = await res.json();
    const wallMs = performance.now() - t;
    const cpuS = cpuSeconds(pid) - cpu;
    if (!res.ok) throw new Error(`${label}: ${path} ${res.status}: ${json.error}`);
    return { ...json, wallMs, cpuS };
  };
  return { worker, url, pid, startMs, call };
}
