// `npm run deploy:check`: what a production deploy would refuse, found before one is tried, offline and without an
// account (docs/deploy.md, docs/decisions/0063). For each worker's [env.production], in deploy order:
// - no secret as a plain var (Cloudflare refuses a secret and a variable of the same name);
// - service bindings only to workers deployed before it (notify, api, app);
// - no placeholder D1 id, and the D1 and R2 names of scripts/deploy-config.mjs;
// - `secrets.required` listing exactly the secrets of scripts/deploy-config.mjs (wrangler then refuses to deploy
//   while one of them is unset);
// then `wrangler deploy --dry-run --env production` of each (bundling, wrangler's own validation).
// `--ready` (run by `npm run deploy`) also asks what the operator fills in: the database's id, the site's origin and
// host, and the rules each worker applies to its variables at its entry (workers/api/src/lib/deployment.ts).
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { experimental_readRawConfig } from "wrangler";
import { deploymentProblems } from "../workers/api/src/lib/deployment";
import { DATABASE_WORKER, D1_DATABASE, ENV, R2_BUCKET, WORKERS } from "./deploy-config.mjs";
import { wranglerEnv } from "./wrangler-env.mjs";

/** Names that are secrets even when no list names them. */
const SECRET_LIKE = /(SECRET|PASSWORD|TOKEN|_KEY)$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Binding lists compared between the top level and production: a binding local runs have must be deployed too. */
const BINDING_LISTS = [
  ["d1_databases", (b) => b.binding],
  ["r2_buckets", (b) => b.binding],
  ["services", (b) => b.binding],
  ["durable_objects.bindings", (b) => b.name],
];

/** One worker's wrangler file as written (`top`) and its production environment (null when it has none). */
export function readWorker(worker, root = ".") {
  const { rawConfig } = experimental_readRawConfig({ config: resolve(root, worker.config) });
  return { ...worker, top: rawConfig, production: rawConfig.env?.[ENV] ?? null };
}

/** The name a worker deploys under: its production `name`, else wrangler's `<name>-production` (the top level's without one). */
const deployedName = (w) => (w.production ? (w.production.name ?? `${w.top.name}-${ENV}`) : w.top.name);
const list = (config, path) => path.split(".").reduce((o, key) => o?.[key], config) ?? [];

