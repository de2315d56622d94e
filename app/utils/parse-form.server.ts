import { parseWithZod as parse } from "@conform-to/zod/v4";
import { z } from "zod/v4";

/**
 * The highest list index a form may name (`paragraphs[199].text`: the TTS editor's 200 paragraphs are the longest
 * list). conform builds an array as long as the index says and the failed form's reply sends it back: a 40-byte
 * field `x[99999999]=1` made the worker run out of memory and stop answering.
 */
export const MAX_FORM_INDEX = 999;

/** Whether a field name holds a list index above MAX_FORM_INDEX. */
export const hasHugeIndex = (name: string) =>
  /\[(\d{4,})\]/.test(name) && [...name.matchAll(/\[(\d+)\]/g)].some((m) => Number(m[1]) > MAX_FORM_INDEX);

/**
 * The longest value a failed form's reply sends back (docs/decisions/0057's left-over), unless its field's maximum is
 * larger: a member without JavaScript who typed or pasted past a field's maximum (a paragraph of the TTS editor: 500
 * characters; an inquiry: 5000) gets the whole text back to shorten, not the text cut at the maximum; a 5 MB field
 * comes back as 20,000 characters.
 */
export const ECHO_MAX = 20_000;

type Limits = Map<string, number>;
type JsonSchema = { type?: unknown; maxLength?: unknown; properties?: Record<string, JsonSchema>; items?: unknown } & Record<
  string,
  unknown
>;

/**
 * Every field path of a form schema (`a.b`, a list's values as `a[]`, as conform names them without indexes) with the
 * most characters its value may have (Infinity: no maximum), from zod's JSON Schema of the form's input. Null when zod
 * cannot describe it. Made once per schema.
 */
const limitsOf = (() => {
  const made = new WeakMap<object, Limits | null>();
  const walk = (node: JsonSchema, path: string, out: Limits) => {
    const nested = node.properties || node.items || node.anyOf || node.oneOf || node.allOf;
    // A nullable field's null branch (`anyOf: [string, null]`) holds no text: it leaves the string's maximum as it is.
    const max = node.type === "null" ? 0 : node.type === "string" && typeof node.maxLength === "number" ? node.maxLength : Infinity;
    if (path && (!nested || node.type === "string")) out.set(path, Math.max(out.get(path) ?? 0, max));
    for (const [key, value] of Object.entries(node.properties ?? {})) walk(value, path ? `${path}.${key}` : key, out);
    for (const item of [node.items].flat()) if (item && typeof item === "object") walk(item as JsonSchema, `${path}[]`, out);
    for (const key of ["anyOf", "oneOf", "allOf"] as const) {
      for (const branch of (node[key] as JsonSchema[] | undefined) ?? []) walk(branch, path, out);
    }
  };
  return (schema: unknown): Limits | null => {
    if (!schema || typeof schema !== "object") return null;
    if (!made.has(schema)) {
      let limits: Limits | null = new Map();
      try {
        walk(z.toJSONSchema(schema as z.ZodType, { io: "input", unrepresentable: "any" }) as JsonSchema, "", limits);
      } catch {
        limits = null;
      }
      made.set(schema, limits);
    }
    return made.get(schema)!;
  };
})();

/** `text` cut to `max` UTF-16 units, never between the two halves of one character. */
function cut(text: string, max: number) {
  if (text.length <= max) return text;
  const end = /[\uD800-\uDBFF]/.test(text[max - 1] ?? "") ? max - 1 : max;
  return text.slice(0, Math.max(0, end));
}

/** The path conform's name `a[3].b` stands for in `Limits` (`a[].b`). */
const pathOf = (name: string) => name.replace(/\[\d+\]/g, "[]");

/** The limit of `path`; a list's one value comes as the list's name (`tags=a` is `tags: "a"`, `tags[]`'s limit). */
const limitOf = (limits: Limits, path: string) => limits.get(path) ?? limits.get(`${path}[]`);

/**
 * What a failed form's reply may send back of `value` at `path`: strings cut at ECHO_MAX (or their field's maximum
 * when larger), lists at MAX_FORM_INDEX + 1 values, nothing of a path the form does not have. Without limits (a
 * schema zod cannot describe), every string is cut at ECHO_MAX.
 */
function bounded(value: unknown, path: string, limits: Limits | null): unknown {
  if (Array.isArray(value)) {
    const items = value.slice(0, MAX_FORM_INDEX + 1).map((v) => bounded(v, `${path}[]`, limits));
    return items.every((v) => v === undefined) && value.length > 0 ? undefined : items;
  }
  if (value && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [key, v] of Object.entries(value)) {
      const kept = bounded(v, path ? `${path}.${key}` : key, limits);
      if (kept !== undefined) out[key] = kept;
    }
    return path && Object.keys(out).length === 0 ? undefined : out;
  }
  if (typeof value !== "string") return value;
  if (!limits) return cut(value, ECHO_MAX);
  const max = limitOf(limits, path);
  return max === undefined ? undefined : cut(value, max === Infinity ? ECHO_MAX : Math.max(max, ECHO_MAX));
}

/** A reply (`submission.reply()`) with only what `bounded` lets through, and only the submitted names the form has. */
function boundedReply<R extends { initialValue?: unknown; fields?: string[] }>(result: R, limits: Limits | null): R {
  if (result.initialValue == null) return result;
  const fields = result.fields?.filter((name) => (limits ? limitOf(limits, pathOf(name)) !== undefined : name.length <= ECHO_MAX));
  return { ...result, initialValue: bounded(result.initialValue, "", limits) ?? {}, ...(fields ? { fields } : {}) };
}

/**
 * conform's `parseWithZod`, after refusing a form that names a list index above MAX_FORM_INDEX: 400, the route's
 * error page. Every action parses through this (not through "@conform-to/zod/v4" directly; tests/unit/parse-form.test.ts).
 * Its submission's `reply()` sends back no value longer than the form's maximum for its field, and nothing of a field
 * the form does not have (`bounded`): a failed form used to echo a 5 MB field whole, twice.
 */
export const parseWithZod: typeof parse = ((formData: FormData | URLSearchParams, options: Parameters<typeof parse>[1]) => {
  for (const name of formData.keys()) if (hasHugeIndex(name)) throw new Response("Bad Request", { status: 400 });
  type Submission = { reply: (...args: unknown[]) => { initialValue?: unknown; fields?: string[] } };
  const withBoundedReply = <S extends Submission>(submission: S): S => {
    const reply = submission.reply.bind(submission);
    return { ...submission, reply: (...args: unknown[]) => boundedReply(reply(...args), limitsOf(options.schema)) };
  };
  const submission = parse(formData, options) as unknown as Submission | Promise<Submission>;
  return submission instanceof Promise ? submission.then(withBoundedReply) : withBoundedReply(submission);
}) as typeof parse;

/**
 * The request's form, or a 400 when its body cannot be read as one (a multipart body cut short, a malformed one):
 * a client's mistake, which `request.formData()` throwing in an action had answered with 500 (the app audit).
 */
export async function readForm(request: Request) {
  try {
    return await request.formData();
  } catch {
    throw new Response("Bad Request", { status: 400 });
  }
}
