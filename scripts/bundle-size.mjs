// Builds each worker the way `wrangler deploy` would (--dry-run, offline, no login) and measures
// its upload size compressed. Cloudflare's limit for a deployable worker is 10 MB compressed.
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { gzipSync } from "node:zlib";
import { wranglerEnv } from "./wrangler-env.mjs";

export const LIMIT_BYTES = 10 * 1024 * 1024;
export const WORKERS = [
  { name: "app", config: "wrangler.toml" },
  { name: "api", config: "workers/api/wrangler.toml" },
  { name: "notify", config: "workers/notify/wrangler.toml" },
];

function files(dir) {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? files(p) : [p];
  });
}

export function measureWorkers() {
  return WORKERS.map(({ name, config }) => {
    // Absolute: wrangler resolves a relative --outdir against the config file's folder.
    const outdir = resolve("dist", name);
    rmSync(outdir, { recursive: true, force: true });
    const out = execFileSync("npx", ["wrangler", "deploy", "--dry-run", "--outdir", outdir, "-c", config], {
      env: wranglerEnv(),
      encoding: "utf8",
      stdio: ["ignore", "pipe", "inherit"],
    });
    // Wrangler's own figure for the upload, as Cloudflare counts it.
    const reported = out.match(/Total Upload: ([\d.]+ KiB) \/ gzip: ([\d.]+ KiB)/);
    const modules = files(outdir).filter((f) => !f.endsWith(".map") && !f.endsWith("README.md"));
    const raw = modules.reduce((n, f) => n + statSync(f).size, 0);
    const gzip = modules.reduce((n, f) => n + gzipSync(readFileSync(f), { level: 9 }).length, 0);
    return { name, raw, gzip, wrangler: reported ? `${reported[1]} / gzip ${reported[2]}` : "n/a", ok: gzip <= LIMIT_BYTES };
  });
}

export const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

if (import.meta.url === `file://${process.argv[1]}`) {
  const results = measureWorkers();
  for (const r of results) {
    console.log(
      `${r.ok ? "ok  " : "FAIL"} ${r.name.padEnd(7)} ${kb(r.raw).padStart(10)} raw  ${kb(r.gzip).padStart(10)} gzip  (limit ${kb(LIMIT_BYTES)}; wrangler: ${r.wrangler})`,
    );
  }
  if (results.some((r) => !r.ok)) {
    console.error("A worker is over Cloudflare's 10 MB compressed limit.");
    process.exit(1);
  }
}
