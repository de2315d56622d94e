// `npm run bench:sts` (also a step of `npm run bench`): speech-to-speech with the embedded engine.
// The issue asks for the conversion's real-time factor on a 60-second clip on one core (
// at least 40x) and the time from upload to the first progress event. No network, no Cloudflare account.
// BENCH_STS_E2E=0 skips part 2 (no build or server needed).
//
// 1. Conversion inside workerd: the bench worker (scripts/bench/engine-worker.ts, started and pinned
//    to one core by scripts/bench/harness.mjs, as `npm run bench:engine` does) makes the clip: the
//    Korean text of the engine bench spoken by the product's engine in ko-minjun, cut to exactly
//    BENCH_STS_SECONDS (60) at 24 kHz, plus the files a member would upload (a 44.1 kHz 16-bit
//    stereo WAV, and an MP3 from our own LAME export). Then, BENCH_STS_RUNS times (after one cold
//    conversion): convertToVoice to ko-seoyeon as one request, its steps one request each (F0,
//    Rubber Band, loudness), the upload check's decodeAudio of the WAV and of the MP3 and the
//    resampling to 24 kHz, and the job's WAV decode and encode. Real-time factor = seconds of audio
//    per second of the worker's CPU (its workerd, all threads, from /proc: steady when other work
//    shares the machine), and per second of wall time, as the engine bench reports them.
// 2. End to end on the production build (all three workers in one `wrangler dev`, no VOICE_ENGINE
//    override, so the embedded engine): with BENCH_STS_URL (and BENCH_STS_SERVER_PID) the server
//    `npm run bench` started; otherwise this script builds nothing and starts `scripts/serve.mjs`
//    itself on BENCH_STS_PORT (8806) over .wrangler/bench-state. Its workerd processes are pinned to
//    the same core. Per run a new member (the free plan holds 180 s of conversion), then
//      t0 POST /api/v1/studio/sts/sources (multipart, the WAV) sent, t1 answered (file checked, stored)
//      t2 POST /sources/:id/convert answered (job queued in its Durable Object)
//      t3 first server-sent event of GET /jobs/:id/events received, t4 the "completed" event.
//    The first run after the server starts is reported apart (cold: decoders, Rubber Band, the
//    voice's profile start in that isolate); then the median of BENCH_STS_E2E_RUNS.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { cpus } from "node:os";
import { CORE, cpuSeconds, loadAverage, median, ms, pin, sec, startEngine, TASKSET, TEXTS, times, workerdPids } from "./bench/harness.mjs";
import { wranglerEnv } from "./wrangler-env.mjs";

const RUNS = Number(process.env.BENCH_STS_RUNS ?? 3);
const E2E_RUNS = Number(process.env.BENCH_STS_E2E_RUNS ?? 3);
const SECONDS = Number(process.env.BENCH_STS_SECONDS ?? 60);
/** Seconds the end-to-end bench waits for a first progress event before it wakes the server. */
const EVENT_WAIT = Number(process.env.BENCH_STS_EVENT_WAIT ?? 20);
/** The recording's voice and the voice it is converted to (db/seed-voices.ts): male to female, Korean. */
const FROM = process.env.BENCH_STS_FROM ?? "ko-minjun";
const TO = process.env.BENCH_STS_VOICE ?? "ko-seoyeon";
const TARGET = 40;
const E2E = process.env.BENCH_STS_E2E !== "0";
const loadAtStart = loadAverage();
const started = performance.now();

// ---------------------------------------------------------------------------------------------
// 1. Conversion inside workerd

