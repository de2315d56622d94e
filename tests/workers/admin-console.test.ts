import { createExecutionContext, createScheduledController, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { seedStatements } from "#db/seed";
import api from "../../workers/api/src/index";
import { DORMANT_AFTER_MS, DORMANT_NOTICE_MS } from "../../workers/api/src/domain/accounts/dormancy";
import { encodeWav } from "../../workers/api/src/engine/dsp";
import { Code } from "../../workers/api/src/lib/codes";
import { SIGNED_URL_TTL_MS } from "../../workers/api/src/lib/signed-url";
import { worker, type Answer } from "./helpers";
import { call, newMember, newOperator, type Init, type Loose } from "./operators";

// the remaining console (docs/decisions/0036): report statuses (queue, dismiss, hiding resolves), actor
// applications (samples by signed URL, states), FAQ and contest pages through the one content editor, and the
// member's dormancy period; every endpoint refused (404) to members and visitors, every action audited.

beforeAll(async () => {
  await env.DB.batch(seedStatements().map((s) => env.DB.prepare(s)));
});

const one = (sql: string, ...binds: unknown[]) =>
  env.DB.prepare(sql)
    .bind(...binds)
    .first<Loose>();
const audit = async (targetType: string, targetId: string) =>
  (
    await env.DB.prepare("SELECT action, actor_id, before, after FROM audit_log WHERE target_type = ? AND target_id = ? ORDER BY id")
      .bind(targetType, targetId)
      .all<Loose>()
  ).results;

/** Refused as an unknown path to a member and to a visitor. */
async function refusedToOthers(path: string, init: Init = {}) {
  const member = await newMember();
  for (const token of [member.token, null]) {
    const r = await call(path, token, init);
    expect([r.status, r.code], `${path} ${token ? "member" : "visitor"}`).toEqual([404, Code.NOT_FOUND]);
  }
}

function openVoice(owner: string) {
  const id = `console-voice-${crypto.randomUUID().slice(0, 8)}`;
  return {
    id,
    insert: env.DB.prepare(
      `INSERT INTO voices (id, type, owner_id, lang, name, intro, tone, gender, age, features, categories, engine, created_at)
       VALUES (?1, 'open', ?2, 'ko', '{"ko":"신고 테스트","en":"Report test"}', '{"ko":"소개","en":"Intro"}', 'medium', 'female', 'young', '["calm","warm"]', '["narration"]', '{}', 1)`,
    ).bind(id, owner),
  };
}

describe("reports in the console", () => {
  it("queues open reports, dismisses one (audited, once), and hiding the voice resolves the rest; the creator sees why", async () => {
    const op = await newOperator();
    const creator = await newMember("creator");
    const [r1, r2, r3] = [await newMember(), await newMember(), await newMember()];
    const v = openVoice(creator.id);
    await v.insert.run();
    for (const r of [r1, r2, r3]) {
      const sent = await call(`/voices/${v.id}/report`, r.token, { body: { category: "rights", description: `not theirs ${r.id}` } });
      expect(sent.code, sent.message).toBe(Code.OK);
    }
    const queue = await call("/admin/reports", op.token);
    const mine = (queue.data.voices as Loose[]).filter((x) => x.voiceId === v.id);
    expect(mine).toHaveLength(3);
    expect(mine.every((x) => x.status === "open" && x.hidden === false)).toBe(true);

    // Dismiss one: it leaves the open queue, shows under "dismissed", one audit row; a second dismissal is 4537.
    const first = mine[0]!.id as string;
    await refusedToOthers(`/admin/reports/voice/${first}/dismiss`, { method: "POST" });
    expect((await one("SELECT status FROM voice_reports WHERE id = ?", first))!.status).toBe("open");
    const dismissed = await call(`/admin/reports/voice/${first}/dismiss`, op.token, { method: "POST" });
    expect(dismissed.code, dismissed.message).toBe(Code.OK);
    expect(await one("SELECT status, resolved_by AS by FROM voice_reports WHERE id = ?", first)).toEqual({
      status: "dismissed",
      by: op.id,
    });
    const again = await call(`/admin/reports/voice/${first}/dismiss`, op.token, { method: "POST", lang: "kr" });
    expect([again.status, again.code]).toEqual([409, Code.REPORT_NOT_OPEN]);
    expect(again.message).toContain("이미 처리된 신고");
    expect((await call(`/admin/reports/voice/${crypto.randomUUID()}/dismiss`, op.token, { method: "POST" })).status).toBe(404);
    expect((await call(`/admin/reports/other/${first}/dismiss`, op.token, { method: "POST" })).status).toBe(404);
    const rows = await audit("voice_report", first);
    expect(rows.map((r) => [r.action, r.actor_id])).toEqual([["voice_report.dismiss", op.id]]);
    expect(JSON.parse(rows[0]!.before)).toEqual({ status: "open" });
    expect((await call("/admin/reports?status=dismissed", op.token)).data.voices.map((x: Loose) => x.id)).toContain(first);
    expect((await call("/admin/reports", op.token)).data.voices.map((x: Loose) => x.id)).not.toContain(first);

    // Hide the voice: the other two are resolved by it; the creator sees the voice hidden with the reason, others not at all.
    const hid = await call(`/admin/voices/${v.id}/hide`, op.token, { body: { reason: "Uses another person's voice" } });
    expect(hid.code, hid.message).toBe(Code.OK);
    const statuses = await env.DB.prepare("SELECT status FROM voice_reports WHERE voice_id = ? ORDER BY status").bind(v.id).all<Loose>();
    expect(statuses.results.map((r) => r.status)).toEqual(["dismissed", "resolved", "resolved"]);
    expect((await call("/admin/reports", op.token)).data.voices.filter((x: Loose) => x.voiceId === v.id)).toEqual([]);
    const all = (await call("/admin/reports?status=all", op.token)).data.voices.filter((x: Loose) => x.voiceId === v.id);
    expect(all.every((x: Loose) => x.hidden && x.hiddenReason === "Uses another person's voice")).toBe(true);
    expect((await call(`/voices/${v.id}`, creator.token)).data.hidden).toMatchObject({ reason: "Uses another person's voice" });
    expect((await call(`/voices/${v.id}`, r1.token)).status).toBe(404);
    expect((await call("/admin/reports?status=nonsense", op.token)).code).toBe(Code.BAD_REQUEST);
  });

  it("dismisses a comment's report, and hiding the comment resolves its open reports", async () => {
    const op = await newOperator();
    const author = await newMember("author");
    const reporter = await newMember();
    const v = openVoice(author.id);
    await v.insert.run();
    const comment = await call(`/voices/${v.id}/comments`, author.token, { body: { text: "First!" } });
    expect(comment.code, comment.message).toBe(Code.OK);
    const commentId = comment.data.id as string;
    const sent = await call(`/comments/${commentId}/report`, reporter.token, { body: { category: "offensive", description: "rude" } });
    expect(sent.code, sent.message).toBe(Code.OK);
    const report = (await call("/admin/reports", op.token)).data.comments.find((x: Loose) => x.commentId === commentId);
    expect(report).toMatchObject({ status: "open", text: "First!" });
    await refusedToOthers(`/admin/reports/comment/${report.id}/dismiss`, { method: "POST" });
    expect((await call(`/admin/reports/comment/${report.id}/dismiss`, op.token, { method: "POST" })).code).toBe(Code.OK);
    expect((await audit("comment_report", report.id)).map((r) => r.action)).toEqual(["comment_report.dismiss"]);

    const other = await newMember();
    await call(`/comments/${commentId}/report`, other.token, { body: { category: "offensive", description: "still rude" } });
    expect((await call(`/admin/comments/${commentId}/hide`, op.token, { body: { reason: "Insults" } })).code).toBe(Code.OK);
    const statuses = await env.DB.prepare("SELECT status FROM comment_reports WHERE comment_id = ? ORDER BY status")
      .bind(commentId)
      .all<Loose>();
    expect(statuses.results.map((r) => r.status)).toEqual(["dismissed", "resolved"]);
    expect((await audit("comment", commentId)).map((r) => r.action)).toEqual(["comment.hide"]);
  });
});

/** 2 s of a voice-like sound, as a WAV file. */
function sampleWav() {
  const rate = 24_000;
  const pcm = Float32Array.from({ length: 2 * rate }, (_, n) => 0.3 * Math.sin((2 * Math.PI * 140 * n) / rate));
  return encodeWav(pcm, rate);
}

async function applyAsActor(withFile: boolean) {
  const f = new FormData();
  f.set("name", "Kim Voice");
  f.set("contact", `actor-${crypto.randomUUID().slice(0, 8)}@example.com`);
  f.set("consent", "on");
  if (withFile) f.set("file", new File([sampleWav() as Uint8Array<ArrayBuffer>], "sample.wav"));
  else f.set("sample_url", "https://example.com/portfolio");
  const res = await worker.fetch("http://localhost/api/v1/actors/applications", {
    method: "POST",
    headers: { lang: "en", "cf-connecting-ip": `10.77.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` },
    body: f,
  });
  const body = await res.json<Answer>();
  expect(body.code, body.message).toBe(Code.OK);
  return (body.data as { id: string }).id;
}

describe("actor applications in the console", () => {
  it("lists applications with a sample playable only through a short-lived signed URL", async () => {
    const op = await newOperator();
    const withSample = await applyAsActor(true);
    const withLink = await applyAsActor(false);
    await refusedToOthers("/admin/actor-applications");
    const at = Date.now();
    const list = (await call("/admin/actor-applications", op.token, { at })).data.items as Loose[];
    const a = list.find((x) => x.id === withSample)!;
    const b = list.find((x) => x.id === withLink)!;
    expect(a).toMatchObject({ hasSample: true, status: "received", sampleFormat: "wav" });
    expect(b).toMatchObject({ hasSample: false, sampleFile: null, sampleUrl: "https://example.com/portfolio" });
    const url = new URL(a.sampleFile as string, "http://localhost");
    expect(url.pathname).toBe(`/api/v1/actors/samples/${withSample}`);

    // No session needed (a plain <audio> plays it), the bytes as uploaded, never cached by a shared cache.
    const played = await worker.fetch(url.href);
    expect(played.status).toBe(200);
    expect(played.headers.get("content-type")).toBe("audio/wav");
    expect(played.headers.get("cache-control")).toContain("private");
    expect(new Uint8Array(await played.arrayBuffer())).toEqual(sampleWav());
    // A changed signature, another application's id, no signature: 404; after 10 minutes: 403 (4538).
    const tampered = new URL(url);
    tampered.searchParams.set("sig", "A".repeat(43));
    expect((await worker.fetch(tampered.href)).status).toBe(404);
    expect((await worker.fetch(url.href.replace(withSample, withLink))).status).toBe(404);
    expect((await worker.fetch(`http://localhost/api/v1/actors/samples/${withSample}`)).status).toBe(404);
    const late = await worker.fetch(url.href, { headers: { "x-test-now": String(at + SIGNED_URL_TTL_MS + 1000), lang: "en" } });
    expect(late.status).toBe(403);
    expect((await late.json<Answer>()).code).toBe(Code.SAMPLE_LINK_EXPIRED);
  });

  it("moves an application to contacted or declined, with an audit row; members and visitors get 404", async () => {
    const op = await newOperator();
    const id = await applyAsActor(false);
    await refusedToOthers(`/admin/actor-applications/${id}/status`, { body: { status: "contacted" } });
    expect((await one("SELECT status FROM actor_applications WHERE id = ?", id))!.status).toBe("received");
    const moved = await call(`/admin/actor-applications/${id}/status`, op.token, { body: { status: "contacted" } });
    expect(moved.data).toEqual({ id, status: "contacted" });
    expect((await call("/admin/actor-applications?status=contacted", op.token)).data.items.map((x: Loose) => x.id)).toContain(id);
    expect((await call("/admin/actor-applications?status=received", op.token)).data.items.map((x: Loose) => x.id)).not.toContain(id);
    expect((await call(`/admin/actor-applications/${id}/status`, op.token, { body: { status: "declined" } })).code).toBe(Code.OK);
    expect((await call(`/admin/actor-applications/${id}/status`, op.token, { body: { status: "hired" } })).code).toBe(Code.BAD_REQUEST);
    expect((await call(`/admin/actor-applications/${crypto.randomUUID()}/status`, op.token, { body: { status: "declined" } })).status).toBe(
      404,
    );
    const rows = await audit("actor_application", id);
    expect(rows.map((r) => [r.action, JSON.parse(r.before).status, JSON.parse(r.after).status])).toEqual([
      ["actor_application.status", "received", "contacted"],
      ["actor_application.status", "contacted", "declined"],
    ]);
  });
});

describe("FAQ entries and contest pages through the console's API", () => {
  const contest = (slug: string, startsAt: number, endsAt: number) => ({
    slug,
    title: { ko: "목소리 대회", en: "Voice contest" },
    summary: { ko: "요약", en: "Summary" },
    rules: { ko: "규칙", en: "Rules" },
    prize: { ko: "상품", en: "Prize" },
    startsAt,
    endsAt,
  });

  it("creates, changes, publishes and unpublishes a contest (audited); its checks answer 4520 and 4521", async () => {
    const op = await newOperator();
    const slug = `console-${crypto.randomUUID().slice(0, 8)}`;
    const start = Date.now() - 60_000;
    await refusedToOthers("/admin/content/contests", { body: contest(slug, start, start + 86_400_000) });
    const made = await call("/admin/content/contests", op.token, { body: contest(slug, start, start + 86_400_000) });
    expect(made.code, made.message).toBe(Code.OK);
    const id = made.data.id as string;
    expect((await call(`/contests/${slug}`, null)).status).toBe(404);
    await refusedToOthers(`/admin/content/contests/${id}/publish`, { method: "POST" });
    expect((await call(`/admin/content/contests/${id}/publish`, op.token, { method: "POST" })).code).toBe(Code.OK);
    expect((await call(`/contests/${slug}`, null)).data.title).toBe("Voice contest");
    const changed = await call(`/admin/content/contests/${id}`, op.token, {
      method: "PUT",
      body: { ...contest(slug, start, start + 86_400_000), title: { ko: "대회", en: "Renamed contest" } },
    });
    expect(changed.data).toMatchObject({ titleEn: "Renamed contest" });
    expect((await call(`/contests/${slug}`, null)).data.title).toBe("Renamed contest");
    const backwards = await call(`/admin/content/contests/${id}`, op.token, { method: "PUT", body: contest(slug, start, start - 1) });
    expect(backwards.code).toBe(Code.CONTENT_PERIOD_INVALID);
    const taken = await call("/admin/content/contests", op.token, { body: contest(slug, start, start + 1000) });
    expect(taken.code).toBe(Code.CONTENT_SLUG_TAKEN);
    expect((await call(`/admin/content/contests/${id}/unpublish`, op.token, { method: "POST" })).code).toBe(Code.OK);
    expect((await call(`/contests/${slug}`, null)).status).toBe(404);
    expect((await audit("contest", id)).map((r) => r.action)).toEqual([
      "contest.create",
      "contest.publish",
      "contest.update",
      "contest.unpublish",
    ]);
  });

  it("creates, changes and publishes a FAQ entry (audited), refused to members and visitors", async () => {
    const op = await newOperator();
    const entry = {
      category: "service",
      position: 5,
      question: { ko: "질문?", en: `Console question ${crypto.randomUUID().slice(0, 8)}?` },
      answer: { ko: "답", en: "Answer" },
    };
    await refusedToOthers("/admin/content/faq", { body: entry });
    await refusedToOthers("/admin/content/faq");
    const made = await call("/admin/content/faq", op.token, { body: entry });
    const id = made.data.id as string;
    await refusedToOthers(`/admin/content/faq/${id}`, { method: "PUT", body: entry });
    expect((await call(`/admin/content/faq/${id}`, op.token, { method: "PUT", body: { ...entry, position: 7 } })).data.position).toBe(7);
    expect((await call(`/admin/content/faq/${id}/publish`, op.token, { method: "POST" })).code).toBe(Code.OK);
    const faq = await call(`/faq?q=${encodeURIComponent(entry.question.en)}`, null);
    expect(faq.data.items.map((x: Loose) => x.id)).toEqual([id]);
    expect((await audit("faq", id)).map((r) => r.action)).toEqual(["faq.create", "faq.update", "faq.publish"]);
  });
});

/** Runs the api's daily cron at `at`, as Cloudflare would. */
async function daily(at: number) {
  const ctx = createExecutionContext();
  await api.scheduled(createScheduledController({ cron: "17 3 * * *", scheduledTime: at }), env, ctx);
  await waitOnExecutionContext(ctx);
}

describe("the member's dormancy period", () => {
  it("is 1 year unless the member chooses 3; the cron honours each member's choice", async () => {
    const now = Date.now();
    const DAY = 86_400_000;
    const oneYear = await newMember("sleep1");
    const threeYears = await newMember("sleep3");
    expect((await call("/member/getmember", oneYear.token)).data.dormancy_years).toBe(1);
    expect((await call("/member/dormancy", null, { body: { years: 3 } })).code).toBe(Code.LOGIN_REQUIRED);
    for (const years of [2, "3", 0, null])
      expect((await call("/member/dormancy", threeYears.token, { body: { years } })).code).toBe(Code.BAD_REQUEST);
    const chosen = await call("/member/dormancy", threeYears.token, { body: { years: 3 } });
    expect(chosen.data).toEqual({ dormancy_years: 3 });
    expect((await call("/member/getmember", threeYears.token)).data.dormancy_years).toBe(3);

    // Both last logged in just over 11 months ago: the 1-year member gets the notice; the 3-year member does not.
    const lastLogin = now - DORMANT_AFTER_MS + DORMANT_NOTICE_MS - DAY;
    await env.DB.batch(
      [oneYear, threeYears].map((m) => env.DB.prepare("UPDATE members SET last_login_at = ? WHERE id = ?").bind(lastLogin, m.id)),
    );
    await daily(now);
    const noticed = (id: string) => one("SELECT dormant_notice_at AS at, dormant_at AS d FROM members WHERE id = ?", id);
    expect(await noticed(oneYear.id)).toEqual({ at: now, d: null });
    expect(await noticed(threeYears.id)).toEqual({ at: null, d: null });

    // Three years less 29 days: the 3-year member gets the notice, and is separated 30 days after it.
    const later = lastLogin + 3 * DORMANT_AFTER_MS - DORMANT_NOTICE_MS + DAY;
    await daily(later);
    expect(await noticed(threeYears.id)).toEqual({ at: later, d: null });
    await daily(later + DORMANT_NOTICE_MS + DAY);
    expect((await noticed(threeYears.id))!.d).toBe(later + DORMANT_NOTICE_MS + DAY);
  });
});
