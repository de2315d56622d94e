// `npm run bench:engine` (also the last step of `npm run bench`): the embedded voice engine inside
// workerd, the runtime it ships in. Time to the first sentence's audio for 500 characters of Korean
// and of English (warm and cold), the real-time factor on one core, and, where Debian's native
// builds of the same engines are installed (espeak-ng, rubberband-cli), the same work done by them
// on the same core, with our speed as a ratio of theirs. No network, no Cloudflare account.
//
// How it measures:
// - scripts/bench/engine-worker.ts (config scripts/bench/engine-wrangler.toml: the api worker's
//   module rules, compatibility date and flags), started with wrangler's unstable_startWorker: the
//   same bundling and local workerd as `wrangler dev`.
// - One core: both workerd processes (wrangler's proxy and the worker; all threads) are pinned with
//   `taskset` to BENCH_CORE (default 0), and so are the native programs.
// - Latency is wall time taken in Node around each HTTP request (the empty request's round trip is
//   printed too). CPU time is the worker's workerd process, all threads, from
//   /proc/<pid>/task/*/schedstat (nanoseconds) before and after each request; for the native
//   programs it is their rusage (bash's `time`). Real-time factors are given per CPU second (what
//   the issue asks, and steady when other work shares the machine) and per wall second.
// - The worker also times its stages itself: local workerd's clock runs during computation
//   (deployed Workers' clock only moves across I/O), so the breakdown is real here; the table puts
//   the in-worker sum beside the same request timed from Node as a check.
// - Cold = the first synthesis on a freshly started worker (the engine starts on first use:
//   eSpeak's module and data, Rubber Band's WebAssembly), median of BENCH_ENGINE_COLD_RUNS fresh
//   workers; warm = median of BENCH_ENGINE_RUNS runs after two rounds of warm-up.
// - "First sentence" = the text up to the first sentence end, rendered the way a generation job
//   renders a sentence (speechEngine() -> renderPassage(): Korean pre-pass, eSpeak NG, Rubber Band,
//   24 kHz, loudness to -16 LUFS, fades).
import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { wranglerEnv } from "./wrangler-env.mjs";

Object.assign(process.env, wranglerEnv());
const { unstable_startWorker } = await import("wrangler");
// wrangler's own miniflare (what `wrangler dev` uses to read the compatibility flags)
const { getNodeCompat } = await import("miniflare");

const RUNS = Number(process.env.BENCH_ENGINE_RUNS ?? 5);
const COLD_RUNS = Number(process.env.BENCH_ENGINE_COLD_RUNS ?? 3);
const CORE = String(process.env.BENCH_CORE ?? 0);
const CONFIG = fileURLToPath(new URL("./bench/engine-wrangler.toml", import.meta.url));

// 500 characters each (as the TTS text rules count them), several sentences of ordinary prose.
const TEXTS = {
  ko: "오늘 아침 서울에는 올해 들어 가장 많은 눈이 내렸습니다. 출근길 도로 곳곳이 얼어붙어 차량들이 거북이걸음을 했고, 지하철역마다 평소보다 훨씬 많은 사람들이 몰렸습니다. 기상청은 내일 새벽까지 중부 지방에 최대 10센티미터의 눈이 더 내릴 것으로 내다봤습니다. 특히 경기 북부와 강원 산간에는 대설 경보가 내려졌으니, 외출하실 때는 대중교통을 이용하시고 빙판길 안전에 각별히 유의하시기 바랍니다. 눈이 그친 뒤에는 찬 바람이 강하게 불면서 기온이 큰 폭으로 떨어지겠습니다. 모레 아침 서울의 최저 기온은 영하 12도, 철원은 영하 18도까지 내려가 올겨울 들어 가장 추울 것으로 보입니다. 수도관 동파와 한랭 질환에 미리 대비해 주시고, 어르신과 어린이는 따뜻한 옷차림으로 건강 관리에 힘써 주시기 바랍니다. 이번 주말에는 차차 기온이 올라 평년 수준을 되찾겠지만, 다음 주 초에 또 한 차례 눈 소식이 있어 당분간은 날씨 변화에 귀를 기울이셔야겠습니다. 지금까지 날씨 정보를 전해 드렸습니다.",
  en: "Heavy snow fell across the capital this morning, the most we have seen this year. Icy roads slowed the morning commute to a crawl, and subway stations were far busier than usual. Forecasters expect up to ten more centimetres in the central region before dawn tomorrow, with heavy snow warnings in the northern hills. If you must go out, please do take public transport and watch your footing on frozen pavements. Once the snow stops, a cold wind will bring temperatures down sharply, to twelve below.",
};
/**
 * Seeded basic voices (db/seed-voices.ts) with a pitch shift and a formant factor, so Rubber Band runs.
 * BENCH_VOICE_KO / BENCH_VOICE_EN pick others (ko-minjun and en-james... see the seed; a voice with no
 * shift, such as ko-minjun, skips Rubber Band).
 */