const series = {};
const add = (name, r) => (series[name] ??= []).push(r);
let clip, cold, wav;
{
  const engine = await startEngine("bench-sts");
  try {
    clip = await engine.call("/clip", { text: TEXTS.ko, lang: "ko", voice: FROM, seconds: SECONDS });
    const step = (mode) => engine.call("/convert", { voice: TO, lang: "ko", mode });
    cold = await step("convert");
    for (let i = 0; i < RUNS; i++) {
      add("convert", await step("convert"));
      for (const mode of [
        "f0",
        "f0-pitchfinder",
        "rubberband",
        "loudness",
        "decode-stored",
        "encode-wav",
        "decode-wav",
        "resample-upload",
        "decode-mp3",
      ])
        add(mode, await step(mode));
    }
    wav = new Uint8Array(await (await fetch(new URL("/clip.wav", engine.url))).arrayBuffer());
  } finally {
    await engine.worker.dispose();
  }
}
const med = (name, field) => median(series[name].map((r) => r[field]));
/** Seconds of audio per CPU second (all runs) or per wall second (medians), as bench-engine's rtf(). */
const rtf = (name, per) =>
  per === "cpu"
    ? series[name].reduce((n, r) => n + r.audioSeconds, 0) / series[name].reduce((n, r) => n + r.cpuS, 0)
    : med(name, "audioSeconds") / (med(name, "wallMs") / 1000);

// ---------------------------------------------------------------------------------------------
// 2. End to end on the production build

let base = E2E ? process.env.BENCH_STS_URL : "skipped";
let serverPid = process.env.BENCH_STS_SERVER_PID ? Number(process.env.BENCH_STS_SERVER_PID) : undefined;
let stopServer = () => {};
if (!base && E2E) {
  if (!existsSync("build/server/index.js")) {
    console.error("Run `npm run build` first (the bench measures the production build).");
    process.exit(1);
  }
  // Not 8787 (npm start), 8796 (npm run bench), 8797-8799 (the browser tests and their engine stand-in).
  const port = Number(process.env.BENCH_STS_PORT ?? 8806);
  base = `http://127.0.0.1:${port}`;
  if (
    await fetch(`${base}/healthz`).then(
      () => true,
      () => false,
    )
  ) {
    console.error(`bench-sts: something already answers on ${base}; set BENCH_STS_PORT to a free port.`);
    process.exit(1);
  }
  const env = wranglerEnv({ PORT: String(port), PERSIST_DIR: ".wrangler/bench-state", CI: "1" });
  await new Promise((resolve, reject) =>
    spawn("npx", ["tsx", "scripts/setup-db.ts"], { env, stdio: "ignore" }).on("exit", (code) =>
      code === 0 ? resolve() : reject(new Error("setup-db failed")),
    ),
  );
  const server = spawn("node", ["scripts/serve.mjs"], { env, stdio: "ignore", detached: true });
  serverPid = server.pid;
  stopServer = () => {
    try {
      process.kill(-server.pid, "SIGTERM");
    } catch {
      /* already gone */
    }
  };
  process.on("exit", stopServer);
  await waitFor(`${base}/healthz`);
}
// `wrangler dev` restarts its workerd when a file it bundles changes (the build, the api's sources):
// in a shared working tree that can happen mid-run. A run that sees its server's processes change
// is done again, and the first run on the new processes counts as cold.
class Restarted extends Error {}
let serverPids = [];
/** The server's workerd processes, pinned, once it answers; true when they changed since the last look. */
async function lookAtServer() {
  if (!serverPid) return false;
  await waitFor(`${base}/healthz`);
  let now = workerdPids(serverPid);
  for (let i = 0; i < 20 && now.length < 2; i++) {
    await new Promise((r) => setTimeout(r, 500));
    now = workerdPids(serverPid);
  }
  if (now.length === 0) throw new Error(`bench-sts: no workerd under the server process ${serverPid}: is ${base} someone else's server?`);
  const changed = now.join() !== serverPids.join();
  if (changed) pin(now);
  serverPids = now;
  return changed;
}
const serverCpu = () =>
  serverPids.reduce((n, p) => {
    try {
      return n + cpuSeconds(p);
    } catch {
      throw new Restarted(`workerd ${p} is gone`);
    }
  }, 0);

