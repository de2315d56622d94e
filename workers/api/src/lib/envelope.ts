import type { Context } from "hono";
import { Code, httpStatus, messages } from "./codes";
import type { AppEnv } from "../env";
import type { Envelope } from "../../../../contracts/codes";

export type { Envelope };


export function ok<T>(c: Context<AppEnv>, data: T, code: Code = Code.OK) {
  const body: Envelope<T> = { success: true, code, data, message: messages[code][c.var.locale] };
  return c.json(body, httpStatus[code]);
}

/** An error envelope; `message` overrides the code's default text (already localized by the caller). */
export function fail(c: Context<AppEnv>, code: Code, opts: { message?: string; data?: unknown } = {}) {
  const body: Envelope = {
    success: false,
    code,
    data: opts.data ?? null,
    message: opts.message ?? messages[code][c.var.locale],
  };
  return c.json(body, httpStatus[code]);
}
