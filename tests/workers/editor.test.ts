import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { seedStatements } from "#db/seed";
import { Code } from "../../workers/api/src/lib/codes";
import { UNDO_WINDOW_MS } from "../../workers/api/src/domain/studio/projects";
import { VERSION_LIMIT, VERSION_MERGE_MS, VERSION_UNDO_MS } from "../../workers/api/src/domain/studio/snapshots";
import { signedUp, worker } from "./helpers";

/** docs/decisions/0037: the TTS editor's autosave, conflicts, version history and undo. */

type Answer<T = Record<string, unknown>> = { success: boolean; code: number; data: T; message: string };
type Paragraph = { id: string; text: string; voice_id: string; lang: string };
type Saved = { paragraphs: Paragraph[]; revision: number; undoVersion: string | null };
type Version = { id: string; revision: number; paragraphs: number; preview: string; current: boolean; savedAt: number };

beforeAll(async () => {
  await env.DB.batch(seedStatements().map((s) => env.DB.prepare(s)));
});

type Call = <T = Record<string, unknown>>(
  method: string,
  path: string,
  body?: unknown,
  at?: number,
) => Promise<{ status: number; body: Answer<T> }>;

function client(token: string | null, lang = "kr"): Call {
  return async (method, path, body, at) => {
    const headers: Record<string, string> = { lang };
    if (token) headers["api-key"] = token;
    if (body !== undefined) headers["content-type"] = "application/json";
    if (at) headers["x-test-now"] = String(at);
    const res = await worker.fetch(`http://localhost/api/v1/studio${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: await res.json<Answer<never>>() };
  };
}

let n = 0;
const member = async () => client((await signedUp(`editor${++n}-${crypto.randomUUID().slice(0, 6)}@example.com`)).token!);

async function newProject(call: Call) {
  const id = (await call<{ id: string }>("POST", "/projects", { type: "tts" })).body.data.id;
  const project = (await call<{ revision: number; paragraphs: Paragraph[] }>("GET", `/projects/${id}`)).body.data;
  return { id, first: project.paragraphs[0]!, revision: project.revision };
}

const para = (id: string | undefined, text: string) => ({ ...(id ? { id } : {}), text, voice_id: "ko-minjun" });

describe("autosave with a revision per project", () => {
  it("each save raises the revision; a save from an older revision is a conflict naming the current one; without one it overwrites", async () => {
    const call = await member();
    const { id, first, revision } = await newProject(call);
    expect(revision).toBe(0);
    const tabA = await call<Saved>("PUT", `/projects/${id}/paragraphs`, { revision: 0, paragraphs: [para(first.id, "첫 탭")] });
    expect(tabA.body.data.revision).toBe(1);
    // The second tab still has revision 0.
    const tabB = await call<{ revision: number }>("PUT", `/projects/${id}/paragraphs`, {
      revision: 0,
      paragraphs: [para(first.id, "둘째 탭")],
    });
    expect(tabB.status).toBe(409);
    expect(tabB.body).toMatchObject({ success: false, code: Code.PROJECT_CONFLICT, data: { revision: 1 } });
    expect(tabB.body.message).toContain("덮어쓰");
    // Nothing of the refused save was kept.
    const kept = await call<{ revision: number; paragraphs: Paragraph[] }>("GET", `/projects/${id}`);
    expect(kept.body.data).toMatchObject({ revision: 1, paragraphs: [expect.objectContaining({ text: "첫 탭" })] });
    // Overwrite: the page sends the revision it was told (or none).
    const overwrite = await call<Saved>("PUT", `/projects/${id}/paragraphs`, { revision: 1, paragraphs: [para(first.id, "둘째 탭")] });
    expect(overwrite.body.data.revision).toBe(2);
    const none = await call<Saved>("PUT", `/projects/${id}/paragraphs`, { paragraphs: [para(first.id, "셋째")] });
    expect(none.body.data.revision).toBe(3);
  });

  it("of two saves from the same revision at once, exactly one wins", async () => {
    const call = await member();
    const { id, first } = await newProject(call);
    const results = await Promise.all(
      ["a", "b", "c", "d"].map((t) => call("PUT", `/projects/${id}/paragraphs`, { revision: 0, paragraphs: [para(first.id, t)] })),
    );
    expect(results.filter((r) => r.body.success)).toHaveLength(1);
    expect(results.filter((r) => r.body.code === Code.PROJECT_CONFLICT)).toHaveLength(3);
  });

  it("a refused paragraph is named by its number and characters (en too); brackets, quotes and emoji are saved as typed", async () => {
    const call = await member();
    const { id, first } = await newProject(call);
    const typed = "“Hello” (again) at 3:30… 🎉";
    const saved = await call<Saved>("PUT", `/projects/${id}/paragraphs`, {
      paragraphs: [para(first.id, typed), para(undefined, "좋아요😀")],
    });
    expect(saved.body.data.paragraphs.map((p) => p.text)).toEqual([typed, "좋아요😀"]);
    const bad = await call("PUT", `/projects/${id}/paragraphs`, { paragraphs: [para(first.id, "ok"), para(undefined, "x^2 @ y")] });
    expect(bad.body).toMatchObject({
      code: Code.PARAGRAPH_TEXT_INVALID,
      message: "2번 문단에 읽을 수 없는 문자가 있습니다: ^ @",
      data: { paragraph: 1 },
    });
    const token = (await signedUp(`editor-en-${crypto.randomUUID().slice(0, 6)}@example.com`)).token!;
    const english = client(token, "en");
    const mine = await newProject(english);
    const refused = await english("PUT", `/projects/${mine.id}/paragraphs`, { paragraphs: [para(mine.first.id, "a <b> c")] });
    expect(refused.body.message).toBe("Paragraph 1 has characters that cannot be spoken: < >");
  });
});

describe("version history", () => {
  it("keeps the first state, merges a typing session, restores a version (and the restore can be undone)", async () => {
    const call = await member();
    const { id, first } = await newProject(call);
    const t0 = Date.now();
    await call("PUT", `/projects/${id}/paragraphs`, { paragraphs: [para(first.id, "하나")] }, t0);
    // Saves within VERSION_MERGE_MS of the version's start update it.
    await call("PUT", `/projects/${id}/paragraphs`, { paragraphs: [para(first.id, "하나 둘")] }, t0 + 1000);
    let versions = (await call<{ versions: Version[] }>("GET", `/projects/${id}/versions`)).body.data.versions;
    expect(versions.map((v) => v.preview)).toEqual(["하나 둘", ""]);
    // A save later starts a new version.
    const later = t0 + VERSION_MERGE_MS + 1000;
    const third = await call<Saved>(
      "PUT",
      `/projects/${id}/paragraphs`,
      { paragraphs: [para(first.id, "셋"), para(undefined, "넷")] },
      later,
    );
    versions = (await call<{ versions: Version[] }>("GET", `/projects/${id}/versions`)).body.data.versions;
    expect(versions.map((v) => [v.preview, v.paragraphs, v.current])).toEqual([
      ["셋", 2, true],
      ["하나 둘", 1, false],
      ["", 1, false],
    ]);
    // Restore "하나 둘": the first paragraph keeps its id, the second goes; the restore answers the version that undoes it.
    const restored = await call<Saved>(
      "POST",
      `/projects/${id}/versions/${versions[1]!.id}/restore`,
      { revision: third.body.data.revision },
      later + 10,
    );
    expect(restored.body.data.paragraphs.map((p) => [p.id, p.text])).toEqual([[first.id, "하나 둘"]]);
    expect(restored.body.data.undoVersion).toBe(versions[0]!.id);
    // A stale restore is a conflict too.
    const stale = await call("POST", `/projects/${id}/versions/${versions[2]!.id}/restore`, { revision: 0 }, later + 20);
    expect(stale.body.code).toBe(Code.PROJECT_CONFLICT);
    const undo = await call<Saved>("POST", `/projects/${id}/versions/${restored.body.data.undoVersion}/restore`, {}, later + 30);
    expect(undo.body.data.paragraphs.map((p) => p.text)).toEqual(["셋", "넷"]);
  });

  it("a checkpoint save (a paragraph deleted) can be undone by restoring the version it answers", async () => {
    const call = await member();
    const { id, first } = await newProject(call);
    const two = await call<Saved>("PUT", `/projects/${id}/paragraphs`, { paragraphs: [para(first.id, "하나"), para(undefined, "둘")] });
    const [a, b] = two.body.data.paragraphs;
    const removed = await call<Saved>("PUT", `/projects/${id}/paragraphs`, { paragraphs: [para(a!.id, "하나")], checkpoint: true });
    expect(removed.body.data.paragraphs).toHaveLength(1);
    const undo = await call<Saved>("POST", `/projects/${id}/versions/${removed.body.data.undoVersion}/restore`, {});
    expect(undo.body.data.paragraphs.map((p) => p.text)).toEqual(["하나", "둘"]);
    expect(undo.body.data.paragraphs[0]!.id).toBe(a!.id);
    expect(undo.body.data.paragraphs[1]!.id).not.toBe(b!.id);
  });

  it(`keeps at most ${VERSION_LIMIT} versions`, async () => {
    const call = await member();
    const { id, first } = await newProject(call);
    const t0 = Date.now();
    for (let i = 0; i < VERSION_LIMIT + 3; i++)
      await call("PUT", `/projects/${id}/paragraphs`, { paragraphs: [para(first.id, `v${i}`)] }, t0 + i * (VERSION_MERGE_MS + 1));
    const versions = (await call<{ versions: Version[] }>("GET", `/projects/${id}/versions`)).body.data.versions;
    expect(versions).toHaveLength(VERSION_LIMIT);
    expect(versions[0]!.preview).toBe(`v${VERSION_LIMIT + 2}`);
    const rows = await env.DB.prepare("SELECT COUNT(*) AS n FROM project_versions WHERE project_id = ?").bind(id).first<{ n: number }>();
    expect(rows!.n).toBe(VERSION_LIMIT);
  });

  it("a deleted version can be brought back for a few seconds only", async () => {
    const call = await member();
    const { id, first } = await newProject(call);
    await call("PUT", `/projects/${id}/paragraphs`, { paragraphs: [para(first.id, "하나")] });
    const [v] = (await call<{ versions: Version[] }>("GET", `/projects/${id}/versions`)).body.data.versions;
    const t = Date.now();
    const deleted = await call<{ undoUntil: number }>("DELETE", `/projects/${id}/versions/${v!.id}`, undefined, t);
    expect(deleted.body.data.undoUntil).toBe(t + VERSION_UNDO_MS);
    expect((await call<{ versions: Version[] }>("GET", `/projects/${id}/versions`)).body.data.versions.map((x) => x.id)).not.toContain(
      v!.id,
    );
    // Deleted: no restore from it.
    expect((await call("POST", `/projects/${id}/versions/${v!.id}/restore`, {})).status).toBe(404);
    expect((await call("POST", `/projects/${id}/versions/${v!.id}/undelete`, undefined, t + 1000)).body.success).toBe(true);
    expect((await call<{ versions: Version[] }>("GET", `/projects/${id}/versions`)).body.data.versions.map((x) => x.id)).toContain(v!.id);
    await call("DELETE", `/projects/${id}/versions/${v!.id}`, undefined, t + 2000);
    const late = await call("POST", `/projects/${id}/versions/${v!.id}/undelete`, undefined, t + 2000 + VERSION_UNDO_MS + 1);
    expect(late.status).toBe(410);
    expect(late.body.code).toBe(Code.UNDO_EXPIRED);
  });
});

describe("deleting a project offers undo", () => {
  it("a deleted project leaves the list at once, comes back within the undo time, and is purged after", async () => {
    const call = await member();
    const { id } = await newProject(call);
    const t = Date.now();
    const deleted = await call<{ undoUntil: number }>("DELETE", `/projects/${id}`, undefined, t);
    expect(deleted.body.data).toMatchObject({ deleted: true, id, undoUntil: t + UNDO_WINDOW_MS });
    expect((await call<unknown[]>("GET", "/projects", undefined, t + 1)).body.data).toEqual([]);
    expect((await call("GET", `/projects/${id}`)).status).toBe(404);
    expect((await call<{ id: string }>("POST", `/projects/${id}/restore`, undefined, t + 5000)).body.data).toMatchObject({ id });
    expect((await call<{ id: string }[]>("GET", "/projects", undefined, t + 5001)).body.data.map((p) => p.id)).toEqual([id]);
    // Too late: refused, and the list purges it.
    await call("DELETE", `/projects/${id}`, undefined, t + 6000);
    const late = await call("POST", `/projects/${id}/restore`, undefined, t + 6000 + UNDO_WINDOW_MS + 1);
    expect(late.body.code).toBe(Code.UNDO_EXPIRED);
    await call("GET", "/projects", undefined, t + 6000 + UNDO_WINDOW_MS + 2);
    expect(await env.DB.prepare("SELECT id FROM projects WHERE id = ?").bind(id).first()).toBeNull();
    expect((await call("POST", `/projects/${id}/restore`)).status).toBe(404);
  });

  it("a deleted project frees its place under the Free limit; its undo is refused when the place was taken", async () => {
    const call = await member();
    const ids = [];
    for (let i = 0; i < 3; i++) ids.push((await newProject(call)).id);
    await call("DELETE", `/projects/${ids[0]}`);
    expect((await call("POST", "/projects", { type: "tts" })).body.success).toBe(true);
    const undo = await call("POST", `/projects/${ids[0]}/restore`);
    expect(undo.body.code).toBe(Code.PROJECT_LIMIT);
  });
});

describe("every new endpoint: the owner, another member, a visitor", () => {
  it("another member gets 404 and a visitor 401, and nothing changes", async () => {
    const owner = await member();
    const intruder = await member();
    const visitor = client(null);
    const { id, first } = await newProject(owner);
    await owner("PUT", `/projects/${id}/paragraphs`, { paragraphs: [para(first.id, "주인")] });
    const [v] = (await owner<{ versions: Version[] }>("GET", `/projects/${id}/versions`)).body.data.versions;
    const calls = [
      ["PUT", `/projects/${id}/paragraphs`, { revision: 1, paragraphs: [para(first.id, "남의 것")] }],
      ["GET", `/projects/${id}/versions`, undefined],
      ["GET", `/projects/${id}?versions=1`, undefined],
      ["POST", `/projects/${id}/versions/${v!.id}/restore`, {}],
      ["DELETE", `/projects/${id}/versions/${v!.id}`, undefined],
      ["POST", `/projects/${id}/versions/${v!.id}/undelete`, undefined],
      ["DELETE", `/projects/${id}`, undefined],
      ["POST", `/projects/${id}/restore`, undefined],
    ] as const;
    for (const [method, path, body] of calls) {
      expect((await intruder(method, path, body)).status, `member ${method} ${path}`).toBe(404);
      const asVisitor = await visitor(method, path, body);
      expect(asVisitor.status, `visitor ${method} ${path}`).toBe(401);
      expect(asVisitor.body.code).toBe(Code.LOGIN_REQUIRED);
    }
    const project = await owner<{ revision: number; paragraphs: Paragraph[] }>("GET", `/projects/${id}`);
    expect(project.body.data).toMatchObject({ revision: 1, paragraphs: [expect.objectContaining({ text: "주인" })] });
    // The owner can do each; the editor's read has the project, its paragraphs and the same history in one answer.
    const history = (await owner<{ versions: Version[] }>("GET", `/projects/${id}/versions`)).body.data.versions;
    const both = await owner<{ revision: number; paragraphs: Paragraph[]; versions: Version[] }>("GET", `/projects/${id}?versions=1`);
    expect(both.body.data).toMatchObject({ revision: 1, paragraphs: [expect.objectContaining({ text: "주인" })] });
    expect(both.body.data.versions).toEqual(history);
    expect(history.length).toBeGreaterThan(0);
    expect(project.body.data).not.toHaveProperty("versions");
    expect((await owner("POST", `/projects/${id}/versions/${v!.id}/restore`, {})).status).toBe(200);
    expect((await owner("DELETE", `/projects/${id}`)).status).toBe(200);
    // Another member cannot bring back the owner's deleted project either.
    expect((await intruder("POST", `/projects/${id}/restore`)).status).toBe(404);
    expect((await owner("POST", `/projects/${id}/restore`)).status).toBe(200);
  });
});

describe("import: the text rules and a language per line", () => {
  const upload = async (token: string, name: string, content: string) => {
    const form = new FormData();
    form.set("file", new File([content], name, { type: "text/plain" }));
    const res = await worker.fetch("http://localhost/api/v1/studio/projects/import", {
      method: "POST",
      headers: { "api-key": token },
      body: form,
    });
    return { status: res.status, body: await res.json<Answer<{ id: string; paragraphs: number }>>() };
  };

  it("English lines get English and an English voice, Korean lines Korean; quotes and emoji are kept as typed", async () => {
    const s = await signedUp(`import-lang-${crypto.randomUUID().slice(0, 6)}@example.com`);
    const res = await upload(s.token!, "script.txt", "“안녕하세요” 여러분!\nWelcome to the show… 🎉\n12:30\n오늘은 YouTube 얘기예요.");
    expect(res.body.data.paragraphs).toBe(4);
    const project = await client(s.token!)<{ paragraphs: Paragraph[] }>("GET", `/projects/${res.body.data.id}`);
    const rows = project.body.data.paragraphs.map((p) => [p.text, p.lang, p.voice_id.slice(0, 3)]);
    expect(rows).toEqual([
      ["“안녕하세요” 여러분!", "ko", "ko-"],
      ["Welcome to the show… 🎉", "en", "en-"],
      // A line of neither script takes the line before it.
      ["12:30", "en", "en-"],
      ["오늘은 YouTube 얘기예요.", "ko", "ko-"],
    ]);
  });

  it("a line that cannot be spoken is refused by its number and characters, in the member's language", async () => {
    const s = await signedUp(`import-bad-${crypto.randomUUID().slice(0, 6)}@example.com`);
    const res = await upload(s.token!, "bad.txt", "첫 줄\n둘째 줄\n메일 a@b §");
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: Code.PARAGRAPH_TEXT_INVALID, message: "3번 문단에 읽을 수 없는 문자가 있습니다: @ §" });
    expect((await client(s.token!)<unknown[]>("GET", "/projects")).body.data).toEqual([]);
  });
});
