// `npm run deploy`: the production deploy, in the order that works (docs/deploy.md). The configurations are checked
// as filled in (scripts/deploy-check.mjs with its readiness rules), the app is built and the three bundles are made
// (dry runs), the D1 migrations are applied remotely before any new code runs, then notify, api and app deploy with
// `--env production`, each one's service bindings naming only workers deployed before it. Needs `npx wrangler login`
// (or CLOUDFLARE_API_TOKEN) and the steps before it in docs/deploy.md: the database, the bucket and the secrets.
import { spawnSync } from "node:child_process";
import { configProblems, dryRunAll, readinessProblems, readWorker, stopOn } from "./deploy-check.mjs";
import { DATABASE_WORKER, D1_DATABASE, ENV, WORKERS } from "./deploy-config.mjs";
import { wranglerEnv } from "./wrangler-env.mjs";

function step(title, command, args) {
  console.log(`\ndeploy: ${title}\n$ ${[command, ...args].join(" ")}`);
  const run = spawnSync(command, args, { stdio: "inherit", env: wranglerEnv() });
  if (run.status !== 0) {
    console.error(`deploy: stopped at "${title}"; nothing after it ran.`);
    process.exit(run.status ?? 1);
  }
}

const workers = WORKERS.map((w) => readWorker(w));
stopOn([...configProblems(workers), ...readinessProblems(workers)]);
step("build the app", "npm", ["run", "build"]);
console.log("\ndeploy: bundle the three workers (dry runs)");
dryRunAll(workers);
const database = workers.find((w) => w.name === DATABASE_WORKER);
step("apply the D1 migrations to the production database", "npx", [
  "wrangler",
  "d1",
  "migrations",
  "apply",
  D1_DATABASE,
  "--remote",
  "--env",
  ENV,
  "-c",
  database.config,
]);
for (const w of workers) step(`deploy ${w.name}`, "npx", ["wrangler", "deploy", "--env", ENV, "-c", w.config]);
console.log("\ndeploy: done. After a change to the catalogue, run `npm run catalogue -- --remote` (docs/deploy.md).");
