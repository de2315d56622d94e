import type { Context } from "hono";
import { message, type Code } from "./codes";
import { fail, ok } from "./envelope";
import type { AppEnv } from "../env";

/**
 * What a domain operation answers a route: its data, or the code it refuses with (and the data and message
 * values that go with that code). The route turns it into the envelope with `answer`; the message always
 * comes from the code table (`lib/codes.ts`, `{name}` placeholders filled from `params`).
 */
export type Refused = { ok: false; code: Code; data?: unknown; params?: Record<string, string | number> };
export type Outcome<T> = { ok: true; data: T } | Refused;

export const done = <T>(data: T): Outcome<T> => ({ ok: true, data });
export const refused = (code: Code, data?: unknown, params?: Record<string, string | number>): Refused => ({
  ok: false,
  code,
  data,
  params,
});

/** The envelope of an outcome. */
export function answer<T>(c: Context<AppEnv>, outcome: Outcome<T>) {
  if (outcome.ok) return ok(c, outcome.data);
  return fail(c, outcome.code, { data: outcome.data, message: message(outcome.code, c.var.locale, outcome.params) });
}
