// The sample shorts' audio (docs/decisions/0042): every template's script, in ko and en, read by a
// basic voice of our own embedded engine inside workerd (scripts/shorts/voice-worker.ts, started as `wrangler
// dev` starts a worker; no network, no account), written as public/labs/shorts/<template>.<lang>.mp3, and the
// list the page reads (app/components/labs/short-samples.ts: each file's length and SHA-256, which
// tests/unit/short-samples.test.ts checks against the committed files).
// Run: node scripts/make-short-samples.mjs (about a minute on this machine).
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { wranglerEnv } from "./wrangler-env.mjs";

Object.assign(process.env, wranglerEnv());
const { unstable_startWorker } = await import("wrangler");
const { getNodeCompat } = await import("miniflare");

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const LANGS = ["ko", "en"];

const worker = await unstable_startWorker({
  config: join(root, "scripts/shorts/voice-wrangler.toml"),
  build: { nodejsCompatMode: (config) => getNodeCompat(config.compatibility_date, config.compatibility_flags ?? []).mode },
  dev: { server: { hostname: "127.0.0.1", port: 0 }, inspector: false, persist: false, logLevel: "warn", watch: false },
});
const rows = [];
try {
  await worker.ready;
  const url = String(await worker.url);
  // The templates as contracts/labs.ts lists them (the worker reads them; this script is plain JavaScript).
  const templates = await (await fetch(new URL("/templates", url))).json();
  for (const template of templates)
    for (const lang of LANGS) {
      const res = await fetch(new URL(`/sample?template=${template}&lang=${lang}`, url), { signal: AbortSignal.timeout(120_000) });
      if (!res.ok) throw new Error(`${template}.${lang}: ${res.status} ${await res.text()}`);
      const mp3 = new Uint8Array(await res.arrayBuffer());
      const seconds = Math.round(Number(res.headers.get("x-seconds")) * 1000) / 1000;
      const file = `${template}.${lang}.mp3`;
      writeFileSync(join(root, "public/labs/shorts", file), mp3);
      const sha256 = createHash("sha256").update(mp3).digest("hex");
      rows.push({ template, lang, src: `/labs/shorts/${file}`, seconds, bytes: mp3.length, sha256 });
      console.log(`${file}: ${seconds} s, ${(mp3.length / 1024).toFixed(1)} KB`);
    }
} finally {
  await worker.dispose();
}

const list = "app/components/labs/short-samples.ts";
const body = rows.map((r) => `  ${JSON.stringify(r).replace(/"(\w+)":/g, "$1: ")},`).join("\n");
writeFileSync(
  join(root, list),
  `// Made by scripts/make-short-samples.mjs (do not edit): the sample shorts' audio under public/labs/shorts/, each
// template's script read by a basic voice of the embedded engine (docs/decisions/0042). tests/unit/short-samples.test.ts
// checks the files against these lengths and hashes.

export type ShortSample = { template: string; lang: "ko" | "en"; src: string; seconds: number; bytes: number; sha256: string };

export const SHORT_SAMPLES: readonly ShortSample[] = [
${body}
];

export const shortSample = (template: string, lang: "ko" | "en") => SHORT_SAMPLES.find((s) => s.template === template && s.lang === lang) ?? null;
`,
);
// The house format, so the file is byte for byte what the script makes (the unit test compares it).
execFileSync(join(root, "node_modules/.bin/prettier"), ["--write", list], { cwd: root, stdio: "ignore" });