const runs = [];
let restarts = 0;
try {
  if (E2E) await lookAtServer();
  let cold = true;
  for (let attempt = 0; E2E && (runs.filter((r) => !r.cold).length < E2E_RUNS || !runs.some((r) => r.cold)); attempt++) {
    if (attempt > E2E_RUNS + 6) throw new Error(`bench-sts: the server restarted ${restarts} times; is someone rebuilding?`);
    if ((await lookAtServer()) && attempt > 0) {
      restarts++;
      cold = true;
    }
    try {
      const run = await endToEnd(await signUp());
      if (await lookAtServer()) throw new Restarted("the server's processes changed during the run");
      runs.push({ ...run, cold });
      cold = false;
    } catch (error) {
      const changed = await lookAtServer();
      if (!(error instanceof Restarted || changed)) throw error;
      restarts++;
      cold = true;
      console.error(`bench-sts: the server restarted during a run (${error.message}); doing it again`);
    }
  }
} finally {
  stopServer();
}

// ---------------------------------------------------------------------------------------------
// Report

const row = (cells) => console.log(`| ${cells.join(" | ")} |`);
const withCpu = (name) => `${ms(med(name, "wallMs"))} (CPU ${ms(med(name, "cpuS") * 1000)})`;
const convertRtf = rtf("convert", "cpu");
const cpuPerClip = med("convert", "cpuS");

console.log(
  `\nSpeech-to-speech inside workerd (scripts/bench/engine-worker.ts), ${TASKSET ? `workerd pinned to core ${CORE} of ${cpus().length}` : "NOT pinned (taskset not found)"}; median of ${RUNS} runs after one cold conversion; wall time from Node around each request, CPU = the worker's workerd, all threads; load average at start ${loadAtStart}, at end ${loadAverage()}\n`,
);
row(["conversion of a 60 s clip", "wall (CPU)", "x real time per CPU s", "x real time per wall s", "target"]);
row(["---", "---", "---", "---", "---"]);
row([
  `the clip: ${sec(clip.audioSeconds)} of Korean in ${FROM} (median F0 ${clip.f0.toFixed(0)} Hz) to ${TO} (${series.convert[0].targetF0.toFixed(0)} Hz): ${series.convert[0].semitones >= 0 ? "+" : ""}${series.convert[0].semitones.toFixed(1)} semitones, formants x${series.convert[0].formant.toFixed(2)}`,
  "",
  "",
  "",
  "",
]);
row([
  "**convertToVoice, warm** (F0, Rubber Band, loudness, fades)",
  `${withCpu("convert")}; CPU ${series.convert.map((r) => ms(r.cpuS * 1000)).join(", ")}`,
  `**${times(convertRtf)}**`,
  times(rtf("convert", "wall")),
  `≥ ${TARGET} per CPU s: ${convertRtf >= TARGET ? "met" : `not met, ${times(TARGET / convertRtf)} too slow (CPU per clip ${sec(cpuPerClip)}, needs ≤ ${sec(SECONDS / TARGET)})`}`,
]);
row([
  "convertToVoice, first in the isolate (+ Rubber Band start-up, the voice's profile)",
  `${ms(cold.wallMs)} (CPU ${ms(cold.cpuS * 1000)})`,
  times(cold.audioSeconds / cold.cpuS),
  times(cold.audioSeconds / (cold.wallMs / 1000)),
  "one run",
]);
for (const [label, decode] of [
  [`server side from a ${(clip.wavBytes / 1e6).toFixed(1)} MB WAV (decode, resample, convert, WAV decode/encode in the job)`, "decode-wav"],
  [`server side from a ${(clip.mp3Bytes / 1e6).toFixed(2)} MB MP3 (same)`, "decode-mp3"],
]) {
  const parts = [decode, "resample-upload", "decode-stored", "convert", "encode-wav"];
  const cpu = parts.reduce((n, p) => n + med(p, "cpuS"), 0);
  const wall = parts.reduce((n, p) => n + med(p, "wallMs"), 0);
  row([label, `${ms(wall)} (CPU ${ms(cpu * 1000)})`, times(SECONDS / cpu), times(SECONDS / (wall / 1000)), "sum of medians"]);
}

