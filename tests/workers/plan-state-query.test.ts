import { env } from "cloudflare:workers";
import { count, eq } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import { beforeAll, describe, expect, it } from "vitest";
import * as schema from "#db/schema";
import { seedStatements } from "#db/seed";
import { hasPaymentRecord, memberAndPlanState, planState, planStateOf } from "../../workers/api/src/domain/billing/plan-state";
import { customVoiceSlots, spend, usage } from "../../workers/api/src/lib/allowance";

// (page speed): the profile every signed-in page loads reads the member and its plan state in one
// statement. These tests hold that one statement to the allowance module's own definitions of "used" and
// "limit" (lib/allowance.ts), the plan catalogue and the counts, member state by member state.

beforeAll(async () => {
  await env.DB.batch(seedStatements().map((s) => env.DB.prepare(s)));
});

const db = drizzle(env.DB, { schema });
const DAY = 86_400_000;

async function member(plan: string, extra: Record<string, number | string> = {}) {
  const id = crypto.randomUUID();
  await env.DB.prepare("INSERT INTO members (id, email, type, nickname, created_at, plan) VALUES (?, ?, 'email', 'n', ?, ?)")
    .bind(id, `${id.slice(0, 8)}@example.com`, Date.now(), plan)
    .run();
  for (const [col, value] of Object.entries(extra)) {
    await env.DB.prepare(`UPDATE members SET ${col} = ? WHERE id = ?`).bind(value, id).run();
  }
  return id;
}

async function project(memberId: string) {
  const now = Date.now();
  await env.DB.prepare("INSERT INTO projects (id, member_id, name, type, created_at, updated_at) VALUES (?, ?, 'p', 'tts', ?, ?)")
    .bind(crypto.randomUUID(), memberId, now, now)
    .run();
}

async function customVoice(memberId: string) {
  const id = `cv-${crypto.randomUUID()}`;
  await env.DB.prepare(
    `INSERT INTO voices (id, type, owner_id, lang, name, intro, tone, gender, age, features, categories, engine, created_at)
     VALUES (?, 'custom', ?, 'ko', '{"ko":"v","en":"v"}', '{"ko":"","en":""}', 'calm', 'female', 'adult', '[]', '[]', '{}', ?)`,
  )
    .bind(id, memberId, Date.now())
    .run();
}

async function payment(memberId: string, status: "paid" | "failed" | "refunded") {
  await env.DB.prepare(
    `INSERT INTO payments (member_id, merchant_uid, provider, kind, plan, currency, price, amount, status, created_at)
     VALUES (?, ?, 'portone', 'purchase', 'Starter', 'KRW', 100, 100, ?, ?)`,
  )
    .bind(memberId, crypto.randomUUID(), status, Date.now())
    .run();
}

/** The plan state's allowance fields as the allowance module and the catalogue define them, query by query. */
async function reference(id: string, now: number) {
  const m = (await db.select().from(schema.members).where(eq(schema.members.id, id)).get())!;
  const plan = await db.select().from(schema.plans).where(eq(schema.plans.plan, m.plan)).get();
  const [seconds, chars, slots, paid, projects] = await Promise.all([
    usage(env.DB, id, "seconds", now),
    usage(env.DB, id, "chars", now),
    customVoiceSlots(env.DB, id),
    hasPaymentRecord(db, id),
    db.select({ n: count() }).from(schema.projects).where(eq(schema.projects.memberId, id)).get(),
  ]);
  return {
    tier: plan?.tier ?? 0,
    projectCount: projects?.n ?? 0,
    usedTime: seconds?.used ?? 0,
    usedCharacters: chars?.used ?? 0,
    usedCustomVoice: slots?.used ?? 0,
    limits: { time: seconds?.limit ?? 0, characters: chars?.limit ?? 0, customVoice: slots?.slots ?? 0, projects: plan?.projectLimit ?? 3 },
    hasPaymentRecord: paid,
  };
}

