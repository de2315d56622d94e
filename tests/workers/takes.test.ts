import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { seedStatements } from "#db/seed";
import { Code } from "../../workers/api/src/lib/codes";
import { TAKES_KEPT } from "../../workers/api/src/domain/studio/take-store";
import { studioMember, worker } from "./helpers";

/** A paragraph's takes (workers/api/src/domain/studio/takes.ts): kept, found again by hash, picked; owner only. */

beforeAll(async () => {
  await env.DB.batch(seedStatements().map((s) => env.DB.prepare(s)));
});

type Paragraph = { id: string; text: string; style: string; audioURL: string | null; audioCurrent: boolean };
type Take = { id: string; text: string; style: string; audioURL: string; picked: boolean; durationMs: number };
type Versions = { versions: { id: string; preview: string }[] };

/** A studio member who can also read how many characters they have used. */
async function member(email: string) {
  const m = await studioMember(email);
  const used = async () =>
    (await env.DB.prepare("SELECT used_chars AS n FROM members WHERE email = ?").bind(email).first<{ n: number }>())!.n;
  return { ...m, used };
}

/** Saves one paragraph's text and style, and generates the project, waiting for its job. */
async function sayAndGenerate(
  m: Awaited<ReturnType<typeof member>>,
  projectId: string,
  paragraphId: string,
  text: string,
  style = "neutral",
  pitch = 0,
) {
  await m.call("PUT", `/projects/${projectId}/paragraphs`, {
    paragraphs: [{ id: paragraphId, text, style, pitch, voice_id: "ko-minjun", lang: "ko" }],
  });
  const started = await m.call<{ job_id: string | null }>("POST", `/projects/${projectId}/generate`, {});
  if (started.body.data.job_id) {
    const events = await worker.fetch(`http://localhost/api/v1/studio/jobs/${started.body.data.job_id}/events`, {
      headers: { "api-key": m.token },
    });
    await events.text(); // the stream ends with the job
  }
  return (await m.call<{ paragraphs: Paragraph[] }>("GET", `/projects/${projectId}`)).body.data.paragraphs[0]!;
}

async function newProject(m: Awaited<ReturnType<typeof member>>) {
  const id = (await m.call<{ id: string }>("POST", "/projects", {})).body.data.id;
  const first = (await m.call<{ paragraphs: Paragraph[] }>("GET", `/projects/${id}`)).body.data.paragraphs[0]!;
  return { id, paragraphId: first.id };
}

