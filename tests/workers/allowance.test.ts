import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { seedStatements } from "#db/seed";
import { refund, spend, usage } from "../../workers/api/src/lib/allowance";

beforeAll(async () => {
  await env.DB.batch(seedStatements().map((s) => env.DB.prepare(s)));
});

async function member(plan = "Free") {
  const id = crypto.randomUUID();
  await env.DB.prepare("INSERT INTO members (id, email, type, nickname, created_at, plan) VALUES (?, ?, 'email', 'n', ?, ?)")
    .bind(id, `${id.slice(0, 8)}@example.com`, Date.now(), plan)
    .run();
  return id;
}

describe("allowance (characters and seconds)", () => {
  it("spends within the plan's allowance and refuses beyond it, saying whether it is short or exhausted", async () => {
    const id = await member("Free"); // 10,000 characters
    expect(await spend(env.DB, id, "chars", 9_500)).toEqual({ ok: true, used: 9_500, limit: 10_000 });
    expect(await spend(env.DB, id, "chars", 600)).toEqual({ ok: false, used: 9_500, limit: 10_000, reason: "short" });
    expect(await spend(env.DB, id, "chars", 500)).toMatchObject({ ok: true, used: 10_000 });
    expect(await spend(env.DB, id, "chars", 1)).toMatchObject({ ok: false, reason: "exhausted" });
    // Seconds come from plan_time in minutes (Free: 3 minutes).
    expect(await spend(env.DB, id, "seconds", 180)).toMatchObject({ ok: true, used: 180, limit: 180 });
    expect(await spend(env.DB, id, "seconds", 1)).toMatchObject({ ok: false, reason: "exhausted" });
    expect(await spend(env.DB, "nobody", "chars", 1)).toMatchObject({ ok: false, reason: "no-member" });
    await expect(spend(env.DB, id, "chars", -5)).rejects.toThrow(RangeError);
  });

  it("50 concurrent spends never overspend", async () => {
    const id = await member("Free");
    const results = await Promise.all(Array.from({ length: 50 }, () => spend(env.DB, id, "chars", 300)));
    const granted = results.filter((r) => r.ok).length;
    expect(granted).toBe(Math.floor(10_000 / 300)); // 33
    expect((await usage(env.DB, id, "chars"))!.used).toBe(granted * 300);
    for (const r of results) expect(r.used).toBeLessThanOrEqual(10_000);
  });

  it("refunds never drive the counter negative, even when 50 run at once", async () => {
    const id = await member("Free");
    await spend(env.DB, id, "chars", 1_000);
    await Promise.all(Array.from({ length: 50 }, () => refund(env.DB, id, "chars", 100)));
    expect((await usage(env.DB, id, "chars"))!.used).toBe(0);
    const row = await env.DB.prepare("SELECT used_chars FROM members WHERE id = ?").bind(id).first<{ used_chars: number }>();
    expect(row!.used_chars).toBe(0);
  });

  it("does not carry over: a new period starts from zero one month later", async () => {
    const id = await member("Free");
    const start = Date.UTC(2026, 0, 31, 12);
    expect(await spend(env.DB, id, "chars", 10_000, start)).toMatchObject({ ok: true });
    expect(await spend(env.DB, id, "chars", 1, start + 86_400_000)).toMatchObject({ ok: false, reason: "exhausted" });
    const end = (await env.DB.prepare("SELECT usage_period_end AS e FROM members WHERE id = ?").bind(id).first<{ e: number }>())!.e;
    // One calendar month after the first spend (SQLite's +1 month from Jan 31 is Mar 3 in 2026).
    expect(new Date(end).toISOString()).toBe("2026-03-03T12:00:00.000Z");
    expect(await spend(env.DB, id, "chars", 400, end)).toEqual({ ok: true, used: 400, limit: 10_000 });
    expect(await usage(env.DB, id, "seconds", end)).toEqual({ used: 0, limit: 180 });
  });

  it("uses the member's plan: a Creator has 100,000 characters", async () => {
    const id = await member("Creator");
    expect(await spend(env.DB, id, "chars", 50_000)).toMatchObject({ ok: true, limit: 100_000 });
  });
});
