// A stand-in of PayPal's REST API (the paths the wallet adapter calls,
// workers/api/src/integrations/payments/paypal.ts) and of its approval page. One file serves two places:
// - the workerd tests, as part of the outbound worker (vitest.workers.config.ts), on PayPal's hosts
//   (api-m.paypal.com, api-m.sandbox.paypal.com; the approval page on www.paypal.com and
//   www.sandbox.paypal.com);
// - local runs (`PAYMENTS=sandbox`), inside the api worker (integrations/payments/gateways.ts), with the
//   approval page at /api/v1/sandbox/paypal/checkoutnow so a browser reaches it through the app.
// API: POST /v1/oauth2/token (Basic client:secret, grant_type=client_credentials), POST
// /v2/checkout/orders, GET /v2/checkout/orders/{id}, POST /v2/checkout/orders/{id}/capture, GET
// /v2/payments/captures/{id}, POST /v2/payments/captures/{id}/refund; Bearer tokens; PayPal-Request-Id
// makes a POST idempotent (the same id answers the first answer); errors in PayPal's shape
// ({name, message, details: [{issue, description}], debug_id}). Orders go CREATED (or
// PAYER_ACTION_REQUIRED when created with payment_source.paypal.experience_context) → APPROVED →
// COMPLETED; a capture before approval is 422 ORDER_NOT_APPROVED, a second one 422 ORDER_ALREADY_CAPTURED.
// Approval page: GET /checkoutnow?token=ORDER shows the order with Approve and Cancel (a form that
// works without JavaScript, POSTing back to the same URL); GET with `&approve=1` (or `&cancel=1`)
// approves (cancels) at once. Either way the payer is sent to return_url?token=ORDER&PayerID=...
// (cancel_url?token=ORDER). The payer's address (`payer`, default buyer@example.com) decides the
// capture, like test cards:
//   decline@paypal.test   the capture is refused: 422 INSTRUMENT_DECLINED
//   slow@paypal.test      the capture is recorded but answered only after 10 s (a timeout)
//   mismatch@paypal.test  the capture is for 1.00 more than the order's amount
//   pending@paypal.test   the capture is made but left PENDING (status_details.reason PENDING_REVIEW)
// Control: GET /__standin/orders/{id} answers an order with its captures and refunds, without a token.
// POST /__standin/captures/{id}/event {event_type, status?} sets the capture's status (when given) and answers
// the webhook delivery PayPal would make for it, {headers, body}: PAYPAL-TRANSMISSION-ID, -TIME, -SIG,
// PAYPAL-AUTH-ALGO and PAYPAL-CERT-URL, and the event as JSON text (resource: the capture, or its last refund
// for PAYMENT.CAPTURE.REFUNDED). POST /v1/notifications/verify-webhook-signature {auth_algo, cert_url,
// transmission_id, transmission_sig, transmission_time, webhook_id, webhook_event} answers
// {verification_status: "SUCCESS" | "FAILURE"}: SUCCESS only for a delivery this stand-in signed, for the
// webhook `webhookId` (option; PayPal's id of the merchant's webhook), with the event unchanged. The signature
// is an HMAC with a key of this isolate's, standing in for PayPal's certificate (the merchant never checks it
// itself: it asks this API).
// State lives in memory (the isolate's lifetime).
import { absolute, answer, cents, crc32, esc, html, MESSAGES, money, newId, nowIso, problem, value } from "./paypal-parts.js";

