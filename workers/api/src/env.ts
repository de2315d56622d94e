import type { DrizzleD1Database } from "drizzle-orm/d1";
import type * as schema from "../../../db/schema";
import type { Locale } from "./lib/codes";
import type { GenerationJobRpc } from "./durable/job-types";

export type Bindings = {
  DB: D1Database;
  MEDIA: R2Bucket;
  GENERATION_JOB: DurableObjectNamespace<GenerationJobRpc>;
  NOTIFY: Fetcher;
  JWT_SECRET: string;
  APP_ENV: string;
  /** "outbox" (default: mail kept in D1) or "http" (MAIL_API_URL, MAIL_API_KEY, MAIL_FROM). */
  MAIL_PROVIDER?: string;
  MAIL_API_URL?: string;
  MAIL_API_KEY?: string;
  MAIL_FROM?: string;
  /** Key of the HMAC that keeps withdrawn addresses (workers/api/src/lib/withdrawn.ts). */
  EMAIL_HASH_KEY: string;
  /**
   * Social login (workers/api/src/lib/oauth.ts). A provider is offered only when its client id and
   * secret are set; its endpoints default to the provider's real ones and can be pointed elsewhere.
   */
  GOOGLE_CLIENT_ID?: string;
  GOOGLE_CLIENT_SECRET?: string;
  GOOGLE_AUTHORIZE_URL?: string;
  GOOGLE_TOKEN_URL?: string;
  GOOGLE_USERINFO_URL?: string;
  NAVER_CLIENT_ID?: string;
  NAVER_CLIENT_SECRET?: string;
  NAVER_AUTHORIZE_URL?: string;
  NAVER_TOKEN_URL?: string;
  NAVER_USERINFO_URL?: string;
  KAKAO_CLIENT_ID?: string;
  KAKAO_CLIENT_SECRET?: string;
  KAKAO_AUTHORIZE_URL?: string;
  KAKAO_TOKEN_URL?: string;
  KAKAO_USERINFO_URL?: string;
  /** "embedded" (default) or "http": a remote inference service at VOICE_ENGINE_URL with VOICE_ENGINE_KEY. */
  VOICE_ENGINE?: string;
  VOICE_ENGINE_URL?: string;
  VOICE_ENGINE_KEY?: string;
  /**
   * Payments (workers/api/src/lib/payments/gateways.ts): "sandbox" (local runs) answers from the
   * gateways' stand-ins inside this worker; otherwise PortOne at PORTONE_API_URL with
   * PORTONE_API_KEY/SECRET and PayPal at PAYPAL_API_URL with PAYPAL_CLIENT_ID/SECRET.
   */
  PAYMENTS?: string;
  PORTONE_API_URL?: string;
  PORTONE_API_KEY?: string;
  PORTONE_API_SECRET?: string;
  PAYPAL_API_URL?: string;
  PAYPAL_CLIENT_ID?: string;
  PAYPAL_CLIENT_SECRET?: string;
  /** How long a gateway call may take before it counts as timed out (ms, default 15000). */
  PAYMENT_TIMEOUT_MS?: string;
  /** "on" only in the tests: a request's `x-test-now` header sets the clock (lib/clock.ts). */
  TEST_CLOCK?: string;
};

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
