/** Guards the API-key and avatar limits against concurrent requests (count and insert in one statement; no R2 file left by a refused avatar). */
// Found by the audit (h-audit): POST /keys and POST /labs/avatars counted the member's rows, then inserted in another
// statement, so requests sent at once (two tabs, a scripted client) all passed the count and exceeded the limit.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { seedStatements } from "#db/seed";
import { Code } from "../../workers/api/src/lib/codes";
import { signedUp, worker, type Answer } from "./helpers";
import nariUrl from "../../public/labs/avatars/nari.vrm?inline";

beforeAll(async () => {
  await env.DB.batch(seedStatements().map((s) => env.DB.prepare(s)));
});

const bytesOf = (dataUrl: string) => Uint8Array.from(atob(dataUrl.slice(dataUrl.indexOf(",") + 1)), (c) => c.charCodeAt(0));

let n = 0;
async function member() {
  const s = await signedUp(`audit-race${++n}-${crypto.randomUUID().slice(0, 8)}@example.com`);
  const token = s.token!;
  const id = JSON.parse(atob(token.split(".")[1]!.replace(/-/g, "+").replace(/_/g, "/"))).sub as string;
  const call = async <T = Record<string, unknown>>(path: string, init: { method?: string; body?: unknown; form?: FormData } = {}) => {
    const res = await worker.fetch(`http://localhost/api/v1${path}`, {
      method: init.method ?? (init.body || init.form ? "POST" : "GET"),
      headers: { lang: "en", "api-key": token, ...(init.body ? { "content-type": "application/json" } : {}) },
      body: init.form ?? (init.body ? JSON.stringify(init.body) : undefined),
    });
    return { status: res.status, ...((await res.json()) as Omit<Answer, "data"> & { data: T }) };
  };
  return { id, token, call };
}

describe("limits read before the insert", () => {
  it("API keys: 20 creations at once leave at most 10 live keys (API_KEY_LIMITS.live)", async () => {
    const m = await member();
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => m.call("/keys", { body: { name: `k${i}` } })));
    const created = answers.filter((a) => a.success).length;
    expect(answers.filter((a) => !a.success).map((a) => [a.status, a.code])).toEqual(Array(10).fill([409, Code.API_KEY_LIMIT]));
    const live = await env.DB.prepare("SELECT COUNT(*) AS n FROM api_keys WHERE member_id = ? AND revoked_at IS NULL")
      .bind(m.id)
      .first<{ n: number }>();
    expect({ created, live: live!.n }).toEqual({ created: 10, live: 10 });
  });

  it("avatars: 12 uploads at once leave at most 10 avatars (AVATAR_LIMITS.perMember)", async () => {
    const m = await member();
    const vrm = bytesOf(nariUrl);
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => {
        const form = new FormData();
        form.set("file", new File([vrm as Uint8Array<ArrayBuffer>], "nari.vrm"));
        return m.call("/labs/avatars", { form });
      }),
    );
    const stored = answers.filter((a) => a.success).length;
    expect(answers.filter((a) => !a.success).map((a) => [a.status, a.code])).toEqual(Array(2).fill([409, Code.AVATAR_LIMIT]));
    const rows = await env.DB.prepare("SELECT COUNT(*) AS n FROM labs_avatars WHERE member_id = ?").bind(m.id).first<{ n: number }>();
    // A refused upload leaves no file behind: R2 holds exactly the stored avatars' files.
    const files = (await env.MEDIA.list({ prefix: `labs/avatars/${m.id}/` })).objects.map((o) => o.key).sort();
    const keys = await env.DB.prepare("SELECT file_key FROM labs_avatars WHERE member_id = ? ORDER BY file_key")
      .bind(m.id)
      .all<{ file_key: string }>();
    expect({ stored, rows: rows!.n, files }).toEqual({ stored: 10, rows: 10, files: keys.results.map((r) => r.file_key) });
  });
});
