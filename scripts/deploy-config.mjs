// What a production deployment is made of, in one place (docs/deploy.md, docs/decisions/0063). The wrangler files
// cannot import, so they repeat these names; `npm run deploy:check` fails when one of them says otherwise.

/** The wrangler environment every production command names (`--env production`). */
export const ENV = "production";

/** The D1 database the three workers share, and the R2 bucket of the api's media. */
export const D1_DATABASE = "voice-studio";
export const R2_BUCKET = "voice-studio-media";

/**
 * The workers in the order they deploy: a service binding may name only a worker deployed before it. `secrets`
 * are the ones each needs in production, set with `wrangler secret put` before its first deploy; its
 * [env.production.secrets] `required` must list exactly these, so wrangler refuses to deploy while one is unset.
 * `optionalSecrets` are put only when the feature is used (then added to `required` as well); like the
 * required ones, they are never written under vars.
 */
export const WORKERS = [
  { name: "notify", config: "workers/notify/wrangler.toml", secrets: [], optionalSecrets: [] },
  {
    name: "api",
    config: "workers/api/wrangler.toml",
    secrets: [
      "JWT_SECRET",
      "EMAIL_HASH_KEY",
      "MAIL_API_KEY",
      "PORTONE_API_KEY",
      "PORTONE_API_SECRET",
      "PAYPAL_CLIENT_ID",
      "PAYPAL_CLIENT_SECRET",
    ],
    optionalSecrets: ["GOOGLE_CLIENT_SECRET", "NAVER_CLIENT_SECRET", "KAKAO_CLIENT_SECRET", "XINFERENCE_API_KEY"],
  },
  { name: "app", config: "wrangler.toml", secrets: ["SESSION_SECRET"], optionalSecrets: [] },
];

/** The worker whose config remote D1 commands use (migrations, the catalogue, the operator command). */
export const DATABASE_WORKER = "app";