export async function paypalStandin(request, url, options = {}) {
  const s = (globalThis.__paypalStandin ??= {
    tokens: new Map(),
    orders: new Map(),
    captures: new Map(),
    idempotent: new Map(),
    payers: new Map(),
    signingKey: crypto.getRandomValues(new Uint8Array(32)),
  });
  const webhookId = options.webhookId ?? "1STANDINWEBHOOK0PAYPAL";
  const clientId = options.clientId ?? "paypal-test-client";
  const secret = options.secret ?? "paypal-test-secret";
  const live = url.host === "api-m.paypal.com" || url.host === "www.paypal.com";
  const apiBase = `https://${live ? "api-m.paypal.com" : "api-m.sandbox.paypal.com"}`;
  const approveBase = options.approveBase ?? `https://${live ? "www.paypal.com" : "www.sandbox.paypal.com"}`;
  const path = url.pathname;
  /** The stand-in's signature of a delivery: transmission id, time, webhook id and the body's CRC-32, as PayPal signs. */
  async function sign(transmissionId, transmissionTime, hook, bodyText) {
    const key = await crypto.subtle.importKey("raw", s.signingKey, { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
    const message = `${transmissionId}|${transmissionTime}|${hook}|${crc32(bodyText)}`;
    const mac = await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(message));
    return btoa(String.fromCharCode(...new Uint8Array(mac)));
  }

  /** An order as the API answers it (the full representation). */
  function view(o) {
    const unit = o.purchase_units[0];
    const captures = o.captures.map((id) => capView(s.captures.get(id)));
    const refunds = o.captures.flatMap((id) => s.captures.get(id).refunds);
    const links = [{ href: `${apiBase}/v2/checkout/orders/${o.id}`, rel: "self", method: "GET" }];
    if (o.status === "CREATED" || o.status === "PAYER_ACTION_REQUIRED")
      links.push({ href: `${approveBase}/checkoutnow?token=${o.id}`, rel: o.legacy ? "approve" : "payer-action", method: "GET" });
    if (o.status === "APPROVED") links.push({ href: `${apiBase}/v2/checkout/orders/${o.id}/capture`, rel: "capture", method: "POST" });
    return {
      id: o.id,
      intent: o.intent,
      status: o.status,
      ...(o.payer
        ? {
            payment_source: { paypal: { email_address: o.payer.email_address, account_id: o.payer.payer_id, account_status: "VERIFIED" } },
            payer: o.payer,
          }
        : {}),
      purchase_units: [
        {
          ...unit,
          payee: { email_address: "merchant@voice-studio.test", merchant_id: "VSTUDIOMERCH1" },
          ...(captures.length ? { payments: { captures, ...(refunds.length ? { refunds } : {}) } } : {}),
        },
      ],
      create_time: o.create_time,
      update_time: o.update_time,
      links,
    };
  }
  function capView(c) {
    const { refunds: _refunds, order_id: _order, ...capture } = c;
    return capture;
  }

  // The approval page (the payer's side).
  if (path === "/checkoutnow" && (request.method === "GET" || request.method === "POST")) {
    const o = s.orders.get(url.searchParams.get("token") ?? "");
    if (!o) return html(404, "PayPal", "<h1>Order not found</h1><p>This checkout link is not valid.</p>");
    let choice = url.searchParams.get("approve") === "1" ? "approve" : url.searchParams.get("cancel") === "1" ? "cancel" : null;
    let payer = url.searchParams.get("payer");
    if (request.method === "POST") {
      const form = await request.formData().catch(() => null);
      choice = form?.get("choice") === "approve" ? "approve" : form?.get("choice") === "cancel" ? "cancel" : null;
      payer = form?.get("payer") ?? payer;
    }
    const redirect = (to) => new Response(null, { status: request.method === "POST" ? 303 : 302, headers: { location: to } });
    if (choice === "cancel") {
      const back = new URL(o.cancel_url);
      back.searchParams.set("token", o.id);
      return redirect(back.toString());
    }
    const open = o.status === "CREATED" || o.status === "PAYER_ACTION_REQUIRED" || o.status === "APPROVED";
    if (choice === "approve") {
      if (!open) return html(409, "PayPal", "<h1>This order can no longer be approved</h1>");
      const email = String(payer || "buyer@example.com")
        .trim()
        .toLowerCase();
      if (!s.payers.has(email)) s.payers.set(email, newId(13));
      const [local] = email.split("@");
      o.payer = {
        name: { given_name: "Test", surname: local },
        email_address: email,
        payer_id: s.payers.get(email),
        address: { country_code: "US" },
      };
      o.behavior = email.endsWith("@paypal.test") ? local : "";
      o.status = "APPROVED";
      o.update_time = nowIso();
      const back = new URL(o.return_url);
      back.searchParams.set("token", o.id);
      back.searchParams.set("PayerID", o.payer.payer_id);
      return redirect(back.toString());
    }
    const unit = o.purchase_units[0];
    return html(
      200,
      "PayPal checkout (sandbox)",
      `<h1>PayPal checkout (sandbox)</h1>
<p>${esc(unit.description || "Voice Studio")}</p>
<p><strong>${esc(unit.amount.value)} ${esc(unit.amount.currency_code)}</strong></p>
${
  open
    ? `<form method="post">
<label for="payer">Pay as</label>
<select id="payer" name="payer">
<option value="buyer@example.com">buyer@example.com (pays)</option>
<option value="decline@paypal.test">decline@paypal.test (capture declined)</option>
<option value="slow@paypal.test">slow@paypal.test (capture answered after 10 s)</option>
<option value="mismatch@paypal.test">mismatch@paypal.test (captures another amount)</option>
<option value="pending@paypal.test">pending@paypal.test (capture left pending)</option>
</select>
<p><button type="submit" name="choice" value="approve">Approve</button>
<button type="submit" name="choice" value="cancel">Cancel</button></p>
</form>`
    : `<p>This order is ${esc(o.status)}.</p>`
}`,
    );
  }

  const controlOrder = path.match(/^\/__standin\/orders\/([^/]+)$/);
  if (controlOrder && request.method === "GET") {
    const o = s.orders.get(decodeURIComponent(controlOrder[1]));
    return o ? Response.json({ ...view(o), behavior: o.behavior ?? "" }) : Response.json({ error: "not found" }, { status: 404 });
  }

  // A webhook delivery, as PayPal would POST it to the merchant's listener.
  const controlEvent = path.match(/^\/__standin\/captures\/([^/]+)\/event$/);
  if (controlEvent && request.method === "POST") {
    const c = s.captures.get(decodeURIComponent(controlEvent[1]));
    const b = await request.json().catch(() => ({}));
    if (!c) return Response.json({ error: "not found" }, { status: 404 });
    if (b.status) {
      c.status = b.status;
      if (b.status !== "PENDING") delete c.status_details;
      c.update_time = nowIso();
    }
    const refund = c.refunds.at(-1);
    const resource = b.event_type === "PAYMENT.CAPTURE.REFUNDED" ? refund : capView(c);
    if (!resource) return Response.json({ error: "no refund" }, { status: 409 });
    const event = {
      id: `WH-${newId(17)}-${newId(17)}`,
      event_version: "1.0",
      create_time: nowIso(),
      resource_type: b.event_type === "PAYMENT.CAPTURE.REFUNDED" ? "refund" : "capture",
      resource_version: "2.0",
      event_type: b.event_type,
      summary: `Payment ${b.event_type.split(".").at(-1).toLowerCase()} for ${c.amount.value} ${c.amount.currency_code}`,
      resource,
      links: [{ href: `${apiBase}/v1/notifications/webhooks-events/WH-0`, rel: "self", method: "GET" }],
    };
    const body = JSON.stringify(event);
    const transmissionId = crypto.randomUUID();
    const transmissionTime = nowIso();
    return Response.json({
      headers: {
        "content-type": "application/json",
        "paypal-transmission-id": transmissionId,
        "paypal-transmission-time": transmissionTime,
        "paypal-transmission-sig": await sign(transmissionId, transmissionTime, webhookId, body),
        "paypal-auth-algo": "SHA256withRSA",
        "paypal-cert-url": `${apiBase}/v1/notifications/certs/CERT-360caa42-fca2a594-standin`,
      },
      body,
    });
  }

  if (path === "/v1/oauth2/token" && request.method === "POST") {
    const basic = (request.headers.get("authorization") ?? "").match(/^Basic (.+)$/);
    let id = "";
    let key = "";
    try {
      [id, key] = basic ? atob(basic[1]).split(":") : [];
    } catch {
      // not base64: refused below
    }
    if (id !== clientId || key !== secret)
      return Response.json({ error: "invalid_client", error_description: "Client Authentication failed" }, { status: 401 });
    const form = await request.formData().catch(() => new FormData());
    if (form.get("grant_type") !== "client_credentials")
      return Response.json({ error: "unsupported_grant_type", error_description: "Grant Type is NULL" }, { status: 400 });
    const token = `A21AA${newId(40)}`;
    s.tokens.set(token, Date.now() + 32_400_000);
    return Response.json({
      scope: "https://uri.paypal.com/services/payments/payment https://uri.paypal.com/services/payments/refund",
      access_token: token,
      token_type: "Bearer",
      app_id: "APP-80W284485P519543T",
      expires_in: 32_400,
      nonce: `${nowIso()}${newId(20)}`,
    });
  }

  if (!path.startsWith("/v1/") && !path.startsWith("/v2/"))
    return Response.json({ name: "RESOURCE_NOT_FOUND", message: MESSAGES.RESOURCE_NOT_FOUND }, { status: 404 });
  const bearer = (request.headers.get("authorization") ?? "").match(/^Bearer (.+)$/);
  if (!bearer || !(s.tokens.get(bearer[1]) > Date.now()))
    return Response.json({ error: "invalid_token", error_description: "Token signature verification failed" }, { status: 401 });

  // PayPal-Request-Id: the same id on the same call answers what the first request was answered.
  const requestId = request.method === "POST" ? request.headers.get("paypal-request-id") : null;
  const idemKey = requestId && `${path} ${requestId}`;
  if (idemKey && s.idempotent.has(idemKey)) return answer(s.idempotent.get(idemKey));
  const body =
    request.method === "POST"
      ? await request
          .text()
          .then((t) => (t ? JSON.parse(t) : {}))
          .catch(() => undefined)
      : undefined;
  if (request.method === "POST" && (body === undefined || typeof body !== "object" || body === null))
    return answer(problem(400, "INVALID_REQUEST", "MALFORMED_REQUEST_JSON", "The request JSON is not well formed."));
  const settle = async (result, delayMs = 0) => {
    if (idemKey) s.idempotent.set(idemKey, result);
    if (delayMs) await new Promise((r) => setTimeout(r, delayMs));
    return answer(result);
  };

  if (path === "/v2/checkout/orders" && request.method === "POST") {
    if (body.intent !== "CAPTURE" && body.intent !== "AUTHORIZE")
      return settle(problem(400, "INVALID_REQUEST", "INVALID_PARAMETER_VALUE", "The value of a field is invalid: intent."));
    const units = body.purchase_units;
    if (!Array.isArray(units) || units.length !== 1)
      return settle(
        problem(400, "INVALID_REQUEST", "MISSING_REQUIRED_PARAMETER", "A required field / parameter is missing: purchase_units."),
      );
    const amount = units[0].amount ?? {};
    if (!/^[A-Z]{3}$/.test(amount.currency_code ?? "") || !money(amount.value))
      return settle(problem(400, "INVALID_REQUEST", "INVALID_PARAMETER_VALUE", "The value of a field is invalid: amount."));
    const experience = body.payment_source?.paypal?.experience_context;
    const context = experience ?? body.application_context ?? {};
    if (!absolute(context.return_url) || !absolute(context.cancel_url))
      return settle(
        problem(
          400,
          "INVALID_REQUEST",
          "INVALID_PARAMETER_SYNTAX",
          "The value of a field does not conform to the expected format: return_url / cancel_url.",
        ),
      );
    const o = {
      id: newId(17),
      intent: body.intent,
      status: experience ? "PAYER_ACTION_REQUIRED" : "CREATED",
      legacy: !experience,
      purchase_units: [
        {
          reference_id: units[0].reference_id ?? "default",
          ...(units[0].custom_id ? { custom_id: String(units[0].custom_id).slice(0, 127) } : {}),
          ...(units[0].invoice_id ? { invoice_id: String(units[0].invoice_id) } : {}),
          ...(units[0].description ? { description: String(units[0].description).slice(0, 127) } : {}),
          amount: { currency_code: amount.currency_code, value: amount.value },
        },
      ],
      return_url: context.return_url,
      cancel_url: context.cancel_url,
      payer: null,
      behavior: "",
      captures: [],
      create_time: nowIso(),
      update_time: nowIso(),
    };
    s.orders.set(o.id, o);
    return settle({ status: 201, body: view(o) });
  }

  if (path === "/v1/notifications/verify-webhook-signature" && request.method === "POST") {
    const fields = ["auth_algo", "cert_url", "transmission_id", "transmission_sig", "transmission_time", "webhook_id"];
    const missing = fields.find((f) => typeof body[f] !== "string" || !body[f]);
    if (missing || typeof body.webhook_event !== "object" || body.webhook_event === null)
      return answer(
        problem(
          400,
          "INVALID_REQUEST",
          "MISSING_REQUIRED_PARAMETER",
          `A required field / parameter is missing: ${missing ?? "webhook_event"}.`,
        ),
      );
    if (!/^[a-zA-Z0-9]+$/.test(body.webhook_id))
      return answer(
        problem(
          400,
          "INVALID_REQUEST",
          "INVALID_PARAMETER_SYNTAX",
          "The value of a field does not conform to the expected format: webhook_id.",
        ),
      );
    const expected = await sign(body.transmission_id, body.transmission_time, body.webhook_id, JSON.stringify(body.webhook_event));
    const ok =
      body.webhook_id === webhookId &&
      body.auth_algo === "SHA256withRSA" &&
      body.cert_url.startsWith(`${apiBase}/v1/notifications/certs/`) &&
      body.transmission_sig === expected;
    return answer({ status: 200, body: { verification_status: ok ? "SUCCESS" : "FAILURE" } });
  }

  const orderPath = path.match(/^\/v2\/checkout\/orders\/([^/]+)(\/capture)?$/);
  if (orderPath) {
    const o = s.orders.get(decodeURIComponent(orderPath[1]));
    if (!o)
      return settle(
        problem(
          404,
          "RESOURCE_NOT_FOUND",
          "INVALID_RESOURCE_ID",
          "Specified resource ID does not exist. Please check the resource ID and try again.",
        ),
      );
    if (!orderPath[2] && request.method === "GET") return answer({ status: 200, body: view(o) });
    if (orderPath[2] && request.method === "POST") {
      if (o.status === "COMPLETED")
        return settle(
          problem(
            422,
            "UNPROCESSABLE_ENTITY",
            "ORDER_ALREADY_CAPTURED",
            "Order already captured.If 'intent=CAPTURE' only one capture per order is allowed.",
          ),
        );
      if (o.status !== "APPROVED") {
        return settle(
          problem(
            422,
            "UNPROCESSABLE_ENTITY",
            "ORDER_NOT_APPROVED",
            "Payer has not yet approved the Order for payment. Please redirect the payer to the 'rel':'approve' url returned as part of the HATEOAS links within the Create Order call or provide a valid payment_source in the request.",
          ),
        );
      }
      if (o.behavior === "decline") {
        // The payer has to go back to PayPal and choose another way to pay.
        o.status = o.legacy ? "CREATED" : "PAYER_ACTION_REQUIRED";
        o.behavior = "";
        return settle(
          problem(
            422,
            "UNPROCESSABLE_ENTITY",
            "INSTRUMENT_DECLINED",
            "The instrument presented  was either declined by the processor or bank, or it can't be used for this payment.",
          ),
        );
      }
      const unit = o.purchase_units[0];
      const gross = cents(unit.amount.value) + (o.behavior === "mismatch" ? 100 : 0);
      const fee = Math.round(gross * 0.0349) + 49;
      const id = newId(17);
      const currency_code = unit.amount.currency_code;
      const pending = o.behavior === "pending";
      s.captures.set(id, {
        id,
        status: pending ? "PENDING" : "COMPLETED",
        ...(pending ? { status_details: { reason: "PENDING_REVIEW" } } : {}),
        amount: { currency_code, value: value(gross) },
        final_capture: true,
        seller_protection: { status: "ELIGIBLE", dispute_categories: ["ITEM_NOT_RECEIVED", "UNAUTHORIZED_TRANSACTION"] },
        seller_receivable_breakdown: {
          gross_amount: { currency_code, value: value(gross) },
          paypal_fee: { currency_code, value: value(fee) },
          net_amount: { currency_code, value: value(gross - fee) },
        },
        ...(unit.custom_id ? { custom_id: unit.custom_id } : {}),
        ...(unit.invoice_id ? { invoice_id: unit.invoice_id } : {}),
        links: [
          { href: `${apiBase}/v2/payments/captures/${id}`, rel: "self", method: "GET" },
          { href: `${apiBase}/v2/payments/captures/${id}/refund`, rel: "refund", method: "POST" },
          { href: `${apiBase}/v2/checkout/orders/${o.id}`, rel: "up", method: "GET" },
        ],
        create_time: nowIso(),
        update_time: nowIso(),
        order_id: o.id,
        refunds: [],
      });
      o.captures.push(id);
      o.status = "COMPLETED";
      o.update_time = nowIso();
      return settle({ status: 201, body: view(o) }, o.behavior === "slow" ? 10_000 : 0);
    }
  }

  const capturePath = path.match(/^\/v2\/payments\/captures\/([^/]+)(\/refund)?$/);
  if (capturePath) {
    const c = s.captures.get(decodeURIComponent(capturePath[1]));
    if (!c)
      return settle(
        problem(
          404,
          "RESOURCE_NOT_FOUND",
          "INVALID_RESOURCE_ID",
          "Specified resource ID does not exist. Please check the resource ID and try again.",
        ),
      );
    if (!capturePath[2] && request.method === "GET") return answer({ status: 200, body: capView(c) });
    if (capturePath[2] && request.method === "POST") {
      const refunded = c.refunds.reduce((n, r) => n + cents(r.amount.value), 0);
      const remaining = cents(c.amount.value) - refunded;
      if (c.status === "REFUNDED" || remaining <= 0)
        return settle(problem(422, "UNPROCESSABLE_ENTITY", "CAPTURE_FULLY_REFUNDED", "The capture has already been fully refunded"));
      const asked = body.amount;
      if (asked && (!money(asked.value) || asked.currency_code !== c.amount.currency_code)) {
        return settle(
          problem(
            asked.currency_code !== c.amount.currency_code ? 422 : 400,
            asked.currency_code !== c.amount.currency_code ? "UNPROCESSABLE_ENTITY" : "INVALID_REQUEST",
            asked.currency_code !== c.amount.currency_code ? "REFUND_CURRENCY_MISMATCH" : "INVALID_PARAMETER_VALUE",
            "The refund amount or its currency is not valid for this capture.",
          ),
        );
      }
      const amount = asked ? cents(asked.value) : remaining;
      if (amount > remaining)
        return settle(
          problem(
            422,
            "UNPROCESSABLE_ENTITY",
            "REFUND_AMOUNT_EXCEEDED",
            "The refund amount must be less than or equal to the capture amount that has not yet been refunded.",
          ),
        );
      const refund = {
        id: newId(17),
        status: "COMPLETED",
        amount: { currency_code: c.amount.currency_code, value: value(amount) },
        ...(body.note_to_payer ? { note_to_payer: String(body.note_to_payer) } : {}),
        ...(c.invoice_id ? { invoice_id: c.invoice_id } : {}),
        create_time: nowIso(),
        update_time: nowIso(),
        links: [{ href: `${apiBase}/v2/payments/captures/${c.id}`, rel: "up", method: "GET" }],
      };
      c.refunds.push(refund);
      c.status = amount === remaining ? "REFUNDED" : "PARTIALLY_REFUNDED";
      c.update_time = nowIso();
      return settle({ status: 201, body: refund });
    }
  }
  return answer(problem(404, "RESOURCE_NOT_FOUND", "INVALID_RESOURCE_ID", "The specified resource does not exist."));
}
