import type { ActionFunctionArgs, AppLoadContext } from "@remix-run/cloudflare";
import { describe, expect, it } from "vitest";
import { action as historyAction } from "~/routes/studio.history.server";
import { action as projectListAction } from "~/routes/studio._index.server";
import { action as stsAction } from "~/routes/studio.projects.speech-to-speech.server";
import { action as ttsEditorAction } from "~/routes/studio.projects.text-to-speech.server";
import { Code } from "#contracts/codes";
import { apiStandin, no, ok, sealedCookieOf, type ApiCall } from "./api-standin";

/**
 * The studio pages' actions as plain functions with real Requests, against a stand-in of the api
 * worker: each form's schema (a discriminated union on `intent`), what it sends, and how an answer
 * becomes a field error, a usage dialog or a redirect with a toast.
 */
type Action = (args: ActionFunctionArgs) => Promise<unknown>;

async function setup(route: (call: ApiCall) => unknown) {
  const { calls, context, cookie } = await apiStandin(route);
  const post = (action: Action, url: string, fields: Record<string, string | string[] | File>) => {
    const form = new FormData();
    for (const [k, v] of Object.entries(fields)) for (const one of [v].flat()) form.append(k, one);
    const request = new Request(`http://localhost:8787${url}`, { method: "POST", body: form, headers: { cookie } });
    return outcome(action({ request, context, params: {} } as ActionFunctionArgs));
  };
  return { calls, context, post };
}

type Answer = {
  form?: string;
  error?: string | null;
  usage?: { kind: string; message: string } | null;
  result?: { error?: Record<string, string[] | null>; intent?: unknown };
};

/** What an action threw (a redirect) or answered (data with a status). */
async function outcome(promise: Promise<unknown>) {
  try {
    const value = (await promise) as { data: Answer; init: ResponseInit | null };
    return { status: value.init?.status ?? 200, data: value.data, location: null };
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown;
    return { status: thrown.status, data: null, location: thrown.headers.get("location") };
  }
}

const flashOf = (context: AppLoadContext) => sealedCookieOf<Record<string, unknown>>(context, "flash");
const toastOf = (context: AppLoadContext) => sealedCookieOf<{ key: string; params?: Record<string, string> }>(context, "toast");

