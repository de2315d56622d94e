import { Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import { Code } from "./lib/codes";
import { fail } from "./lib/envelope";
import { apiKeyMember, context, localeFromHeader } from "./lib/middleware";
import { defaultBodyLimit } from "./lib/validate";
import { MemoRouter } from "./lib/memo-router";
import { refusalFor, unavailable } from "./lib/deployment";
import { reportError } from "./lib/report";
import { securityHeaders } from "./lib/security-headers";
import { adminRoutes } from "./routes/admin";
import { actorsRoutes } from "./routes/actors";
import { actorSampleRoutes } from "./routes/actor-samples";
import { commentsRoutes } from "./routes/comments";
import { contestsRoutes, faqRoutes, guideRoutes, noticesRoutes } from "./routes/content";
import { customVoicesRoutes } from "./routes/custom-voices";
import { devRoutes } from "./routes/dev";
import { helpImageRoutes, helpRoutes } from "./routes/help";
import { keysRoutes } from "./routes/keys";
// Labs.
import { labsRoutes, letterRoutes } from "./routes/labs";
import { membersRoutes } from "./routes/members";
import { openVoicesRoutes } from "./routes/open-voices";
import { paymentRoutes } from "./routes/payment";
import { paypalRoutes, paypalWebhookRoutes } from "./routes/paypal";
import { publicApiRoutes } from "./routes/public-api";
import { sandboxRoutes } from "./routes/sandbox";
import { socialRoutes } from "./routes/social";
import { studioRoutes } from "./routes/studio";
import { stsRoutes } from "./routes/sts";
import { shareRoutes } from "./routes/share";
import { utils } from "./routes/utils";
import { voiceSlotsRoutes } from "./routes/voice-slots";
import { voicesRoutes } from "./routes/voices";
import type { AppEnv } from "./env";

/**
 * The /api/v1 app. One small Hono app per resource, mounted here; later issues add
 * members, payments, voices and studio beside `utils`.
 */
export function createApp() {
  // Route answers kept per method and path (lib/memo-router.ts, docs/decisions/0043).
  const app = new Hono<AppEnv>({ router: new MemoRouter() }).basePath("/api/v1");
  // The one place for the security headers of every answer (docs/decisions/0018).
  app.use("*", securityHeaders);
  // Production on development defaults, or a development configuration on a public host, answers
  // 503 and logs why (lib/deployment.ts, docs/decisions/0019).
  app.use("*", async (c, next) => (refusalFor("api", c.env, c.req.url) ? unavailable(localeFromHeader(c.req.header("lang"))) : next()));
  app.use("*", context, defaultBodyLimit);
  // The public API's calls also take a business API key (Authorization: Bearer; docs/decisions/0031), on every method of
  // their paths, so a wrong method with a valid key is told 405 with Allow rather than "log in". The library is read-only
  // with a key: its other methods stay the signed-in member's.
  app.use("/studio/tts", apiKeyMember);
  app.use("/studio/sts", apiKeyMember);
  app.use("/studio/inferences/:id/audio", apiKeyMember);
  app.use("/member/usage", apiKeyMember);
  app.get("/voices", apiKeyMember);
  app.get("/voices/:id", apiKeyMember);
  // One chain, so the app's type carries every route's schema (`ApiApp`: the app's api client is typed from it).
  const routes = app
    .route("/utils", utils)
    .route("/member", membersRoutes)
    .route("/member", socialRoutes)
    // Custom voices first, so `/voices/custom/*` reaches neither the open voices' nor the library's `/voices/:id` routes.
    .route("/voices/custom", customVoicesRoutes)
    // Open voices first: `/voices/open/*` must not reach the library's `/voices/:id` routes.
    .route("/voices", openVoicesRoutes)
    .route("/voices/slots", voiceSlotsRoutes)
    .route("/voices", voicesRoutes)
    .route("/actors", actorsRoutes)
    .route("/comments", commentsRoutes)
    .route("/studio", studioRoutes)
    .route("/studio", stsRoutes)
    .route("/share", shareRoutes)
    .route("/payment", paypalWebhookRoutes)
    .route("/payment", paymentRoutes)
    .route("/payment", paypalRoutes)
    .route("/sandbox", sandboxRoutes)
    .route("/help/images", helpImageRoutes)
    .route("/help", helpRoutes)
    .route("/admin", adminRoutes)
    .route("/dev", devRoutes)
    .route("/notices", noticesRoutes)
    .route("/faq", faqRoutes)
    .route("/guide", guideRoutes)
    .route("/contests", contestsRoutes)
    .route("/keys", keysRoutes)
    // Labs (docs/decisions/0041).
    .route("/labs", labsRoutes)
    .route("/studio/inferences", letterRoutes)
    .route("/", publicApiRoutes)
    // the console (docs/decisions/0036): actor samples by signed URL, for operators.
    .route("/actors/samples", actorSampleRoutes);

  // A path that exists with another method answers 405 (4005) with Allow; anything else 404 (4004).
  let methodsOf: ((path: string) => string[]) | null = null;
  app.notFound((c) => {
    if (!c.var.locale) c.set("locale", localeFromHeader(c.req.header("lang")));
    methodsOf ??= routeMethods(app.routes);
    const allowed = methodsOf(c.req.path);
    if (allowed.length > 0) {
      c.header("allow", allowed.join(", "));
      return fail(c, Code.METHOD_NOT_ALLOWED);
    }
    return fail(c, Code.NOT_FOUND);
  });
  app.onError((err, c) => {
    if (!c.var.locale) c.set("locale", localeFromHeader(c.req.header("lang")));
    // Hono's validator throws a 400 HTTPException for a body it cannot parse; we never throw
    // HTTPException ourselves (handlers return `fail()`), so a 400 here is malformed input.
    if (err instanceof HTTPException && err.status === 400) return fail(c, Code.MALFORMED_JSON);
    if (err instanceof HTTPException && err.status === 413) return fail(c, Code.PAYLOAD_TOO_LARGE);
    console.error("api error", err);
    reportError(c, err);
    return fail(c, Code.INTERNAL);
  });
  return routes;
}

/** The api app with every route's method, path, input and answer: what app/utils/api.server.ts is typed by. */
export type ApiApp = ReturnType<typeof createApp>;

/** The methods the app's routes (not its middleware) answer for a path. */
function routeMethods(routes: { method: string; path: string }[]) {
  const table = routes
    .filter((r) => r.method !== "ALL")
    .map((r) => ({
      method: r.method,
      pattern: new RegExp(
        `^${r.path
          .replace(/[.+?^${}()|[\]\\]/g, "\\$&")
          .replace(/\/:[^/]+/g, "/[^/]+")
          .replace(/\*/g, ".*")}/?$`,
      ),
    }));
  return (path: string) => {
    const methods = new Set(table.filter((r) => r.pattern.test(path)).map((r) => r.method));
    if (methods.has("GET")) methods.add("HEAD");
    return [...methods];
  };
}
