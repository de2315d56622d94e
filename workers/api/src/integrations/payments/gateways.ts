import type { Bindings } from "../../env";
import { payPal } from "./paypal";
import { portOne } from "./portone";

/** Where the api worker's own sandbox of the gateways answers (local runs, `PAYMENTS=sandbox`). */
export const SANDBOX_PREFIX = "/api/v1/sandbox";
const SANDBOX_KEYS = { key: "portone-test-key", secret: "portone-test-secret" };
const PAYPAL_SANDBOX_KEYS = { clientId: "paypal-test-client", secret: "paypal-test-secret" };
/** The id of the sandbox's webhook at its PayPal stand-in (PayPal's ids are letters and digits). */
const PAYPAL_SANDBOX_WEBHOOK_ID = "1STANDINWEBHOOK0PAYPAL";

/** A payment call waits this long before it counts as timed out (then the payment is looked up). */
const DEFAULT_TIMEOUT_MS = 15_000;

/** The in-process sandbox: never in production, whatever PAYMENTS says (lib/deployment.ts refuses that too). */
export const sandboxMode = (env: Bindings) => (__SANDBOX__ ? env.PAYMENTS === "sandbox" && env.APP_ENV !== "production" : false);

/**
 * The gateways' stand-ins, loaded on first use; a build without the sandbox (`__SANDBOX__` false, production) drops the
 * import as dead code, so none of their code ships.
 */
export const standins = () =>
  __SANDBOX__ ? import("../../sandbox/standins") : Promise.reject(new Error("this build has no payment sandbox"));

/**
 * The card gateway for this environment. Live: PortOne at PORTONE_API_URL (default its real host)
 * with PORTONE_API_KEY and PORTONE_API_SECRET, over fetch. Sandbox: the same adapter, talking HTTP to
 * the in-process stand-in (sandbox/portone.js), so no network and no account are needed.
 * Null when live keys are missing.
 */
export function cardGateway(env: Bindings) {
  const timeoutMs = Number(env.PAYMENT_TIMEOUT_MS) || DEFAULT_TIMEOUT_MS;
  if (sandboxMode(env)) {
    return portOne({
      baseUrl: "https://api.iamport.kr/",
      ...SANDBOX_KEYS,
      timeoutMs,
      fetch: async (request) =>
        (await standins()).portoneStandin(request, new URL(request.url), { receiptBase: `${SANDBOX_PREFIX}/portone` }),
    });
  }
  if (!env.PORTONE_API_KEY || !env.PORTONE_API_SECRET) return null;
  return portOne({
    baseUrl: env.PORTONE_API_URL || "https://api.iamport.kr/",
    key: env.PORTONE_API_KEY,
    secret: env.PORTONE_API_SECRET,
    timeoutMs,
    fetch: (request) => fetch(request),
  });
}

/**
 * The online wallet for this environment. Live: PayPal at PAYPAL_API_URL (default its real host,
 * https://api-m.paypal.com; https://api-m.sandbox.paypal.com for PayPal's own sandbox) with
 * PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET, over fetch. Sandbox: the same adapter, talking HTTP to
 * the in-process stand-in (sandbox/paypal.js), whose approval page the browser reaches at
 * /api/v1/sandbox/paypal/checkoutnow. Null when live keys are missing.
 */
export function paypalGateway(env: Bindings) {
  const timeoutMs = Number(env.PAYMENT_TIMEOUT_MS) || DEFAULT_TIMEOUT_MS;
  if (sandboxMode(env)) {
    return payPal({
      baseUrl: "https://api-m.sandbox.paypal.com/",
      ...PAYPAL_SANDBOX_KEYS,
      timeoutMs,
      fetch: async (request) =>
        (await standins()).paypalStandin(request, new URL(request.url), {
          ...PAYPAL_SANDBOX_KEYS,
          approveBase: `${SANDBOX_PREFIX}/paypal`,
          webhookId: PAYPAL_SANDBOX_WEBHOOK_ID,
        }),
    });
  }
  if (!env.PAYPAL_CLIENT_ID || !env.PAYPAL_CLIENT_SECRET) return null;
  return payPal({
    baseUrl: env.PAYPAL_API_URL || "https://api-m.paypal.com/",
    clientId: env.PAYPAL_CLIENT_ID,
    secret: env.PAYPAL_CLIENT_SECRET,
    timeoutMs,
    fetch: (request) => fetch(request),
  });
}

/**
 * The id PayPal gave our webhook (its Developer Dashboard, the app's Webhooks), which verify-webhook-signature
 * takes with each event: PAYPAL_WEBHOOK_ID live, the stand-in's in the sandbox. Null when unset: the webhook
 * route then answers 404 and the hourly cron alone settles captures PayPal left pending.
 */
export function paypalWebhookId(env: Bindings) {
  if (sandboxMode(env)) return PAYPAL_SANDBOX_WEBHOOK_ID;
  return env.PAYPAL_WEBHOOK_ID || null;
}
