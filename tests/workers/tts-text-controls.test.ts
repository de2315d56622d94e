// TTS text is kept without control and bidi characters: a NUL or a U+202E typed or pasted into a TTS request, a
// saved paragraph or an imported script is neither read, nor saved, nor shown back in the work history.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { seedStatements } from "#db/seed";
import { speakable, withoutControls } from "../../workers/api/src/lib/tts-text";
import { type Answer, signedUp, worker } from "./helpers";

const TYPED = "안녕\u0000하세요.\n\u202e반갑\u2066습니다\u2069!\u200f\u001b";
const KEPT = "안녕하세요.\n반갑습니다!";

async function call<T>(token: string, method: string, path: string, body?: unknown) {
  const res = await worker.fetch(`http://localhost/api/v1${path}`, {
    method,
    headers: { "api-key": token, lang: "en", ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = await res.json<Answer>();
  expect(answer.success, answer.message).toBe(true);
  return answer.data as T;
}

beforeAll(async () => {
  await env.DB.batch(seedStatements().map((s) => env.DB.prepare(s)));
});

describe("control and bidi characters in TTS text", () => {
  it("are removed, line breaks and tabs kept; what is read is the same", () => {
    expect(withoutControls(TYPED)).toBe(KEPT);
    expect(withoutControls("a\tb\r\nc\u0085d\u061ce\u200ef")).toBe("a\tb\r\ncdef");
    expect(speakable(TYPED)).toBe(speakable(KEPT));
  });

  it("a generation keeps and shows the text without them", async () => {
    const token = (await signedUp(`tts-controls-${crypto.randomUUID().slice(0, 6)}@example.com`)).token!;
    const made = await call<{ inference_id: string }>(token, "POST", "/studio/tts", { text: TYPED, voice_id: "ko-seoyeon" });
    const row = await env.DB.prepare("SELECT text FROM inferences WHERE id = ?").bind(made.inference_id).first<{ text: string }>();
    expect(row!.text).toBe(KEPT);
  });

  it("a saved paragraph and an imported script keep the text without them", async () => {
    const token = (await signedUp(`tts-controls-p-${crypto.randomUUID().slice(0, 6)}@example.com`)).token!;
    const id = (await call<{ id: string }>(token, "POST", "/studio/projects", { name: "Controls" })).id;
    const first = (await call<{ paragraphs: { id: string }[] }>(token, "GET", `/studio/projects/${id}`)).paragraphs[0]!;
    const paragraph = { id: first.id, text: TYPED, voice_id: "ko-minjun", lang: "ko" };
    await call(token, "PUT", `/studio/projects/${id}/paragraphs`, { paragraphs: [paragraph] });
    const saved = await call<{ paragraphs: { text: string }[] }>(token, "GET", `/studio/projects/${id}`);
    expect(saved.paragraphs.map((p) => p.text)).toEqual([KEPT]);
    const rows = await env.DB.prepare("SELECT text FROM paragraphs WHERE project_id = ?").bind(id).all<{ text: string }>();
    expect(rows.results.map((r) => r.text)).toEqual([KEPT]);
    const form = new FormData();
    form.set("file", new File(["첫 줄\u0000입니다\n\u202e둘째 줄"], "script.txt"));
    const res = await worker.fetch("http://localhost/api/v1/studio/projects/import", {
      method: "POST",
      headers: { "api-key": token, lang: "en" },
      body: form,
    });
    const imported = (await res.json<Answer>()).data as { id: string };
    const lines = await env.DB.prepare("SELECT text FROM paragraphs WHERE project_id = ? ORDER BY position")
      .bind(imported.id)
      .all<{ text: string }>();
    expect(lines.results.map((r) => r.text)).toEqual(["첫 줄입니다", "둘째 줄"]);
  });
});
