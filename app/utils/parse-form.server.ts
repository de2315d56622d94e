import { parseWithZod as parse } from "@conform-to/zod/v4";

/**
 * The highest list index a form may name (`paragraphs[199].text`: the TTS editor's 200 paragraphs are the longest
 * list). conform builds an array as long as the index says and the failed form's reply sends it back: a 40-byte
 * field `x[99999999]=1` made the worker run out of memory and stop answering (the app audit, session 15).
 */
export const MAX_FORM_INDEX = 999;

/** Whether a field name holds a list index above MAX_FORM_INDEX. */
export const hasHugeIndex = (name: string) =>
  /\[(\d{4,})\]/.test(name) && [...name.matchAll(/\[(\d+)\]/g)].some((m) => Number(m[1]) > MAX_FORM_INDEX);

/**
 * conform's `parseWithZod`, after refusing a form that names a list index above MAX_FORM_INDEX: 400, the route's
 * error page. Every action parses through this (not through "@conform-to/zod/v4" directly; tests/unit/parse-form.test.ts).
 */
export const parseWithZod: typeof parse = ((formData: FormData | URLSearchParams, options: Parameters<typeof parse>[1]) => {
  for (const name of formData.keys()) if (hasHugeIndex(name)) throw new Response("Bad Request", { status: 400 });
  return parse(formData, options);
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
