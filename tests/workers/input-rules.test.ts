import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { seedStatements } from "#db/seed";
import { Code } from "../../workers/api/src/lib/codes";
import { type Answer, signedUp, worker } from "./helpers";

/** Wrong methods, control and bidi characters in names, duplicate paragraph ids. */
const call = async (token: string | null, method: string, path: string, body?: unknown, lang = "en") => {
  const res = await worker.fetch(`http://localhost/api/v1${path}`, {
    method,
    headers: { lang, ...(token ? { "api-key": token } : {}), ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, allow: res.headers.get("allow"), body: await res.json<Answer>() };
};
let token: string;

beforeAll(async () => {
  await env.DB.batch(seedStatements().map((s) => env.DB.prepare(s)));
  token = (await signedUp(`rules-${crypto.randomUUID().slice(0, 6)}@example.com`)).token!;
});

describe("input rules", () => {
  it("a wrong method answers 405 (4005) with Allow, in both languages; an unknown path 404", async () => {
    const en = await call(null, "DELETE", "/utils/planlist");
    expect(en).toMatchObject({
      status: 405,
      allow: "GET, HEAD",
      body: { success: false, code: Code.METHOD_NOT_ALLOWED, message: "This request method is not allowed." },
    });
    const ko = await call(null, "GET", "/member/login", undefined, "kr");
    expect(ko).toMatchObject({
      status: 405,
      allow: "POST",
      body: { code: Code.METHOD_NOT_ALLOWED, message: "허용되지 않는 요청 방식입니다." },
    });
    expect((await call(token, "PUT", `/studio/projects/${crypto.randomUUID()}`, {})).allow).toBe("GET, PATCH, DELETE, HEAD");
    expect((await call(null, "GET", "/no/such/path")).body.code).toBe(Code.NOT_FOUND);
  });

  it("names and titles refuse control characters, NUL and bidi overrides, with a localized message", async () => {
    for (const bad of ["a\u0000b", "evil\u202egnp.exe", "line\nbreak", "\u2066isolate", "tab\there", "del\u007f"]) {
      const nick = await call(token, "POST", "/member/updatemember", { nickname: bad });
      expect(nick.status, JSON.stringify(bad)).toBe(400);
      expect(nick.body.message).toContain("Control characters and invisible direction marks are not allowed.");
      const ko = await call(token, "POST", "/studio/projects", { type: "tts", name: bad }, "kr");
      expect(ko.body.code).toBe(Code.BAD_REQUEST);
      expect(ko.body.message).toContain("제어 문자나 보이지 않는 방향 바꿈 문자는 쓸 수 없습니다.");
    }
    // Ordinary names in any script, emoji included, are fine.
    expect((await call(token, "POST", "/member/updatemember", { nickname: "민준 🎙️ ok" })).body.success).toBe(true);
    const project = await call(token, "POST", "/studio/projects", { type: "tts", name: "광고 — 2026年 🎧" });
    expect(project.body.success).toBe(true);
    const renamed = await call(token, "PATCH", `/studio/projects/${(project.body.data as { id: string }).id}`, { name: "x\u202ey" });
    expect(renamed.status).toBe(400);
  });

  it("a choice's message lists the options in the reader's language (a card's type: personal or corporate in English)", async () => {
    const card = { card_number1: "1234", card_number2: "5678", card_number3: "9012", card_number4: "3456", expiry: "12/30" };
    const body = { ...card, birth: "900101", pwd_2digit: "12", card_type: "business" };
    const en = await call(token, "POST", "/payment/registcard", body);
    expect(en.status).toBe(400);
    expect(en.body.message).toBe('card_type: Invalid option: expected one of "personal"|"corporate"');
    const ko = await call(token, "POST", "/payment/registcard", body, "kr");
    expect(ko.body.message).toContain('"개인"또는 "법인"');
  });

  it("the same paragraph id twice in one PUT is refused, and nothing changes", async () => {
    const created = await call(token, "POST", "/studio/projects", { type: "tts" });
    const id = (created.body.data as { id: string }).id;
    const before = (await call(token, "GET", `/studio/projects/${id}`)).body.data as {
      paragraphs: { id: string; voice_id: string; text: string }[];
    };
    const p = before.paragraphs[0]!;
    const res = await call(token, "PUT", `/studio/projects/${id}/paragraphs`, {
      paragraphs: [
        { id: p.id, text: "첫 문장입니다.", voice_id: p.voice_id },
        { id: p.id, text: "두 번째 문장입니다.", voice_id: p.voice_id },
      ],
    });
    expect(res).toMatchObject({
      status: 400,
      body: { code: Code.BAD_REQUEST, message: "paragraphs: The same id appears more than once." },
    });
    const after = (await call(token, "GET", `/studio/projects/${id}`)).body.data as { paragraphs: { id: string; text: string }[] };
    expect(after.paragraphs).toEqual(before.paragraphs);
  });

  it("an uploaded file's name loses control and bidi characters before it names a project", async () => {
    const form = new FormData();
    form.set("file", new File(["line one\nline two\n"], "memo\u202etxt.\u0007exe.txt"));
    const res = await worker.fetch("http://localhost/api/v1/studio/projects/import", {
      method: "POST",
      headers: { "api-key": token, lang: "en" },
      body: form,
    });
    const body = await res.json<Answer>();
    expect(body.success).toBe(true);
    const id = (body.data as { id: string }).id;
    const project = (await call(token, "GET", `/studio/projects/${id}`)).body.data as { name: string };
    expect(project.name).toBe("memotxt.exe");
  });
});
