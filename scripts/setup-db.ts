// Applies the D1 migrations to the local database and seeds it (idempotent).
// All three workers share the root .wrangler/state, so this runs with the root config.
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { seedStatements } from "#db/seed";
import { operatorSeedStatements } from "#db/seed-operator";
import { persistArgs, wranglerEnv } from "./wrangler-env.mjs";

const run = (args: string[]) => execFileSync("npx", ["wrangler", ...args], { stdio: "inherit", env: wranglerEnv() });

run(["d1", "migrations", "apply", "DB", "--local", ...persistArgs()]);
mkdirSync(".wrangler", { recursive: true });
// The local database only (--local): the development operator of docs/decisions/0032 is seeded here, never remotely.
writeFileSync(".wrangler/seed.sql", [...seedStatements(), ...operatorSeedStatements()].join("\n") + "\n");
run(["d1", "execute", "DB", "--local", "--file", ".wrangler/seed.sql", ...persistArgs()]);
