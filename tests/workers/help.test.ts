import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { seedStatements } from "#db/seed";
import { DEV_OPERATOR_EMAIL } from "#db/seed-operator";
import { Code } from "../../workers/api/src/lib/codes";
import { SIGNED_URL_TTL_MS } from "../../workers/api/src/lib/signed-url";
import { worker, type Answer } from "./helpers";
import { CARD } from "./billing-helpers";
import { call, newMember, newOperator, type Init, type Loose } from "./operators";
import { jpeg, png, pngHeader, webp } from "./images";

// 1:1 inquiries (images by content and size, owners, signed URLs, read flag, follow-ups) and the
// operator console's API (404 to everyone else, answers, state changes, members, coupons, refunds, the audit log).

beforeAll(async () => {
  await env.DB.batch(seedStatements().map((s) => env.DB.prepare(s)));
});

const PNG = Uint8Array.from(atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=="), (c) =>
  c.charCodeAt(0),
);
const GIF = new TextEncoder().encode("GIF89a\x01\x00\x01\x00\x00\x00\x00;");
const JPEG = jpeg(64, 48);
const WEBP = webp(240, "lossy");
const SVG = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');

function form(fields: Record<string, string>, images: [Uint8Array, string, string?][] = []) {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.set(k, v);
  for (const [bytes, name, type] of images)
    f.append("image", new File([bytes as Uint8Array<ArrayBuffer>], name, { type: type ?? "application/octet-stream" }));
  return f;
}

const count = async (sql: string, ...binds: unknown[]) =>
  (await env.DB.prepare(sql)
    .bind(...binds)
    .first<{ n: number }>())!.n;
const auditRows = (action: string, targetId: string | number) =>
  env.DB.prepare("SELECT * FROM audit_log WHERE action = ? AND target_id = ? ORDER BY id").bind(action, String(targetId)).all<Loose>();