console.log(`\nWhere the time goes: each step as its own request on the same 60 s (median; CPU of the worker's workerd)\n`);
row(["step", "wall (CPU)", "x real time per CPU s", "share of the conversion's CPU"]);
row(["---", "---", "---", "---"]);
const share = (name) => `${((med(name, "cpuS") / cpuPerClip) * 100).toFixed(0)}%`;
const steps = [
  [`upload check: decodeAudio, WAV 44.1 kHz 16-bit stereo, ${(clip.wavBytes / 1e6).toFixed(1)} MB`, "decode-wav", false],
  [`upload check: decodeAudio, MP3 64 kb/s mono 44.1 kHz, ${(clip.mp3Bytes / 1e6).toFixed(2)} MB`, "decode-mp3", false],
  ["upload check: resample 44.1 -> 24 kHz", "resample-upload", false],
  ["job: decode the stored 24 kHz WAV", "decode-stored", false],
  ["conversion: F0 analysis (lazy YIN, 8 kHz copy, every 20 ms)", "f0", true],
  ["for comparison: the same analysis with pitchfinder's full YIN (the previous build's)", "f0-pitchfinder", false],
  ["conversion: Rubber Band R3 (pitch and formants)", "rubberband", true],
  ["conversion: loudness (gate, -20 LUFS, leveller, true-peak limiter when needed) + fades", "loudness", true],
  ["job: encode the result as WAV", "encode-wav", false],
];
for (const [label, name, inConversion] of steps) row([label, withCpu(name), times(rtf(name, "cpu")), inConversion ? share(name) : ""]);
const stepsCpu = ["f0", "rubberband", "loudness"].reduce((n, p) => n + med(p, "cpuS"), 0);
row([
  "the conversion's three steps summed / convertToVoice as one request",
  `CPU ${ms(stepsCpu * 1000)} / ${ms(cpuPerClip * 1000)}`,
  "",
  `${((stepsCpu / cpuPerClip) * 100).toFixed(0)}%`,
]);

