/**
 * The online wallet adapter: PayPal's REST API (OAuth2 client credentials, Orders v2, captures and
 * refunds of Payments v2). It speaks the provider's HTTP API; where it goes is configuration
 * (integrations/payments/gateways.ts): the real host, a test stand-in, or the local sandbox.
 * Money crosses this boundary in minor units (cents); PayPal's decimal strings stay inside.
 */
import { GatewayError } from "./portone";

/** A PayPal call that answered with an error: HTTP status, PayPal's error name and first issue (e.g. "INSTRUMENT_DECLINED"). */
export class PayPalError extends GatewayError {
  constructor(
    readonly status: number,
    readonly errorName: string,
    readonly issue: string,
    message: string,
  ) {
    super("rejected", message);
  }
}

export type PayPalMoney = { currency_code: string; value: string };
export type PayPalCapture = {
  id: string;
  status: "COMPLETED" | "DECLINED" | "PARTIALLY_REFUNDED" | "PENDING" | "REFUNDED" | "FAILED";
  amount: PayPalMoney;
  custom_id?: string;
  final_capture?: boolean;
  links?: { href: string; rel: string; method?: string }[];
};

/** A webhook event as PayPal posts it (the fields we read); `resource` is a capture or, for refunds, a refund. */
export type PayPalEvent = {
  id: string;
  event_type: string;
  resource_type?: string;
  resource?: { id?: string; custom_id?: string; links?: { href: string; rel: string }[] };
};

/** The transmission headers PayPal sends with a webhook event, which verify-webhook-signature takes back. */
export const WEBHOOK_HEADERS = {
  auth_algo: "paypal-auth-algo",
  cert_url: "paypal-cert-url",
  transmission_id: "paypal-transmission-id",
  transmission_sig: "paypal-transmission-sig",
  transmission_time: "paypal-transmission-time",
} as const;
export type PayPalOrder = {
  id: string;
  intent?: string;
  status: "CREATED" | "SAVED" | "APPROVED" | "VOIDED" | "COMPLETED" | "PAYER_ACTION_REQUIRED";
  purchase_units?: {
    reference_id?: string;
    custom_id?: string;
    amount: PayPalMoney;
    payments?: { captures?: PayPalCapture[] };
  }[];
  payer?: { payer_id?: string; email_address?: string };
  links?: { href: string; rel: string; method?: string }[];
};
export type PayPalRefund = { id: string; status: "CANCELLED" | "FAILED" | "PENDING" | "COMPLETED"; amount?: PayPalMoney };

export type PayPalConfig = {
  baseUrl: string;
  clientId: string;
  secret: string;
  timeoutMs: number;
  fetch: (request: Request) => Promise<Response>;
};

/** Cents as PayPal writes USD ("3.99"), and back. */
export const toValue = (cents: number) => (cents / 100).toFixed(2);
export const toCents = (value: string) => (/^\d+(\.\d{1,2})?$/.test(value) ? Math.round(Number(value) * 100) : NaN);

/** Access tokens last hours; they are kept per API host and client across requests of this isolate. */
const tokens = new Map<string, { value: string; expiresAt: number }>();

export type PayPal = ReturnType<typeof payPal>;

