// the project list and STS remainder (docs/decisions/0038): the list's batch answer (what of each
// chosen project plays or downloads, STS conversions included, and why the rest is skipped), the
// lenient ZIP of what is ready, conversion download names (original + voice), and one rounding rule
// for the charged and the shown seconds. Conversion runs through the HTTP engine's stand-in.
import { env } from "cloudflare:workers";
import { unzipSync } from "fflate";
import { beforeAll, describe, expect, it } from "vitest";
import { seedStatements } from "#db/seed";
import { billedSeconds } from "#contracts/sts";
import { Code } from "../../workers/api/src/lib/codes";
import { encodeWav } from "../../workers/api/src/engine/dsp";
import { drizzle } from "drizzle-orm/d1";
import * as schema from "#db/schema";
import { purgeDeletedResults, RESULT_UNDO_MS } from "../../workers/api/src/domain/studio/results";
import { signedUp, worker, type Answer } from "./helpers";

beforeAll(async () => {
  await env.DB.batch(seedStatements().map((s) => env.DB.prepare(s)));
});

/** A voice-like sound of `seconds` at 24 kHz (140 Hz with harmonics, moving like syllables). */
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

async function member(email: string, lang = "en") {
  const s = await signedUp(email);
  const call = async (path: string, init: { method?: string; body?: unknown; form?: FormData } = {}) => {
    const res = await worker.fetch(`http://localhost/api/v1${path}`, {
      method: init.method ?? (init.body || init.form ? "POST" : "GET"),
      headers: { lang, "api-key": s.token!, ...(init.body ? { "content-type": "application/json" } : {}) },
      body: init.form ?? (init.body ? JSON.stringify(init.body) : undefined),
    });
    return res;
  };
  const json = async <T = Record<string, unknown>>(path: string, init?: Parameters<typeof call>[1]) => {
    const res = await call(path, init);
    return { status: res.status, ...((await res.json()) as Omit<Answer, "data"> & { data: T }) };
  };
  return { email, call, json };
}
type Member = Awaited<ReturnType<typeof member>>;

