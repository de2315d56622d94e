// Environment for every wrangler run: no telemetry, no metadata or update lookups, no banner.
// With these set wrangler makes no network requests at all (see docs/decisions/0001).
export function wranglerEnv(extra = {}) {
  return {
    ...process.env,
    WRANGLER_SEND_METRICS: "false",
    WRANGLER_SEND_ERROR_REPORTS: "false",
    CLOUDFLARE_CF_FETCH_ENABLED: "false",
    WRANGLER_HIDE_BANNER: "true",
    ...extra,
  };
}

/**
 * Where local D1, R2 and Durable Object data live. `npm start` uses wrangler's default
 * (.wrangler/state); the browser tests set PERSIST_DIR to keep their data apart.
 */
export function persistArgs() {
  return process.env.PERSIST_DIR ? ["--persist-to", process.env.PERSIST_DIR] : [];
}

/**
 * The voice engine's variables taken from this process's environment (VOICE_ENGINE and XINFERENCE_*), so that
 * `VOICE_ENGINE=xinference XINFERENCE_URL=... npm start` points the local product at a real Xinference server
 * without editing a file (docs/voice-engine.md).
 */
export function engineVars() {
  return Object.fromEntries(
    Object.entries(process.env).filter(([name, value]) => value && (name === "VOICE_ENGINE" || name.startsWith("XINFERENCE_"))),
  );
}
