// D1 takes at most 100 bound parameters in one statement ("too many SQL variables"; the local D1 of these tests
// enforces it as production does). Statements over a list a member grows or sends (the projects a move to Free
// deletes, every conversion of an STS project, the voice ids of a paragraph save, the drafts a clean-up run takes)
// bind it as one JSON parameter (lib/in-list.ts `inList`); with drizzle's `inArray` each of these answered 500 past
// 100 items, and a refund failed after the money went back.
import { env } from "cloudflare:workers";
import { drizzle } from "drizzle-orm/d1";
import { beforeAll, describe, expect, it } from "vitest";
import * as schema from "#db/schema";
import { seedStatements } from "#db/seed";
import { runBilling } from "../../workers/api/src/domain/billing/renewal";
import { call, gatewayPayments, memberRow, newMember, subscriber } from "./billing-helpers";
import { PASSWORD } from "./helpers";

beforeAll(async () => {
  await env.DB.batch(seedStatements().map((s) => env.DB.prepare(s)));
});

/** `n` projects of the member's, made through POST /studio/projects (a paid plan has no project limit). */
async function projects(token: string, n: number, type: "tts" | "sts" = "tts") {
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const r = await call("/studio/projects", token, { body: { name: `p${i}`, type } });
    expect(r.success, r.message).toBe(true);
    ids.push(r.data.id ?? r.data.project_id);
  }
  return ids;
}

describe("the move to Free with more than 100 projects (plan-state.ts moveToFree)", () => {
  it("POST /payment/refund: the money goes back and the member is on Free, never a 500 with the paid plan kept", async () => {
    const m = await subscriber("Creator");
    await projects(m.token, 104);
    const r = await call("/payment/refund", m.token, { body: { pwd: PASSWORD, reason: "price" } });
    const row = await memberRow(m.id);
    const payment = await env.DB.prepare("SELECT imp_uid, status FROM payments WHERE member_id = ? ORDER BY no DESC")
      .bind(m.id)
      .first<{ imp_uid: string; status: string }>();
    const paid = (await gatewayPayments()).find((p) => p.imp_uid === payment?.imp_uid);
    const left = await env.DB.prepare("SELECT COUNT(*) AS n FROM projects WHERE member_id = ?").bind(m.id).first<{ n: number }>();
    // Was: 500, the gateway had refunded (cancel_amount > 0), the payment was marked refunded, and the member kept
    // Creator until the period ended, with 104 projects.
    expect({
      status: r.status,
      code: r.code,
      plan: row.plan,
      projects: left!.n,
      refundedAtGateway: (paid?.cancel_amount ?? 0) > 0,
      paymentStatus: payment?.status,
    }).toEqual({ status: 200, code: 1000, plan: "Free", projects: 3, refundedAtGateway: true, paymentStatus: "refunded" });
  });

  it("the billing cron ends a cancelled subscription's period for a member with 104 projects (and does not throw)", async () => {
    const t0 = Date.now() - 40 * 86_400_000;
    const m = await subscriber("Starter", t0);
    await projects(m.token, 104);
    expect(
      (await call("/payment/cancel", m.token, { body: { reason: "price", comment: "", pwd: PASSWORD }, at: t0 + 86_400_000 })).success,
    ).toBe(true);
    const db = drizzle(env.DB, { schema });
    let thrown: unknown = null;
    try {
      await runBilling(env, db, env.MEDIA, null, Date.now());
    } catch (err) {
      thrown = err;
    }
    expect({ thrown: thrown ? String(thrown).slice(0, 120) : null, plan: (await memberRow(m.id)).plan }).toEqual({
      thrown: null,
      plan: "Free",
    });
  });
});

describe("an STS project with more than 100 conversions (letterIds over every conversion)", () => {
  it("GET /studio/sts/projects/:id and GET /studio/batch answer 200", async () => {
    const m = await newMember("audit-sts");
    const [project] = await projects(m.token, 1, "sts");
    const now = Date.now();
    // 101 conversions, as a year of use leaves them (each made by a job; here their rows, as the job writes them).
    await env.DB.batch(
      Array.from({ length: 101 }, (_, i) =>
        env.DB.prepare(
          `INSERT INTO inferences (id, member_id, project_id, voice_id, method, text, characters, seconds, audio_key, duration_ms, created_at)
           VALUES (?1, ?2, ?3, 'ko-seoyeon', 'upload', 'memo.wav', 0, 2, ?4, 2000, ?5)`,
        ).bind(crypto.randomUUID(), m.id, project, `results/${m.id}/${i}.wav`, now - i * 1000),
      ),
    );
    const detail = await call(`/studio/sts/projects/${project}`, m.token);
    const batch = await call(`/studio/batch?ids=${project}`, m.token);
    expect({ detail: detail.status, batch: batch.status }).toEqual({ detail: 200, batch: 200 });
  });
});

describe("a paragraph save naming more than 100 voices (studio/paragraphs.ts)", () => {
  it("PUT /studio/projects/:id/paragraphs with 120 unknown voice ids answers 4xx (voice not found), not 500", async () => {
    const m = await newMember("audit-para");
    const [project] = await projects(m.token, 1);
    const first = (await call(`/studio/projects/${project}`, m.token)).data.paragraphs[0]?.id as string | undefined;
    const paragraphs = Array.from({ length: 120 }, (_, i) => ({
      ...(i === 0 && first ? { id: first } : {}),
      text: "안녕하세요",
      voice_id: `no-such-voice-${i}`,
    }));
    const r = await call(`/studio/projects/${project}/paragraphs`, m.token, { method: "PUT", body: { paragraphs } });
    expect(r.status, `${r.code} ${r.message}`).toBeLessThan(500);
    expect(r.success).toBe(false);
  });
});

describe("the daily clean-up of open voice drafts (open-voices.ts expireDrafts, up to 200 a run)", () => {
  it("deletes 105 drafts past their 24 hours (21 members with their 5 each), without throwing", async () => {
    const past = Date.now() - 2 * 86_400_000;
    const owners = await Promise.all(Array.from({ length: 21 }, (_, i) => newMember(`audit-draft${i}`)));
    await env.DB.batch(
      Array.from({ length: 105 }, (_, i) =>
        env.DB.prepare(
          `INSERT INTO voice_drafts (id, member_id, lang, gender, audio_key, facts, profile, engine, created_at, expires_at)
           VALUES (?1, ?2, 'ko', 'female', ?3, '{}', '{}', '{}', ?4, ?5)`,
        ).bind(crypto.randomUUID(), owners[i % 21]!.id, `voices/drafts/${i}.wav`, past, past + 86_400_000),
      ),
    );
    const { expireDrafts } = await import("../../workers/api/src/domain/open-voices");
    let thrown: unknown = null;
    try {
      await expireDrafts({ env, db: drizzle(env.DB, { schema }) });
    } catch (err) {
      thrown = err;
    }
    const left = await env.DB.prepare("SELECT COUNT(*) AS n FROM voice_drafts WHERE expires_at < ?")
      .bind(Date.now())
      .first<{ n: number }>();
    expect({ thrown: thrown ? String(thrown).slice(0, 100) : null, left: left!.n }).toEqual({ thrown: null, left: 0 });
  });
});
