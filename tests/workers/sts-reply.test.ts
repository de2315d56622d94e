// The one-call STS endpoint (POST /studio/sts; docs/decisions/0052) takes `reply_to`, the share id of a
// shared result, with the step flow's rules: the original must be shared and live; the reply is linked as it is made
// and listed on the original's share page once shared. Who may reply (the original's owner, another member, a
// visitor) and ids that name no shared result (refused with 4660 before anything is converted, stored or charged).
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { seedStatements } from "#db/seed";
import { Code } from "../../workers/api/src/lib/codes";
import { signedUp, worker, type Answer } from "./helpers";
import { voice, wavOf } from "./voice-recordings";

beforeAll(async () => {
  await env.DB.batch(seedStatements().map((s) => env.DB.prepare(s)));
});

async function call(token: string | null, path: string, init: { method?: string; form?: FormData; lang?: string } = {}) {
  return worker.fetch(`http://localhost/api/v1${path}`, {
    method: init.method ?? (init.form ? "POST" : "GET"),
    headers: { lang: init.lang ?? "en", ...(token ? { "api-key": token } : {}) },
    body: init.form,
  });
}
const json = async (res: Response) => ({ status: res.status, ...(await res.json<Answer>()) });

/** The one-call conversion, optionally answering a shared result. */
async function convert(token: string | null, replyTo?: string, lang = "en") {
  const form = new FormData();
  form.set("file", new File([wavOf(voice(1.5, 160)) as Uint8Array<ArrayBuffer>], "hello.wav"));
  form.set("voice_id", "ko-minjun");
  if (replyTo !== undefined) form.set("reply_to", replyTo);
  return json(await call(token, "/studio/sts", { form, lang }));
}

async function share(token: string, id: string) {
  const r = await json(await call(token, `/studio/inferences/${id}/share`, { method: "POST" }));
  expect(r.code).toBe(Code.OK);
  return r.data!.share_id as string;
}

const replyOf = async (inferenceId: string) =>
  (await env.DB.prepare("SELECT reply_to AS replyTo FROM inferences WHERE id = ?").bind(inferenceId).first<{ replyTo: string | null }>())
    ?.replyTo;

const usage = async (email: string) =>
  env.DB.prepare(
    "SELECT used_seconds AS used, (SELECT COUNT(*) FROM inferences i WHERE i.member_id = m.id) AS results FROM members m WHERE email = ?",
  )
    .bind(email)
    .first<{ used: number; results: number }>();

describe("POST /studio/sts with reply_to", () => {
  it("links the reply to the shared original for another member and for the original's owner; the share page lists it", async () => {
    const alice = await signedUp("sts-reply-alice@example.com");
    const bob = await signedUp("sts-reply-bob@example.com");
    const original = (await convert(alice.token!)).data!.inference_id as string;
    const originalShare = await share(alice.token!, original);

    const reply = await convert(bob.token!, originalShare);
    expect([reply.status, reply.code]).toEqual([200, Code.OK]);
    const replyId = reply.data!.inference_id as string;
    expect(await replyOf(replyId)).toBe(original);
    const replyShare = await share(bob.token!, replyId);
    const page = await json(await call(null, `/share/${originalShare}`));
    expect((page.data!.replies as { share_id: string }[]).map((r) => r.share_id)).toContain(replyShare);
    expect((await json(await call(null, `/share/${replyShare}`))).data).toMatchObject({ replyTo: { share_id: originalShare } });

    // The owner may answer their own shared result too (a new result, never the original itself).
    const own = await convert(alice.token!, originalShare);
    expect(own.code).toBe(Code.OK);
    expect(await replyOf(own.data!.inference_id as string)).toBe(original);
  });

  it("a visitor is refused (8000); ids naming no shared result are refused with 4660, nothing converted or charged", async () => {
    const alice = await signedUp("sts-reply-owner@example.com");
    const bob = await signedUp("sts-reply-other@example.com");
    const shared = (await convert(alice.token!)).data!.inference_id as string;
    const sharedId = await share(alice.token!, shared);
    const unshared = (await convert(alice.token!)).data!.inference_id as string;
    const revoked = (await convert(alice.token!)).data!.inference_id as string;
    const revokedShare = await share(alice.token!, revoked);
    expect((await json(await call(alice.token!, `/studio/inferences/${revoked}/share`, { method: "DELETE" }))).code).toBe(Code.OK);

    const visitor = await convert(null, sharedId);
    expect([visitor.status, visitor.code]).toEqual([401, Code.LOGIN_REQUIRED]);

    const before = await usage("sts-reply-other@example.com");
    // Another member's unshared result (its result id is no share id), a revoked share, a well-formed id that names
    // nothing, a malformed one.
    for (const bad of [unshared, shared, revokedShare, "AAAAAAAAAAAAAAAAAAAAAA", "not a share id"]) {
      const r = await convert(bob.token!, bad);
      expect([r.status, r.code, r.success], bad).toEqual([404, Code.REPLY_TARGET_UNKNOWN, false]);
      expect(r.message).toContain("reply_to");
    }
    const ko = await convert(bob.token!, "AAAAAAAAAAAAAAAAAAAAAA", "ko");
    expect(ko.message).toContain("답장하려는 음성");
    expect(await usage("sts-reply-other@example.com")).toEqual(before);
    // A deleted original (soft-deleted result, its share kept until the purge) is no target either.
    await env.DB.prepare("UPDATE inferences SET deleted_at = ? WHERE id = ?").bind(Date.now(), shared).run();
    expect((await convert(bob.token!, sharedId)).code).toBe(Code.REPLY_TARGET_UNKNOWN);
  });

  it("an over-long reply_to is a bad request, not a crash", async () => {
    const bob = await signedUp("sts-reply-long@example.com");
    const r = await convert(bob.token!, "x".repeat(500));
    expect([r.status, r.code]).toEqual([400, Code.BAD_REQUEST]);
  });
});
