import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { seedStatements } from "#db/seed";
import { Code } from "../../workers/api/src/lib/codes";
import { scriptToParagraphs } from "../../workers/api/src/domain/studio/projects";
import { signedUp, worker } from "./helpers";

type Answer<T = Record<string, unknown>> = { success: boolean; code: number; data: T; message: string };
type Paragraph = {
  id: string;
  text: string;
  voice_id: string;
  position: number;
  pitch: number;
  tempo: number;
  style: string;
  pause_ms: number;
};

beforeAll(async () => {
  await env.DB.batch(seedStatements().map((s) => env.DB.prepare(s)));
});

function client(token: string, lang = "kr") {
  const call = async <T = Record<string, unknown>>(method: string, path: string, body?: unknown) => {
    const res = await worker.fetch(`http://localhost/api/v1/studio${path}`, {
      method,
      headers: { "api-key": token, lang, ...(body === undefined ? {} : { "content-type": "application/json" }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: await res.json<Answer<T>>() };
  };
  return call;
}

let n = 0;
const member = async () => client((await signedUp(`studio${++n}-${crypto.randomUUID().slice(0, 6)}@example.com`)).token!);

describe("studio projects", () => {
  it("creates a TTS project with one empty first paragraph in the member's language, lists and renames it", async () => {
    const call = await member();
    const created = await call<{ id: string }>("POST", "/projects", { type: "tts" });
    expect(created.status).toBe(200);
    const project = await call<{ name: string; type: string; paragraphs: Paragraph[] }>("GET", `/projects/${created.body.data.id}`);
    expect(project.body.data).toMatchObject({ name: "제목 없는 프로젝트", type: "tts" });
    expect(project.body.data.paragraphs).toHaveLength(1);
    expect(project.body.data.paragraphs[0]).toMatchObject({ text: "", position: 0, pitch: 0, tempo: 1, style: "neutral" });
    expect(project.body.data.paragraphs[0]!.voice_id).toMatch(/^ko-/);
    await call("PATCH", `/projects/${created.body.data.id}`, { name: "광고 내레이션" });
    const list = await call<{ id: string; name: string; paragraphs: number }[]>("GET", "/projects?type=tts");
    expect(list.body.data).toEqual([expect.objectContaining({ id: created.body.data.id, name: "광고 내레이션", paragraphs: 1 })]);
    expect((await call<unknown[]>("GET", "/projects?type=sts")).body.data).toEqual([]);
  });

  it("the Free plan stops at 3 projects, even with 6 created at once", async () => {
    const call = await member();
    const results = await Promise.all(Array.from({ length: 6 }, () => call("POST", "/projects", { type: "tts" })));
    expect(results.filter((r) => r.body.success)).toHaveLength(3);
    const refused = results.find((r) => !r.body.success)!;
    expect(refused.status).toBe(402);
    expect(refused.body.code).toBe(Code.PROJECT_LIMIT);
    expect((await call<unknown[]>("GET", "/projects")).body.data).toHaveLength(3);
  });

  it("a paid plan has no project limit", async () => {
    const s = await signedUp(`paid-${crypto.randomUUID().slice(0, 6)}@example.com`);
    await env.DB.prepare("UPDATE members SET plan = 'Starter' WHERE email = ?").bind(s.email).run();
    const call = client(s.token!);
    for (let i = 0; i < 4; i++) expect((await call("POST", "/projects", {})).body.success).toBe(true);
  });

  it("saves paragraphs in order; the first stays first; rules and voices are checked", async () => {
    const call = await member();
    const id = (await call<{ id: string }>("POST", "/projects", {})).body.data.id;
    const first = (await call<{ paragraphs: Paragraph[] }>("GET", `/projects/${id}`)).body.data.paragraphs[0]!;
    const saved = await call<{ paragraphs: Paragraph[] }>("PUT", `/projects/${id}/paragraphs`, {
      paragraphs: [
        { id: first.id, text: "안녕하세요. 보이스 스튜디오입니다.", voice_id: "ko-seoyeon", pitch: 3, tempo: 1.2, style: "happy" },
        { text: "Welcome to the studio!", voice_id: "en-emma", lang: "en", pause_ms: 800 },
      ],
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data.paragraphs.map((p) => [p.position, p.voice_id, p.text])).toEqual([
      [0, "ko-seoyeon", "안녕하세요. 보이스 스튜디오입니다."],
      [1, "en-emma", "Welcome to the studio!"],
    ]);
    expect(saved.body.data.paragraphs[0]).toMatchObject({ id: first.id, pitch: 3, tempo: 1.2, style: "happy" });
    const second = saved.body.data.paragraphs[1]!;

    // Deleting (or moving) the first paragraph is refused.
    const moved = await call("PUT", `/projects/${id}/paragraphs`, { paragraphs: [{ id: second.id, text: "x", voice_id: "en-emma" }] });
    expect(moved.body.code).toBe(Code.FIRST_PARAGRAPH);
    const invalid = await call("PUT", `/projects/${id}/paragraphs`, {
      paragraphs: [{ id: first.id, text: "가격 §5 (할인) @", voice_id: "ko-minjun" }],
    });
    // Brackets are read; what cannot be spoken is named with its paragraph.
    expect(invalid.body).toMatchObject({ code: Code.PARAGRAPH_TEXT_INVALID, message: "1번 문단에 읽을 수 없는 문자가 있습니다: § @" });
    const long = await call("PUT", `/projects/${id}/paragraphs`, {
      paragraphs: [{ id: first.id, text: "가".repeat(501), voice_id: "ko-minjun" }],
    });
    expect(long.body).toMatchObject({ code: Code.PARAGRAPH_TEXT_TOO_LONG, message: expect.stringContaining("500") });
    const voice = await call("PUT", `/projects/${id}/paragraphs`, { paragraphs: [{ id: first.id, text: "a", voice_id: "no-such-voice" }] });
    expect(voice.body.code).toBe(Code.VOICE_NOT_FOUND);
    const pitch = await call("PUT", `/projects/${id}/paragraphs`, {
      paragraphs: [{ id: first.id, text: "a", voice_id: "ko-minjun", pitch: 25 }],
    });
    expect(pitch.status).toBe(400);
    // Nothing of the refused saves was kept.
    const after = await call<{ paragraphs: Paragraph[] }>("GET", `/projects/${id}`);
    expect(after.body.data.paragraphs.map((p) => p.text)).toEqual(["안녕하세요. 보이스 스튜디오입니다.", "Welcome to the studio!"]);
  });

  it("another member's project is not found, for every call", async () => {
    const owner = await member();
    const intruder = await member();
    const id = (await owner<{ id: string }>("POST", "/projects", {})).body.data.id;
    for (const [method, path, body] of [
      ["GET", `/projects/${id}`, undefined],
      ["PATCH", `/projects/${id}`, { name: "mine" }],
      ["PUT", `/projects/${id}/paragraphs`, { paragraphs: [{ text: "a", voice_id: "ko-minjun" }] }],
      ["DELETE", `/projects/${id}`, undefined],
    ] as const) {
      const res = await intruder(method, path, body);
      expect(res.status, `${method} ${path}`).toBe(404);
    }
    expect((await owner("GET", `/projects/${id}`)).status).toBe(200);
    expect((await owner("DELETE", `/projects/${id}`)).body.success).toBe(true);
    expect((await owner("GET", `/projects/${id}`)).status).toBe(404);
  });

  it("imports a .txt script as a paragraph per line, and refuses other files", async () => {
    const s = await signedUp(`import-${crypto.randomUUID().slice(0, 6)}@example.com`);
    const upload = (name: string, content: BlobPart) => {
      const form = new FormData();
      form.set("file", new File([content], name, { type: "text/plain" }));
      return worker.fetch("http://localhost/api/v1/studio/projects/import", {
        method: "POST",
        headers: { "api-key": s.token! },
        body: form,
      });
    };
    const res = await upload("대본.txt", "\uFEFF첫 줄입니다.\r\n\r\nSecond line.\n셋째 줄");
    const body = await res.json<Answer<{ id: string; paragraphs: number }>>();
    expect(body.data.paragraphs).toBe(3);
    const project = await client(s.token!)<{ name: string; paragraphs: Paragraph[] }>("GET", `/projects/${body.data.id}`);
    expect(project.body.data.name).toBe("대본");
    expect(project.body.data.paragraphs.map((p) => p.text)).toEqual(["첫 줄입니다.", "Second line.", "셋째 줄"]);
    // Windows Notepad's other encodings: Korean ANSI (CP949, with a letter outside EUC-KR: 똠) and "Unicode" (UTF-16 with its BOM).
    const lines = ["첫 줄입니다.", "똠방각하 Second line."];
    const cp949 = new Uint8Array([
      195, 185, 32, 193, 217, 192, 212, 180, 207, 180, 217, 46, 13, 10, 140, 99, 185, 230, 176, 162, 199, 207, 32, 83, 101, 99, 111, 110,
      100, 32, 108, 105, 110, 101, 46, 13, 10,
    ]);
    const utf16 = new Uint8Array([
      0xff,
      0xfe,
      ...Array.from(lines.join("\r\n"), (ch) => [ch.charCodeAt(0) & 0xff, ch.charCodeAt(0) >> 8]).flat(),
    ]);
    for (const [name, bytes] of [
      ["ansi.txt", cp949],
      ["unicode.txt", utf16],
    ] as const) {
      const made = await (await upload(name, bytes)).json<Answer<{ id: string; paragraphs: number }>>();
      expect(made.success, name).toBe(true);
      const texts = await client(s.token!)<{ paragraphs: Paragraph[] }>("GET", `/projects/${made.data.id}`);
      expect(
        texts.body.data.paragraphs.map((p) => p.text),
        name,
      ).toEqual(lines);
    }
    expect((await upload("song.mp3", "ID3")).status).toBe(400);
    expect((await upload("bad.txt", new Uint8Array([0xff, 0xfe, 0x00]))).status).toBe(400);
    expect((await upload("empty.txt", "\n \n")).status).toBe(400);
  });

  it("splits a long line after a sentence end", () => {
    const line = "가나다라마. ".repeat(150).trim();
    const parts = scriptToParagraphs(line);
    expect(parts.length).toBeGreaterThan(1);
    for (const p of parts) expect([...p].length).toBeLessThanOrEqual(500);
    expect(parts.every((p) => p.endsWith("."))).toBe(true);
    expect(parts.join(" ")).toBe(line);
  });

  it("needs a login", async () => {
    const res = await worker.fetch("http://localhost/api/v1/studio/projects");
    expect(res.status).toBe(401);
  });
});