describe("the project list", () => {
  it("refuses an empty import and an unknown button without calling the api, back on the list's own address", async () => {
    const { calls, post } = await setup(() => null);
    // A post from /studio goes to /studio?index: the answer is the list without it.
    expect(await post(projectListAction, "/studio?index&type=tts", { intent: "import", file: new File([], "") })).toMatchObject({
      status: 302,
      location: "/studio?type=tts",
    });
    expect(await post(projectListAction, "/studio?index", { intent: "rename" })).toMatchObject({ status: 302, location: "/studio" });
    expect(calls).toEqual([]);
  });

  // An empty .txt did nothing at all, and a file that is not UTF-8 text said "요청 내용을 확인해 주세요."
  it("says what an import needs when the chosen file is empty or the api refuses it as a script", async () => {
    const refusedImport = "텍스트가 담긴 .txt 파일을 골라 주세요 (UTF-8·UTF-16·한글 ANSI, 256KB·200줄 이하).";
    const empty = await setup(() => null);
    const r = await empty.post(projectListAction, "/studio?index", { intent: "import", file: new File([], "empty.txt") });
    expect(r).toMatchObject({ status: 302, location: "/studio" });
    expect(empty.calls).toEqual([]);
    expect(await flashOf(empty.context)).toEqual({ studioList: { error: refusedImport, usage: null } });
    for (const code of [Code.BAD_REQUEST, Code.TEXT_EMPTY]) {
      const binary = await setup(() => no(code, "요청 내용을 확인해 주세요."));
      const file = new File([new Uint8Array([0xff, 0xfe, 0, 0x89])], "photo.txt");
      expect(await binary.post(projectListAction, "/studio?index", { intent: "import", file })).toMatchObject({ location: "/studio" });
      expect(await flashOf(binary.context)).toEqual({ studioList: { error: refusedImport, usage: null } });
    }
    // Any other refusal keeps the api's message (the project limit opens its dialog).
    const limit = await setup(() => no(Code.PROJECT_LIMIT, "3개까지"));
    await limit.post(projectListAction, "/studio?index", { intent: "import", file: new File(["안녕하세요"], "a.txt") });
    expect(await flashOf(limit.context)).toMatchObject({ studioList: { usage: { kind: "projectLimit" } } });
  });

  it("asks before deleting the selected projects, then deletes them, comes back to the same list and offers undo", async () => {
    const { calls, post } = await setup(() => ok(null));
    const asked = await post(projectListAction, "/studio?type=tts", { intent: "delete", id: ["p1", "p2"], format: "wav" });
    expect(asked.location).toBe("/studio?type=tts&confirm=delete&id=p1&id=p2");
    expect(calls).toEqual([]);
    const r = await post(projectListAction, "/studio?type=tts", { intent: "delete", id: ["p1", "p2"], confirmed: "1" });
    expect(r.location).toBe("/studio?type=tts&undo=p1%2Cp2");
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(["DELETE /studio/projects/p1", "DELETE /studio/projects/p2"]);
    const undone = await post(projectListAction, "/studio?type=tts&undo=p1%2Cp2", { intent: "restore", id: ["p1", "p2"] });
    expect(undone.location).toBe("/studio?type=tts");
    expect(calls.slice(2).map((c) => `${c.method} ${c.path}`)).toEqual([
      "POST /studio/projects/p1/restore",
      "POST /studio/projects/p2/restore",
    ]);
  });

  it("generates each selected TTS project, skips STS ones, and shows the jobs on their rows", async () => {
    const { context, post } = await setup((c) =>
      c.path === "/studio/projects/sts1/generate" ? no(Code.NOT_FOUND) : ok({ job_id: `job-${c.path.split("/")[3]}` }),
    );
    const r = await post(projectListAction, "/studio?select=all", { intent: "generate", id: ["a", "sts1", "b"] });
    expect(r.location).toBe("/studio?jobs=a%3Ajob-a%2Cb%3Ajob-b");
    expect(await toastOf(context)).toEqual({ key: "generating", params: { count: "2" } });
  });

  it("comes back without the batch the page showed: a download or playlist asked before is not started again when the jobs end", async () => {
    const { post } = await setup(() => ok({ job_id: "job-a" }));
    const generated = await post(projectListAction, "/studio?id=a&download=1&format=mp3", { intent: "generate", id: "a" });
    expect(generated.location).toBe("/studio?id=a&jobs=a%3Ajob-a");
    const deleted = await post(projectListAction, "/studio?type=tts&id=a&play=1", { intent: "delete", id: "a", confirmed: "1" });
    expect(deleted.location).toBe("/studio?type=tts&undo=a");
    const restored = await post(projectListAction, "/studio?undo=a&download=1", { intent: "restore", id: "a" });
    expect(restored.location).toBe("/studio");
  });

  it("opens the usage dialog when the first generation is refused for characters (handed to the list through the flash)", async () => {
    const { post, context } = await setup(() => no(Code.CHARS_EXHAUSTED, "used up"));
    expect(await post(projectListAction, "/studio?index", { intent: "generate", id: "a" })).toMatchObject({
      status: 302,
      location: "/studio",
    });
    expect(await flashOf(context)).toEqual({ studioList: { error: null, usage: { kind: "charsExhausted", message: "used up" } } });
  });
});

