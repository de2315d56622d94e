import type { Context } from "hono";
import { Code, httpStatus, message, type MessageParams } from "./codes";
import type { AppEnv } from "../env";
import type { Envelope } from "#contracts/codes";

export type { Envelope };

/**
 * A domain rule's "no": the result code, the values of its message's placeholders and what the client
 * needs beside the message (`data`); `message` when speech/ already made it (it works in a job's
 * locale). Domain modules answer it; routes turn it into an envelope with `fail`.
 */
export type Refusal = { ok: false; code: Code; params?: MessageParams; message?: string; data?: unknown };

export const refusal = (code: Code, more: { params?: MessageParams; data?: unknown } = {}): Refusal => ({ ok: false, code, ...more });

/** What a domain operation answers: its value, or a refusal. */
export type Result<T> = { ok: true; value: T } | Refusal;

export const done = <T>(value: T) => ({ ok: true, value }) as const;

/** The envelope of a domain result: `ok` with its value (and `code`), or `fail` with its refusal. */
export const answer = (c: Context<AppEnv>, result: Result<unknown>, code: Code = Code.OK) =>
  result.ok ? ok(c, result.value, code) : fail(c, result.code, result);

export function ok<T>(c: Context<AppEnv>, data: T, code: Code = Code.OK) {
  const body: Envelope<T> = { success: true, code, data, message: message(code, c.var.locale) };
  return c.json(body, httpStatus[code]);
}

/**
 * An error envelope. Its message is the code's (lib/codes.ts `message`) with `params` filled in;
 * `message` passes one already made that way (by speech/, which works in a job's locale) or by the
 * validation layer (lib/validate.ts: the first issue).
 */
export function fail(c: Context<AppEnv>, code: Code, opts: { params?: MessageParams; message?: string; data?: unknown } = {}) {
  const body: Envelope = {
    success: false,
    code,
    data: opts.data ?? null,
    message: opts.message ?? message(code, c.var.locale, opts.params),
  };
  return c.json(body, httpStatus[code]);
}