if (E2E) {
  const coldRun = runs.find((r) => r.cold);
  const warm = runs.filter((r) => !r.cold);
  /** No event although the result had been written, until the bench woke the server. */
  const stalled = (r) => r.woken !== undefined && r.woken > r.written;
  const spread = (xs) => `${ms(median(xs))} (${ms(Math.min(...xs))}–${ms(Math.max(...xs))})`;
  console.log(
    `\nEnd to end on the production build (${base}, three workers in one wrangler dev, embedded engine), ${serverPids.length ? `its ${serverPids.length} workerd processes pinned to core ${CORE}` : "server NOT pinned (its process not known)"}; one new member per run; the ${sec(SECONDS)} WAV above (${(clip.wavBytes / 1e6).toFixed(1)} MB) uploaded from Node; the first run after the server started apart (cold), then median (min–max) of ${E2E_RUNS}${restarts ? `; the server restarted ${restarts} time(s) meanwhile (a file it bundles changed), runs it cut short were done again` : ""}; load average at end ${loadAverage()}\n`,
  );
  row(["interval", "first run (cold)", `warm, ${E2E_RUNS} runs`, "what happens"]);
  row(["---", "---", "---", "---"]);
  const mark1 = (r, v) =>
    `${ms(v)}${stalled(r) ? ` (stalled: woken after ${sec((r.woken - r.t2) / 1000)})` : r.woken !== undefined ? ` (the job outlasted the ${EVENT_WAIT} s wait: a wake request was sent)` : ""}`;
  const intervals = [
    [
      "t1 − t0: upload answered",
      (r) => r.t1 - r.t0,
      `${(clip.wavBytes / 1e6).toFixed(1)} MB sent, decodeAudio, resample, stored in R2, D1 rows`,
      false,
    ],
    ["t2 − t1: convert answered", (r) => r.t2 - r.t1, "voice and time checked, job queued in its Durable Object", false],
    [
      "result written − t2: the conversion job",
      (r) => r.written - r.t2,
      "alarm, R2 read, convertToVoice, R2 write, D1 row (its time stamp)",
      false,
    ],
    ["**t3 − t0: upload to first progress event**", (r) => r.t3 - r.t0, "the issue's figure", true],
    ["t3 − result written", (r) => r.t3 - r.written, "the first event after the result", true],
    ["t4 − t0: upload to the completed event", (r) => r.t4 - r.t0, "", true],
  ];
  for (const [label, f, what, stalls] of intervals) {
    const warmStalled = warm.filter(stalled).length;
    row([
      label,
      stalls ? mark1(coldRun, f(coldRun)) : ms(f(coldRun)),
      `${spread(warm.map(f))}${stalls && warmStalled ? `, ${warmStalled} of ${warm.length} stalled` : ""}`,
      what,
    ]);
  }
  const firstStatus = (rs) => [...new Set(rs.map((r) => r.events[0].status))].join(", ");
  row([
    "first event's status",
    firstStatus([coldRun]),
    firstStatus(warm),
    `events seen: ${[...new Set(runs.map((r) => r.events.map((e) => e.status).join(" > ")))].join("; ")}`,
  ]);
  if (serverPids.length) {
    const jobRtf = (rs) => (SECONDS * rs.length) / rs.reduce((n, r) => n + r.cpu.job, 0);
    row([
      "server CPU during the upload (t0..t1)",
      ms(coldRun.cpu.upload * 1000),
      spread(warm.map((r) => r.cpu.upload * 1000)),
      "all its workerd processes",
    ]);
    row(["server CPU during the job (t2..t4)", ms(coldRun.cpu.job * 1000), spread(warm.map((r) => r.cpu.job * 1000)), ""]);
    row([
      "the job: x real time per CPU s / per wall s",
      `${times(jobRtf([coldRun]))} / ${times(SECONDS / ((coldRun.written - coldRun.t2) / 1000))}`,
      `${times(jobRtf(warm))} / ${times(SECONDS / (median(warm.map((r) => r.written - r.t2)) / 1000))}`,
      `≥ ${TARGET} per CPU s`,
    ]);
  }
  if (runs.some(stalled)) {
    console.log(
      `\nStalled: the event stream, opened while the job's Durable Object was converting, got no answer for ${EVENT_WAIT} s although the result was written meanwhile; it came when the bench sent an unrelated request (GET /healthz). Those runs' t3 and t4 include the wait.`,
    );
  }
}
console.log(`\nbench:sts took ${sec((performance.now() - started) / 1000)}.`);
process.exit(0);

// ---------------------------------------------------------------------------------------------

async function waitFor(url) {
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`bench-sts: the server did not start: ${url}`);
}

/** A JSON call to the api; throws unless it answers success. */
async function api(path, init = {}, token) {
  const headers = {
    lang: "kr",
    ...(token ? { "api-key": token } : {}),
    ...(init.json ? { "content-type": "application/json" } : {}),
    ...init.headers,
  };
  const res = await fetch(`${base}${path}`, {
    method: init.method ?? (init.json || init.body ? "POST" : "GET"),
    headers,
    body: init.json ? JSON.stringify(init.json) : init.body,
    signal: AbortSignal.timeout(120_000),
  });
  const body = await res.json();
  if (!res.ok || body.success === false) throw new Error(`bench-sts: ${path} ${res.status}: ${JSON.stringify(body).slice(0, 300)}`);
  return body.data;
}

