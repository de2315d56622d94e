import { env } from "cloudflare:workers";
import { signedUp, worker, type Answer } from "./helpers";

// The console's tests (help.test.ts, admin-console.test.ts): members and operators made through the real sign-up,
// and calls to the api with a member's token, a test clock and a language.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Loose = Record<string, any>;

let seq = 0;
/** A signed-up member: its access token, id and address (unique per call). */
export async function newMember(prefix = "help") {
  const email = `${prefix}${++seq}-${crypto.randomUUID().slice(0, 6)}@example.com`;
  const s = await signedUp(email);
  const row = await env.DB.prepare("SELECT id FROM members WHERE email = ?").bind(email).first<{ id: string }>();
  return { token: s.token!, id: row!.id, email };
}

/** An operator: a member given the role the way `npm run operator -- grant` does (one UPDATE of the row). */
export async function newOperator() {
  const m = await newMember("op");
  await env.DB.prepare("UPDATE members SET role = 'operator' WHERE id = ?").bind(m.id).run();
  return m;
}

export type Init = { body?: unknown; form?: FormData; method?: string; at?: number; lang?: string };

/** `/api/v1<path>` as `token`'s member (null: a visitor); JSON `body` or multipart `form`; `at` sets the test clock. */
export async function call(path: string, token: string | null, init: Init = {}) {
  const headers: Record<string, string> = { lang: init.lang ?? "en" };
  if (token) headers["api-key"] = token;
  if (init.at) headers["x-test-now"] = String(init.at);
  if (init.body !== undefined) headers["content-type"] = "application/json";
  const res = await worker.fetch(`http://localhost/api/v1${path}`, {
    method: init.method ?? (init.body === undefined && init.form === undefined ? "GET" : "POST"),
    headers,
    body: init.form ?? (init.body === undefined ? undefined : JSON.stringify(init.body)),
  });
  const body = await res.json<Answer>();
  return { status: res.status, ...body, data: body.data as Loose };
}