describe("the TTS editor", () => {
  const paragraph = { "paragraphs[0].id": "p1", "paragraphs[0].text": "안녕하세요", "paragraphs[0].voice_id": "ko-minjun" };

  it("checks the name before renaming, and renames with a toast", async () => {
    const { calls, context, post } = await setup(() => ok(null));
    const bad = await post(ttsEditorAction, "/studio/projects/text-to-speech?id=x1", { intent: "rename", name: "  " });
    expect(bad).toMatchObject({ status: 400, data: { form: "rename" } });
    expect(bad.data!.result!.error!.name).toEqual(["validation.required"]);
    expect(calls).toEqual([]);
    const r = await post(ttsEditorAction, "/studio/projects/text-to-speech?id=x1", { intent: "rename", name: " New name " });
    expect(r.location).toBe("/studio/projects/text-to-speech?id=x1");
    expect(calls).toEqual([{ path: "/studio/projects/x1", method: "PATCH", body: { name: "New name" } }]);
    expect(await toastOf(context)).toEqual({ key: "saved" });
  });

  it("answers a conform intent (add a paragraph) with the changed form, status 200, without saving", async () => {
    const { calls, post } = await setup(() => null);
    const r = await post(ttsEditorAction, "/studio/projects/text-to-speech?id=x1", {
      intent: "save",
      ...paragraph,
      __intent__: JSON.stringify({ type: "insert", payload: { name: "paragraphs" } }),
    });
    expect(r).toMatchObject({ status: 200, data: { form: "editor" } });
    expect(calls).toEqual([]);
  });

  it("saves the paragraphs, then generates the one whose button was pressed (by index, with its id after the save)", async () => {
    const { calls, post } = await setup((c) =>
      c.method === "PUT" ? ok({ paragraphs: [{ id: "p1" }, { id: "p2" }] }) : ok({ job_id: "j1" }),
    );
    const r = await post(ttsEditorAction, "/studio/projects/text-to-speech?id=x1", {
      intent: "save",
      ...paragraph,
      "paragraphs[1].text": "둘",
      "paragraphs[1].voice_id": "ko-minjun",
      generate: "1",
    });
    expect(r.location).toBe("/studio/projects/text-to-speech?id=x1&job=j1");
    expect(calls[0]).toMatchObject({ path: "/studio/projects/x1/paragraphs", method: "PUT" });
    expect(Object.keys(calls[0]!.body as object)).toEqual(["paragraphs"]);
    expect(calls[1]).toEqual({ path: "/studio/projects/x1/generate", method: "POST", body: { paragraph_ids: ["p2"] } });
  });

  it("keeps a paragraph over 500 characters from the api, and opens the usage dialog on a short allowance", async () => {
    const { calls, post } = await setup((c) =>
      c.method === "PUT" ? ok({ paragraphs: [{ id: "p1" }], revision: 4 }) : no(Code.CHARS_SHORT, "short"),
    );
    const long = await post(ttsEditorAction, "/studio/projects/text-to-speech?id=x1", {
      intent: "save",
      ...paragraph,
      "paragraphs[0].text": "가".repeat(501),
    });
    expect(long.status).toBe(400);
    expect(long.data!.result!.error!["paragraphs[0].text"]).toEqual(["validation.textTooLong"]);
    expect(calls).toEqual([]);
    const short = await post(ttsEditorAction, "/studio/projects/text-to-speech?id=x1", { intent: "save", ...paragraph, generate: "all" });
    // The save went through: the answer names what it made (the page takes the revision and ids without a reload).
    expect(short).toMatchObject({
      status: 400,
      data: { form: "editor", usage: { kind: "charsShort", message: "short" }, saved: { revision: 4, ids: ["p1"] } },
    });
    expect(calls[1]).toEqual({ path: "/studio/projects/x1/generate", method: "POST", body: {} });
  });

  it("answers nothing to generate under the form, with the revision and ids the save made; a refused save names none", async () => {
    const { post } = await setup((c) =>
      c.method === "PUT" ? ok({ paragraphs: [{ id: "p1" }, { id: "p2" }], revision: 7 }) : ok({ job_id: null }),
    );
    const r = await post(ttsEditorAction, "/studio/projects/text-to-speech?id=x1", { intent: "save", ...paragraph, generate: "all" });
    expect(r).toMatchObject({ status: 200, data: { form: "editor", saved: { revision: 7, ids: ["p1", "p2"] } } });
    expect(r.data!.result!.error![""]).toEqual(["새로 생성할 문단이 없습니다."]);
    const refused = await (
      await setup(() => no(Code.PROJECT_CONFLICT, "conflict"))
    ).post(ttsEditorAction, "/studio/projects/text-to-speech?id=x1", { intent: "save", ...paragraph, generate: "all" });
    expect(refused.status).toBe(409);
    expect(refused.data).not.toHaveProperty("saved");
  });
});

