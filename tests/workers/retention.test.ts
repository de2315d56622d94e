import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { seedStatements } from "#db/seed";
import api from "../../workers/api/src/index";
import { DORMANT_AFTER_MS, DORMANT_NOTICE_MS, placeholderEmail } from "../../workers/api/src/domain/accounts/dormancy";
import { RETENTION } from "../../workers/api/src/domain/retention";
import { Code } from "../../workers/api/src/lib/codes";
import { memberPost, PASSWORD, signedUp } from "./helpers";

// The daily cron applies spec section 9's retention on seeded old data: content 30 days after its
// last change (every kind, R2 files too), inquiries 3 years, payments 5 years, dormant accounts after a year
// (the notice mail 30 days before, then the separation; a login brings the account back).

const DAY = 86_400_000;

beforeAll(async () => {
  await env.DB.batch(seedStatements().map((s) => env.DB.prepare(s)));
});

/** Runs the api's daily cron at `at`, as Cloudflare would. */
async function daily(at: number) {
  const ctx = createExecutionContext();
  await api.scheduled(createScheduledController({ cron: "17 3 * * *", scheduledTime: at }), env, ctx);
  await waitOnExecutionContext(ctx);
}

let seq = 0;
async function member() {
  const email = `ret${++seq}-${crypto.randomUUID().slice(0, 6)}@example.com`;
  await signedUp(email);
  const row = await env.DB.prepare("SELECT id FROM members WHERE email = ?").bind(email).first<{ id: string }>();
  return { id: row!.id, email };
}

const put = async (key: string) => {
  await env.MEDIA.put(key, new Uint8Array([1, 2, 3]));
  return key;
};
const exists = async (key: string) => (await env.MEDIA.head(key)) !== null;
const one = (sql: string, ...binds: unknown[]) =>
  env.DB.prepare(sql)
    .bind(...binds)
    .first();

