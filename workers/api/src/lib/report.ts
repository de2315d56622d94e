import type { Context } from "hono";
import type { AppEnv } from "../env";

/** Sends an unexpected server error to the notify worker; never throws, never delays the response. */
export function reportError(c: Context<AppEnv>, err: unknown) {
  const body = JSON.stringify({
    message: err instanceof Error ? err.message : String(err),
    detail: JSON.stringify({ url: c.req.url, method: c.req.method, status: 500, page: "api" }),
    userId: c.var.member?.email ?? "unknown",
  });
  try {
    const sent = c.env.NOTIFY.fetch("https://notify.internal/api/notify", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body,
    }).catch(() => undefined);
    c.executionCtx.waitUntil(sent);
  } catch {
    // Reporting must never turn one error into two.
  }
}
