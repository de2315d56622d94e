import type { DrizzleD1Database } from "drizzle-orm/d1";
import type * as schema from "../../../db/schema";
import type { Locale } from "./lib/codes";
import type { GenerationJob } from "./durable/generation-job";

export type Bindings = {
  DB: D1Database;
  MEDIA: R2Bucket;
  GENERATION_JOB: DurableObjectNamespace<GenerationJob>;
  NOTIFY: Fetcher;
  JWT_SECRET: string;
  APP_ENV: string;
  /** "outbox" (default: mail kept in D1) or "http" (MAIL_API_URL, MAIL_API_KEY, MAIL_FROM). */
  MAIL_PROVIDER?: string;
  MAIL_API_URL?: string;
  MAIL_API_KEY?: string;
  MAIL_FROM?: string;
};

/** What a signed-in request carries after `requireMember`. */
export type Member = { id: string; email: string };

export type AppEnv = {
  Bindings: Bindings;
  Variables: {
    db: DrizzleD1Database<typeof schema>;
    locale: Locale;
    /** The raw `api-key` header (the access token), if any. */
    accessToken: string | null;
    member: Member;
  };
};
