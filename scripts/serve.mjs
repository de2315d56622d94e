// `npm start` (after build and setup:db): the production build of the three workers in one local
// workerd via wrangler, on PORT (default 8787). No Cloudflare account, no network.
import { spawn } from "node:child_process";
import { persistArgs, wranglerEnv } from "./wrangler-env.mjs";

const port = process.env.PORT ?? "8787";
const child = spawn(
  "npx",
  [
    "wrangler", "dev",
    "-c", "wrangler.toml", "-c", "workers/api/wrangler.toml", "-c", "workers/notify/wrangler.toml",
    "--port", port, "--ip", process.env.HOST ?? "127.0.0.1",
    "--show-interactive-dev-session=false",
    ...persistArgs(),
    ...(process.env.CI ? ["--log-level", "warn"] : []),
  ],
  // The production build must run as production: wrangler dev otherwise bundles with
  // NODE_ENV=development, which selects React's development server renderer (many times slower).
  { stdio: "inherit", env: wranglerEnv({ NODE_ENV: "production" }) },
);
const stop = () => child.kill("SIGTERM");
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
child.on("exit", (code) => process.exit(code ?? 0));
