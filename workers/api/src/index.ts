// The worker entry exports only handlers and Durable Object classes (workerd rejects anything
// else); the app is built in app.ts.
import { drizzle } from "drizzle-orm/d1";
import { createApp } from "./app";
import { runBilling, settleLostPayments } from "./domain/billing/renewal";
import { applyRetention } from "./domain/retention";
import { cleanUp } from "./lib/cleanup";
import { purgeDeleted } from "./domain/studio/projects";
import { purgeDeletedResults } from "./domain/studio/results";
import { expireDrafts } from "./domain/open-voices";
import { purgeFailedCustomVoices } from "./domain/custom-voices/slots";
import { reapStale } from "./lib/jobs";
import { cardGateway } from "./integrations/payments/gateways";
import { checkEnv } from "./lib/deployment";
import { forgetRemoteVoices } from "./speech/engine";
import { BOOKMARK_HEADER, requestSession, sessionEnv, withRequestSession } from "./lib/d1-session";
import { traced, tracing } from "./lib/round-trips";
import { hideEndedLicences } from "./domain/admin/voice-references";
import * as schema from "#db/schema";
import type { AppEnv } from "./env";

export { GenerationJob } from "./durable/generation-job";

const app = createApp();
const DAILY_CRON = "17 3 * * *";
const MINUTE_CRON = "* * * * *";

export default {
  /** Each request on one D1 session (lib/d1-session.ts); the answer carries the session's bookmark. */
  async fetch(request: Request, env: AppEnv["Bindings"], ctx: ExecutionContext) {
    const session = requestSession(env.DB, request.headers.get(BOOKMARK_HEADER));
    // Local runs only: round trips counted and slowed for the tests and the bench (lib/round-trips.ts).
    const trace = tracing(request, env.APP_ENV);
    const res = await withRequestSession(trace ? traced(session, trace) : session, () => app.fetch(request, sessionEnv(env), ctx));
    const bookmark = session.getBookmark();
    if (!bookmark) return res;
    // Answers from a Durable Object or R2 may have immutable headers: the body passes through a new response.
    const out = new Response(res.body, res);
    out.headers.set(BOOKMARK_HEADER, bookmark);
    return out;
  },
  /**
   * The crons (wrangler.toml `[triggers]`). Every minute: card payments left pending by a request that ended
   * (domain/billing/renewal.ts `settleLostPayments`). Hourly: billing (renewals, lost payment answers, PayPal captures
   * left pending, ended periods; domain/billing/renewal.ts), the reference clips of voices let go of (speech/engine.ts, docs/decisions/0061) and basic
   * voices whose speaker's licence ended (docs/decisions/0062). Daily at 03:17: deletes rows that can no longer matter,
   * applies the retention periods (domain/retention.ts), and refunds and frees jobs that died.
   */
  async scheduled(controller, env, ctx) {
    // A misconfigured worker runs no billing or clean-up either: the same parse, once, as the fetch
    // entry's (app.ts, lib/deployment.ts), which logs why.
    if (checkEnv("api", env).problems.length > 0) return;
    const db = drizzle(env.DB, { schema });
    if (controller.cron === MINUTE_CRON) {
      // Card payments whose request ended before the answer was recorded, settled within 2 minutes (docs/decisions/0066).
      const gateway = cardGateway(env);
      if (gateway)
        ctx.waitUntil(settleLostPayments(db, gateway, controller.scheduledTime).then((n) => n && console.log("settled lost", n)));
      return;
    }
    if (controller.cron === DAILY_CRON) {
      ctx.waitUntil(cleanUp(drizzle(env.DB)).then((counts) => console.log("clean-up", JSON.stringify(counts))));
      // Spec section 9's retention: content 30 days, inquiries 3 years, payments 5 years, dormant accounts (domain/retention.ts).
      ctx.waitUntil(applyRetention(env, db, controller.scheduledTime).then((counts) => console.log("retention", JSON.stringify(counts))));
      // Open voice drafts past their 24 hours, with their recordings and previews (docs/decisions/0029).
      ctx.waitUntil(expireDrafts({ env, db }).then((n) => console.log("expired voice drafts", n)));
      // Projects deleted and not brought back within their undo time (docs/decisions/0037).
      ctx.waitUntil(purgeDeleted({ db, env }, controller.scheduledTime).then((n) => console.log("purged projects", n)));
      // Failed custom voices past 30 days, rows and files (domain/custom-voices/slots.ts).
      ctx.waitUntil(purgeFailedCustomVoices(env, controller.scheduledTime).then((n) => console.log("failed custom voices", n)));
      // Work-history results deleted and not brought back (docs/decisions/0045).
      ctx.waitUntil(purgeDeletedResults({ db, env }, controller.scheduledTime).then((n) => console.log("purged results", n)));
      // Jobs that stopped beating: their open charges refunded, their slots freed (docs/decisions/0017).
      ctx.waitUntil(reapStale(env.DB, null, controller.scheduledTime).then((n) => console.log("stale jobs", n)));
      return;
    }
    // Reference clips of the voices the product let go of, deleted from R2 (docs/decisions/0061; bounded, retried).
    ctx.waitUntil(
      forgetRemoteVoices(env, { now: controller.scheduledTime }).then((counts) => console.log("remote voices", JSON.stringify(counts))),
    );
    ctx.waitUntil(hideEndedLicences(db, controller.scheduledTime).then((n) => console.log("basic voices past their licence", n)));
    ctx.waitUntil(
      runBilling(env, db, env.MEDIA, cardGateway(env), controller.scheduledTime).then((counts) =>
        console.log("billing", JSON.stringify(counts)),
      ),
    );
  },
} satisfies ExportedHandler<AppEnv["Bindings"]>;
