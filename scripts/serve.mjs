// `npm start` (after build and setup:db): the production build of the three workers in one local
// workerd via wrangler, on PORT (default 8787). No Cloudflare account, no network.
import { spawn } from "node:child_process";
import { writeLocalSecrets } from "./local-secrets.mjs";
import { engineVars, persistArgs, wranglerEnv } from "./wrangler-env.mjs";

writeLocalSecrets();

const port = process.env.PORT ?? "8787";

// The voice engine's variables from the environment (engineVars), and EXTRA_VARS ("NAME=value,NAME=value"): variables for every worker (the browser tests point the
// speech engine at a local stand-in this way). `--var` only reaches the first worker of a
// multi-worker `wrangler dev`, so they travel as process environment, which wrangler then offers
// to each worker (CLOUDFLARE_INCLUDE_PROCESS_ENV).
const extra = {
  ...engineVars(),
  ...Object.fromEntries(
    (process.env.EXTRA_VARS ?? "")
      .split(",")
      .filter((pair) => pair.includes("="))
      .map((pair) => [pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1)]),
  ),
};
// The canonical origin follows PORT unless given (wrangler.toml's value is for the default port).
if (!extra.PUBLIC_ORIGIN && port !== "8787") extra.PUBLIC_ORIGIN = `http://localhost:${port}`;
const extraEnv = Object.keys(extra).length > 0 ? { ...extra, CLOUDFLARE_INCLUDE_PROCESS_ENV: "true" } : {};
const child = spawn(
  "npx",
  [
    "wrangler",
    "dev",
    "-c",
    "wrangler.toml",
    "-c",
    "workers/api/wrangler.toml",
    "-c",
    "workers/notify/wrangler.toml",
    "--port",
    port,
    "--ip",
    process.env.HOST ?? "127.0.0.1",
    "--show-interactive-dev-session=false",
    ...persistArgs(),
    // INSPECTOR_PORT: the workers' DevTools inspector (CPU profiles of the render: docs/decisions/0040).
    ...(process.env.INSPECTOR_PORT ? ["--inspector-port", process.env.INSPECTOR_PORT] : []),
    ...(process.env.CI ? ["--log-level", "warn"] : []),
  ],
  // The production build must run as production: wrangler dev otherwise bundles with
  // NODE_ENV=development, which selects React's development server renderer (many times slower).
  { stdio: "inherit", env: wranglerEnv({ NODE_ENV: "production", ...extraEnv }) },
);
const stop = () => child.kill("SIGTERM");
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
child.on("exit", (code) => process.exit(code ?? 0));