/** What a production deploy of these workers (in this order) would refuse; empty when there is nothing. */
export function configProblems(workers) {
  const problems = [];
  const secretNames = new Set(workers.flatMap((w) => [...w.secrets, ...w.optionalSecrets]));
  const localIds = new Set(workers.flatMap((w) => list(w.top, "d1_databases").map((d) => d.database_id)).filter(Boolean));
  const ids = new Map();
  workers.forEach((w, index) => {
    const at = (section) => `${w.config} [${section}]`;
    const prod = w.production;
    if (!prod) {
      problems.push(`${w.config}: no [env.${ENV}] (a deploy with --env ${ENV} would deploy the local development configuration)`);
      return;
    }
    const vars = prod.vars ?? {};
    for (const name of Object.keys(vars))
      if (secretNames.has(name) || SECRET_LIKE.test(name))
        problems.push(
          `${at(`env.${ENV}.vars`)} ${name}: a secret as a plain variable (Cloudflare refuses a secret and a variable of the same name); ` +
            `remove it and put it with \`npx wrangler secret put ${name} --env ${ENV} -c ${w.config}\``,
        );
    if (vars.APP_ENV !== "production")
      problems.push(`${at(`env.${ENV}.vars`)} APP_ENV: "${vars.APP_ENV ?? ""}", not "production" (the worker would serve no real host)`);

    for (const service of list(prod, "services")) {
      const target = workers.findIndex((other) => deployedName(other) === service.service);
      if (target === -1 || target >= index)
        problems.push(
          `${at(`env.${ENV}.services`)} ${service.binding}: binds "${service.service}", which is not a worker deployed before ` +
            `"${deployedName(w)}" (order: ${workers.map(deployedName).join(", ")})`,
        );
    }
    for (const [path, key] of BINDING_LISTS) {
      const deployed = new Set(list(prod, path).map(key));
      for (const binding of list(w.top, path).map(key))
        if (!deployed.has(binding))
          problems.push(`${at(`env.${ENV}.${path}`)} ${binding}: missing (bindings are not inherited from the top level)`);
    }

    for (const db of list(prod, "d1_databases")) {
      if (db.database_name !== D1_DATABASE)
        problems.push(
          `${at(`env.${ENV}.d1_databases`)} ${db.binding}: database_name "${db.database_name ?? ""}", not "${D1_DATABASE}" (scripts/deploy-config.mjs)`,
        );
      if (db.database_id === undefined) continue;
      if (!UUID.test(db.database_id) || /^[0-]+$/.test(db.database_id) || localIds.has(db.database_id))
        problems.push(
          `${at(`env.${ENV}.d1_databases`)} ${db.binding}: database_id "${db.database_id}" is a placeholder or the local database's; ` +
            `use the id \`npx wrangler d1 create ${D1_DATABASE}\` printed`,
        );
      else ids.set(w.config, db.database_id);
    }
    for (const bucket of list(prod, "r2_buckets"))
      if (bucket.bucket_name !== R2_BUCKET)
        problems.push(
          `${at(`env.${ENV}.r2_buckets`)} ${bucket.binding}: bucket_name "${bucket.bucket_name ?? ""}", not "${R2_BUCKET}" (scripts/deploy-config.mjs)`,
        );

    const required = new Set(prod.secrets?.required ?? []);
    for (const name of w.secrets)
      if (!required.has(name))
        problems.push(
          `${at(`env.${ENV}.secrets`)} required: lacks ${name}, a secret this worker needs (scripts/deploy-config.mjs), so a deploy would go ahead without it`,
        );
    for (const name of required)
      if (!w.secrets.includes(name) && !w.optionalSecrets.includes(name))
        problems.push(
          `${at(`env.${ENV}.secrets`)} required: ${name} is in no documented list (scripts/deploy-config.mjs, docs/deploy.md), so no step puts it`,
        );
  });
  if (new Set(ids.values()).size > 1)
    problems.push(`the production database_id differs between ${[...ids.keys()].join(", ")}: one database, one id`);
  return problems;
}

/** A value that passes the secret rules, standing in for a secret that wrangler makes sure is set. */
const STAND_IN = "stand-in-for-a-secret-put-with-wrangler-0123456789";

/** What the operator has yet to fill in for a real deploy: the database's id, the site's origin and host, the entry rules. */
export function readinessProblems(workers) {
  const problems = [];
  for (const w of workers) {
    const prod = w.production;
    if (!prod) continue;
    if (w.name === DATABASE_WORKER && !list(prod, "d1_databases").some((d) => d.database_id))
      problems.push(
        `${w.config} [[env.${ENV}.d1_databases]] database_id: not set; \`npx wrangler d1 create ${D1_DATABASE}\` prints it ` +
          "(remote migrations, the catalogue and the operator command need it)",
      );
    const env = {
      ...prod.vars,
      ...Object.fromEntries((prod.secrets?.required ?? []).map((name) => [name, STAND_IN])),
      ...(prod.ai ? { AI: { run: () => null } } : {}),
    };
    for (const problem of deploymentProblems(w.name, env)) problems.push(`${w.config} [env.${ENV}]: ${problem}`);
    if (w.name === "app") {
      const origin = URL.canParse(env.PUBLIC_ORIGIN ?? "") ? new URL(env.PUBLIC_ORIGIN) : null;
      const hosts = (prod.routes ?? (prod.route ? [prod.route] : [])).map((r) => (typeof r === "string" ? r : r.pattern).split("/")[0]);
      if (origin && hosts.length > 0 && !hosts.includes(origin.hostname))
        problems.push(`${w.config} [env.${ENV}] routes: none is PUBLIC_ORIGIN's host ${origin.hostname} (routes: ${hosts.join(", ")})`);
      if (origin && hosts.length === 0 && !origin.hostname.endsWith(".workers.dev"))
        problems.push(
          `${w.config} [env.${ENV}] routes: no route or custom domain gives PUBLIC_ORIGIN's host ${origin.hostname} to this worker`,
        );
    }
  }
  return problems;
}

