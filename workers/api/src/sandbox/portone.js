// A stand-in of PortOne's REST API (the Iamport v1 paths the card adapter calls,
// workers/api/src/integrations/payments/portone.ts). It serves two places with one file:
// - the workerd tests, as part of the outbound worker (vitest.workers.config.ts), on its real host;
// - local runs (`PAYMENTS=sandbox`, the default in wrangler.toml), inside the api worker, so a person
//   can click through a purchase with no account and no network (integrations/payments/gateways.ts).
// State lives in memory (the isolate's lifetime). Test cards (the number decides):
//   4000-0000-0000-0010  refused when the billing key is issued (card authentication fails)
//   4000-0000-0000-0002  every charge is declined (limit exceeded)
//   4000-0000-0000-0028  a charge is recorded as paid but answered only after 10 s (a timeout)
//   4000-0000-0000-0036  the gateway records 1,000 more than was asked (an amount mismatch)
//   4000-0000-0000-0044  payments carry no receipt link
// Any other well-formed number is accepted. POST /__standin/decline {customer_uid, on} makes a
// billing key's later charges declined (a renewal that fails), POST /__standin/replay {imp_uid} makes
// the next charge answer with that earlier payment, and GET /__standin/payments lists charges.
export async function portoneStandin(request, url, options = {}) {
  const s = (globalThis.__portoneStandin ??= {
    tokens: new Map(),
    customers: new Map(),
    payments: new Map(),
    declining: new Set(),
    seq: 0,
  });
  const receiptBase = options.receiptBase ?? "https://receipt.portone.test";
  const path = url.pathname;
  const reply = (response, code = 0, message = null, status = 200) => Response.json({ code, message, response }, { status });
  const body = async () => (request.method === "GET" || request.method === "DELETE" ? {} : await request.json().catch(() => null));

  if (path.startsWith("/receipts/") && request.method === "GET") {
    const p = s.payments.get(decodeURIComponent(path.slice("/receipts/".length)));
    if (!p || !p.receipt_url) return new Response("not found", { status: 404 });
    return new Response(
      `<!doctype html><meta charset="utf-8"><title>Receipt ${p.imp_uid}</title><h1>${p.card_name} receipt (sandbox)</h1><p>${p.name}</p><p>${p.amount} KRW, ${p.status}</p><p>${new Date(p.paid_at * 1000).toISOString()}</p>`,
      { headers: { "content-type": "text/html; charset=utf-8" } },
    );
  }
  if (path === "/__standin/decline" && request.method === "POST") {
    const b = await body();
    if (b?.on) s.declining.add(b.customer_uid);
    else s.declining.delete(b?.customer_uid);
    return Response.json({ ok: true });
  }
  if (path === "/__standin/payments" && request.method === "GET") return Response.json([...s.payments.values()]);
  if (path === "/__standin/replay" && request.method === "POST") {
    // The next charge answers with this earlier payment (a replayed or mixed-up answer).
    s.replay = (await body())?.imp_uid ?? null;
    return Response.json({ ok: true });
  }

  if (path === "/users/getToken" && request.method === "POST") {
    const b = await body();
    if (!b || b.imp_key !== (options.key ?? "portone-test-key") || b.imp_secret !== (options.secret ?? "portone-test-secret")) {
      return reply(null, -1, "imp_key, imp_secret 파라메터가 누락되었거나 올바르지 않습니다.", 401);
    }
    const token = crypto.randomUUID().replaceAll("-", "");
    const now = Math.floor(Date.now() / 1000);
    s.tokens.set(token, now + 1800);
    return reply({ access_token: token, now, expired_at: now + 1800 });
  }
  // As PortOne documents it: `Authorization: Bearer <access_token>`; a bare token is refused.
  const token = (request.headers.get("authorization") ?? "").match(/^Bearer ([0-9a-f]+)$/)?.[1];
  if (!token || !(s.tokens.get(token) > Date.now() / 1000)) return reply(null, -1, "Unauthorized", 401);

  const customer = path.match(/^\/subscribe\/customers\/([^/]+)$/);
  if (customer && request.method === "POST") {
    const b = await body();
    const uid = decodeURIComponent(customer[1]);
    if (!b || !/^\d{4}-\d{4}-\d{4}-\d{4}$/.test(b.card_number ?? "")) return reply(null, -1, "카드번호가 올바르지 않습니다.", 400);
    const [year, month] = String(b.expiry ?? "")
      .split("-")
      .map(Number);
    const now = new Date();
    if (!year || !month || month > 12 || year * 12 + month < now.getUTCFullYear() * 12 + now.getUTCMonth() + 1)
      return reply(null, -1, "카드 유효기간이 올바르지 않습니다.", 400);
    if (!/^(\d{6}|\d{10})$/.test(b.birth ?? "") || !/^\d{2}$/.test(b.pwd_2digit ?? ""))
      return reply(null, -1, "생년월일 또는 비밀번호 앞 2자리가 올바르지 않습니다.", 400);
    const digits = b.card_number.replaceAll("-", "");
    if (digits === "4000000000000010")
      return reply(null, -1, "카드정보 인증에 실패하였습니다. [F112]유효하지않은 카드번호를 입력하셨습니다.");
    const card_name = { 4: "신한카드", 5: "KB국민카드", 3: "현대카드" }[digits[0]] ?? "BC카드";
    const record = {
      customer_uid: uid,
      card_name,
      card_number: `${digits.slice(0, 6)}******${digits.slice(12)}`,
      digits,
      inserted: Math.floor(Date.now() / 1000),
    };
    s.customers.set(uid, record);
    return reply({ customer_uid: uid, card_name, card_number: record.card_number, card_code: "361", inserted: record.inserted });
  }
  if (customer && request.method === "DELETE") {
    const uid = decodeURIComponent(customer[1]);
    if (!s.customers.delete(uid)) return reply(null, 1, "존재하지 않는 customer_uid입니다.", 404);
    return reply({ customer_uid: uid });
  }

  if (path === "/subscribe/payments/again" && request.method === "POST") {
    const b = await body();
    if (!b || typeof b.merchant_uid !== "string" || !Number.isInteger(b.amount) || b.amount <= 0)
      return reply(null, -1, "필수 파라메터가 누락되었습니다.", 400);
    const c = s.customers.get(b.customer_uid);
    if (!c) return reply(null, 1, "등록되지 않은 customer_uid입니다.");
    if (s.replay && s.payments.has(s.replay)) {
      const old = s.payments.get(s.replay);
      s.replay = null;
      return reply(old);
    }
    const existing = [...s.payments.values()].find((p) => p.merchant_uid === b.merchant_uid && p.status === "paid");
    if (existing) return reply(null, -1, "이미 결제된 merchant_uid입니다.");
    const imp_uid = `imps_${Date.now().toString(36)}${(++s.seq).toString(36).padStart(4, "0")}`;
    const declined = c.digits === "4000000000000002" || s.declining.has(c.customer_uid);
    const payment = {
      imp_uid,
      merchant_uid: b.merchant_uid,
      customer_uid: c.customer_uid,
      name: b.name ?? "",
      amount: c.digits === "4000000000000036" ? b.amount + 1000 : b.amount,
      cancel_amount: 0,
      currency: "KRW",
      status: declined ? "failed" : "paid",
      fail_reason: declined ? "[6011] 카드 한도초과" : null,
      pay_method: "card",
      card_name: c.card_name,
      card_number: c.card_number,
      paid_at: declined ? 0 : Math.floor(Date.now() / 1000),
      failed_at: declined ? Math.floor(Date.now() / 1000) : 0,
      cancelled_at: 0,
      receipt_url: declined || c.digits === "4000000000000044" ? "" : `${receiptBase}/receipts/${imp_uid}`,
    };
    s.payments.set(imp_uid, payment);
    if (c.digits === "4000000000000028") await new Promise((r) => setTimeout(r, 10_000));
    return reply(payment);
  }

  const one = path.match(/^\/payments\/([^/]+)$/);
  if (one && request.method === "GET" && one[1] !== "cancel") {
    const p = s.payments.get(decodeURIComponent(one[1]));
    return p ? reply(p) : reply(null, 1, "존재하지 않는 결제정보입니다.", 404);
  }
  const find = path.match(/^\/payments\/find\/([^/]+)$/);
  if (find && request.method === "GET") {
    const uid = decodeURIComponent(find[1]);
    const p = [...s.payments.values()].filter((x) => x.merchant_uid === uid).sort((a, b) => b.paid_at - a.paid_at)[0];
    return p ? reply(p) : reply(null, 1, "존재하지 않는 결제정보입니다.", 404);
  }
  if (path === "/payments/cancel" && request.method === "POST") {
    const b = await body();
    const p = b && s.payments.get(b.imp_uid);
    if (!p) return reply(null, 1, "취소할 결제건이 존재하지 않습니다.", 404);
    if (p.status !== "paid") return reply(null, 1, "이미 전액취소된 주문입니다.");
    const cancellable = p.amount - p.cancel_amount;
    const amount = b.amount ?? cancellable;
    if (b.checksum !== undefined && b.checksum !== cancellable) return reply(null, 1, "checksum이 취소가능금액과 일치하지 않습니다.");
    if (!Number.isInteger(amount) || amount <= 0 || amount > cancellable) return reply(null, 1, "취소가능금액을 초과하였습니다.");
    p.cancel_amount += amount;
    if (p.cancel_amount === p.amount) p.status = "cancelled";
    p.cancelled_at = Math.floor(Date.now() / 1000);
    p.cancel_reason = b.reason ?? "";
    return reply(p);
  }
  return reply(null, -1, "not found", 404);
}
