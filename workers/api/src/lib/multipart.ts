import type { Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { z } from "zod/v4";
import { Code, type MessageParams } from "./codes";
import { fail } from "./envelope";
import { parseLocalized } from "./validate";
import type { AppEnv } from "../env";

/** Room for the multipart framing and the text fields around the files. */
export const FORM_OVERHEAD = 64 * 1024;

/** A multipart body over `maxSize` is refused while it streams in, with `code`'s message. */
export const uploadLimit = (maxSize: number, code: Code, params?: MessageParams) =>
  bodyLimit({ maxSize: maxSize + FORM_OVERHEAD, onError: (c) => fail(c as never, code, { params }) });

/**
 * A multipart (or urlencoded) submission: its text fields checked by `fields` (400 with localized issues,
 * as a JSON body's), and its file parts named `fileField`. `error` is the answer to send when it is wrong.
 */
export async function readSubmission<S extends z.ZodType>(c: Context<AppEnv>, fields: S, fileField: string) {
  const form = await c.req.formData().catch(() => null);
  if (!form) return { error: fail(c, Code.BAD_REQUEST) } as const;
  const files = form.getAll(fileField).filter((v): v is File => v instanceof File);
  const text = Object.fromEntries([...form.entries()].filter(([k, v]) => k !== fileField && typeof v === "string"));
  const parsed = parseLocalized(fields, text, c.var.locale);
  if (!parsed.success) {
    const first = parsed.issues[0];
    return {
      error: fail(c, Code.BAD_REQUEST, { message: first ? `${first.path}: ${first.message}` : undefined, data: { issues: parsed.issues } }),
    } as const;
  }
  return { value: parsed.data as z.output<S>, files } as const;
}

/**
 * A form's fields as an object for a zod schema: a field given more than once becomes a list; file parts are left out
 * unless `files` (then kept as File values, for a schema that checks them).
 */
export function formFields(form: FormData, { files = false } = {}) {
  const out: Record<string, unknown> = {};
  for (const [key, value] of form.entries()) {
    if (typeof value !== "string" && !files) continue;
    const had = out[key];
    out[key] = had === undefined ? value : Array.isArray(had) ? [...had, value] : [had, value];
  }
  return out;
}

/** A numeric id from a path (a positive integer of at most 12 digits), else null: the route answers 404. */
export const numericId = (raw: string) => (/^\d{1,12}$/.test(raw) && Number(raw) > 0 ? Number(raw) : null);