/** A new member through the real sign-up, the code from the dev mailbox; answers the access token. */
async function signUp() {
  const email = `bench-sts-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  // A client address per member, as separate visitors (the api limits code mails per IP).
  const ip = {
    "cf-connecting-ip": `10.${1 + Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`,
  };
  await api("/api/v1/member/certemail", { json: { email }, headers: ip });
  const mail = (await api("/api/v1/dev/mailbox")).find((m) => m.to === email);
  const cert = mail.text.match(/\b(\d{6})\b/)[1];
  await api("/api/v1/member/checkcert", { json: { email, cert }, headers: ip });
  const member = await api("/api/v1/member/createmember", {
    json: { email, password: "Voice#2026a", agree_service: true, agree_privacy: true, age_over_14: true },
    headers: ip,
  });
  return member.token;
}

/** One upload, conversion and progress stream, timed from Node, with the server's CPU per phase. */
async function endToEnd(token) {
  const form = new FormData();
  form.append("file", new Blob([wav], { type: "audio/wav" }), `bench-${SECONDS}s.wav`);
  form.append("method", "upload");
  const c0 = serverCpu();
  const epoch0 = Date.now();
  const t0 = performance.now();
  const source = await api("/api/v1/studio/sts/sources", { body: form }, token);
  const t1 = performance.now();
  const c1 = serverCpu();
  const job = await api(`/api/v1/studio/sts/sources/${source.source_id}/convert`, { json: { voice_id: TO } }, token);
  const t2 = performance.now();
  const c2 = serverCpu();
  // A stream opened while the job's object is converting may get no answer at all until some other
  // request reaches the server (seen locally on the first conversion of a fresh server): after
  // EVENT_WAIT s without an event, /healthz is asked every 2 s, and the run is marked as woken.
  let woken, waking;
  const stall = setTimeout(() => {
    woken = performance.now();
    const wake = () =>
      fetch(`${base}/healthz`).then(
        (r) => r.arrayBuffer(),
        () => {},
      );
    wake();
    waking = setInterval(wake, 2000);
  }, EVENT_WAIT * 1000);
  const events = [];
  let t3, t4;
  try {
    const res = await fetch(`${base}/api/v1/studio/jobs/${job.job_id}/events`, {
      headers: { lang: "kr", "api-key": token, accept: "text/event-stream" },
      signal: AbortSignal.timeout(90_000),
    });
    if (!res.ok) throw new Error(`bench-sts: events ${res.status}`);
    const reader = res.body.getReader();
    const decoder = new TextDecoder();
    let buffer = "";
    while (!t4) {
      const { done, value } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true });
      for (let end = buffer.indexOf("\n\n"); end >= 0; end = buffer.indexOf("\n\n")) {
        const frame = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const data = frame.split("\n").find((line) => line.startsWith("data: "));
        if (!data) continue;
        const state = JSON.parse(data.slice(6));
        const t = performance.now();
        t3 ??= t;
        events.push({ ...state, t: t - t0 });
        if (state.status === "completed" || state.status === "failed") t4 = t;
      }
    }
    await reader.cancel().catch(() => {});
  } finally {
    clearTimeout(stall);
    clearInterval(waking);
  }
  const c4 = serverCpu();
  const last = events.at(-1);
  if (last?.status !== "completed") throw new Error(`bench-sts: the job ended ${JSON.stringify(last)}`);
  // When the job wrote its result (the server's clock: the same machine's), whatever the stream did.
  const result = await api(`/api/v1/studio/inferences/${last.inferenceId}`, {}, token);
  const written = t0 + (result.createdAt - epoch0);
  // Not timed: the result, the recording and the project go, so .wrangler/bench-state does not grow by 6 MB a run.
  await api("/api/v1/studio/delHistory", { json: { inference_id: last.inferenceId } }, token);
  await api(`/api/v1/studio/projects/${source.project_id}`, { method: "DELETE" }, token);
  return {
    t0,
    t1,
    t2,
    t3,
    t4,
    written,
    woken: woken !== undefined && woken < t3 ? woken : undefined,
    events,
    cpu: { upload: c1 - c0, job: c4 - c2 },
  };
}
