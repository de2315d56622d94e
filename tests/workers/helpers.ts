import { exports } from "cloudflare:workers";

/** The api worker's own default export, as deployed (the pool's `main`). */
export const worker = (exports as unknown as { default: Fetcher }).default;

export type Answer = { success: boolean; code: number; data: Record<string, unknown> | null; message: string };

let ipCounter = 0;

/** POST a JSON body to /api/v1/member/*, from a new client IP each time unless one is given. */
export async function memberPost(path: string, body: unknown, opts: { lang?: string; ip?: string } = {}) {
  const res = await worker.fetch(`http://localhost/api/v1/member${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", lang: opts.lang ?? "kr", "cf-connecting-ip": opts.ip ?? `10.9.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}` },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: await res.json<Answer>() };
}
