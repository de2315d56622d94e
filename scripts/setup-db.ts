// Applies the D1 migrations to the local database and seeds it (idempotent).
// All three workers share the root .wrangler/state, so this runs with the root config.
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { seedStatements } from "../db/seed";
import { persistArgs, wranglerEnv } from "./wrangler-env.mjs";

const run = (args: string[]) => execFileSync("npx", ["wrangler", ...args], { stdio: "inherit", env: wranglerEnv() });

run(["d1", "migrations", "apply", "DB", "--local", ...persistArgs()]);
mkdirSync(".wrangler", { recursive: true });
writeFileSync(".wrangler/seed.sql", seedStatements().join("\n") + "\n");
run(["d1", "execute", "DB", "--local", "--file", ".wrangler/seed.sql", ...persistArgs()]);