describe("1:1 inquiries", () => {
  it("takes a category, content and images checked by content, and answers the spec's shape with signed image URLs", async () => {
    const m = await newMember();
    // The names and declared types lie; the bytes decide.
    const made = await call("/help/inquiries", m.token, {
      form: form({ category: "payment", content: "My card was charged twice." }, [
        [PNG, "screenshot.png", "image/png"],
        [png(1290, 2796).slice(), "phone.jpg", "image/jpeg"],
        [JPEG, "photo", ""],
        [WEBP, "x.webp", "image/webp"],
      ]),
    });
    expect(made.code, made.message).toBe(Code.OK);
    expect(made.data).toMatchObject({ category: "payment", content: "My card was charged twice.", state: 0, read_yn: "Y", answer: null });
    expect(made.data.images.map((i: Loose) => i.originalname)).toEqual(["screenshot.png", "phone.jpg", "photo", "x.webp"]);
    const types = await env.DB.prepare("SELECT content_type FROM inquiry_images WHERE inquiry_no = ? ORDER BY created_at, rowid")
      .bind(made.data.no)
      .all<{ content_type: string }>();
    expect(types.results.map((r) => r.content_type).sort()).toEqual(["image/jpeg", "image/png", "image/png", "image/webp"]);

    // The signed URL loads without a session, with the sniffed type and the same bytes.
    const img = await worker.fetch(`http://localhost${made.data.images[0].url}`);
    expect(img.status).toBe(200);
    expect(img.headers.get("content-type")).toBe("image/png");
    expect(img.headers.get("x-content-type-options")).toBe("nosniff");
    expect(new Uint8Array(await img.arrayBuffer())).toEqual(PNG);

    const list = await call("/help/inquiries", m.token);
    expect(list.data).toMatchObject({ total: 1, unread: 0 });
    expect(list.data.items[0]).toMatchObject({ no: made.data.no, category: "payment", state: 0 });
  });

  it("refuses images that are not PNG, JPEG or WebP, more than 5, or over 5 MB, and stores nothing", async () => {
    const m = await newMember();
    const before = await count("SELECT COUNT(*) AS n FROM inquiries");
    const cases: [[Uint8Array, string, string?][], number][] = [
      [[[SVG, "cat.png", "image/png"]], Code.INQUIRY_IMAGE_TYPE],
      [[[new TextEncoder().encode("hello, not an image"), "note.jpg", "image/jpeg"]], Code.INQUIRY_IMAGE_TYPE],
      [
        [
          [PNG, "ok.png"],
          [new Uint8Array(0), "empty.png"],
        ],
        Code.INQUIRY_IMAGE_TYPE,
      ],
      [[[GIF, "anim.gif", "image/gif"]], Code.INQUIRY_IMAGE_TYPE],
      [Array.from({ length: 6 }, (_, i) => [PNG, `p${i}.png`] as [Uint8Array, string]), Code.INQUIRY_TOO_MANY_IMAGES],
      [[[new Uint8Array(5 * 1024 * 1024 + 1).fill(0x89), "big.png"]], Code.INQUIRY_IMAGE_TOO_LARGE],
    ];
    for (const [images, code] of cases) {
      const r = await call("/help/inquiries", m.token, { form: form({ category: "other", content: "x" }, images), lang: "kr" });
      expect(r.code, images.map((i) => i[1]).join()).toBe(code);
      expect(r.status).toBeLessThan(500);
      expect(r.message).toMatch(/[가-힣]/);
    }
    // The image must decode whole to what its header declares, within what an isolate decodes (4539, naming it): a
    // header alone, a file cut short, a picture of 2000x2000 (4 megapixels) or one whose header lies about its size.
    const cut = jpeg(320, 240);
    const lying = png(64, 64).slice();
    new DataView(lying.buffer).setUint32(16, 65);
    const unreadable: [Uint8Array, string][] = [
      [pngHeader(1920, 1080), "header.png"],
      [cut.slice(0, cut.length - 200), "cut.jpg"],
      [png(2000, 2000).slice(), "huge.png"],
      [lying, "lying.png"],
      [webp(240).slice(0, 30), "cut.webp"],
    ];
    for (const [bytes, name] of unreadable) {
      // A member of its own for each: the inquiry rate limit counts refusals too.
      const sender = await newMember();
      for (const lang of ["kr", "en"] as const) {
        const r = await call("/help/inquiries", sender.token, {
          form: form({ category: "other", content: "x" }, [
            [PNG, "fine.png"],
            [bytes, name],
          ]),
          lang,
        });
        expect(r, name).toMatchObject({ status: 400, code: Code.INQUIRY_IMAGE_UNREADABLE });
        expect(r.message).toContain(`'${name}'`);
        expect(r.message).toContain("3.6");
        expect(r.message).toMatch(lang === "kr" ? /이미지를 열 수 없습니다/ : /could not be opened/);
      }
    }
    // A body over 5 full images is refused while it streams in.
    const huge = await call("/help/inquiries", m.token, {
      form: form({ category: "other", content: "x" }, [[new Uint8Array(26 * 1024 * 1024), "huge.png"]]),
    });
    expect(huge.code).toBe(Code.INQUIRY_IMAGE_TOO_LARGE);
    expect(huge.status).toBe(413);
    for (const bad of [
      { category: "refund", content: "x" },
      { category: "other", content: "   " },
      { category: "other", content: "x".repeat(5001) },
    ]) {
      expect((await call("/help/inquiries", m.token, { form: form(bad) })).code).toBe(Code.BAD_REQUEST);
    }
    expect((await call("/help/inquiries", m.token, { body: { category: "other", content: "json" } })).code).toBe(Code.BAD_REQUEST);
    expect(await count("SELECT COUNT(*) AS n FROM inquiries")).toBe(before);
    expect((await env.MEDIA.list({ prefix: "inquiries/" })).objects.every((o) => !o.key.includes("big"))).toBe(true);
  });

  it("keeps each member's inquiries and images to that member: 404 for another member, 8000 for a visitor, 4534 for an expired link", async () => {
    const owner = await newMember();
    const other = await newMember();
    const made = await call("/help/inquiries", owner.token, { form: form({ category: "account", content: "private" }, [[PNG, "me.png"]]) });
    const no = made.data.no;
    expect((await call(`/help/inquiries/${no}`, other.token)).status).toBe(404);
    expect((await call(`/help/inquiries/${no}/followups`, other.token, { form: form({ content: "me too" }) })).status).toBe(404);
    expect((await call("/help/inquiries", other.token)).data.total).toBe(0);
    expect((await call(`/help/inquiries/${no}`, null)).code).toBe(Code.LOGIN_REQUIRED);
    expect((await call("/help/inquiries", null, { form: form({ category: "other", content: "x" }) })).code).toBe(Code.LOGIN_REQUIRED);
    for (const bad of ["abc", "0", "-1", "99999999999999"]) expect((await call(`/help/inquiries/${bad}`, owner.token)).status).toBe(404);

    const url: string = made.data.images[0].url;
    const id = url.split("/").pop()!.split("?")[0]!;
    // A link past its 10 minutes: 403 with its own code; a tampered or missing signature, or another image's: 404.
    const later = Date.now() + SIGNED_URL_TTL_MS + 1000;
    const expired = await worker.fetch(`http://localhost${url}`, { headers: { "x-test-now": String(later), lang: "en" } });
    expect(expired.status).toBe(403);
    expect((await expired.json<Answer>()).code).toBe(Code.IMAGE_LINK_EXPIRED);
    const sig = new URL(url, "http://x").searchParams.get("sig")!;
    const flipped = sig.slice(0, -1) + (sig.endsWith("A") ? "B" : "A");
    for (const wrong of [url.replace(sig, flipped), `/api/v1/help/images/${id}`, url.replace(id, crypto.randomUUID())]) {
      const r = await worker.fetch(`http://localhost${wrong}`);
      expect(r.status, wrong).toBe(404);
    }
    const exp = Number(new URL(url, "http://x").searchParams.get("exp"));
    const extended = url.replace(`exp=${exp}`, `exp=${exp + 86_400_000}`);
    expect((await worker.fetch(`http://localhost${extended}`)).status).toBe(404);
  });
});