/** `wrangler deploy --dry-run --env production` of one worker: its upload size, or its output when it fails. */
export function dryRun(w) {
  const outdir = resolve("dist", "deploy", w.name);
  const run = spawnSync("npx", ["wrangler", "deploy", "--dry-run", "--env", ENV, "-c", w.config, "--outdir", outdir], {
    encoding: "utf8",
    // `secrets.required` is an experimental field of wrangler 4.86 (docs/decisions/0063): its warning on every run is known.
    env: wranglerEnv({ WRANGLER_DISABLE_EXPERIMENTAL_WARNING: "1" }),
    stdio: ["ignore", "pipe", "pipe"],
  });
  return {
    ok: run.status === 0,
    size: run.stdout.match(/Total Upload: (.+)/)?.[1] ?? "",
    output: run.stdout + run.stderr,
    warnings: run.stderr.trim(),
  };
}

/** Prints the problems and exits 1 when there are any. */
export function stopOn(problems) {
  if (problems.length === 0) return;
  console.error(
    `deploy:check: ${problems.length} problem(s) a production deploy would meet:\n${problems.map((p) => `  - ${p}`).join("\n")}`,
  );
  process.exit(1);
}

/** The dry runs in deploy order; exits 1 at the first that fails, with wrangler's output. */
export function dryRunAll(workers) {
  for (const w of workers) {
    const result = dryRun(w);
    if (!result.ok) {
      console.error(result.output);
      console.error(`deploy:check: \`wrangler deploy --dry-run --env ${ENV} -c ${w.config}\` failed (above)`);
      process.exit(1);
    }
    // wrangler's warnings (a var the top level has and production lacks, say) are shown, not judged.
    if (result.warnings) console.warn(result.warnings);
    const leaked = sandboxLeaks(w);
    if (leaked.length) {
      console.error(
        `deploy:check: the ${w.name} worker's production bundle carries the payment sandbox (${leaked.join(", ")}); see workers/api/src/build.d.ts`,
      );
      process.exit(1);
    }
    console.log(`ok   ${w.name.padEnd(7)} ${w.config} --env ${ENV}: ${result.size}`);
  }
}

/** The payment stand-ins' own state names found in a worker's production bundle (none may be: `__SANDBOX__` is false). */
export function sandboxLeaks(w) {
  const bundle = resolve("dist", "deploy", w.name, "index.js");
  if (!existsSync(bundle)) return [];
  const code = readFileSync(bundle, "utf8");
  return ["__paypalStandin", "__portoneStandin"].filter((name) => code.includes(name));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const ready = process.argv.includes("--ready");
  const workers = WORKERS.map((w) => readWorker(w));
  stopOn([...configProblems(workers), ...(ready ? readinessProblems(workers) : [])]);
  // The app's bundle imports the Remix build, and its assets are the build's client folder.
  if (!existsSync("build/server/index.js") || !existsSync("build/client")) {
    console.log("deploy:check: no build of the app yet; building it (npm run build)");
    const build = spawnSync("npm", ["run", "build"], { stdio: ["ignore", "ignore", "inherit"] });
    if (build.status !== 0) process.exit(1);
  }
  dryRunAll(workers);
  console.log(`deploy:check: the three workers' production configurations would deploy${ready ? ", and are filled in" : ""}`);
}
