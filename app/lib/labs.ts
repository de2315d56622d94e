/**
 * The labs pages' shapes (docs/decisions/0041; client-safe; their form schemas are in labs-schemas.ts,
 * so the pages load zod only when a form is used, docs/decisions/0049). Avatar talk
 * (/labs/avatar) is the STS flow (upload or record, the file check, the conversion job; usage charged as
 * STS conversion time) with an avatar chosen first and a stage at the end. Its state is in the search
 * params: `avatar`, then the STS page's `id`, `source`, `step=voice`, `job`, `result`.
 */

export const AVATAR_STEPS = ["avatar", "record", "check", "voice", "result"] as const;
export type AvatarStep = (typeof AVATAR_STEPS)[number] | "process";

/** `path` with the given steps' params; empty ones left out. */
const withParams = (path: string, q: Record<string, string | null | undefined>) => {
  const params = new URLSearchParams(Object.entries(q).filter((e): e is [string, string] => !!e[1]));
  const s = params.toString();
  return `${path}${s ? `?${s}` : ""}`;
};

/** The avatar page with the given steps' params; empty ones left out. */
export const avatarPath = (q: Record<string, string | null | undefined>) => withParams("/labs/avatar", q);

/**
 * The shorts (/labs/shorts/start, docs/decisions/0042): a template first, then the same STS steps as
 * avatar talk; the result renders the 9:16 short in the browser. State in the search params: `template`,
 * then `id`, `source`, `step=voice`, `job`, `result`.
 */
export const SHORT_STEPS = ["template", "record", "check", "voice", "result"] as const;
export type ShortStep = (typeof SHORT_STEPS)[number] | "process";

/** The shorts page with the given steps' params; empty ones left out. */
export const shortsPath = (q: Record<string, string | null | undefined>) => withParams("/labs/shorts/start", q);
