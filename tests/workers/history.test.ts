import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { Code } from "../../workers/api/src/lib/codes";
import { drizzle } from "drizzle-orm/d1";
import * as schema from "#db/schema";
import { purgeDeletedResults, RESULT_UNDO_MS } from "../../workers/api/src/domain/studio/results";
import { signedUp, worker } from "./helpers";

async function inference(email: string, n: number) {
  const member = (await env.DB.prepare("SELECT id FROM members WHERE email = ?").bind(email).first<{ id: string }>())!;
  const id = `inf-${crypto.randomUUID()}`;
  const key = `inferences/${member.id}/${id}.wav`;
  await env.MEDIA.put(key, new Uint8Array([82, 73, 70, 70, n]), { httpMetadata: { contentType: "audio/wav" } });
  await env.DB.prepare(
    "INSERT INTO inferences (id, member_id, voice_id, text, characters, audio_key, duration_ms, created_at) VALUES (?, ?, 'ko-minjun', ?, 3, ?, 1500, ?)",
  )
    .bind(id, member.id, `문장 ${n}`, key, Date.now() + n)
    .run();
  return { id, key };
}

const call = (token: string | null, path: string, init: { method?: string; body?: unknown } = {}) =>
  worker.fetch(`http://localhost/api/v1/studio${path}`, {
    method: init.method ?? "GET",
    headers: { ...(token ? { "api-key": token } : {}), ...(init.body ? { "content-type": "application/json" } : {}) },
    body: init.body ? JSON.stringify(init.body) : undefined,
  });

describe("studio history (work history, delHistory, audio)", () => {
  it("lists the member's results newest first, a page at a time", async () => {
    const s = await signedUp("history@example.com");
    for (let n = 1; n <= 3; n++) await inference("history@example.com", n);
    const page1 = await (
      await call(s.token!, "/history?limit=2")
    ).json<{ data: { items: { text: string; duration: number; audioURL: string }[]; hasMore: boolean } }>();
    expect(page1.data.items.map((i) => i.text)).toEqual(["문장 3", "문장 2"]);
    expect(page1.data).toMatchObject({ hasMore: true });
    expect(page1.data.items[0]!.duration).toBe(1.5);
    const page2 = await (await call(s.token!, "/history?limit=2&page=2")).json<{ data: { items: unknown[]; hasMore: boolean } }>();
    expect(page2.data.items).toHaveLength(1);
    expect(page2.data.hasMore).toBe(false);
    expect((await call(s.token!, "/history?limit=500")).status).toBe(400);
  });

  it("serves the audio to its owner only, and delHistory deletes it (its audio once the undo time is over)", async () => {
    const owner = await signedUp("owner-h@example.com");
    const other = await signedUp("other-h@example.com");
    const { id, key } = await inference("owner-h@example.com", 7);
    const audio = await call(owner.token!, `/inferences/${id}/audio`);
    expect(audio.status).toBe(200);
    expect(audio.headers.get("content-type")).toBe("audio/wav");
    expect([...new Uint8Array(await audio.arrayBuffer())]).toEqual([82, 73, 70, 70, 7]);
    expect((await call(other.token!, `/inferences/${id}/audio`)).status).toBe(404);
    const stolen = await call(other.token!, "/delHistory", { method: "POST", body: { inference_id: id } });
    expect((await stolen.json<{ code: number }>()).code).toBe(Code.NOT_FOUND);
    expect(await env.MEDIA.head(key)).not.toBeNull();
    const deleted = await call(owner.token!, "/delHistory", { method: "POST", body: { inference_id: id } });
    expect((await deleted.json<{ success: boolean }>()).success).toBe(true);
    // Gone at once; its audio stays for the undo time, then the purge releases it.
    expect((await call(owner.token!, `/inferences/${id}/audio`)).status).toBe(404);
    expect(await env.MEDIA.head(key)).not.toBeNull();
    await purgeDeletedResults({ db: drizzle(env.DB, { schema }), env }, Date.now() + RESULT_UNDO_MS + 1);
    expect(await env.MEDIA.head(key)).toBeNull();
    expect((await call(null, "/history")).status).toBe(401);
  });
});