describe("speech to speech", () => {
  it("asks for a file, and uploads one to the project", async () => {
    const { calls, post } = await setup(() => ok({ source_id: "s1", project_id: "pr1" }));
    const missing = await post(stsAction, "/studio/projects/speech-to-speech", { intent: "upload", method: "upload" });
    expect(missing).toMatchObject({ status: 400, data: { form: "upload", usage: null } });
    expect(missing.data!.result!.error!.file).toEqual(["validation.fileRequired"]);
    const r = await post(stsAction, "/studio/projects/speech-to-speech?id=pr1", {
      intent: "upload",
      method: "record",
      file: new File(["RIFF"], "take.webm", { type: "audio/webm" }),
    });
    expect(r.location).toBe("/studio/projects/speech-to-speech?id=pr1&source=s1");
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ path: "/studio/sts/sources", body: { method: "record", project_id: "pr1" } });
  });

  it("converts with the chosen voice, and opens the usage dialog when the time is used up", async () => {
    let answer: unknown = ok({ job_id: "j9" });
    const { calls, post } = await setup(() => answer);
    const r = await post(stsAction, "/studio/projects/speech-to-speech?id=pr1&source=s1&step=voice", {
      intent: "convert",
      voice_id: "en-emma",
    });
    expect(r.location).toBe("/studio/projects/speech-to-speech?id=pr1&source=s1&job=j9");
    expect(calls[0]).toEqual({ path: "/studio/sts/sources/s1/convert", method: "POST", body: { voice_id: "en-emma" } });
    answer = no(Code.TIME_EXHAUSTED, "no time");
    expect(
      await post(stsAction, "/studio/projects/speech-to-speech?id=pr1&source=s1&step=voice", { intent: "convert", voice_id: "en-emma" }),
    ).toMatchObject({ status: 400, data: { form: "convert", usage: { kind: "timeExhausted", message: "no time" } } });
  });

  it("checks the review's score, shares with a toast, and sends an unknown button back to the page", async () => {
    const { calls, context, post } = await setup(() => ok(null));
    const bad = await post(stsAction, "/studio/projects/speech-to-speech?id=pr1&result=r1", { intent: "review", score: "9" });
    expect(bad).toMatchObject({ status: 400, data: { form: "review" } });
    expect(bad.data!.result!.error!.score).toEqual(["validation.required"]);
    const shared = await post(stsAction, "/studio/projects/speech-to-speech?id=pr1&result=r1", { intent: "share" });
    expect(shared.location).toBe("/studio/projects/speech-to-speech?id=pr1&result=r1");
    expect(await toastOf(context)).toEqual({ key: "shared" });
    expect((await post(stsAction, "/studio/projects/speech-to-speech?id=pr1", { intent: "nothing" })).location).toBe(
      "/studio/projects/speech-to-speech?id=pr1",
    );
    expect(calls).toEqual([{ path: "/studio/inferences/r1/share", method: "POST", body: null }]);
  });
});

describe("work history", () => {
  it("asks before deleting: an unconfirmed delete answers the confirmation page and calls nothing", async () => {
    const { calls, post } = await setup(() => ok({ deleted: true }));
    const r = await post(historyAction, "/studio/history?page=2&undo=old", { inference_id: "i1" });
    expect(r.location).toBe("/studio/history?page=2&confirm=delete&id=i1");
    expect(calls).toEqual([]);
  });

  it("deletes a confirmed result, then offers undo on the same page; a refusal shows the api's message", async () => {
    const { calls, post } = await setup(() => ok({ deleted: true, id: "i1", undoUntil: 0 }));
    const r = await post(historyAction, "/studio/history?page=2&confirm=delete&id=i1", {
      intent: "delete",
      inference_id: "i1",
      confirmed: "1",
    });
    expect(r.location).toBe("/studio/history?page=2&undo=i1");
    expect(calls).toEqual([{ path: "/studio/delHistory", method: "POST", body: { inference_id: "i1" } }]);

    const refused = await setup(() => no(Code.NOT_FOUND, "없는 결과"));
    const r2 = await refused.post(historyAction, "/studio/history?confirm=delete&id=i1", { inference_id: "i1", confirmed: "1" });
    expect(r2.location).toBe("/studio/history");
    expect(await toastOf(refused.context)).toEqual({ key: "error", params: { message: "없는 결과" } });
  });

  it("undo restores the result; too late shows the api's message", async () => {
    const { calls, context, post } = await setup(() => no(Code.UNDO_EXPIRED, "되돌릴 수 있는 시간이 지났습니다."));
    const r = await post(historyAction, "/studio/history?undo=i1", { intent: "restore", inference_id: "i1" });
    expect(r.location).toBe("/studio/history");
    expect(calls).toEqual([{ path: "/studio/inferences/i1/restore", method: "POST", body: null }]);
    expect(await toastOf(context)).toEqual({ key: "error", params: { message: "되돌릴 수 있는 시간이 지났습니다." } });
  });
});
