// `npm run dev`: the api and notify workers under wrangler (sharing .wrangler/state with the app),
// and Remix under Vite with hot reload on PORT (default 8787).
import { spawn } from "node:child_process";
import { writeLocalSecrets } from "./local-secrets.mjs";
import { engineVars, wranglerEnv } from "./wrangler-env.mjs";

writeLocalSecrets();

const port = process.env.PORT ?? "8787";
const env = wranglerEnv();
// The voice engine's variables from the environment reach the api worker (VOICE_ENGINE=xinference XINFERENCE_URL=...).
const engine = Object.entries(engineVars()).flatMap(([name, value]) => ["--var", `${name}:${value}`]);
const children = [
  [
    "wrangler",
    "dev",
    "-c",
    "workers/api/wrangler.toml",
    "--persist-to",
    ".wrangler/state",
    "--port",
    "8788",
    "--inspector-port",
    "9230",
    ...engine,
  ],
  [
    "wrangler",
    "dev",
    "-c",
    "workers/notify/wrangler.toml",
    "--persist-to",
    ".wrangler/state",
    "--port",
    "8789",
    "--inspector-port",
    "9231",
  ],
  ["remix", "vite:dev", "--port", port, "--strictPort"],
].map((args) => spawn("npx", args, { stdio: "inherit", env }));

const stop = () => children.forEach((c) => c.kill("SIGTERM"));
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
children.forEach((c) =>
  c.on("exit", (code) => {
    if (code) {
      stop();
      process.exit(code);
    }
  }),
);
