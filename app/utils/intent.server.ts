import type { z } from "zod/v4";

/**
 * Which form of a page was sent: the action's zod discriminated union on `intent` (the hidden field
 * or the submit button's value), with any fields that form has besides conform's. Null when the
 * request is none of them. Each form's own fields are then parsed with its schema by `parseWithZod`.
 */
export function parseIntent<S extends z.ZodType>(form: FormData, schema: S): z.output<S> | null {
  const parsed = schema.safeParse(Object.fromEntries(form));
  return parsed.success ? parsed.data : null;
}