describe("the operator console's API", () => {
  const adminCalls: [string, Init][] = [
    ["/admin/me", {}],
    ["/admin/inquiries", {}],
    ["/admin/inquiries/1", {}],
    ["/admin/inquiries/1/answer", { form: form({ content: "hi" }) }],
    ["/admin/inquiries/1/state", { body: { state: 2 } }],
    ["/admin/members?email=a@example.com", {}],
    ["/admin/members/x", {}],
    ["/admin/members/x/coupon", { body: { plan: "Creator", days: 30 } }],
    ["/admin/members/x/refund", { body: { payment_no: 1 } }],
    ["/admin/audit", {}],
    ["/admin/anything", { method: "DELETE" }],
  ];

  it("answers 404, as an unknown path, to visitors, members and a development operator in production", async () => {
    const member = await newMember();
    for (const token of [null, member.token, "not-a-token"]) {
      for (const [path, init] of adminCalls) {
        const r = await call(path, token, init);
        expect([r.status, r.code], `${path} as ${token ? "member" : "visitor"}`).toEqual([404, Code.NOT_FOUND]);
      }
    }
    const op = await newOperator();
    expect((await call("/admin/me", op.token)).data).toMatchObject({ email: op.email, role: "operator" });
    // A withdrawn-then-separated (dormant) operator is not an operator.
    await env.DB.prepare("UPDATE members SET dormant_at = 1 WHERE id = ?").bind(op.id).run();
    expect((await call("/admin/me", op.token)).status).toBe(404);
    // The development seed's address is never an operator in production.
    const { isOperator } = await import("../../workers/api/src/domain/admin/operators");
    const { drizzle } = await import("drizzle-orm/d1");
    const dev = await newMember();
    await env.DB.prepare("UPDATE members SET role = 'operator', email = ? WHERE id = ?").bind(DEV_OPERATOR_EMAIL, dev.id).run();
    expect(await isOperator(env, drizzle(env.DB), dev.id)).not.toBeNull();
    expect(await isOperator({ ...env, APP_ENV: "production" }, drizzle(env.DB), dev.id)).toBeNull();
    await env.DB.prepare("DELETE FROM members WHERE id = ?").bind(dev.id).run();
  });

  it("answers an inquiry with text and images: the member sees it unread, reads it, follows up while open, not after", async () => {
    const m = await newMember();
    const op = await newOperator();
    const no = (await call("/help/inquiries", m.token, { form: form({ category: "service", content: "The player is silent." }) })).data.no;

    const q = await call("/admin/inquiries?state=0&category=service", op.token);
    expect(q.data.items.find((i: Loose) => i.no === no)).toMatchObject({ email: m.email, state: 0 });
    expect(q.data.counts.received).toBeGreaterThan(0);

    const waiting = await call(`/admin/inquiries/${no}/answer`, op.token, {
      form: form({ content: "Which browser do you use?", state: "1" }, [[PNG, "where.png"]]),
    });
    expect(waiting.code, waiting.message).toBe(Code.OK);
    expect(waiting.data).toMatchObject({ state: 1, read_yn: "N", email: m.email });
    expect(waiting.data.answer).toMatchObject({ content: "Which browser do you use?", state: 1 });
    expect(waiting.data.answer.answer_img).toHaveLength(1);
    // The member is told by mail, in their language (Korean by default), with the inquiry's number.
    const mail = await env.DB.prepare('SELECT subject, text FROM mail_outbox WHERE "to" = ? ORDER BY id DESC')
      .bind(m.email)
      .first<{ subject: string; text: string }>();
    expect(mail?.subject).toBe("[보이스 스튜디오] 1:1 문의에 답변이 등록되었습니다");
    expect(mail?.text).toContain(`문의 번호 ${no}`);

    expect((await call("/help/unread", m.token)).data.unread).toBe(1);
    expect((await call("/help/inquiries", m.token)).data).toMatchObject({ unread: 1, items: [{ no, read_yn: "N", state: 1 }] });
    const read = await call(`/help/inquiries/${no}`, m.token);
    expect(read.data).toMatchObject({ read_yn: "Y", state: 1, open: true, answer: { content: "Which browser do you use?" } });
    const answerImage = await worker.fetch(`http://localhost${read.data.answer.answer_img[0].url}`);
    expect(answerImage.headers.get("content-type")).toBe("image/png");
    expect((await call("/help/unread", m.token)).data.unread).toBe(0);

    const follow = await call(`/help/inquiries/${no}/followups`, m.token, {
      form: form({ content: "Chrome 130." }, [[JPEG, "chrome.jpg"]]),
    });
    expect(follow.code, follow.message).toBe(Code.OK);
    expect(follow.data.state).toBe(0);
    expect(follow.data.messages.map((x: Loose) => [x.author, x.content, x.images.length])).toEqual([
      ["operator", "Which browser do you use?", 1],
      ["member", "Chrome 130.", 1],
    ]);

    await call(`/admin/inquiries/${no}/answer`, op.token, { form: form({ content: "Fixed in today's release." }) });
    const closed = await call(`/help/inquiries/${no}/followups`, m.token, { form: form({ content: "Thanks" }) });
    expect([closed.status, closed.code]).toEqual([409, Code.INQUIRY_CLOSED]);

    // Operators may reopen; a state outside the spec's codes is refused.
    expect((await call(`/admin/inquiries/${no}/state`, op.token, { body: { state: 7 } })).code).toBe(Code.INQUIRY_STATE_INVALID);
    expect((await call(`/admin/inquiries/${no}/state`, op.token, { body: { state: 1 } })).data.state).toBe(1);
    expect((await call("/admin/inquiries/999999", op.token)).status).toBe(404);

    const answers = await auditRows("inquiry.answer", no);
    expect(answers.results).toHaveLength(2);
    expect(answers.results[0]).toMatchObject({ actor_id: op.id, actor_email: op.email, target_type: "inquiry" });
    expect(JSON.parse(answers.results[0]!.before)).toEqual({ state: 0, read_yn: "Y" });
    expect(JSON.parse(answers.results[0]!.after)).toMatchObject({ state: 1, read_yn: "N", images: ["where.png"] });
    const states = await auditRows("inquiry.state", no);
    expect(states.results.map((r) => [JSON.parse(r.before).state, JSON.parse(r.after).state])).toEqual([[2, 1]]);
  });

  it("looks members up by e-mail, issues a coupon they can register, and writes the audit row", async () => {
    const m = await newMember();
    const op = await newOperator();
    expect((await call(`/admin/members?email=nobody-${crypto.randomUUID()}@example.com`, op.token)).code).toBe(Code.MEMBER_NOT_FOUND);
    const found = await call(`/admin/members?email=${encodeURIComponent(m.email.toUpperCase())}`, op.token);
    expect(found.data).toMatchObject({
      id: m.id,
      email: m.email,
      planState: { planName: "Free" },
      payments: [],
      refundable: { eligible: false },
    });

    expect((await call(`/admin/members/${m.id}/coupon`, op.token, { body: { plan: "Free", days: 30 } })).code).toBe(Code.BAD_REQUEST);
    expect((await call(`/admin/members/${m.id}/coupon`, op.token, { body: { plan: "Creator", days: 0 } })).code).toBe(Code.BAD_REQUEST);
    const issued = await call(`/admin/members/${m.id}/coupon`, op.token, { body: { plan: "Creator", days: 30 } });
    expect(issued.code, issued.message).toBe(Code.OK);
    const mail = await env.DB.prepare('SELECT text FROM mail_outbox WHERE "to" = ? ORDER BY id DESC')
      .bind(m.email)
      .first<{ text: string }>();
    expect(mail!.text).toContain(issued.data.num);
    const accepted = await call("/utils/accept_coupon", m.token, { body: { num: issued.data.num } });
    expect(accepted.code, accepted.message).toBe(Code.OK);
    const rows = await auditRows("coupon.issue", m.id);
    expect(rows.results).toHaveLength(1);
    expect(JSON.parse(rows.results[0]!.after)).toEqual({ num: issued.data.num, plan: "Creator", days: 30 });
  });

  it("refunds a member's payment through the refund rules, and only the one the rules allow", async () => {
    const m = await newMember();
    const op = await newOperator();
    expect((await call("/payment/registcard", m.token, { body: CARD })).success).toBe(true);
    const quote = await call("/payment/quote?plan=Starter", m.token);
    const paid = await call("/payment/payment", m.token, {
      body: {
        plan: "Starter",
        amount: quote.data.amount,
        agree_billing: true,
        agree_change: true,
        agree_refund: true,
        agree_regular_price: true,
      },
    });
    expect(paid.code, paid.message).toBe(Code.OK);
    const no = (await env.DB.prepare("SELECT no FROM payments WHERE member_id = ? AND status = 'paid'").bind(m.id).first<{ no: number }>())!
      .no;

    const other = await newMember();
    expect((await call(`/admin/members/${other.id}/refund`, op.token, { body: { payment_no: no } })).status).toBe(404);
    // After the 7 days the rule refuses, for operators too.
    const late = await call(`/admin/members/${m.id}/refund`, op.token, { body: { payment_no: no }, at: Date.now() + 8 * 86_400_000 });
    expect(late.code).toBe(Code.REFUND_NOT_ALLOWED);

    const refunded = await call(`/admin/members/${m.id}/refund`, op.token, { body: { payment_no: no, reason: "charged twice" } });
    expect(refunded.code, refunded.message).toBe(Code.OK);
    expect(refunded.data).toMatchObject({ payment_no: no, currency: "KRW" });
    const row = await env.DB.prepare("SELECT status FROM payments WHERE no = ?").bind(no).first<{ status: string }>();
    expect(row!.status).toBe("refunded");
    expect((await env.DB.prepare("SELECT plan FROM members WHERE id = ?").bind(m.id).first<{ plan: string }>())!.plan).toBe("Free");
    expect((await call(`/admin/members/${m.id}/refund`, op.token, { body: { payment_no: no } })).success).toBe(false);
    const rows = await auditRows("payment.refund", no);
    expect(rows.results).toHaveLength(1);
    expect(JSON.parse(rows.results[0]!.before)).toMatchObject({ status: "paid" });
    expect(JSON.parse(rows.results[0]!.after)).toMatchObject({ status: "refunded", reason: "charged twice" });
  });

  it("keeps the audit log append-only in the database itself, and lets operators read it", async () => {
    const op = await newOperator();
    const m = await newMember();
    await call(`/admin/members/${m.id}/coupon`, op.token, { body: { plan: "Starter", days: 7 } });
    await expect(env.DB.prepare("UPDATE audit_log SET action = 'nothing'").run()).rejects.toThrow(/append-only/);
    await expect(env.DB.prepare("DELETE FROM audit_log").run()).rejects.toThrow(/append-only/);
    const log = await call(`/admin/audit?action=coupon.issue&target_id=${m.id}`, op.token);
    expect(log.data.items).toHaveLength(1);
    expect(log.data.items[0]).toMatchObject({ actorEmail: op.email, action: "coupon.issue", targetType: "member", targetId: m.id });
    expect((await call("/admin/audit", m.token)).status).toBe(404);
  });

  it("creates, publishes and unpublishes notices, FAQ entries and contests, each with an audit row; members get 404", async () => {
    const op = await newOperator();
    const member = await newMember();
    const notice = {
      category: "notice",
      pinned: true,
      title: { ko: "점검 안내", en: "Maintenance" },
      body: { ko: "오늘 밤 점검합니다.", en: "Tonight." },
    };
    expect((await call("/admin/content/notices", member.token, { body: notice })).status).toBe(404);
    expect((await call("/admin/content/notices", member.token)).status).toBe(404);
    const made = await call("/admin/content/notices", op.token, { body: notice });
    expect(made.code, made.message).toBe(Code.OK);
    const id = made.data.id as string;
    const listed = async () => ((await call("/notices", null)).data.items as Loose[]).some((n) => n.id === id);
    expect(await listed()).toBe(false);
    expect((await call(`/admin/content/notices/${id}/publish`, op.token, { method: "POST" })).code).toBe(Code.OK);
    expect(await listed()).toBe(true);
    const edited = await call(`/admin/content/notices/${id}`, op.token, {
      method: "PUT",
      body: { ...notice, title: { ko: "점검 연기", en: "Postponed" } },
    });
    expect(edited.data.titleEn).toBe("Postponed");
    expect((await call(`/admin/content/notices/${id}/unpublish`, op.token, { method: "POST" })).code).toBe(Code.OK);
    expect(await listed()).toBe(false);
    expect((await call("/admin/content/notices", op.token)).data.items.some((n: Loose) => n.id === id)).toBe(true);
    const rows = await env.DB.prepare(
      "SELECT action, before, after FROM audit_log WHERE target_type = 'notice' AND target_id = ? ORDER BY id",
    )
      .bind(id)
      .all<Loose>();
    expect(rows.results.map((r) => r.action)).toEqual(["notice.create", "notice.publish", "notice.update", "notice.unpublish"]);
    expect(rows.results[0]!.before).toBeNull();
    expect(JSON.parse(rows.results[2]!.before).titleEn).toBe("Maintenance");
    expect(JSON.parse(rows.results[2]!.after).titleEn).toBe("Postponed");

    const faq = await call("/admin/content/faq", op.token, {
      body: { category: "plan", question: { ko: "환불은?", en: "Refunds?" }, answer: { ko: "7일 안에.", en: "Within 7 days." } },
    });
    expect(faq.code, faq.message).toBe(Code.OK);
    expect((await auditRows("faq.create", faq.data.id)).results).toHaveLength(1);
    expect((await call("/admin/content/nothing", op.token)).status).toBe(404);
    expect((await call(`/admin/content/faq/${crypto.randomUUID()}/publish`, op.token, { method: "POST" })).status).toBe(404);
  });

  it("hides and restores voices and comments, features voices, lists reports and actor applications, with audit rows", async () => {
    const op = await newOperator();
    const member = await newMember();
    const voice = await env.DB.prepare("SELECT id FROM voices WHERE type = 'open' AND deleted_at IS NULL LIMIT 1").first<{ id: string }>();
    expect(voice).not.toBeNull();
    for (const [path, init] of [
      ["/admin/reports", {}],
      [`/admin/voices/${voice!.id}/hide`, { body: { reason: "x" } }],
      ["/admin/featured", {}],
      ["/admin/actor-applications", {}],
    ] as [string, Init][]) {
      expect((await call(path, member.token, init)).status, path).toBe(404);
    }
    const hidden = await call(`/admin/voices/${voice!.id}/hide`, op.token, { body: { reason: "Copyright claim" } });
    expect(hidden.code, hidden.message).toBe(Code.OK);
    expect(await env.DB.prepare("SELECT hidden_reason AS r FROM voices WHERE id = ?").bind(voice!.id).first()).toEqual({
      r: "Copyright claim",
    });
    expect((await call(`/admin/voices/${voice!.id}/restore`, op.token, { method: "POST" })).code).toBe(Code.OK);
    const rows = await env.DB.prepare(
      "SELECT action, before, after FROM audit_log WHERE target_type = 'voice' AND target_id = ? ORDER BY id",
    )
      .bind(voice!.id)
      .all<Loose>();
    expect(rows.results.map((r) => r.action)).toEqual(["voice.hide", "voice.restore"]);
    expect(JSON.parse(rows.results[0]!.after)).toMatchObject({ hiddenReason: "Copyright claim" });
    expect(JSON.parse(rows.results[1]!.before)).toMatchObject({ hiddenReason: "Copyright claim" });
    expect((await call(`/admin/voices/${crypto.randomUUID()}/hide`, op.token, { body: { reason: "x" } })).status).toBe(404);

    const start = Date.now();
    const featured = await call("/admin/featured", op.token, {
      body: { voice_id: voice!.id, starts_at: start, ends_at: start + 86_400_000 },
    });
    expect(featured.code, featured.message).toBe(Code.OK);
    expect((await call("/admin/featured", op.token)).data.items.some((e: Loose) => e.id === featured.data.id)).toBe(true);
    expect((await call(`/admin/featured/${featured.data.id}`, op.token, { method: "DELETE" })).code).toBe(Code.OK);
    expect((await auditRows("voice.feature", voice!.id)).results).toHaveLength(1);
    expect((await auditRows("voice.unfeature", voice!.id)).results).toHaveLength(1);

    expect((await call("/admin/reports", op.token)).data).toMatchObject({ voices: expect.any(Array), comments: expect.any(Array) });
    expect((await call("/admin/actor-applications", op.token)).data.items).toEqual(expect.any(Array));
  });
});
