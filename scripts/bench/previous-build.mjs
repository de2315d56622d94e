// The previous engine build for the side-by-side figures of `npm run bench:engine`: the repository
// as of a commit (BENCH_ENGINE_PREVIOUS, default afb4e0f: main before the engine moved to
// WebAssembly, docs/decisions/0027) extracted with `git archive` into a temporary folder, sharing
// this checkout's node_modules, with its own postinstall generators run there (so its engine is
// built the way it was then, from the same installed packages). No network.
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "../..");
export const PREVIOUS = process.env.BENCH_ENGINE_PREVIOUS ?? "afb4e0f";
/** What the bench worker needs of the tree: the api worker's code, the seed's voices, the contracts, the generators. */
const PATHS = ["workers/api", "db", "contracts", "scripts", "package.json", "tsconfig.json"];

/** Extracts the build and generates its engine modules; `{dir, commit, config, cleanup}`. */
export function previousBuild(commit = PREVIOUS) {
  const full = execFileSync("git", ["rev-parse", "--short", `${commit}^{commit}`], { cwd: root, encoding: "utf8" }).trim();
  const dir = mkdtempSync(join(tmpdir(), `engine-${full}-`));
  const cleanup = () => rmSync(dir, { recursive: true, force: true });
  try {
    const archive = spawnSync("git", ["archive", "--format=tar", full, ...PATHS], { cwd: root, maxBuffer: 1 << 30 });
    if (archive.status !== 0) throw new Error(`previous build: git archive ${full} failed: ${archive.stderr}`);
    execFileSync("tar", ["-x", "-C", dir], { input: archive.stdout });
    symlinkSync(join(root, "node_modules"), join(dir, "node_modules"), "dir");
    for (const script of ["scripts/engine-data.mjs", "scripts/decoders-data.mjs"]) {
      if (existsSync(join(dir, script))) execFileSync("node", [script, "--force"], { cwd: dir, stdio: ["ignore", "ignore", "inherit"] });
    }
    return { dir, commit: full, config: join(dir, "scripts/bench/engine-wrangler.toml"), cleanup };
  } catch (error) {
    cleanup();
    throw error;
  }
}
