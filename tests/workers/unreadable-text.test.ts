// Text the api cannot read faithfully is refused with a localized message, never stored as U+FFFD: a lone
// surrogate escaped in JSON, bytes that are not UTF-8 in a JSON body or a form field, and U+FFFD itself.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { seedStatements } from "#db/seed";
import { Code } from "../../workers/api/src/lib/codes";
import { type Answer, signedUp, worker } from "./helpers";

const EN = "The text contains a character that cannot be read (a lone surrogate or U+FFFD). Copy and paste the text again.";
const KO = "읽을 수 없는 문자(짝이 없는 서로게이트 또는 U+FFFD)가 들어 있습니다. 텍스트를 다시 복사해 붙여 넣어 주세요.";

const bytes = (...parts: (string | number[])[]) =>
  Uint8Array.from(parts.flatMap((p) => (typeof p === "string" ? [...new TextEncoder().encode(p)] : p)));

async function send(token: string, path: string, body: Uint8Array, type: string | null, lang = "en") {
  const res = await worker.fetch(`http://localhost/api/v1${path}`, {
    method: "POST",
    headers: { lang, "api-key": token, ...(type ? { "content-type": type } : {}) },
    body: body as Uint8Array<ArrayBuffer>,
  });
  return { status: res.status, ...(await res.json<Answer>()) };
}
let token: string;
beforeAll(async () => {
  await env.DB.batch(seedStatements().map((s) => env.DB.prepare(s)));
  token = (await signedUp(`unreadable-${crypto.randomUUID().slice(0, 6)}@example.com`)).token!;
});

describe("unreadable text", () => {
  it("a JSON body with a lone surrogate, bytes that are not UTF-8 or U+FFFD is refused, naming the field", async () => {
    const cases: Record<string, Uint8Array> = {
      "an escaped high surrogate": bytes('{"nickname":"a\\ud800b"}'),
      "an escaped low surrogate at the end": bytes('{"nickname":"ab\\udc00"}'),
      "a surrogate encoded as UTF-8 bytes": bytes('{"nickname":"a', [0xed, 0xa0, 0x80], 'b"}'),
      "a byte that is not UTF-8": bytes('{"nickname":"a', [0xff], 'b"}'),
      "U+FFFD itself": bytes('{"nickname":"a\ufffdb"}'),
    };
    for (const [name, body] of Object.entries(cases)) {
      const r = await send(token, "/member/updatemember", body, "application/json");
      expect([r.status, r.code, r.message], name).toEqual([400, Code.BAD_REQUEST, `nickname: ${EN}`]);
    }
    const ko = await send(token, "/studio/projects", bytes('{"type":"tts","name":"\\udfff"}'), "application/json", "kr");
    expect([ko.status, ko.message]).toEqual([400, `name: ${KO}`]);
    // A pair of surrogates is one character (an emoji), and fine.
    const emoji = await send(token, "/member/updatemember", bytes('{"nickname":"mic \\ud83c\\udf99"}'), "application/json");
    expect(emoji.success, emoji.message).toBe(true);
  });

  it("a form field with bytes that are not UTF-8 is refused, in ko and en", async () => {
    // Built by hand, so the bytes reach the platform's form parser as they are.
    const boundary = "----unreadable";
    const form = (content: Uint8Array) =>
      bytes(
        `--${boundary}\r\ncontent-disposition: form-data; name="category"\r\n\r\nservice\r\n`,
        `--${boundary}\r\ncontent-disposition: form-data; name="content"\r\n\r\n`,
        [...content],
        `\r\n--${boundary}--\r\n`,
      );
    const type = `multipart/form-data; boundary=${boundary}`;
    const en = await send(token, "/help/inquiries", form(bytes("hello ", [0xed, 0xb0, 0x80], " there")), type);
    expect([en.status, en.code, en.message]).toEqual([400, Code.BAD_REQUEST, `content: ${EN}`]);
    const ko = await send(token, "/help/inquiries", form(bytes("안녕", [0xc3, 0x28])), type, "kr");
    expect([ko.status, ko.message]).toEqual([400, `content: ${KO}`]);
    expect((await send(token, "/help/inquiries", form(bytes("읽을 수 있는 문의 🎙️")), type)).success).toBe(true);
  });
});