describe("takes", () => {
  it("each generation is a take; saying again what a take said costs nothing and brings its audio back", async () => {
    const m = await member("takes@example.com");
    const { id, paragraphId } = await newProject(m);
    const one = await sayAndGenerate(m, id, paragraphId, "첫 번째 문장입니다.");
    const spent = await m.used();
    expect(spent).toBeGreaterThan(0);
    const happy = await sayAndGenerate(m, id, paragraphId, "첫 번째 문장입니다.", "happy");
    expect(await m.used()).toBe(spent * 2);
    const takes = (await m.call<{ takes: Take[] }>("GET", `/paragraphs/${paragraphId}/takes`)).body.data.takes;
    expect(takes.map((t) => [t.style, t.picked])).toEqual([
      ["happy", true],
      ["neutral", false],
    ]);
    // Back to neutral by hand: the neutral take's audio is the paragraph's again at once, current, and nothing is charged.
    const saved = await m.call<{ paragraphs: Paragraph[] }>("PUT", `/projects/${id}/paragraphs`, {
      paragraphs: [{ id: paragraphId, text: "첫 번째 문장입니다.", style: "neutral", voice_id: "ko-minjun", lang: "ko" }],
    });
    expect(saved.body.data.paragraphs[0]!.audioCurrent).toBe(true);
    expect((await m.call<{ job_id: string | null }>("POST", `/projects/${id}/generate`, {})).body.data).toMatchObject({ job_id: null });
    expect(await m.used()).toBe(spent * 2);
    const again = (await m.call<{ takes: Take[] }>("GET", `/paragraphs/${paragraphId}/takes`)).body.data.takes;
    expect(again.map((t) => [t.style, t.picked])).toEqual([
      ["happy", false],
      ["neutral", true],
    ]);
    expect(one.audioURL && happy.audioURL).toBeTruthy();
  });

  it("picking a take makes the paragraph say it again with its audio (a version kept), and costs nothing", async () => {
    const m = await member("pick@example.com");
    const { id, paragraphId } = await newProject(m);
    await sayAndGenerate(m, id, paragraphId, "하나 둘 셋.");
    await sayAndGenerate(m, id, paragraphId, "넷 다섯 여섯.");
    const spent = await m.used();
    const older = (await m.call<{ takes: Take[] }>("GET", `/paragraphs/${paragraphId}/takes`)).body.data.takes.find(
      (t) => t.text === "하나 둘 셋.",
    )!;
    const audio = await worker.fetch(`http://localhost${older.audioURL}`, { headers: { "api-key": m.token } });
    expect(audio.status).toBe(200);
    expect((await audio.arrayBuffer()).byteLength).toBeGreaterThan(1000);
    const picked = await m.call<{ revision: number; undoVersion: string | null }>(
      "POST",
      `/paragraphs/${paragraphId}/takes/${older.id}/pick`,
      {},
    );
    expect(picked.body.success).toBe(true);
    expect(picked.body.data.undoVersion).toBeTruthy();
    const now = (await m.call<{ paragraphs: Paragraph[] }>("GET", `/projects/${id}`)).body.data.paragraphs[0]!;
    expect([now.text, now.audioCurrent]).toEqual(["하나 둘 셋.", true]);
    expect(await m.used()).toBe(spent);
    // A stale revision is a conflict, as any save.
    const stale = await m.call("POST", `/paragraphs/${paragraphId}/takes/${older.id}/pick`, { revision: 1 });
    expect(stale.body.code).toBe(Code.PROJECT_CONFLICT);
  });

  it("restoring a version keeps the audio of the paragraphs it brings back, even a deleted one", async () => {
    const m = await member("restore-audio@example.com");
    const { id, paragraphId } = await newProject(m);
    await m.call("PUT", `/projects/${id}/paragraphs`, {
      paragraphs: [
        { id: paragraphId, text: "첫 문단입니다.", voice_id: "ko-minjun", lang: "ko" },
        { text: "둘째 문단입니다.", voice_id: "ko-minjun", lang: "ko" },
      ],
    });
    const started = await m.call<{ job_id: string }>("POST", `/projects/${id}/generate`, {});
    await (
      await worker.fetch(`http://localhost/api/v1/studio/jobs/${started.body.data.job_id}/events`, { headers: { "api-key": m.token } })
    ).text();
    const spent = await m.used();
    // The second paragraph deleted (a checkpoint: the state before it is a version), then brought back by restoring.
    await m.call("PUT", `/projects/${id}/paragraphs`, {
      paragraphs: [{ id: paragraphId, text: "첫 문단입니다.", voice_id: "ko-minjun", lang: "ko" }],
      checkpoint: true,
    });
    const versions = (await m.call<Versions>("GET", `/projects/${id}/versions`)).body.data.versions;
    const both = versions.find((v) => v.preview === "첫 문단입니다." && v !== versions[0])!;
    const restored = await m.call<{ paragraphs: Paragraph[] }>("POST", `/projects/${id}/versions/${both.id}/restore`, {});
    expect(restored.body.data.paragraphs.map((p) => [p.text, p.audioCurrent])).toEqual([
      ["첫 문단입니다.", true],
      ["둘째 문단입니다.", true],
    ]);
    expect((await m.call<{ job_id: string | null }>("POST", `/projects/${id}/generate`, {})).body.data).toMatchObject({ job_id: null });
    expect(await m.used()).toBe(spent);
  });

  it("picking a take brings back the language and the pause it was made with, so its audio is current", async () => {
    const m = await member("take-lang@example.com");
    const { id, paragraphId } = await newProject(m);
    const say = async (lang: string, pause_ms: number) => {
      await m.call("PUT", `/projects/${id}/paragraphs`, {
        paragraphs: [{ id: paragraphId, text: "Hello 안녕하세요.", voice_id: "ko-minjun", lang, pause_ms }],
      });
      const started = await m.call<{ job_id: string }>("POST", `/projects/${id}/generate`, {});
      await (
        await worker.fetch(`http://localhost/api/v1/studio/jobs/${started.body.data.job_id}/events`, { headers: { "api-key": m.token } })
      ).text();
    };
    await say("ko", 300);
    await say("multi", 900);
    const takes = (await m.call<{ takes: (Take & { lang: string; pause_ms: number })[] }>("GET", `/paragraphs/${paragraphId}/takes`)).body
      .data.takes;
    expect(takes.map((t) => [t.lang, t.pause_ms, t.picked])).toEqual([
      ["multi", 900, true],
      ["ko", 300, false],
    ]);
    const spent = await m.used();
    expect((await m.call("POST", `/paragraphs/${paragraphId}/takes/${takes[1]!.id}/pick`, {})).status).toBe(200);
    const now = (await m.call<{ paragraphs: (Paragraph & { lang: string; pause_ms: number })[] }>("GET", `/projects/${id}`)).body.data
      .paragraphs[0]!;
    expect([now.lang, now.pause_ms, now.audioCurrent]).toEqual(["ko", 300, true]);
    expect(await m.used()).toBe(spent);
  });

  it("a paragraph keeps its newest takes and lets go of the older ones' audio", async () => {
    const m = await member("takes-kept@example.com");
    const { id, paragraphId } = await newProject(m);
    const made: string[] = [];
    for (let pitch = 0; pitch < TAKES_KEPT + 2; pitch++) {
      await sayAndGenerate(m, id, paragraphId, "다시 해 봅니다.", "neutral", pitch);
      const row = await env.DB.prepare("SELECT audio_key AS key FROM paragraphs WHERE id = ?").bind(paragraphId).first<{ key: string }>();
      made.push(row!.key);
    }
    const takes = (await m.call<{ takes: (Take & { pitch: number })[] }>("GET", `/paragraphs/${paragraphId}/takes`)).body.data.takes;
    expect(takes).toHaveLength(TAKES_KEPT);
    expect(takes[0]!.picked).toBe(true);
    const stored = await env.DB.prepare("SELECT COUNT(*) AS n FROM paragraph_takes WHERE paragraph_id = ?")
      .bind(paragraphId)
      .first<{ n: number }>();
    expect(stored!.n).toBe(TAKES_KEPT);
    // The two oldest takes are gone; their audio stays while the work history still lists it (released with it).
    const kept = await env.DB.prepare("SELECT audio_key AS key FROM paragraph_takes WHERE paragraph_id = ?")
      .bind(paragraphId)
      .all<{ key: string }>();
    expect(new Set(kept.results.map((r) => r.key))).toEqual(new Set(made.slice(2)));
    const listed = await env.DB.prepare("SELECT COUNT(*) AS n FROM inferences WHERE audio_key = ?").bind(made[0]!).first<{ n: number }>();
    expect(listed!.n).toBe(1);
    expect(await env.MEDIA.head(made[0]!)).not.toBeNull();
  });

  it("is private: another member and a visitor get nothing of a paragraph's takes", async () => {
    const owner = await member("takes-owner@example.com");
    const other = await member("takes-other@example.com");
    const { id, paragraphId } = await newProject(owner);
    await sayAndGenerate(owner, id, paragraphId, "제 목소리입니다.");
    const [take] = (await owner.call<{ takes: Take[] }>("GET", `/paragraphs/${paragraphId}/takes`)).body.data.takes;
    const paths: [string, string][] = [
      ["GET", `/paragraphs/${paragraphId}/takes`],
      ["GET", `/paragraphs/${paragraphId}/takes/${take!.id}/audio`],
      ["POST", `/paragraphs/${paragraphId}/takes/${take!.id}/pick`],
    ];
    for (const [method, path] of paths) {
      const body = method === "POST" ? "{}" : undefined;
      const json: Record<string, string> = method === "POST" ? { "content-type": "application/json" } : {};
      const asOther = await worker.fetch(`http://localhost/api/v1/studio${path}`, {
        method,
        headers: { "api-key": other.token, ...json },
        body,
      });
      expect(asOther.status, `member ${path}`).toBe(404);
      const asVisitor = await worker.fetch(`http://localhost/api/v1/studio${path}`, { method, headers: json, body });
      expect(asVisitor.status, `visitor ${path}`).toBe(401);
      const asOwner = await worker.fetch(`http://localhost/api/v1/studio${path}`, {
        method,
        headers: { "api-key": owner.token, ...json },
        body,
      });
      expect(asOwner.status, `owner ${path}`).toBe(200);
    }
    // A take of another paragraph is not found under this one.
    const second = await newProject(owner);
    expect((await owner.call("GET", `/paragraphs/${second.paragraphId}/takes/${take!.id}/audio`)).status).toBe(404);
  });
});
