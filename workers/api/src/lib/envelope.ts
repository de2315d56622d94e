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
export const answer = <R extends Result<unknown>>(c: Context<AppEnv>, result: R, code: Code = Code.OK): Answer<R> =>
  (result.ok ? ok(c, (result as Extract<R, { ok: true }>).value as ValueOf<R>, code) : fail(c, result.code, result)) as Answer<R>;

/**
 * The typed responses of `ok` and `fail`, which Hono's schema of a route (and so the app's client) reads. A refusal
 * alone answers only `Failed`: an `ok` of never would be a success without data, which swallows the route's real one.
 */
type Answered<T> = ReturnType<typeof ok<T>>;
type Failed = ReturnType<typeof fail>;
type Answer<R> = [ValueOf<R>] extends [never] ? Failed : Answered<ValueOf<R>> | Failed;
type ValueOf<R> = R extends { ok: true; value: infer T } ? T : never;

/**
 * A success envelope. `success` is typed as the literal `true` (and `fail`'s as `false`) so the schema Hono infers for a
 * route tells the app's client (app/utils/api.server.ts) the data of its success apart from a refusal's.
 */
export function ok<T>(c: Context<AppEnv>, data: T, code: Code = Code.OK) {
  const body = { success: true as const, code, data, message: message(code, c.var.locale) } satisfies Envelope<T>;
  return c.json(body, httpStatus[code]);
}

/**
 * An error envelope. Its message is the code's (lib/codes.ts `message`) with `params` filled in;
 * `message` passes one already made that way (by speech/, which works in a job's locale) or by the
 * validation layer (lib/validate.ts: the first issue).
 */
export function fail(c: Context<AppEnv>, code: Code, opts: { params?: MessageParams; message?: string; data?: unknown } = {}) {
  const body = {
    success: false as const,
    code,
    data: opts.data ?? null,
    message: opts.message ?? message(code, c.var.locale, opts.params),
  } satisfies Envelope;
  return c.json(body, httpStatus[code]);
}
