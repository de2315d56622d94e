// Writes the catalogue a deployment needs besides its migrations (db/seed.ts `catalogueStatements`: the plans, the
// basic voices, the FAQ and the guide) into a D1 database. Idempotent: plans and voices are replaced by the code's
// (a voice keeps its use count), an FAQ entry an operator has edited is left as it is.
//
//   npm run catalogue                # the local database (.wrangler/state); `npm run setup:db` does this and more
//   npm run catalogue -- --remote    # the deployed D1 (needs `wrangler login`), after its migrations
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { catalogueStatements } from "#db/seed";
import { ENV } from "./deploy-config.mjs";
import { persistArgs, wranglerEnv } from "./wrangler-env.mjs";

const remote = process.argv.includes("--remote");
const statements = catalogueStatements();
mkdirSync(".wrangler", { recursive: true });
writeFileSync(".wrangler/catalogue.sql", statements.join("\n") + "\n");
// The deployed database is the one of the root wrangler.toml's production environment (docs/deploy.md).
const where = remote ? ["--remote", "--env", ENV] : ["--local", ...persistArgs()];
execFileSync("npx", ["wrangler", "d1", "execute", "DB", ...where, "--file", ".wrangler/catalogue.sql"], {
  stdio: "inherit",
  env: wranglerEnv(),
});
console.log(`catalogue: ${statements.length} statements written to the ${remote ? "deployed" : "local"} database.`);
