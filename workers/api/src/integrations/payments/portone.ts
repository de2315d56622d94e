/**
 * The card gateway adapter: PortOne's REST API in its Iamport v1 form (token, billing keys,
 * charges with a billing key, payment lookup, cancel). It speaks the provider's HTTP API; where
 * it goes is configuration (integrations/payments/gateways.ts): the real host, a test stand-in, or the
 * local sandbox.
 */

export type GatewayFailure = "timeout" | "network" | "rejected" | "protocol";

/** A call that did not give an answer to act on; `kind` says whether the money may have moved. */
export class GatewayError extends Error {
  constructor(
    readonly kind: GatewayFailure,
    message: string,
  ) {
    super(message);
  }
}

/** A payment as the gateway reports it (the fields we use). Times are Unix seconds. */
export type PortOnePayment = {
  imp_uid: string;
  merchant_uid: string;
  customer_uid?: string | null;
  amount: number;
  cancel_amount: number;
  currency: string;
  status: "ready" | "paid" | "failed" | "cancelled";
  fail_reason: string | null;
  card_name: string | null;
  paid_at: number;
  receipt_url: string | null;
};

export type BillingKey = { customer_uid: string; card_name: string; card_number: string };

export type PortOneConfig = {
  baseUrl: string;
  key: string;
  secret: string;
  timeoutMs: number;
  fetch: (request: Request) => Promise<Response>;
};

type Envelope<T> = { code: number; message: string | null; response: T | null };

export type PortOne = ReturnType<typeof portOne>;

export function portOne(config: PortOneConfig) {
  let token: { value: string; expiresAt: number } | null = null;

  async function send<T>(method: string, path: string, body?: unknown, auth = true): Promise<Envelope<T>> {
    const headers: Record<string, string> = { accept: "application/json" };
    if (body !== undefined) headers["content-type"] = "application/json";
    // PortOne v1 authenticates with the Bearer scheme (developers.portone.io, "REST API Access Token").
    if (auth) headers.authorization = `Bearer ${await accessToken()}`;
    const request = new Request(new URL(path.replace(/^\//, ""), config.baseUrl.replace(/\/?$/, "/")), {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(config.timeoutMs),
    });
    let response: Response;
    try {
      response = await config.fetch(request);
    } catch (err) {
      const name = (err as Error)?.name;
      throw new GatewayError(name === "TimeoutError" || name === "AbortError" ? "timeout" : "network", String(err));
    }
    let json: Envelope<T>;
    try {
      json = (await response.json()) as Envelope<T>;
    } catch (err) {
      const name = (err as Error)?.name;
      if (name === "TimeoutError" || name === "AbortError") throw new GatewayError("timeout", String(err));
      throw new GatewayError("protocol", `HTTP ${response.status} without a JSON answer`);
    }
    if (typeof json?.code !== "number") throw new GatewayError("protocol", `HTTP ${response.status} without a code`);
    return json;
  }

  async function accessToken() {
    if (token && token.expiresAt - 60 > Date.now() / 1000) return token.value;
    const answer = await send<{ access_token: string; expired_at: number }>(
      "POST",
      "/users/getToken",
      { imp_key: config.key, imp_secret: config.secret },
      false,
    );
    if (answer.code !== 0 || !answer.response) throw new GatewayError("rejected", answer.message ?? "token refused");
    token = { value: answer.response.access_token, expiresAt: answer.response.expired_at };
    return token.value;
  }

  /** The answer's payload, or a `rejected` error with the gateway's message. */
  async function call<T>(method: string, path: string, body?: unknown) {
    const answer = await send<T>(method, path, body);
    if (answer.code !== 0 || !answer.response) throw new GatewayError("rejected", answer.message ?? `code ${answer.code}`);
    return answer.response;
  }

  return {
    /** Issues (or replaces) the billing key `customerUid` for a card. */
    issueBillingKey: (customerUid: string, card: { card_number: string; expiry: string; birth: string; pwd_2digit: string }) =>
      call<BillingKey>("POST", `/subscribe/customers/${encodeURIComponent(customerUid)}`, card),
    deleteBillingKey: (customerUid: string) =>
      call<{ customer_uid: string }>("DELETE", `/subscribe/customers/${encodeURIComponent(customerUid)}`),
    /** Charges a billing key. A declined card answers a payment with status "failed". */
    chargeAgain: (p: { customer_uid: string; merchant_uid: string; amount: number; name: string }) =>
      call<PortOnePayment>("POST", "/subscribe/payments/again", p),
    payment: (impUid: string) => call<PortOnePayment>("GET", `/payments/${encodeURIComponent(impUid)}`),
    /** The payment of our merchant_uid, or null when the gateway has none. */
    async findByMerchant(merchantUid: string) {
      const answer = await send<PortOnePayment>("GET", `/payments/find/${encodeURIComponent(merchantUid)}`);
      if (answer.code === 0 && answer.response) return answer.response;
      if (answer.code === 1) return null;
      throw new GatewayError("rejected", answer.message ?? `code ${answer.code}`);
    },
    /** Cancels `amount` of a payment; `checksum` is what we believe is still cancellable. */
    cancel: (p: { imp_uid: string; amount: number; checksum: number; reason: string }) =>
      call<PortOnePayment>("POST", "/payments/cancel", p),
  };
}
