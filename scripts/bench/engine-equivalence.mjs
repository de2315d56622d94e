// Same output from both engine builds (`npm run bench:engine`, docs/decisions/0027): the product's
// engine/espeak.ts of the previous build and of this one, each bundled for Node with its own generated
// modules, asked the same things:
// - phonemes: every reading of the Korean corpus (tests/unit/korean-corpus.ts, as the engine reads it
//   after the pre-pass) and the bench's Korean and English sentences; exact string comparison;
// - audio: the first sentence in every basic voice's eSpeak voice (db/seed-voices.ts: its variant,
//   register and formants as shiftedVariant writes them, its rate, pitch and range, as EmbeddedEngine
//   sets eSpeak for the neutral style), each build on a fresh instance (eSpeak's breath and flutter noise follows a random sequence that the previous
//   build carried from request to request, so only a first run is comparable); samples compared
//   one by one, with the length and the level of the difference where they are not identical.
import { build } from "esbuild";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

/** .data as an ArrayBuffer and .wasm as a compiled module, read from disk (what wrangler's rules give workerd). */
const binaries = {
  name: "binaries",
  setup(b) {
    b.onLoad({ filter: /\.(data|wasm)$/ }, (args) => ({
      loader: "js",
      contents: `import { readFileSync } from "node:fs";
const bytes = readFileSync(${JSON.stringify(args.path)});
export default ${args.path.endsWith(".wasm") ? "new WebAssembly.Module(bytes)" : "bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength)"};`,
    }));
  },
};

async function bundle(entry, out) {
  await build({
    entryPoints: [entry],
    bundle: true,
    format: "esm",
    platform: "node",
    outfile: out,
    plugins: [binaries],
    logLevel: "error",
  });
  return pathToFileURL(out).href;
}

let fresh = 0;
/** eSpeak's settings for a basic voice, as engine/embedded.ts makes them (neutral style), with that build's shiftedVariant. */
async function settingsFor(espeak, lang, v) {
  const shifted = (v.semitones ?? 0) !== 0 || (v.formant ?? 1) !== 1;
  const variant = shifted ? await espeak.shiftedVariant(v.variant, v.semitones ?? 0, v.formant ?? 1) : v.variant;
  const base = lang === "ko" ? "ko" : (v.englishVoice ?? "en-us");
  return {
    voice: variant ? `${base}+${variant}` : base,
    rate: (v.rate ?? 175) * (v.tempo ?? 1),
    pitch: v.espeakPitch ?? 50,
    range: v.espeakRange ?? 50,
  };
}

/**
 * Compares the two builds. `previousRoot` and `currentRoot`: repository roots; `voices`: [id, lang,
 * VoiceParams]; `texts`: {ko, en} the sentence each voice speaks; `sentences`: {ko, en} more text for
 * the phonemes; `corpus`: Korean readings.
 */
export async function compareBuilds({ previousRoot, currentRoot, voices, texts, sentences = { ko: [], en: [] }, corpus }) {
  const tmp = mkdtempSync(join(tmpdir(), "engine-equivalence-"));
  try {
    const previous = await bundle(join(previousRoot, "workers/api/src/engine/espeak.ts"), join(tmp, "previous.mjs"));
    const current = await bundle(join(currentRoot, "workers/api/src/engine/espeak.ts"), join(tmp, "current.mjs"));
    const load = (url) => import(`${url}?${++fresh}`); // a new module instance: a fresh engine
    const [prev, cur] = await Promise.all([load(previous), load(current)]);

    // Phonemes: one instance each, the whole list.
    const items = [
      ...corpus.map((t) => [t, "ko"]),
      ...[...texts.ko, ...sentences.ko].map((t) => [t, "ko"]),
      ...[...texts.en, ...sentences.en].map((t) => [t, "en-us"]),
    ];
    const phonemeDiffs = [];
    for (const [text, voice] of items) {
      const [a, b] = [await prev.espeakPhonemes(text, voice), await cur.espeakPhonemes(text, voice)];
      if (a !== b) phonemeDiffs.push({ text, previous: a, current: b });
    }

    // Audio: a fresh instance of each build per voice.
    const audio = [];
    for (const [name, lang, params] of voices) {
      const text = texts[lang][0];
      const [p, c] = [await load(previous), await load(current)];
      const settings = await settingsFor(c, lang, params);
      const a = (await p.espeakSynthesize(text, await settingsFor(p, lang, params))).samples;
      const b = (await c.espeakSynthesize(text, settings)).samples;
      let first = -1;
      let diff = 0;
      let energy = 0;
      for (let i = 0; i < Math.max(a.length, b.length); i++) {
        const d = (a[i] ?? 0) - (b[i] ?? 0);
        if (d !== 0 && first < 0) first = i;
        diff += d * d;
        energy += (a[i] ?? 0) ** 2;
      }
      audio.push({
        name,
        voice: settings.voice,
        identical: first < 0,
        previousSamples: a.length,
        currentSamples: b.length,
        firstDifference: first,
        differenceDb: first < 0 ? -Infinity : 10 * Math.log10(diff / energy),
      });
    }
    return { phonemes: { compared: items.length, differing: phonemeDiffs }, audio };
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

/** [id, lang, VoiceParams] of every seeded basic voice (db/seed-voices.ts of the current tree). */
export async function seedVoices(root) {
  const tmp = mkdtempSync(join(tmpdir(), "engine-voices-"));
  try {
    const { basicVoices } = await import(await bundle(join(root, "db/seed-voices.ts"), join(tmp, "voices.mjs")));
    return basicVoices.map((v) => [v.id, v.lang, v.engine]);
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

/** The Korean corpus's readings (tests/unit/korean-corpus.ts of the current tree). */
export async function corpusReadings(root) {
  const tmp = mkdtempSync(join(tmpdir(), "engine-corpus-"));
  try {
    const url = await bundle(join(root, "tests/unit/korean-corpus.ts"), join(tmp, "corpus.mjs"));
    const { CORPUS } = await import(url);
    return CORPUS.map((item) => item[2]);
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

// Standalone: node scripts/bench/engine-equivalence.mjs (prints the comparison as JSON).
if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { previousBuild } = await import("./previous-build.mjs");
  const root = join(import.meta.dirname, "../..");
  const prev = previousBuild();
  try {
    const result = await compareBuilds({
      previousRoot: prev.dir,
      currentRoot: root,
      voices: await seedVoices(root),
      texts: { ko: ["오늘 아침 서울에는 올해 들어 가장 많은 눈이 내렫씀니다."], en: ["Heavy snow fell across the capital this morning."] },
      corpus: await corpusReadings(root),
    });
    writeFileSync(1, JSON.stringify(result, null, 1) + "\n");
  } finally {
    prev.cleanup();
  }
}