export function payPal(config: PayPalConfig) {
  const base = config.baseUrl.replace(/\/?$/, "/");
  const tokenKey = `${base} ${config.clientId}`;

  async function exchange(request: Request) {
    try {
      return await config.fetch(request);
    } catch (err) {
      const name = (err as Error)?.name;
      throw new GatewayError(name === "TimeoutError" || name === "AbortError" ? "timeout" : "network", String(err));
    }
  }

  async function json<T>(response: Response): Promise<T> {
    try {
      return (await response.json()) as T;
    } catch (err) {
      const name = (err as Error)?.name;
      if (name === "TimeoutError" || name === "AbortError") throw new GatewayError("timeout", String(err));
      throw new GatewayError("protocol", `HTTP ${response.status} without a JSON answer`);
    }
  }

  async function accessToken() {
    const cached = tokens.get(tokenKey);
    if (cached && cached.expiresAt - 60_000 > Date.now()) return cached.value;
    const response = await exchange(
      new Request(new URL("v1/oauth2/token", base), {
        method: "POST",
        headers: {
          authorization: `Basic ${btoa(`${config.clientId}:${config.secret}`)}`,
          "content-type": "application/x-www-form-urlencoded",
          accept: "application/json",
        },
        body: "grant_type=client_credentials",
        signal: AbortSignal.timeout(config.timeoutMs),
      }),
    );
    const body = await json<{ access_token?: string; expires_in?: number; error?: string; error_description?: string }>(response);
    if (!response.ok || !body.access_token)
      throw new PayPalError(
        response.status,
        body.error ?? "AUTHENTICATION_FAILURE",
        body.error ?? "",
        body.error_description ?? "token refused",
      );
    tokens.set(tokenKey, { value: body.access_token, expiresAt: Date.now() + (body.expires_in ?? 0) * 1000 });
    return body.access_token;
  }

  /** One API call with a Bearer token; a token PayPal no longer knows is fetched again once. */
  async function call<T>(method: string, path: string, opts: { body?: unknown; requestId?: string } = {}, retried = false): Promise<T> {
    const headers: Record<string, string> = {
      authorization: `Bearer ${await accessToken()}`,
      accept: "application/json",
      prefer: "return=representation",
    };
    if (method !== "GET") headers["content-type"] = "application/json";
    if (opts.requestId) headers["paypal-request-id"] = opts.requestId;
    const response = await exchange(
      new Request(new URL(path.replace(/^\//, ""), base), {
        method,
        headers,
        body: method === "GET" ? undefined : JSON.stringify(opts.body ?? {}),
        signal: AbortSignal.timeout(config.timeoutMs),
      }),
    );
    const body = await json<
      T & {
        name?: string;
        message?: string;
        details?: { issue?: string; description?: string }[];
        error?: string;
        error_description?: string;
      }
    >(response);
    if (response.status === 401 && !retried) {
      tokens.delete(tokenKey);
      return call<T>(method, path, opts, true);
    }
    if (!response.ok) {
      const issue = body.details?.[0]?.issue ?? body.error ?? "";
      throw new PayPalError(
        response.status,
        body.name ?? body.error ?? `HTTP_${response.status}`,
        issue,
        body.details?.[0]?.description ?? body.message ?? body.error_description ?? `HTTP ${response.status}`,
      );
    }
    return body;
  }

  return {
    /**
     * Creates an order to capture `amount` cents once the payer approves it. `merchantUid` is ours:
     * the order's custom_id and the idempotency key (a repeated request answers the same order).
     */
    async createOrder(p: {
      merchantUid: string;
      amount: number;
      currency: "USD";
      description: string;
      returnUrl: string;
      cancelUrl: string;
    }) {
      const order = await call<PayPalOrder>("POST", "/v2/checkout/orders", {
        requestId: `order-${p.merchantUid}`,
        body: {
          intent: "CAPTURE",
          purchase_units: [
            {
              reference_id: p.merchantUid,
              custom_id: p.merchantUid,
              invoice_id: p.merchantUid,
              description: p.description,
              amount: { currency_code: p.currency, value: toValue(p.amount) },
            },
          ],
          payment_source: {
            paypal: {
              experience_context: {
                return_url: p.returnUrl,
                cancel_url: p.cancelUrl,
                user_action: "PAY_NOW",
                shipping_preference: "NO_SHIPPING",
                brand_name: "Voice Studio",
              },
            },
          },
        },
      });
      const approve = order.links?.find((l) => l.rel === "payer-action" || l.rel === "approve")?.href;
      if (!order.id || !approve) throw new GatewayError("protocol", "order without an id or an approval link");
      return { order, approveUrl: approve };
    },
    order: (orderId: string) => call<PayPalOrder>("GET", `/v2/checkout/orders/${encodeURIComponent(orderId)}`),
    /** Captures an approved order; the same `requestId` again answers the first capture. */
    capture: (orderId: string, requestId: string) =>
      call<PayPalOrder>("POST", `/v2/checkout/orders/${encodeURIComponent(orderId)}/capture`, { requestId }),
    /** A capture as PayPal holds it now (its status changes after the order: PENDING to COMPLETED or DECLINED, refunds). */
    captureDetails: (captureId: string) => call<PayPalCapture>("GET", `/v2/payments/captures/${encodeURIComponent(captureId)}`),
    /**
     * Whether PayPal sent this webhook event: its transmission headers and the event, as received, go back to
     * PayPal's verify-webhook-signature with our webhook's id. True only for "SUCCESS".
     */
    async verifyWebhook(headers: Record<keyof typeof WEBHOOK_HEADERS, string>, webhookId: string, event: unknown) {
      const answer = await call<{ verification_status?: string }>("POST", "/v1/notifications/verify-webhook-signature", {
        body: { ...headers, webhook_id: webhookId, webhook_event: event },
      });
      return answer.verification_status === "SUCCESS";
    },
    /** Refunds `amount` cents of a capture; the same `requestId` again refunds nothing more. */
    refund: (captureId: string, p: { amount: number; currency: string; requestId: string; note?: string }) =>
      call<PayPalRefund>("POST", `/v2/payments/captures/${encodeURIComponent(captureId)}/refund`, {
        requestId: p.requestId,
        body: {
          amount: { currency_code: p.currency, value: toValue(p.amount) },
          ...(p.note ? { note_to_payer: p.note.slice(0, 255) } : {}),
        },
      }),
  };
}

/** The idempotency key of a payment's refund: /payment/refund and /payment/paypal_clearplan use the same, so a capture is refunded once. */
export const refundKey = (merchantUid: string) => `refund-${merchantUid}`;

/** The order's first capture, if any (our orders have one purchase unit and capture once). */
export const captureOf = (order: PayPalOrder) => order.purchase_units?.[0]?.payments?.captures?.[0] ?? null;