describe("retention in the daily cron", () => {
  it("deletes content 30 days after its last change, with its files, and keeps younger content", async () => {
    const now = Date.now();
    const m = await member();
    const old = now - RETENTION.contentMs - DAY;
    const young = now - RETENTION.contentMs + DAY;
    const inference = (id: string, key: string, created: number, reviewed: number | null) =>
      env.DB.prepare(
        "INSERT INTO inferences (id, member_id, voice_id, method, text, characters, audio_key, duration_ms, created_at, reviewed_at, review_score) VALUES (?, ?, 'ko-seoyeon', 'tts', 'hi', 2, ?, 1000, ?, ?, ?)",
      )
        .bind(id, m.id, key, created, reviewed, reviewed ? 5 : null)
        .run();
    const oldKey = await put(`test/ret/${crypto.randomUUID()}.wav`);
    const youngKey = await put(`test/ret/${crypto.randomUUID()}.wav`);
    const reviewedKey = await put(`test/ret/${crypto.randomUUID()}.wav`);
    await inference("inf-old-" + seq, oldKey, old, null);
    await inference("inf-young-" + seq, youngKey, young, null);
    // Reviewed 10 days ago: a change, so kept.
    await inference("inf-reviewed-" + seq, reviewedKey, old, now - 10 * DAY);

    // A TTS project untouched for 31 days: its sentences keep their text and lose their audio.
    const project = crypto.randomUUID();
    const paraKey = await put(`test/ret/${crypto.randomUUID()}.wav`);
    await env.DB.prepare("INSERT INTO projects (id, member_id, name, type, created_at, updated_at) VALUES (?, ?, 'old', 'tts', ?, ?)")
      .bind(project, m.id, old, old)
      .run();
    await env.DB.prepare(
      "INSERT INTO paragraphs (id, project_id, position, text, voice_id, audio_key, audio_hash, duration_ms, updated_at) VALUES (?, ?, 0, 'kept text', 'ko-seoyeon', ?, 'h', 1000, ?)",
    )
      .bind(`para-${seq}`, project, paraKey, old)
      .run();
    // A checked recording (STS upload) from 31 days ago.
    const stsProject = crypto.randomUUID();
    const srcKey = await put(`test/ret/${crypto.randomUUID()}.wav`);
    await env.DB.prepare("INSERT INTO projects (id, member_id, name, type, created_at, updated_at) VALUES (?, ?, 'sts', 'sts', ?, ?)")
      .bind(stsProject, m.id, old, old)
      .run();
    await env.DB.prepare(
      "INSERT INTO sts_sources (id, member_id, project_id, method, name, format, audio_key, duration_ms, created_at) VALUES (?, ?, ?, 'upload', 'a.wav', 'wav', ?, 1000, ?)",
    )
      .bind(`src-${seq}`, m.id, stsProject, srcKey, old)
      .run();

    await daily(now);

    expect(await one("SELECT id FROM inferences WHERE id = ?", "inf-old-" + seq)).toBeNull();
    expect(await exists(oldKey)).toBe(false);
    expect(await one("SELECT id FROM inferences WHERE id = ?", "inf-young-" + seq)).not.toBeNull();
    expect(await exists(youngKey)).toBe(true);
    expect(await one("SELECT id FROM inferences WHERE id = ?", "inf-reviewed-" + seq)).not.toBeNull();
    expect(await exists(reviewedKey)).toBe(true);
    expect(await one("SELECT text, audio_key FROM paragraphs WHERE id = ?", `para-${seq}`)).toEqual({ text: "kept text", audio_key: null });
    expect(await exists(paraKey)).toBe(false);
    expect(await one("SELECT id FROM sts_sources WHERE id = ?", `src-${seq}`)).toBeNull();
    expect(await exists(srcKey)).toBe(false);
  });

  it("deletes inquiries 3 years and payments 5 years after, and keeps younger ones", async () => {
    const now = Date.now();
    const m = await member();
    const inquiry = async (updated: number) => {
      const row = await env.DB.prepare(
        "INSERT INTO inquiries (member_id, category, content, state, read_yn, created_at, updated_at) VALUES (?, 'other', 'q', 2, 'Y', ?, ?) RETURNING no",
      )
        .bind(m.id, updated, updated)
        .first<{ no: number }>();
      const key = await put(`inquiries/${row!.no}/${crypto.randomUUID()}.png`);
      await env.DB.prepare(
        "INSERT INTO inquiry_images (id, inquiry_no, key, name, content_type, size, created_at) VALUES (?, ?, ?, 'a.png', 'image/png', 3, ?)",
      )
        .bind(crypto.randomUUID(), row!.no, key, updated)
        .run();
      return { no: row!.no, key };
    };
    const oldInquiry = await inquiry(now - RETENTION.inquiriesMs - DAY);
    const youngInquiry = await inquiry(now - 2 * 365 * DAY);
    const payment = (uid: string, created: number) =>
      env.DB.prepare(
        "INSERT INTO payments (member_id, merchant_uid, provider, kind, plan, currency, price, amount, status, created_at) VALUES (?, ?, 'portone', 'purchase', 'Starter', 'KRW', 4900, 4900, 'paid', ?)",
      )
        .bind(m.id, uid, created)
        .run();
    await payment(`old-${seq}`, now - RETENTION.paymentsMs - DAY);
    await payment(`young-${seq}`, now - 4 * 365 * DAY);

    await daily(now);

    expect(await one("SELECT no FROM inquiries WHERE no = ?", oldInquiry.no)).toBeNull();
    expect(await one("SELECT id FROM inquiry_images WHERE inquiry_no = ?", oldInquiry.no)).toBeNull();
    expect(await exists(oldInquiry.key)).toBe(false);
    expect(await one("SELECT no FROM inquiries WHERE no = ?", youngInquiry.no)).not.toBeNull();
    expect(await exists(youngInquiry.key)).toBe(true);
    expect(await one("SELECT no FROM payments WHERE merchant_uid = ?", `old-${seq}`)).toBeNull();
    expect(await one("SELECT no FROM payments WHERE merchant_uid = ?", `young-${seq}`)).not.toBeNull();
  });

  it("mails the dormancy notice 30 days before, then separates the account; logging in brings it back", async () => {
    const now = Date.now();
    const m = await member();
    const active = await member();
    const paying = await member();
    const lastLogin = now - DORMANT_AFTER_MS + DORMANT_NOTICE_MS - DAY;
    await env.DB.prepare("UPDATE members SET last_login_at = ?, nickname = 'sleepy', locale = 'en' WHERE id = ?")
      .bind(lastLogin, m.id)
      .run();
    await env.DB.prepare("UPDATE members SET last_login_at = ?, plan = 'Starter', plan_end_at = ? WHERE id = ?")
      .bind(lastLogin, now + 100 * DAY, paying.id)
      .run();

    await daily(now);
    const notice = await one('SELECT subject, text FROM mail_outbox WHERE "to" = ? ORDER BY id DESC', m.email);
    expect(notice).toMatchObject({ subject: "[Voice Studio] Your account will become dormant" });
    expect(String((notice as { text: string }).text)).toContain(new Date(now + DORMANT_NOTICE_MS).getUTCFullYear().toString());
    expect(await one("SELECT dormant_notice_at AS at, dormant_at AS d FROM members WHERE id = ?", m.id)).toEqual({ at: now, d: null });
    expect(await one('SELECT id FROM mail_outbox WHERE "to" = ? AND subject LIKE ?', active.email, "%dormant%")).toBeNull();
    expect(await one('SELECT id FROM mail_outbox WHERE "to" = ? AND subject LIKE ?', paying.email, "%dormant%")).toBeNull();

    // The next day: a notice is sent once, and nothing is separated before 30 days have passed.
    await daily(now + DAY);
    const notices = await env.DB.prepare('SELECT COUNT(*) AS n FROM mail_outbox WHERE "to" = ? AND subject LIKE ?')
      .bind(m.email, "%dormant%")
      .first<{ n: number }>();
    expect(notices!.n).toBe(1);
    expect(await one("SELECT dormant_at AS d FROM members WHERE id = ?", m.id)).toEqual({ d: null });

    // 30 days after the notice (a year after the last login): separated.
    await daily(now + DORMANT_NOTICE_MS + DAY);
    const row = await one("SELECT email, nickname, password_hash AS hash, dormant_at AS d FROM members WHERE id = ?", m.id);
    expect(row).toMatchObject({ email: placeholderEmail(m.id), nickname: "", hash: null });
    const kept = await one("SELECT email, data FROM dormant_members WHERE member_id = ?", m.id);
    expect(kept).toMatchObject({ email: m.email });
    expect(JSON.parse(String((kept as { data: string }).data))).toMatchObject({ nickname: "sleepy", email: m.email });
    expect(await one("SELECT id FROM refresh_tokens WHERE member_id = ?", m.id)).toBeNull();
    expect(await one("SELECT dormant_at AS d FROM members WHERE id = ?", paying.id)).toEqual({ d: null });

    // The address is still taken for sign-up; a wrong password does not wake it; the right one does.
    expect((await memberPost("/checkemail", { email: m.email })).body.code).toBe(Code.EMAIL_TAKEN);
    expect((await memberPost("/login", { type: "email", email: m.email, password: "Wrong#pass1" })).body.code).toBe(Code.WRONG_PASSWORD);
    expect(await one("SELECT member_id FROM dormant_members WHERE member_id = ?", m.id)).not.toBeNull();
    const login = await memberPost("/login", { type: "email", email: m.email, password: PASSWORD });
    expect(login.body.code, login.body.message).toBe(Code.OK);
    expect(login.body.data).toMatchObject({ email: m.email, nickname: "sleepy" });
    expect(await one("SELECT email, dormant_at AS d, dormant_notice_at AS n FROM members WHERE id = ?", m.id)).toEqual({
      email: m.email,
      d: null,
      n: null,
    });
    expect(await one("SELECT member_id FROM dormant_members WHERE member_id = ?", m.id)).toBeNull();
  });
});