/** A Db whose statements are counted. */
function countingDb() {
  const counter = { statements: 0 };
  const client = new Proxy(env.DB, {
    get(target, prop) {
      const value = Reflect.get(target, prop, target) as unknown;
      if (prop === "prepare") {
        return (q: string) => {
          counter.statements++;
          return target.prepare(q);
        };
      }
      return typeof value === "function" ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
  return { db: drizzle(client, { schema }), counter };
}

describe("the plan state in one query", () => {
  it("matches the allowance module, the catalogue and the counts for members in every state", async () => {
    const now = Date.now();
    const cases: Array<[string, string]> = [];
    cases.push(["new Free member", await member("Free")]);

    const spent = await member("Free");
    await spend(env.DB, spent, "chars", 1234, now - DAY);
    await spend(env.DB, spent, "seconds", 42, now - DAY);
    await project(spent);
    await project(spent);
    cases.push(["Free member with use and projects", spent]);

    const paid = await member("Creator", {
      usage_period_end: now + 10 * DAY,
      used_chars: 500,
      used_seconds: 60,
      carry_chars: 700,
      carry_seconds: 90,
    });
    await customVoice(paid);
    await customVoice(paid);
    await payment(paid, "paid");
    cases.push(["paid member with carry-over, custom voices, a payment", paid]);

    const ended = await member("Starter", {
      usage_period_end: now - DAY,
      used_chars: 999,
      used_seconds: 99,
      carry_chars: 50,
      carry_seconds: 5,
    });
    await payment(ended, "failed");
    cases.push(["period ended (nothing used, nothing carried); only a failed payment", ended]);

    const refunded = await member("Starter");
    await payment(refunded, "refunded");
    cases.push(["refunded payment counts as a payment record", refunded]);

    const unknown = await member("NoSuchPlan", { usage_period_end: now + DAY, used_chars: 3 });
    cases.push(["a plan name missing from the catalogue", unknown]);

    for (const [name, id] of cases) {
      const expected = await reference(id, now);
      const found = await memberAndPlanState(db, id, now);
      expect(found, name).not.toBeNull();
      expect(found!.member.id, name).toBe(id);
      expect(found!.state, name).toMatchObject(expected);
      // planState (from a row already read) and planStateOf answer the same.
      expect(await planState(db, found!.member, now), name).toEqual(found!.state);
      expect(await planStateOf(db, id, now), name).toEqual(found!.state);
    }

    // The figures themselves, for one case, so that a shared mistake cannot pass both sides.
    const carried = (await memberAndPlanState(db, paid, now))!.state;
    const creator = (await db.select().from(schema.plans).where(eq(schema.plans.plan, "Creator")).get())!;
    expect(carried).toMatchObject({
      usedCharacters: 500,
      usedTime: 60,
      usedCustomVoice: 2,
      hasPaymentRecord: true,
      carried: { time: 90, characters: 700 },
      limits: { characters: creator.planTxt + 700, time: creator.planTime * 60 + 90, customVoice: creator.cvCnt },
    });
    const gone = (await memberAndPlanState(db, ended, now))!.state;
    expect(gone).toMatchObject({ usedCharacters: 0, usedTime: 0, carried: { time: 0, characters: 0 }, hasPaymentRecord: false });
    expect((await memberAndPlanState(db, unknown, now))!.state).toMatchObject({ tier: 0, limits: { characters: 0, time: 0, projects: 3 } });
  });

  it("reads the member and its plan state with one statement; a missing member is null", async () => {
    const id = await member("Free");
    await project(id);
    const { db: counted, counter } = countingDb();
    const found = await memberAndPlanState(counted, id, Date.now());
    expect(found?.state.projectCount).toBe(1);
    expect(counter.statements).toBe(1);
    expect(await memberAndPlanState(counted, "nobody", Date.now())).toBeNull();
    expect(await planStateOf(counted, "nobody", Date.now())).toBeNull();
  });

  it("counts a member's projects and a project's paragraphs by index, not by scanning (migration 0025)", async () => {
    const plan = async (q: string) =>
      (await env.DB.prepare(`EXPLAIN QUERY PLAN ${q}`).bind("x").all<{ detail: string }>()).results.map((r) => r.detail).join(" | ");
    expect(await plan("SELECT COUNT(*) FROM projects WHERE projects.member_id = ?")).toMatch(
      /USING (COVERING )?INDEX projects_member_updated/,
    );
    expect(await plan("SELECT id FROM projects WHERE member_id = ? ORDER BY updated_at DESC")).toMatch(/INDEX projects_member_updated/);
    expect(await plan("SELECT COUNT(*) FROM paragraphs p WHERE p.project_id = ?")).toMatch(
      /USING (COVERING )?INDEX paragraphs_project_position/,
    );
    expect(await plan("SELECT id FROM paragraphs WHERE project_id = ? ORDER BY position")).toMatch(/INDEX paragraphs_project_position/);
  });
});
