/**
 * Whether this build carries the payment sandbox (the gateways' stand-ins): wrangler.toml's `define`, "true" for
 * local runs and tests, "false" under `[env.production]`, so a production bundle holds none of their code.
 */
declare const __SANDBOX__: boolean;
