// Audit (h-audit): limits checked by a read before the write (a COUNT, then an INSERT in another statement).
// Each test sends the same request several times at once, as two tabs or a scripted client would, and checks
// that the limit held. These fail today.
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { seedStatements } from "../../db/seed";
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
    const rows = await env.DB.prepare("SELECT COUNT(*) AS n FROM labs_avatars WHERE member_id = ?").bind(m.id).first<{ n: number }>();
    expect({ stored, rows: rows!.n }).toEqual({ stored: 10, rows: 10 });
  });
});
