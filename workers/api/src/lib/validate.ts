import { bodyLimit } from "hono/body-limit";
import { createMiddleware } from "hono/factory";
import { validator } from "hono/validator";
import { z } from "zod/v4";
import ko from "zod/v4/locales/ko.js";
import en from "zod/v4/locales/en.js";
import { Code, type Locale } from "./codes";
import { fail } from "./envelope";
import type { AppEnv } from "../env";

/** Bodies of JSON routes stay under this unless a route says otherwise. */
export const DEFAULT_BODY_LIMIT = 64 * 1024;

const zodLocales: Record<Locale, () => { localeError: z.core.$ZodErrorMap }> = { ko, en };

/**
 * Parses with the request's locale: zod's own ko/en messages for built-in checks (a schema's own
 * message, if it sets one, wins). Issues come back as `[{path: "email", message: "..."}]`.
 */
export function parseLocalized<S extends z.ZodType>(schema: S, value: unknown, locale: Locale) {
  const result = schema.safeParse(value, { error: zodLocales[locale]().localeError });
  if (result.success) return { success: true as const, data: result.data };
  const issues = result.error.issues.map((i) => ({ path: i.path.join("."), message: i.message }));
  return { success: false as const, issues };
}

/** 413 envelope when the body is over `maxSize` bytes (checked while streaming, not only by Content-Length). */
export const limit = (maxSize: number) =>
  bodyLimit({ maxSize, onError: (c) => fail(c as never, Code.PAYLOAD_TOO_LARGE) });

/**
 * The default limit for every route that does not carry files. Multipart routes (uploads) set
 * their own limit with `limit()`.
 */
export const defaultBodyLimit = createMiddleware<AppEnv>(async (c, next) => {
  if ((c.req.header("content-type") ?? "").startsWith("multipart/form-data")) return next();
  const larger = LARGER_JSON_BODIES.find(([path]) => path.test(c.req.path));
  return limit(larger?.[1] ?? DEFAULT_BODY_LIMIT)(c, next);
});

/** JSON routes that take more than the default (a limit nested inside the default could only lower it). */
const LARGER_JSON_BODIES: [RegExp, number][] = [
  // A whole TTS script: up to 200 paragraphs of 500 characters (3 bytes each in UTF-8) plus settings.
  [/^\/api\/v1\/studio\/projects\/[^/]+\/paragraphs$/, 512 * 1024],
];

type FailCtx = Parameters<typeof fail>[0];

/** 400 (4000) with the first issue as the message and every issue in `data.issues`. */
function invalid(ctx: FailCtx, issues: { path: string; message: string }[]) {
  const first = issues[0];
  return fail(ctx, Code.BAD_REQUEST, {
    message: first ? (first.path ? `${first.path}: ${first.message}` : first.message) : undefined,
    data: { issues },
  });
}

/**
 * Validates a JSON body with a zod schema. Wrong content type: 415; malformed JSON: 400 (4001, from
 * the onError handler in index.ts, since Hono's validator throws before calling us); schema failure:
 * 400 (4000) with the first issue as the message and every issue in `data.issues`, all localized.
 */
export const jsonBody = <S extends z.ZodType>(schema: S) =>
  validator("json", (value, c) => {
    const ctx = c as unknown as FailCtx;
    const type = c.req.header("content-type") ?? "";
    if (!/^application\/([\w.-]+\+)?json/i.test(type)) return fail(ctx, Code.UNSUPPORTED_MEDIA_TYPE);
    const result = parseLocalized(schema, value, ctx.var.locale);
    if (!result.success) return invalid(ctx, result.issues);
    return result.data as z.output<S>;
  });

/** Validates the query string the same way (400 with localized issues). */
export const queryParams = <S extends z.ZodType>(schema: S) =>
  validator("query", (value, c) => {
    const ctx = c as unknown as FailCtx;
    const result = parseLocalized(schema, value, ctx.var.locale);
    if (!result.success) return invalid(ctx, result.issues);
    return result.data as z.output<S>;
  });