async function waitForJob(m: Member, id: string) {
  for (let i = 0; i < 400; i++) {
    const state = await m.json<{ status: string; inferenceId?: string }>(`/studio/jobs/${id}`);
    if (state.data.status === "completed" || state.data.status === "failed") return state.data;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error("the job did not end");
}

/** An STS project with one checked recording named `name`, converted to `voice` when asked. */
async function stsProject(m: Member, name: string, seconds: number, voice?: string) {
  const form = new FormData();
  form.set("file", new File([speech(seconds) as Uint8Array<ArrayBuffer>], name));
  const source = await m.json<{ source_id: string; project_id: string; seconds: number; duration: number }>("/studio/sts/sources", {
    form,
  });
  expect(source.success, source.message).toBe(true);
  let inferenceId: string | undefined;
  if (voice) {
    const job = await m.json<{ job_id: string }>(`/studio/sts/sources/${source.data.source_id}/convert`, { body: { voice_id: voice } });
    expect(job.success, job.message).toBe(true);
    inferenceId = (await waitForJob(m, job.data.job_id)).inferenceId;
    expect(inferenceId).toBeTruthy();
  }
  return { ...source.data, inferenceId };
}

/** A TTS project with one sentence, generated when asked. */
async function ttsProject(m: Member, name: string, generate: boolean) {
  const id = (await m.json<{ id: string }>("/studio/projects", { body: { name, type: "tts" } })).data.id;
  const first = (await m.json<{ paragraphs: { id: string }[] }>(`/studio/projects/${id}`)).data.paragraphs[0]!;
  await m.call(`/studio/projects/${id}/paragraphs`, {
    method: "PUT",
    body: { paragraphs: [{ id: first.id, text: "안녕하세요.", voice_id: "ko-minjun", lang: "ko" }] },
  });
  if (generate) {
    const job = await m.json<{ job_id: string }>(`/studio/projects/${id}/generate`, { body: {} });
    expect((await waitForJob(m, job.data.job_id)).status).toBe("completed");
  }
  return id;
}

type Item = {
  id: string;
  name: string | null;
  type: string | null;
  tracks: { title: string; audioURL: string }[];
  skipped: { reason: string; count?: number } | null;
};

describe("the list's batch actions understand STS projects", () => {
  it("answers each chosen project in order: ready tracks (TTS joined, STS conversions oldest first) or why it is skipped", async () => {
    // Paid time: the Free plan's 3 projects would not hold five.
    const m = await member("batch-owner@example.com");
    await env.DB.prepare("UPDATE members SET plan = 'Creator' WHERE email = ?").bind(m.email).run();
    const memo = await stsProject(m, "memo.wav", 1.2, "ko-seoyeon");
    const bare = await stsProject(m, "bare.wav", 1.2);
    const ready = await ttsProject(m, "Ready", true);
    const stale = await ttsProject(m, "Stale", false);
    const other = await member("batch-other@example.com");
    const foreign = await ttsProject(other, "Not yours", true);

    const ids = [memo.project_id, stale, foreign, ready, bare.project_id];
    const batch = await m.json<{ items: Item[] }>(`/studio/batch?ids=${ids.join(",")}`);
    expect(batch.success, batch.message).toBe(true);
    const items = batch.data.items;
    expect(items.map((i) => i.id)).toEqual(ids);
    expect(items[0]).toMatchObject({ name: "memo", type: "sts", skipped: null });
    expect(items[0]!.tracks).toEqual([
      { title: "memo - Seoyeon", audioURL: `/api/v1/studio/inferences/${memo.inferenceId}/audio`, inferenceId: memo.inferenceId },
    ]);
    expect(items[1]).toMatchObject({ name: "Stale", type: "tts", tracks: [], skipped: { reason: "notGenerated", count: 1 } });
    // Another member's project: skipped as not found, and nothing of it is told.
    expect(items[2]).toEqual({ id: foreign, name: null, type: null, tracks: [], skipped: { reason: "notFound" } });
    expect(items[3]).toMatchObject({
      name: "Ready",
      tracks: [{ title: "Ready", audioURL: `/api/v1/studio/projects/${ready}/download?inline=1` }],
    });
    expect(items[4]).toMatchObject({ name: "bare", type: "sts", tracks: [], skipped: { reason: "noConversions" } });

    // Download selected: what is ready, the rest left out.
    const zip = await m.call(`/studio/download?ids=${ids.join(",")}&format=wav`);
    expect(zip.status).toBe(200);
    const files = unzipSync(new Uint8Array(await zip.arrayBuffer()));
    expect(Object.keys(files).sort()).toEqual(["Ready.wav", "memo - Seoyeon.wav"]);
    expect(new TextDecoder().decode(files["memo - Seoyeon.wav"]!.subarray(0, 4))).toBe("RIFF");

    // Nothing ready: 4620 in the asked language; only another member's: 404 as before.
    const none = await m.json(`/studio/download?ids=${stale},${bare.project_id}`);
    expect(none).toMatchObject({ status: 409, success: false, code: Code.NOTHING_READY });
    expect(none.message).toBe("None of the chosen projects has audio to download yet. Generate or convert first.");
    expect((await other.call(`/studio/download?ids=${ready}`)).status).toBe(404);
    expect((await other.json<{ items: Item[] }>(`/studio/batch?ids=${ready}`)).data.items).toEqual([
      { id: ready, name: null, type: null, tracks: [], skipped: { reason: "notFound" } },
    ]);
  });

  it("needs a login, and refuses a list that is empty or too long", async () => {
    const visitor = await worker.fetch("http://localhost/api/v1/studio/batch?ids=a", { headers: { lang: "en" } });
    expect(visitor.status).toBe(401);
    expect(((await visitor.json()) as Answer).code).toBe(Code.LOGIN_REQUIRED);
    const m = await member("batch-limits@example.com");
    expect((await m.call("/studio/batch")).status).toBe(400);
    expect((await m.call(`/studio/batch?ids=${Array.from({ length: 51 }, (_, i) => `p${i}`).join(",")}`)).status).toBe(400);
  });
});

describe("STS names and time", () => {
  it("a conversion downloads as the original's name plus the voice, with filename* for any name", async () => {
    const m = await member("sts-names@example.com", "kr");
    const { inferenceId } = await stsProject(m, "회의 메모.wav", 1.2, "ko-seoyeon");
    for (const [format, ext] of [
      ["wav", "wav"],
      ["mp3", "mp3"],
    ]) {
      const res = await m.call(`/studio/inferences/${inferenceId}/audio?download=1&format=${format}`);
      expect(res.status).toBe(200);
      const header = res.headers.get("content-disposition")!;
      expect(header).toBe(`attachment; filename="__ __ - __.${ext}"; filename*=UTF-8''${encodeURIComponent(`회의 메모 - 서연.${ext}`)}`);
      await res.arrayBuffer();
    }
  });

  it("charges the seconds the page shows: the nearest whole second, at least one", async () => {
    expect([30_040, 30_499, 30_500, 200, 0, 1_000].map(billedSeconds)).toEqual([30, 30, 31, 1, 1, 1]);
    const m = await member("sts-rounding@example.com");
    // 2.04 s of speech: shown and charged as 2 s (rounding up would have said 3).
    const source = await stsProject(m, "short.wav", 2.04, "ko-seoyeon");
    expect(source.duration).toBeCloseTo(2.04, 2);
    expect(source.seconds).toBe(2);
    const used = await env.DB.prepare("SELECT used_seconds AS s FROM members WHERE email = ?").bind(m.email).first<{ s: number }>();
    expect(used!.s).toBe(2);
  });

  it("an empty file is refused with the empty-file message", async () => {
    const m = await member("sts-empty@example.com");
    const form = new FormData();
    form.set("file", new File([], "empty.wav"));
    const res = await m.json("/studio/sts/sources", { form });
    expect(res).toMatchObject({
      status: 400,
      code: Code.AUDIO_EMPTY,
      message: "The file is empty. Please upload an audio file with your voice in it.",
    });
  });
});

describe("share replies (migration 0024)", () => {
  it("a result shared as a reply links to the original, which lists it; only the owner shares, and the original must be shared", async () => {
    const alice = await member("reply-alice@example.com");
    const bob = await member("reply-bob@example.com");
    const original = await stsProject(alice, "hello.wav", 1.2, "ko-seoyeon");
    const shared = await alice.json<{ share_id: string; url: string }>(`/studio/inferences/${original.inferenceId}/share`, {
      method: "POST",
    });
    expect(shared.success, shared.message).toBe(true);
    const answer = await stsProject(bob, "answer.wav", 1.2, "ko-minjun");

    // Another member cannot share (or link) someone's result; a visitor cannot at all.
    expect(
      (await alice.call(`/studio/inferences/${answer.inferenceId}/share?reply_to=${shared.data.share_id}`, { method: "POST" })).status,
    ).toBe(404);
    const visitor = await worker.fetch(
      `http://localhost/api/v1/studio/inferences/${answer.inferenceId}/share?reply_to=${shared.data.share_id}`,
      {
        method: "POST",
        headers: { lang: "en" },
      },
    );
    expect(visitor.status).toBe(401);
    // An unknown or revoked original: 4621, nothing shared.
    const gone = await bob.json(`/studio/inferences/${answer.inferenceId}/share?reply_to=AAAAAAAAAAAAAAAAAAAAAA`, { method: "POST" });
    expect(gone).toMatchObject({ status: 404, code: Code.REPLY_TARGET_GONE });
    expect(gone.message).toBe("The recording you are replying to is no longer shared. You can still share yours on its own.");
    expect((await bob.json<{ share: unknown; isReply: boolean }>(`/studio/inferences/${answer.inferenceId}`)).data).toMatchObject({
      share: null,
      isReply: false,
    });

    const reply = await bob.json<{ share_id: string }>(`/studio/inferences/${answer.inferenceId}/share?reply_to=${shared.data.share_id}`, {
      method: "POST",
    });
    expect(reply.success, reply.message).toBe(true);
    expect((await bob.json<{ isReply: boolean }>(`/studio/inferences/${answer.inferenceId}`)).data.isReply).toBe(true);
    // A result cannot answer itself.
    expect(
      (await bob.json(`/studio/inferences/${answer.inferenceId}/share?reply_to=${reply.data.share_id}`, { method: "POST" })).code,
    ).toBe(Code.REPLY_TARGET_GONE);

    const page = async (id: string) =>
      (await worker.fetch(`http://localhost/api/v1/share/${id}`, { headers: { lang: "en" } })).json<Answer>();
    const replyPage = (await page(reply.data.share_id)).data as Record<string, unknown>;
    expect(replyPage.replyTo).toEqual({
      share_id: shared.data.share_id,
      url: `/share/${shared.data.share_id}`,
      voiceName: { ko: "서연", en: "Seoyeon" },
    });
    const originalPage = (await page(shared.data.share_id)).data as {
      replies: { share_id: string; voiceName: { en: string } }[];
      replyTo: unknown;
    };
    expect(originalPage.replyTo).toBeNull();
    expect(originalPage.replies.map((r) => [r.share_id, r.voiceName.en])).toEqual([[reply.data.share_id, "Minjun"]]);

    // Revoking the reply takes it off the original's page; revoking the original takes the link off the reply's.
    await bob.call(`/studio/inferences/${answer.inferenceId}/share`, { method: "DELETE" });
    expect(((await page(shared.data.share_id)).data as { replies: unknown[] }).replies).toEqual([]);
    const again = await bob.json<{ share_id: string }>(`/studio/inferences/${answer.inferenceId}/share`, { method: "POST" });
    await alice.call(`/studio/inferences/${original.inferenceId}/share`, { method: "DELETE" });
    expect(((await page(again.data.share_id)).data as { replyTo: unknown }).replyTo).toBeNull();
    // Deleting the original (its member's right) leaves the reply, without the link.
    await alice.call("/studio/delHistory", { body: { inference_id: original.inferenceId } });
    // Within the undo time the reply's page already shows no link; the purge after it unlinks the row.
    expect(((await page(again.data.share_id)).data as { replyTo: unknown }).replyTo).toBeNull();
    await purgeDeletedResults({ db: drizzle(env.DB, { schema }), env }, Date.now() + RESULT_UNDO_MS + 1);
    const row = await env.DB.prepare("SELECT reply_to FROM inferences WHERE id = ?")
      .bind(answer.inferenceId!)
      .first<{ reply_to: string | null }>();
    expect(row!.reply_to).toBeNull();
  });
});
