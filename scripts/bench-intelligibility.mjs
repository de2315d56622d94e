// `npm run bench:intelligibility` (also a step of `npm run bench`): whether a basic voice's identity costs
// word accuracy. Every English basic voice of the seed (db/seed-voices.ts) and plain eSpeak NG (en-us, no
// variant, no shift) read the same fixed sentences through the product's render (scripts/bench/engine-worker.ts
// `/speak.wav`: eSpeak NG, the voice's variant and shift, loudness, 16 kHz); Debian's pocketsphinx
// (`apt-get install pocketsphinx pocketsphinx-en-us`, its US English acoustic model, language model and
// dictionary) writes down what it hears, and the word error rate against the text is compared with plain
// eSpeak NG's. Target: every voice within 5 points of plain eSpeak NG. ASR on synthetic speech is harsh, so
// the absolute rates are high; the comparison is the measure.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { seedVoices } from "./bench/engine-equivalence.mjs";
import { has, startEngine } from "./bench/harness.mjs";

const MODEL = "/usr/share/pocketsphinx/model/en-us";
/** How far a voice's word error rate may be above plain eSpeak NG's, in points. */
const TARGET_POINTS = 5;

/** Everyday sentences in words the ASR's dictionary has (no digits: the normaliser is measured elsewhere). */
export const SENTENCES = [
  "the weather will be warm and sunny this afternoon",
  "please turn off your phone before the movie starts",
  "we will meet at the train station next to the park",
  "thank you for calling please hold the line",
  "the meeting has been moved to friday morning",
  "she bought fresh bread and milk at the market",
  "this video will show you how to make a simple salad",
  "our store is open every day except sunday",
  "the children played in the garden until dinner",
  "he reads the news on the radio every night",
  "remember to save your work before you close the window",
  "the new museum opens to the public next week",
  "i would like a cup of coffee with a little sugar",
  "the road is closed because of the heavy snow",
  "you can change your password on the settings page",
  "the doctor will see you in a few minutes",
  "my brother plays the guitar in a small band",
  "the price of the ticket includes a free drink",
  "the plane will land in london at noon",
  "turn left at the next corner and walk straight ahead",
];

/** Word-level edit distance (substitutions, deletions, insertions). */
function editDistance(a, b) {
  let row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    for (let j = 1; j <= b.length; j++) next[j] = Math.min(row[j] + 1, next[j - 1] + 1, row[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    row = next;
  }
  return row[b.length];
}

const words = (text) =>
  text
    .toLowerCase()
    .replace(/[^a-z' ]+/g, " ")
    .split(/\s+/)
    .filter(Boolean);

/**
 * A grammar that accepts any sequence of the sentences' words: the recogniser chooses among the words it could
 * hear, by sound alone (the generic language model, tried first, left plain eSpeak NG at 90% WER, too near the
 * ceiling for a 5-point comparison to mean anything).
 */
function wordLoop(dir) {
  const vocabulary = [...new Set(SENTENCES.flatMap(words))].sort();
  const path = join(dir, "words.jsgf");
  writeFileSync(path, `#JSGF V1.0;\ngrammar words;\npublic <s> = ( ${vocabulary.join(" | ")} )* ;\n`);
  return path;
}

function recognise(wav, grammar) {
  const out = spawnSync(
    "pocketsphinx_continuous",
    [
      "-infile",
      wav,
      "-hmm",
      `${MODEL}/en-us`,
      "-jsgf",
      grammar,
      "-dict",
      `${MODEL}/cmudict-en-us.dict`,
      "-wip",
      "1e-4",
      "-logfn",
      "/dev/null",
    ],
    { encoding: "utf8" },
  );
  if (out.status !== 0) throw new Error(`pocketsphinx_continuous failed: ${out.stderr}`);
  return out.stdout.trim().split("\n").join(" ");
}

/**
 * Word error rates of `voices`: seeded voice ids, "plain", or `{ id, params }` to try parameters (BENCH_TRY_VOICES,
 * a JSON list of those, adds them to the table).
 */
export async function measureIntelligibility(extra = JSON.parse(process.env.BENCH_TRY_VOICES ?? "[]")) {
  if (!has("pocketsphinx_continuous")) {
    console.log("bench:intelligibility: pocketsphinx is not installed (apt-get install pocketsphinx pocketsphinx-en-us); skipped.");
    return null;
  }
  const seeded = await seedVoices(join(dirname(fileURLToPath(import.meta.url)), ".."));
  const voices = ["plain", ...seeded.filter(([, lang]) => lang === "en").map(([id]) => id), ...extra].map((v) =>
    typeof v === "string" ? { id: v } : v,
  );
  const dir = mkdtempSync(join(tmpdir(), "intelligibility-"));
  const rows = [];
  try {
    // Every passage is rendered first and recognised after: the worker's idle connections would close
    // while pocketsphinx runs.
    const { worker, url } = await startEngine("intelligibility");
    try {
      for (const { id, params } of voices)
        for (const [k, text] of SENTENCES.entries()) {
          const res = await fetch(new URL("/speak.wav", url), {
            method: "POST",
            body: JSON.stringify({ text: `${text[0].toUpperCase()}${text.slice(1)}.`, lang: "en", voice: id, params }),
            headers: { "content-type": "application/json" },
          });
          if (!res.ok) throw new Error(`${id}: ${res.status} ${await res.text()}`);
          writeFileSync(join(dir, `${id}-${k}.wav`), new Uint8Array(await res.arrayBuffer()));
        }
    } finally {
      await worker.dispose();
    }
    const grammar = wordLoop(dir);
    for (const { id: voice } of voices) {
      let errors = 0;
      let total = 0;
      for (const [k, text] of SENTENCES.entries()) {
        const ref = words(text);
        errors += editDistance(ref, words(recognise(join(dir, `${voice}-${k}.wav`), grammar)));
        total += ref.length;
      }
      rows.push({ voice, wer: (100 * errors) / total });
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const plain = rows[0].wer;
  console.log(
    [
      `\nWord error rate under pocketsphinx (${SENTENCES.length} sentences, ${SENTENCES.join(" ").split(" ").length} words; US English model), target within ${TARGET_POINTS} points of plain eSpeak NG`,
      "",
      "| voice | WER | points above plain eSpeak NG | target |",
      "|---|---|---|---|",
      ...rows.map(({ voice, wer }) => {
        const above = wer - plain;
        return `| ${voice === "plain" ? "plain eSpeak NG (en-us)" : voice} | ${wer.toFixed(1)}% | ${voice === "plain" ? "" : above.toFixed(1)} | ${voice === "plain" ? "" : above <= TARGET_POINTS ? "met" : "**missed**"} |`;
      }),
    ].join("\n"),
  );
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) await measureIntelligibility();
