// The pure parts of the PayPal stand-in (./paypal.js): ids, PayPal's error shape, the approval page's HTML, money
// in PayPal's decimal strings, and the CRC-32 its webhook signature takes of the event body.
export const nowIso = () => new Date().toISOString().replace(/\.\d{3}Z$/, "Z");
const ALPHABET = "0123456789ABCDEFGHJKLMNPRSTUVWXY";
export const newId = (n = 17) => Array.from(crypto.getRandomValues(new Uint8Array(n)), (b) => ALPHABET[b % 32]).join("");
export const MESSAGES = {
  INVALID_REQUEST: "Request is not well-formed, syntactically incorrect, or violates schema.",
  UNPROCESSABLE_ENTITY: "The requested action could not be performed, semantically incorrect, or failed business validation.",
  RESOURCE_NOT_FOUND: "The specified resource does not exist.",
};
export const problem = (status, name, issue, description) => ({
  status,
  body: {
    name,
    message: MESSAGES[name] ?? name,
    debug_id: newId(13).toLowerCase(),
    details: [{ issue, description }],
    links: [{ href: `https://developer.paypal.com/api/rest/reference/orders/v2/errors/#${issue}`, rel: "information_link", method: "GET" }],
  },
});
export const answer = ({ status, body }) => Response.json(body, { status });
export const html = (status, title, body) =>
  new Response(
    `<!doctype html><html lang="en"><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${title}</title><body style="font-family:sans-serif;max-width:30rem;margin:3rem auto">${body}</body></html>`,
    {
      status,
      headers: { "content-type": "text/html; charset=utf-8" },
    },
  );
export const esc = (v) =>
  String(v ?? "").replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);
export const money = (v) => /^\d{1,10}(\.\d{2})?$/.test(v ?? "") && Number(v) > 0;
export const cents = (v) => Math.round(Number(v) * 100);
export const value = (c) => (c / 100).toFixed(2);
export const absolute = (v) => {
  try {
    return ["http:", "https:"].includes(new URL(v).protocol);
  } catch {
    return false;
  }
};

/** CRC-32 (IEEE) of a text's UTF-8 bytes, as PayPal's signed message takes the event body's. */
export const crc32 = (text) => {
  let crc = -1;
  for (const byte of new TextEncoder().encode(text)) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return (crc ^ -1) >>> 0;
};
