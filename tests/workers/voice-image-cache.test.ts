/** Guards GET /voices/:id/image's cache-control for uploaded pictures: public only for basic and visible open voices, private otherwise. */
// Found by the audit (h-audit): routes/open-voices.ts sent `public, max-age=86400` for every picture storedImage found,
// including those only their owner may see (a custom voice, an open voice hidden by moderation), so a shared cache keyed
// by URL could keep the owner's private picture for a day and hand it to anyone. routes/voices.ts and
// routes/custom-voices.ts send such pictures `private`.
import { env } from "cloudflare:workers";
import { drizzle } from "drizzle-orm/d1";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import * as schema from "#db/schema";
import { seedStatements } from "#db/seed";
import { signedUp, worker } from "./helpers";

beforeAll(async () => {
  await env.DB.batch(seedStatements().map((s) => env.DB.prepare(s)));
});

const PNG = Uint8Array.from([
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 240, 0, 0, 0, 240, 8, 6, 0, 0, 0,
]);

describe("a voice's uploaded picture", () => {
  it("is cached publicly only for a basic or visible open voice; a custom or hidden open voice's is private to its owner", async () => {
    const s = await signedUp(`voice-img-${crypto.randomUUID().slice(0, 8)}@example.com`);
    const memberId = JSON.parse(atob(s.token!.split(".")[1]!.replace(/-/g, "+").replace(/_/g, "/"))).sub as string;
    const db = drizzle(env.DB, { schema });
    const base = (await db.select().from(schema.voices).where(eq(schema.voices.id, "ko-minjun")).get())!;
    const cases = {
      basic: { type: "basic" as const, ownerId: null, hiddenAt: null },
      visibleOpen: { type: "open" as const, ownerId: memberId, hiddenAt: null },
      custom: { type: "custom" as const, ownerId: memberId, hiddenAt: null },
      hiddenOpen: { type: "open" as const, ownerId: memberId, hiddenAt: Date.now() },
    };
    const seen: Record<string, { owner: number; cache: string | null; visitor: number; visitorCache: string | null }> = {};
    for (const [label, c] of Object.entries(cases)) {
      const id = `img-${label}-${crypto.randomUUID().slice(0, 8)}`;
      const imageKey = `voices/images/${memberId}/${id}.png`;
      await env.MEDIA.put(imageKey, PNG, { httpMetadata: { contentType: "image/png" } });
      await db.insert(schema.voices).values({
        ...base,
        id,
        ...c,
        status: "ready",
        imageKey,
        imageType: "image/png",
        createdAt: Date.now(),
      });
      const res = await worker.fetch(`http://localhost/api/v1/voices/${id}/image`, { headers: { lang: "en", "api-key": s.token! } });
      await res.arrayBuffer();
      const visitor = await worker.fetch(`http://localhost/api/v1/voices/${id}/image`, { headers: { lang: "en" } });
      await visitor.arrayBuffer();
      seen[label] = {
        owner: res.status,
        cache: res.headers.get("cache-control"),
        visitor: visitor.status,
        visitorCache: visitor.status === 200 ? visitor.headers.get("cache-control") : null,
      };
    }
    const shared = { owner: 200, cache: "public, max-age=86400", visitor: 200, visitorCache: "public, max-age=86400" };
    const own = { owner: 200, cache: "private, max-age=3600", visitor: 404, visitorCache: null };
    expect(seen).toEqual({ basic: shared, visibleOpen: shared, custom: own, hiddenOpen: own });
  });
});