const VOICES = { ko: process.env.BENCH_VOICE_KO ?? "ko-seoyeon", en: process.env.BENCH_VOICE_EN ?? "en-emma" };
const LANGS = ["ko", "en"];
const firstSentence = (text) => text.split(/(?<=[.!?])\s+/)[0];
const chars = (text) => [...text].length;

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
const ms = (x) => `${x.toFixed(x < 10 ? 1 : 0)} ms`;
const sec = (x) => `${x.toFixed(2)} s`;
const times = (x) => `${x.toFixed(x < 10 ? 2 : 1)}x`;
const mark = (ok) => (ok ? "met" : "**missed**");
const has = (cmd) => spawnSync("sh", ["-c", `command -v ${cmd}`], { stdio: "ignore" }).status === 0;
const TASKSET = has("taskset");
const loadAtStart = loadavg().map((x) => x.toFixed(2)).join(" ");

// ---------------------------------------------------------------------------------------------
// The worker

/** workerd processes that are children of this process, oldest first. */
function workerdPids() {
  const found = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const comm = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (comm === "workerd" && Number(fields[1]) === process.pid) found.push({ pid: Number(entry), start: Number(fields[19]) });
    } catch {
      /* gone meanwhile */
    }
  }
  return found.sort((a, b) => a.start - b.start).map((p) => p.pid);
}

