// The native side of `npm run bench:engine` (scripts/bench-engine.mjs): the same work done by Debian's espeak-ng and
// rubberband, for the ratio of the embedded engine to native code.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { CORE, has, median, TASKSET } from "./harness.mjs";

/** Median CPU and wall ms of a command over RUNS runs (after one that warms the page cache). */
function timed(cmd, args, RUNS) {
  const cpu = [];
  const wall = [];
  for (let i = 0; i < RUNS + 1; i++) {
    const pin = TASKSET ? ["taskset", "-c", CORE] : [];
    const r = spawnSync("bash", ["-c", 'TIMEFORMAT="%3R %3U %3S"; time "$@" >/dev/null 2>&1', "bench", ...pin, cmd, ...args], {
      encoding: "utf8",
    });
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
  let at = 12,
    rate = 0,
    blockAlign = 0;
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
/**
 * Debian's espeak-ng and rubberband, same core, same text (the Korean after the same pre-pass), same voice settings
 * as the embedded engine's warm runs (`warm[lang].firstEspeak` / `.espeak`); CPU and wall time of each run, process
 * start and file I/O included. `missing` names the commands this machine lacks (then nothing is run).
 */
export function nativeRuns(warm, LANGS, RUNS) {
  const missing = ["espeak-ng", "rubberband"].filter((cmd) => !has(cmd));
  const native = {};
  if (missing.length > 0) return { native, missing };
  const tmp = mkdtempSync(join(tmpdir(), "bench-engine-"));
  try {
    for (const lang of LANGS) {
      native[lang] = {};
      for (const which of ["first", "whole"]) {
        const n = warm[lang][which === "first" ? "firstEspeak" : "espeak"][0].native;
        const speech = join(tmp, `${lang}-${which}.wav`);
        const shifted = join(tmp, `${lang}-${which}-rb.wav`);
        const espeak = timed(
          "espeak-ng",
          ["-v", n.voice, "-s", String(Math.round(n.rate)), "-p", String(Math.round(n.pitch)), "-w", speech, n.text],
          RUNS,
        );
        const rubberband = timed(
          "rubberband",
          ["-3", "-F", "-q", "-p", String(n.semitones), ...(n.tempo !== 1 ? ["-T", String(n.tempo)] : []), speech, shifted],
          RUNS,
        );
        native[lang][which] = { espeak, rubberband, espeakSeconds: wavSeconds(speech), settings: n };
      }
    }
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
  return { native, missing };
}
