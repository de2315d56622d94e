// The secrets of local runs (npm start, npm run dev, the browser tests), in a git-ignored `.env` beside each
// worker's wrangler.toml, where wrangler reads a worker's local secrets. They are not [vars]: production puts the
// same names with `wrangler secret put`, and Cloudflare refuses a secret and a variable of the same name
// (docs/decisions/0063). `.env` rather than `.dev.vars`: with a `.dev.vars` present wrangler ignores the process
// environment, through which scripts/serve.mjs hands EXTRA_VARS to the api worker.
//
// The values are the development ones every deployment refuses (DEV_SECRETS, workers/api/src/lib/deployment.ts);
// the browser tests sign tokens with the same JWT_SECRET (tests/e2e/fixtures.ts).
import { existsSync, readFileSync, writeFileSync } from "node:fs";

export const LOCAL_SECRETS = {
  ".env": { SESSION_SECRET: "local-dev-session-secret-change-me-0123456789" },
  "workers/api/.env": {
    JWT_SECRET: "local-dev-secret-change-me-0123456789abcdef",
    EMAIL_HASH_KEY: "local-dev-email-hash-key-change-me",
  },
};

/** Adds to each file the names it lacks; a value already there (a developer's own) is kept. */
export function writeLocalSecrets(files = LOCAL_SECRETS) {
  for (const [file, secrets] of Object.entries(files)) {
    const text = existsSync(file) ? readFileSync(file, "utf8") : "";
    const present = new Set([...text.matchAll(/^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=/gm)].map((m) => m[1]));
    const missing = Object.entries(secrets).filter(([name]) => !present.has(name));
    if (missing.length === 0) continue;
    const header = text
      ? ""
      : "# Local development only (scripts/local-secrets.mjs); git-ignored. Production puts secrets with wrangler.\n";
    const lines = missing.map(([name, value]) => `${name}=${value}\n`).join("");
    writeFileSync(file, text + (text && !text.endsWith("\n") ? "\n" : "") + header + lines);
    console.log(`local-secrets: ${missing.map(([name]) => name).join(", ")} written to ${file}`);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) writeLocalSecrets();
