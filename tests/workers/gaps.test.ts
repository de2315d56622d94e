// the remaining gaps (docs/decisions/0045): work-history results deleted with undo, projects deleted within
// their undo window counted and listed nowhere, and a reply linked to the original when it is converted.
// Conversions run through the HTTP engine's stand-in.
import { env } from "cloudflare:workers";
import { drizzle } from "drizzle-orm/d1";
import { beforeAll, describe, expect, it } from "vitest";
import * as schema from "#db/schema";
import { seedStatements } from "#db/seed";
import { Code } from "../../workers/api/src/lib/codes";
import { encodeWav } from "../../workers/api/src/engine/dsp";
import { purgeDeletedResults, RESULT_UNDO_MS } from "../../workers/api/src/domain/studio/results";
import { purgeDeleted, UNDO_WINDOW_MS } from "../../workers/api/src/domain/studio/projects";
import { signedUp, worker, type Answer } from "./helpers";

beforeAll(async () => {
  await env.DB.batch(seedStatements().map((s) => env.DB.prepare(s)));
});

/** A voice-like sound of `seconds` at 24 kHz. */
function speech(seconds: number) {
  const rate = 24_000;
  return encodeWav(
    Float32Array.from({ length: Math.round(seconds * rate) }, (_, n) => {
      const t = n / rate;
      return 0.3 * (0.5 + 0.5 * Math.sin(2 * Math.PI * 4 * t)) * (Math.sin(2 * Math.PI * 140 * t) + 0.5 * Math.sin(2 * Math.PI * 280 * t));
    }),
    rate,
  );
}

type Init = { method?: string; body?: unknown; form?: FormData; at?: number };

function caller(token: string | null, lang = "en") {
  const call = (path: string, init: Init = {}) =>
    worker.fetch(`http://localhost/api/v1${path}`, {
      method: init.method ?? (init.body || init.form ? "POST" : "GET"),
      headers: {
        lang,
        ...(token ? { "api-key": token } : {}),
        ...(init.body ? { "content-type": "application/json" } : {}),
        ...(init.at ? { "x-test-now": String(init.at) } : {}),
      },
      body: init.form ?? (init.body ? JSON.stringify(init.body) : undefined),
    });
  const json = async <T = Record<string, unknown>>(path: string, init?: Init) => {
    const res = await call(path, init);
    return { status: res.status, ...((await res.json()) as Omit<Answer, "data"> & { data: T }) };
  };
  return { call, json };
}

let n = 0;
async function member(lang = "en") {
  const s = await signedUp(`gaps${++n}-${crypto.randomUUID().slice(0, 8)}@example.com`);
  return caller(s.token!, lang);
}
type Member = Awaited<ReturnType<typeof member>>;
const visitor = caller(null);
const scope = () => ({ db: drizzle(env.DB, { schema }), env });