/** CPU seconds a process has run so far, all its threads (the scheduler's nanosecond count). */
function cpuSeconds(pid) {
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

/**
 * A fresh worker, up and pinned, its engine not started yet. unstable_startWorker's `ready` only
 * means wrangler's proxy is listening (its own workerd); the worker itself is bundled and started
 * in a second workerd after that, and the proxy holds requests until it is up. So: wait for an
 * empty request to come back (it touches no engine code: the engine starts on its first use), then
 * pin both workerd processes.
 */
async function startEngine() {
  const before = new Set(workerdPids());
  const t0 = performance.now();
  const worker = await unstable_startWorker({
    config: CONFIG,
    // `wrangler dev` derives this from the config's flags; the programmatic API leaves it unset,
    // and without it nodejs_compat's built-ins ("module" in the engine's Emscripten glue) fail to bundle.
    build: { nodejsCompatMode: (config) => getNodeCompat(config.compatibility_date, config.compatibility_flags ?? []).mode },
    dev: { server: { hostname: "127.0.0.1", port: 0 }, inspector: false, persist: false, logLevel: "warn", watch: false },
  });
  await worker.ready;
  const url = String(await worker.url);
  const up = await fetch(new URL("/noop", url), { signal: AbortSignal.timeout(120_000) });
  if (!up.ok) throw new Error(`bench-engine: the worker did not start (${up.status}); see the build errors above`);
  await up.arrayBuffer();
  const startMs = performance.now() - t0;
  const pids = workerdPids().filter((p) => !before.has(p));
  if (pids.length !== 2) throw new Error(`bench-engine: expected wrangler's proxy and the worker (2 workerd processes), found ${pids.length}`);
  for (const p of pids) if (TASKSET) execFileSync("taskset", ["-a", "-p", "-c", CORE, String(p)], { stdio: "ignore" });
  const pid = pids[1]; // the worker's own runtime, started after the proxy's
  const call = async (path, body) => {
    const t = performance.now();
    const cpu = cpuSeconds(pid);
    const init = body ? { method: "POST", body: JSON.stringify(body), headers: { "content-type": "application/json" } } : {};
    const res = await fetch(new URL(path, url), { ...init, signal: AbortSignal.timeout(120_000) });
    const json = await res.json();
    const wallMs = performance.now() - t;
    const cpuS = cpuSeconds(pid) - cpu;
    if (!res.ok) throw new Error(`bench-engine: ${path} ${res.status}: ${json.error}`);
    return { ...json, wallMs, cpuS };
  };
  const synth = (lang, text, mode) => call("/synth", { text, lang, voice: VOICES[lang], mode });
  return { worker, startMs, call, synth };
}

// ---------------------------------------------------------------------------------------------
// Cold: the first synthesis on a freshly started worker, for each language and each length.

const cold = { ko: { first: [], whole: [] }, en: { first: [], whole: [] } };
const startTimes = [];
for (let run = 0; run < COLD_RUNS; run++) {
  for (const lang of LANGS) {
    for (const which of ["first", "whole"]) {
      const engine = await startEngine();
      try {
        startTimes.push(engine.startMs);
        const text = which === "first" ? firstSentence(TEXTS[lang]) : TEXTS[lang];
        cold[lang][which].push(await engine.synth(lang, text, "render"));
      } finally {
        await engine.worker.dispose();
      }
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Warm: one worker, two rounds of warm-up, then RUNS of each measurement, interleaved.

/** name -> [text, mode] of every warm measurement of a language. */
const MEASURES = (lang) => ({
  first: [firstSentence(TEXTS[lang]), "render"],
  firstStages: [firstSentence(TEXTS[lang]), "stages"],
  firstEspeak: [firstSentence(TEXTS[lang]), "espeak"],
  firstEspeakRb: [firstSentence(TEXTS[lang]), "espeak+rubberband"],
  whole: [TEXTS[lang], "render"],
  stages: [TEXTS[lang], "stages"],
  espeak: [TEXTS[lang], "espeak"],
  espeakRb: [TEXTS[lang], "espeak+rubberband"],
});
const warm = { ko: {}, en: {} };
let noopMs;
{
  const engine = await startEngine();
  try {
    for (let round = 0; round < 2; round++) {
      for (const lang of LANGS) for (const [text, mode] of Object.values(MEASURES(lang))) await engine.synth(lang, text, mode);
    }
    const noop = [];
    for (let i = 0; i < 20; i++) noop.push((await engine.call("/noop")).wallMs);
    noopMs = median(noop);
    for (let i = 0; i < RUNS; i++) {
      for (const lang of LANGS) {
        for (const [name, [text, mode]] of Object.entries(MEASURES(lang))) (warm[lang][name] ??= []).push(await engine.synth(lang, text, mode));
      }
    }
  } finally {
    await engine.worker.dispose();
  }
}

/** Median of a field over a series (`stages.*` fields read the worker's own breakdown). */
const med = (series, field) => median(series.map((r) => (field in r ? r[field] : r.stages[field])));
/** Audio seconds per second of a series: wall ("wallMs", median) or workerd CPU ("cpu", all runs). */
const rtf = (series, per, audio = "audioSeconds") =>
  per === "cpu" ? series.reduce((n, r) => n + r[audio], 0) / series.reduce((n, r) => n + r.cpuS, 0) : med(series, audio) / (med(series, "wallMs") / 1000);

// ---------------------------------------------------------------------------------------------
// Native: Debian's espeak-ng and rubberband, same core, same text (the Korean after the same
// pre-pass), same voice settings; CPU and wall time of each run, process start and file I/O included.

const nativeMissing = ["espeak-ng", "rubberband"].filter((cmd) => !has(cmd));
const native = {};
/** Median CPU and wall ms of a command over RUNS runs (after one that warms the page cache). */
function timed(cmd, args) {
  const cpu = [];
  const wall = [];
  for (let i = 0; i < RUNS + 1; i++) {
    const pin = TASKSET ? ["taskset", "-c", CORE] : [];
    const r = spawnSync("bash", ["-c", 'TIMEFORMAT="%3R %3U %3S"; time "$@" >/dev/null 2>&1', "bench", ...pin, cmd, ...args], { encoding: "utf8" });
    if (r.status !== 0) throw new Error(`bench-engine: ${cmd} ${args.join(" ")} failed (exit ${r.status})`);
    const [real, user, sys] = r.stderr.trim().split("\n").pop().split(" ").map(Number);
    if (i > 0) {
      wall.push(real * 1000);
      cpu.push((user + sys) * 1000);
    }
  }
  return { cpuMs: median(cpu), wallMs: median(wall) };
}
/** Seconds of audio in a PCM WAV file. */
function wavSeconds(path) {
  const b = readFileSync(path);
  let at = 12, rate = 0, blockAlign = 0;
  while (at + 8 <= b.length) {
    const id = b.toString("ascii", at, at + 4);
    const size = b.readUInt32LE(at + 4);
    if (id === "fmt ") {
      rate = b.readUInt32LE(at + 12);
      blockAlign = b.readUInt16LE(at + 20);
    }
    // espeak-ng may write a placeholder size when streaming; the data then runs to the end
    if (id === "data") return Math.min(size, b.length - at - 8) / blockAlign / rate;
    at += 8 + size + (size & 1);
  }
  throw new Error(`bench-engine: no data chunk in ${path}`);
}
if (nativeMissing.length === 0) {
  const tmp = mkdtempSync(join(tmpdir(), "bench-engine-"));
  try {
    for (const lang of LANGS) {
      native[lang] = {};
      for (const which of ["first", "whole"]) {
        const n = warm[lang][which === "first" ? "firstEspeak" : "espeak"][0].native;
        const speech = join(tmp, `${lang}-${which}.wav`);
        const shifted = join(tmp, `${lang}-${which}-rb.wav`);
        const espeak = timed("espeak-ng", ["-v", n.voice, "-s", String(Math.round(n.rate)), "-p", String(Math.round(n.pitch)), "-w", speech, n.text]);
        const rubberband = timed("rubberband", ["-3", "-F", "-q", "-p", String(n.semitones), ...(n.tempo !== 1 ? ["-T", String(n.tempo)] : []), speech, shifted]);
        native[lang][which] = { espeak, rubberband, espeakSeconds: wavSeconds(speech), settings: n };
      }
    }
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------------------------------------
// Report

const row = (cells) => console.log(`| ${cells.join(" | ")} |`);
const both = (f) => LANGS.map((lang) => f(lang));
const range = (xs) => `${ms(median(xs))} (${ms(Math.min(...xs))}–${ms(Math.max(...xs))})`;
const withCpu = (series) => `${ms(med(series, "wallMs"))} (CPU ${ms(med(series, "cpuS") * 1000)})`;
const load = loadavg().map((x) => x.toFixed(2)).join(" ");

console.log(`\nVoice engine inside workerd (scripts/bench/engine-worker.ts), ${TASKSET ? `workerd pinned to core ${CORE} of ${cpus().length}` : "NOT pinned (taskset not found)"}; warm = median of ${RUNS} runs, cold = median (min–max) of ${COLD_RUNS} fresh workers; wall time from Node around each request, CPU = the worker's workerd, all threads; load average at start ${loadAtStart}, at end ${load}\n`);
row(["time to audio", `ko (${VOICES.ko})`, `en (${VOICES.en})`, "target"]);
row(["---", "---", "---", "---"]);
const firstWarm = (l) => med(warm[l].first, "wallMs");
row(["first sentence of the 500 characters", ...both((l) => `${chars(firstSentence(TEXTS[l]))} characters, ${sec(med(warm[l].first, "audioSeconds"))} of audio`), ""]);
row(["first sentence, warm", ...both((l) => withCpu(warm[l].first)), `≤ 150 ms: ko ${mark(firstWarm("ko") <= 150)}, en ${mark(firstWarm("en") <= 150)}`]);
row(["first sentence, cold (engine start-up included)", ...both((l) => `${range(cold[l].first.map((r) => r.wallMs))}, CPU ${ms(med(cold[l].first, "cpuS") * 1000)}`), "report"]);
row(["whole 500 characters, warm", ...both((l) => `${withCpu(warm[l].whole)}, ${sec(med(warm[l].whole, "audioSeconds"))} of audio`), ""]);
row(["whole 500 characters, cold", ...both((l) => `${range(cold[l].whole.map((r) => r.wallMs))}, CPU ${ms(med(cold[l].whole, "cpuS") * 1000)}`), ""]);
row(["(before each cold request: wrangler bundles and starts the worker)", range(startTimes), "", "not in the figures above"]);
row(["(round trip of an empty request through wrangler's proxy, in every figure)", ms(noopMs), "", ""]);

console.log(`\nReal-time factor on one core: seconds of audio per second of CPU (and of wall time), 500 characters, warm\n`);
row(["real-time factor", "ko per CPU s", "ko per wall s", "en per CPU s", "en per wall s", "target"]);
row(["---", "---", "---", "---", "---", "---"]);
const espeakRtf = (l) => rtf(warm[l].espeak, "cpu");
const fullRtf = (l) => rtf(warm[l].whole, "cpu");
row(["synthesis: eSpeak NG (with the Korean pre-pass)", ...both((l) => [times(espeakRtf(l)), times(rtf(warm[l].espeak, "wall"))]).flat(), `≥ 50 per CPU s: ko ${mark(espeakRtf("ko") >= 50)}, en ${mark(espeakRtf("en") >= 50)}`]);
row(["eSpeak NG + Rubber Band making the voice's shift (the cost of a member's pitch change of that size)", ...both((l) => [times(rtf(warm[l].espeakRb, "cpu", "espeakSeconds")), times(rtf(warm[l].espeakRb, "wall", "espeakSeconds"))]).flat(), ""]);
row(["full pipeline as rendered (+ 24 kHz, loudness, fades)", ...both((l) => [times(fullRtf(l)), times(rtf(warm[l].whole, "wall"))]).flat(), `≥ 50 if read as the whole pipeline: ko ${mark(fullRtf("ko") >= 50)}, en ${mark(fullRtf("en") >= 50)}`]);

console.log(`\nWhere the time goes (warm, median; the product's steps timed inside the worker, wall ms; the voice's register and formants are an eSpeak variant, and Rubber Band has nothing to do at pitch 0, tempo 1)\n`);
row(["stage", "ko first sentence", "ko 500 characters", "en first sentence", "en 500 characters"]);
row(["---", "---", "---", "---", "---"]);
const four = (f) => LANGS.flatMap((l) => [f(warm[l].firstStages), f(warm[l].stages)]);
for (const [label, field] of [["Korean pronunciation pre-pass", "pronunciationMs"], ["eSpeak NG", "espeakMs"], ["Rubber Band (the member's pitch and tempo; none here)", "rubberbandMs"], ["resample 22.05 -> 24 kHz", "resampleMs"], ["loudness (-16 LUFS, limiter) + fades", "loudnessMs"]]) {
  row([label, ...four((series) => ms(med(series, field)))]);
}
row(["sum inside the worker / same request from Node (CPU)", ...four((series) => `${ms(med(series, "workerMs"))} / ${withCpu(series)}`)]);
row(["the product's render (renderPassage: the engine, its pieces joined with their pauses), from Node (CPU)", ...LANGS.flatMap((l) => [withCpu(warm[l].first), withCpu(warm[l].whole)])]);

console.log(`\nAgainst Debian's native builds: same core, same text (the Korean after the same pre-pass), same eSpeak voice, rate and pitch, same semitones; native figures include process start and WAV file I/O\n`);
if (nativeMissing.length > 0) {
  console.log(`native ${nativeMissing.join(", ")}: not installed (apt-get install espeak-ng rubberband-cli)`);
} else {
  const espeakVersion = spawnSync("espeak-ng", ["--version"], { encoding: "utf8" }).stdout.match(/\d+\.\d+[\w.]*/)?.[0] ?? "?";
  const rb = spawnSync("rubberband", ["-V"], { encoding: "utf8" });
  const rubberbandVersion = `${rb.stdout}${rb.stderr}`.match(/\d+\.\d+\.\d+/)?.[0] ?? "?";
  row(["x real time per CPU second", "ours in workerd: ko", `native: ko`, "ours / native: ko", "ours in workerd: en", "native: en", "ours / native: en"]);
  row(["---", "---", "---", "---", "---", "---", "---"]);
  const sum = (series, field) => series.reduce((n, r) => n + r[field], 0);
  /** Ours per CPU second: eSpeak alone, Rubber Band alone (the difference of the two series) or both. */
  const ours = (l, part, first) => {
    const e = warm[l][first ? "firstEspeak" : "espeak"], er = warm[l][first ? "firstEspeakRb" : "espeakRb"];
    const cpu = part === "espeak" ? sum(e, "cpuS") / e.length : part === "rubberband" ? sum(er, "cpuS") / er.length - sum(e, "cpuS") / e.length : sum(er, "cpuS") / er.length;
    return med(e, "espeakSeconds") / cpu;
  };
  const theirs = (l, part, first) => {
    const n = native[l][first ? "first" : "whole"];
    const cpuMs = part === "espeak" ? n.espeak.cpuMs : part === "rubberband" ? n.rubberband.cpuMs : n.espeak.cpuMs + n.rubberband.cpuMs;
    return n.espeakSeconds / (cpuMs / 1000);
  };
  const ratioRow = (label, part, first) => row([label, ...both((l) => [times(ours(l, part, first)), times(theirs(l, part, first)), times(ours(l, part, first) / theirs(l, part, first))]).flat()]);
  ratioRow(`eSpeak NG (native ${espeakVersion}), 500 characters`, "espeak", false);
  ratioRow(`Rubber Band R3, formants kept (native ${rubberbandVersion}), 500 characters`, "rubberband", false);
  ratioRow("eSpeak NG + Rubber Band, 500 characters", "both", false);
  ratioRow("eSpeak NG + Rubber Band, first sentence", "both", true);
  row(["first sentence, eSpeak NG + Rubber Band: wall ms", ...both((l) => [ms(med(warm[l].firstEspeakRb, "wallMs")), ms(native[l].first.espeak.wallMs + native[l].first.rubberband.wallMs), ""]).flat()]);
  row(["audio eSpeak made of the 500 characters", ...both((l) => [sec(med(warm[l].espeak, "espeakSeconds")), sec(native[l].whole.espeakSeconds), ""]).flat()]);
  console.log("\nRatios compare speed (audio seconds per CPU second): above 1x ours is faster. Ours includes the HTTP request's handling in workerd (an empty one costs the round trip above). The rubberband CLI keeps formants (-F) but has no formant-scale option, so ours also applies the voice's formant factor. eSpeak NG's Rubber Band share is the CPU of eSpeak + Rubber Band requests minus that of eSpeak-only ones.");
}
process.exit(0);
