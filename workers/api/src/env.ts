import type { DrizzleD1Database } from "drizzle-orm/d1";
import type * as schema from "#db/schema";
import type { Locale } from "./lib/codes";
import type { GenerationJobRpc } from "./durable/job-types";
import type { ApiSecrets } from "./lib/deployment";
import type { ApiBindings } from "../worker-configuration";
import type { AiBinding } from "./speech/workers-ai-engine";

/**
 * The api worker's environment: the bindings and [vars] of workers/api/wrangler.toml as `wrangler types`
 * generates them (`npm run cf-typegen`), plus the secrets and variables that file does not declare
 * (`apiSecrets`, lib/deployment.ts, which parses them all at the entry). The Durable Object's binding is
 * typed by its RPC interface, so this module does not import the Durable Object's (docs/decisions/0020).
 */
export type Bindings = Omit<ApiBindings, "GENERATION_JOB" | keyof SigningKeys> &
  SigningKeys &
  ApiSecrets & {
    GENERATION_JOB: DurableObjectNamespace<GenerationJobRpc>;
    /** Workers AI, only where the deployed configuration adds `[ai] binding = "AI"` (VOICE_ENGINE=workers-ai). */
    AI?: AiBinding;
  };

/**
 * The signing keys are secrets, so `wrangler types` has them optional (production declares them, local runs read
 * workers/api/.env); the entry refuses to serve without them (`ENTRY`, lib/deployment.ts), so past it they are strings.
 */
type SigningKeys = { JWT_SECRET: string; EMAIL_HASH_KEY: string };

/** What a signed-in request carries after `requireMember`. */
export type Member = { id: string; email: string };

export type AppEnv = {
  Bindings: Bindings;
  Variables: {
    db: DrizzleD1Database<typeof schema> & { $client: D1Database };
    locale: Locale;
    /** The raw `api-key` header (the access token), if any. */
    accessToken: string | null;
    member: Member;
  };
};