async function waitForJob(m: Member, id: string) {
  for (let i = 0; i < 400; i++) {
    const state = await m.json<{ status: string; inferenceId?: string }>(`/studio/jobs/${id}`);
    if (state.data.status === "completed" || state.data.status === "failed") return state.data;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error("the job did not end");
}

/** A checked recording converted to `voice` (answering `replyTo`, a share id, when given). */
async function conversion(m: Member, voice = "ko-seoyeon", replyTo?: string) {
  const form = new FormData();
  form.set("file", new File([speech(1.2) as Uint8Array<ArrayBuffer>], "memo.wav"));
  const source = await m.json<{ source_id: string; project_id: string }>("/studio/sts/sources", { form });
  expect(source.success, source.message).toBe(true);
  const job = await m.json<{ job_id: string }>(`/studio/sts/sources/${source.data.source_id}/convert`, {
    body: { voice_id: voice, ...(replyTo ? { reply_to: replyTo } : {}) },
  });
  expect(job.success, job.message).toBe(true);
  const done = await waitForJob(m, job.data.job_id);
  expect(done.status).toBe("completed");
  return { ...source.data, inferenceId: done.inferenceId! };
}

const replyToOf = async (id: string) =>
  (await env.DB.prepare("SELECT reply_to FROM inferences WHERE id = ?").bind(id).first<{ reply_to: string | null }>())?.reply_to;

describe("work history: delete with undo", () => {
  it("a deleted result leaves the history, its audio and its share page at once, comes back within the undo time, and is purged after", async () => {
    const m = await member();
    const { inferenceId } = await conversion(m);
    const shared = await m.json<{ share_id: string }>(`/studio/inferences/${inferenceId}/share`, { method: "POST" });
    const t = Date.now();
    const deleted = await m.json<{ deleted: boolean; id: string; undoUntil: number }>("/studio/delHistory", {
      body: { inference_id: inferenceId },
      at: t,
    });
    expect(deleted.data).toEqual({ deleted: true, id: inferenceId, undoUntil: t + RESULT_UNDO_MS });
    expect((await m.json<{ items: unknown[] }>("/studio/history", { at: t + 1 })).data.items).toEqual([]);
    for (const path of [
      `/studio/inferences/${inferenceId}`,
      `/studio/inferences/${inferenceId}/audio`,
      `/studio/inferences/${inferenceId}/source`,
    ])
      expect((await m.call(path)).status, path).toBe(404);
    expect((await visitor.call(`/share/${shared.data.share_id}`)).status).toBe(404);
    expect((await visitor.call(`/share/${shared.data.share_id}/audio`)).status).toBe(404);
    // Deleting it again: it is not there.
    expect((await m.json("/studio/delHistory", { body: { inference_id: inferenceId }, at: t + 2 })).code).toBe(Code.NOT_FOUND);

    // Undo within the time: back in the history, with its share page.
    const undone = await m.json(`/studio/inferences/${inferenceId}/restore`, { method: "POST", at: t + 5000 });
    expect(undone).toMatchObject({ success: true, data: { id: inferenceId } });
    expect((await m.json<{ items: { inference_id: string }[] }>("/studio/history")).data.items.map((i) => i.inference_id)).toEqual([
      inferenceId,
    ]);
    expect((await visitor.call(`/share/${shared.data.share_id}`)).status).toBe(200);

    // Too late: 4603, and the history's next look purges it with its audio.
    const key = (await env.DB.prepare("SELECT audio_key AS k FROM inferences WHERE id = ?").bind(inferenceId).first<{ k: string }>())!.k;
    await m.json("/studio/delHistory", { body: { inference_id: inferenceId }, at: t + 6000 });
    const late = await m.json(`/studio/inferences/${inferenceId}/restore`, { method: "POST", at: t + 6000 + RESULT_UNDO_MS + 1 });
    expect(late).toMatchObject({ status: 410, code: Code.UNDO_EXPIRED });
    expect(late.message).toMatch(/too late|undo/i);
    expect(await env.MEDIA.head(key)).not.toBeNull();
    await m.json("/studio/history", { at: t + 6000 + RESULT_UNDO_MS + 2 });
    expect(await env.DB.prepare("SELECT id FROM inferences WHERE id = ?").bind(inferenceId).first()).toBeNull();
    expect(await env.MEDIA.head(key)).toBeNull();
    expect((await m.json(`/studio/inferences/${inferenceId}/restore`, { method: "POST" })).status).toBe(404);
  });

  it("restore: the owner can, another member gets 404 and a visitor 401, and nothing changes", async () => {
    const owner = await member();
    const intruder = await member("kr");
    const { inferenceId } = await conversion(owner);
    expect((await intruder.json("/studio/delHistory", { body: { inference_id: inferenceId } })).status).toBe(404);
    expect((await owner.json("/studio/delHistory", { body: { inference_id: inferenceId } })).success).toBe(true);
    const stolen = await intruder.json(`/studio/inferences/${inferenceId}/restore`, { method: "POST" });
    expect(stolen).toMatchObject({ status: 404, code: Code.NOT_FOUND });
    const anonymous = await visitor.json(`/studio/inferences/${inferenceId}/restore`, { method: "POST" });
    expect(anonymous).toMatchObject({ status: 401, code: Code.LOGIN_REQUIRED });
    expect((await owner.json<{ items: unknown[] }>("/studio/history")).data.items).toEqual([]);
    expect((await owner.json(`/studio/inferences/${inferenceId}/restore`, { method: "POST" })).status).toBe(200);
    // A live result cannot be "restored".
    expect((await owner.json(`/studio/inferences/${inferenceId}/restore`, { method: "POST" })).status).toBe(404);
  });

  it("a result deleted within its undo time is in no STS project, batch or reply list", async () => {
    const alice = await member();
    const bob = await member();
    const original = await conversion(alice);
    const shared = await alice.json<{ share_id: string }>(`/studio/inferences/${original.inferenceId}/share`, { method: "POST" });
    const reply = await conversion(bob, "ko-minjun", shared.data.share_id);
    await bob.json(`/studio/inferences/${reply.inferenceId}/share`, { method: "POST" });
    const page = async () => (await visitor.json<{ replies: unknown[] }>(`/share/${shared.data.share_id}`)).data.replies;
    expect(await page()).toHaveLength(1);
    await bob.json("/studio/delHistory", { body: { inference_id: reply.inferenceId } });
    expect(await page()).toEqual([]);
    const project = await bob.json<{ conversions: unknown[] }>(`/studio/sts/projects/${reply.project_id}`);
    expect(project.data.conversions).toEqual([]);
    const batch = await bob.json<{ items: { skipped: { reason: string } | null }[] }>(`/studio/batch?ids=${reply.project_id}`);
    expect(batch.data.items[0]!.skipped).toEqual({ reason: "noConversions" });
    // Purged after the undo time: the reply's row goes, the original keeps its page.
    await purgeDeletedResults(scope(), Date.now() + RESULT_UNDO_MS + 1);
    expect(await env.DB.prepare("SELECT id FROM inferences WHERE id = ?").bind(reply.inferenceId).first()).toBeNull();
    expect((await visitor.call(`/share/${shared.data.share_id}`)).status).toBe(200);
  });
});

describe("a project deleted within its undo window counts and lists nowhere", () => {
  it("not in the profile's project count, a batch, a ZIP, its paragraph audio or its recordings", async () => {
    const m = await member();
    const tts = (await m.json<{ id: string }>("/studio/projects", { body: { type: "tts" } })).data.id;
    const sts = await conversion(m);
    const count = async () => (await m.json<{ planState: { projectCount: number } }>("/member/getmember")).data.planState.projectCount;
    expect(await count()).toBe(2);
    const paragraph = (await m.json<{ paragraphs: { id: string }[] }>(`/studio/projects/${tts}`)).data.paragraphs[0]!.id;
    expect((await m.call(`/studio/sts/sources/${sts.source_id}`)).status).toBe(200);

    await m.json(`/studio/projects/${tts}`, { method: "DELETE" });
    await m.json(`/studio/projects/${sts.project_id}`, { method: "DELETE" });
    expect(await count()).toBe(0);
    const batch = await m.json<{ items: { id: string; name: string | null; skipped: { reason: string } | null }[] }>(
      `/studio/batch?ids=${tts},${sts.project_id}`,
    );
    expect(batch.data.items.map((i) => [i.name, i.skipped?.reason])).toEqual([
      [null, "notFound"],
      [null, "notFound"],
    ]);
    expect((await m.json(`/studio/download?ids=${sts.project_id}`)).status).toBe(404);
    expect((await m.call(`/studio/paragraphs/${paragraph}/audio`)).status).toBe(404);
    expect((await m.call(`/studio/sts/sources/${sts.source_id}`)).status).toBe(404);
    expect((await m.call(`/studio/sts/sources/${sts.source_id}/audio`)).status).toBe(404);
    // The conversion of the deleted STS project stays in the work history (decision 0037).
    expect((await m.json<{ items: unknown[] }>("/studio/history")).data.items).toHaveLength(1);

    // Brought back: counted and listed again.
    await m.json(`/studio/projects/${tts}/restore`, { method: "POST" });
    expect(await count()).toBe(1);
    expect((await m.call(`/studio/sts/sources/${sts.source_id}`)).status).toBe(404);
    await purgeDeleted(scope(), Date.now() + UNDO_WINDOW_MS + 1);
    expect(await count()).toBe(1);
  });
});

describe("a reply is linked to the original when it is converted", () => {
  it("linked at conversion; the original's page lists it only once it is shared; an unshared original converts without a link", async () => {
    const alice = await member();
    const bob = await member();
    const original = await conversion(alice);
    const shared = await alice.json<{ share_id: string }>(`/studio/inferences/${original.inferenceId}/share`, { method: "POST" });

    const reply = await conversion(bob, "ko-minjun", shared.data.share_id);
    expect(await replyToOf(reply.inferenceId)).toBe(original.inferenceId);
    // Its author sees it as a reply; nobody else sees anything of it until it is shared.
    expect((await bob.json<{ isReply: boolean; share: unknown }>(`/studio/inferences/${reply.inferenceId}`)).data).toMatchObject({
      isReply: true,
      share: null,
    });
    const originalPage = async () => (await visitor.json<{ replies: { share_id: string }[] }>(`/share/${shared.data.share_id}`)).data;
    expect((await originalPage()).replies).toEqual([]);
    expect((await alice.call(`/studio/inferences/${reply.inferenceId}`)).status).toBe(404);

    // Shared the plain way (no reply_to, as the work history would): already linked.
    const replyShare = await bob.json<{ share_id: string }>(`/studio/inferences/${reply.inferenceId}/share`, { method: "POST" });
    expect((await originalPage()).replies.map((r) => r.share_id)).toEqual([replyShare.data.share_id]);
    const replyPage = await visitor.json<{ replyTo: { share_id: string } | null }>(`/share/${replyShare.data.share_id}`);
    expect(replyPage.data.replyTo?.share_id).toBe(shared.data.share_id);
    // Unshared again: gone from the original's page, still linked for its author.
    await bob.json(`/studio/inferences/${reply.inferenceId}/share`, { method: "DELETE" });
    expect((await originalPage()).replies).toEqual([]);
    expect(await replyToOf(reply.inferenceId)).toBe(original.inferenceId);

    // An original no longer shared (or an id that is none): the conversion goes on, without a link.
    await alice.json(`/studio/inferences/${original.inferenceId}/share`, { method: "DELETE" });
    const late = await conversion(bob, "ko-minjun", shared.data.share_id);
    expect(await replyToOf(late.inferenceId)).toBeNull();
    const bogus = await conversion(bob, "ko-minjun", "not-a-share-id");
    expect(await replyToOf(bogus.inferenceId)).toBeNull();
  });
});
