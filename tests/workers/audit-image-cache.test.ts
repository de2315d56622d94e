// Audit (h-audit): GET /voices/:id/image answers a voice's uploaded picture from routes/open-voices.ts, which sends
// `cache-control: public, max-age=86400` for every voice storedImage finds, including those only their owner may
// see (a custom voice, an open voice hidden by moderation). routes/voices.ts and routes/custom-voices.ts send such
// pictures `private` ("A private or hidden voice's image is not for shared caches"): a shared cache keyed by URL
// may keep the owner's private picture for a day and hand it to anyone. Fails today.
import { env } from "cloudflare:workers";
import { drizzle } from "drizzle-orm/d1";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import * as schema from "../../db/schema";
import { seedStatements } from "../../db/seed";
import { signedUp, worker } from "./helpers";

beforeAll(async () => {
  await env.DB.batch(seedStatements().map((s) => env.DB.prepare(s)));
});

const PNG = Uint8Array.from([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 240, 0, 0, 0, 240, 8, 6, 0, 0, 0,
]);

describe("a private voice's uploaded picture", () => {
  it("is answered to its owner with a private cache-control (custom voice, hidden open voice)", async () => {
    const s = await signedUp(`audit-img-${crypto.randomUUID().slice(0, 8)}@example.com`);
    const memberId = JSON.parse(atob(s.token!.split(".")[1]!.replace(/-/g, "+").replace(/_/g, "/"))).sub as string;
    const db = drizzle(env.DB, { schema });
    const base = (await db.select().from(schema.voices).where(eq(schema.voices.id, "ko-minjun")).get())!;
    const cases = { custom: { type: "custom" as const, hiddenAt: null }, hiddenOpen: { type: "open" as const, hiddenAt: Date.now() } };
    const seen: Record<string, { status: number; cache: string | null; visitor: number }> = {};
    for (const [label, c] of Object.entries(cases)) {
      const id = `audit-${label}-${crypto.randomUUID().slice(0, 8)}`;
      const imageKey = `voices/images/${memberId}/${id}.png`;
      await env.MEDIA.put(imageKey, PNG, { httpMetadata: { contentType: "image/png" } });
      await db.insert(schema.voices).values({
        ...base,
        id,
        type: c.type,
        ownerId: memberId,
        hiddenAt: c.hiddenAt,
        status: "ready",
        imageKey,
        imageType: "image/png",
        createdAt: Date.now(),
      });
      const res = await worker.fetch(`http://localhost/api/v1/voices/${id}/image`, { headers: { lang: "en", "api-key": s.token! } });
      await res.arrayBuffer();
      const visitor = await worker.fetch(`http://localhost/api/v1/voices/${id}/image`, { headers: { lang: "en" } });
      await visitor.arrayBuffer();
      seen[label] = { status: res.status, cache: res.headers.get("cache-control"), visitor: visitor.status };
    }
    // The owner gets the picture, a visitor does not (both hold today); the header must not allow shared caching.
    for (const [label, v] of Object.entries(seen)) {
      expect(v.status, label).toBe(200);
      expect(v.visitor, label).toBe(404);
    }
    expect(Object.fromEntries(Object.entries(seen).map(([k, v]) => [k, v.cache?.startsWith("private")]))).toEqual({
      custom: true,
      hiddenOpen: true,
    });
  });
});
