import { bodyLimit } from "hono/body-limit";
import { createMiddleware } from "hono/factory";
import { validator } from "hono/validator";
import { z } from "zod/v4";
import ko from "zod/v4/locales/ko.js";
import en from "zod/v4/locales/en.js";
import { Code, type Locale, type Localized } from "./codes";
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
  const unreadable = unreadableText(value);
  if (unreadable !== null) return { success: false as const, issues: [{ path: unreadable, message: ruleMessages.readableText[locale] }] };
  const builtIn = zodLocales[locale]().localeError;
  const result = schema.safeParse(value, {
    error: (issue) => {
      const key = issue.code === "custom" ? (issue.params as { rule?: keyof typeof ruleMessages } | undefined)?.rule : undefined;
      if (key && ruleMessages[key]) return ruleMessages[key][locale];
      return builtIn(issue.code === "invalid_value" ? { ...issue, values: optionsFor(issue.values, locale) } : issue);
    },
  });
  if (result.success) return { success: true as const, data: result.data };
  const issues = result.error.issues.map((i) => ({ path: i.path.join("."), message: i.message }));
  return { success: false as const, issues };
}

/**
 * A lone surrogate half (JSON's "\ud800" parses to one) or U+FFFD, which is what the platform makes of bytes that
 * are not UTF-8 (a JSON body, a form field) and of a lone surrogate a browser sends. Stored, either comes back as
 * U+FFFD; refused instead, the sender learns their text was damaged before it arrived.
 */
const UNREADABLE = /[\p{Cs}\ufffd]/u;

type PathNode = { key: string | number; parent: PathNode | null } | null;
const joinPath = (node: PathNode) => {
  const keys: (string | number)[] = [];
  for (let n = node; n; n = n.parent) keys.unshift(n.key);
  return keys.join(".");
};

/**
 * The path of the first string (or object key) in `value` with an unreadable character, else null. A loop over
 * linked paths, not recursion: a 64 KB body can nest arrays tens of thousands deep.
 */
export function unreadableText(value: unknown): string | null {
  const pending: [unknown, PathNode][] = [[value, null]];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [item, path] = next;
    if (typeof item === "string") {
      if (UNREADABLE.test(item)) return joinPath(path);
    } else if (Array.isArray(item)) {
      for (let i = item.length - 1; i >= 0; i--) pending.push([item[i], { key: i, parent: path }]);
    } else if (item !== null && typeof item === "object") {
      const entries = Object.entries(item);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, child] = entries[i]!;
        if (UNREADABLE.test(key)) return joinPath(path);
        pending.push([child, { key, parent: path }]);
      }
    }
  }
  return null;
}

/**
 * The options an English message lists: an enum that takes a Korean and an English spelling of each choice (a card's
 * 개인 or personal) names the English ones to an English reader; Korean readers see them all.
 */
function optionsFor<T>(values: T[], locale: Locale): T[] {
  if (locale !== "en") return values;
  const english = values.filter((v) => typeof v !== "string" || !/\p{Script=Hangul}/u.test(v));
  return english.length > 0 ? english : values;
}

/** Messages of our own refinements (zod's own ko/en messages cover the built-in checks). */
const ruleMessages = {
  readableText: {
    ko: "읽을 수 없는 문자(짝이 없는 서로게이트 또는 U+FFFD)가 들어 있습니다. 텍스트를 다시 복사해 붙여 넣어 주세요.",
    en: "The text contains a character that cannot be read (a lone surrogate or U+FFFD). Copy and paste the text again.",
  },
  plainText: {
    ko: "제어 문자나 보이지 않는 방향 바꿈 문자는 쓸 수 없습니다.",
    en: "Control characters and invisible direction marks are not allowed.",
  },
  uniqueIds: { ko: "같은 id가 두 번 들어 있습니다.", en: "The same id appears more than once." },
  referenceClip: { ko: "화자의 참조 음성 파일을 올려 주세요.", en: "Upload the speaker's reference clip." },
  referenceTranscript: { ko: "참조 음성이 말하는 내용을 그대로 적어 주세요.", en: "Write exactly what the reference clip says." },
  referenceConsent: {
    ko: "화자의 서면 동의 날짜와 동의서 보관 위치를 적어 주세요.",
    en: "Give the date of the speaker's written consent and where the signed document is kept.",
  },
  referenceLicence: {
    ko: "참조 음성은 화자의 독점 또는 비독점 이용 허락으로, 프리셋 화자는 모델의 라이선스로 등록해요.",
    en: "A reference clip is licensed by its speaker (exclusive or non-exclusive); a preset speaker by its model's licence.",
  },
  referencePreset: { ko: "모델의 화자 이름을 적어 주세요(예: KR, EN-US).", en: "Name the model's speaker (for example KR or EN-US)." },
} satisfies Record<string, Localized>;

/**
 * C0 and C1 control characters (NUL, escape, line breaks...), DEL, and the bidi controls that can
 * make a name read differently from what it is (U+061C, U+200E-U+200F, U+202A-U+202E, U+2066-U+2069).
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
export const CONTROL_OR_BIDI = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

/** A one-line name or title: trimmed, `min`..`max` long, no control or bidi characters. */
export const plainText = (min: number, max: number) =>
  z
    .string()
    .trim()
    .min(min)
    .max(max)
    .refine((v) => !CONTROL_OR_BIDI.test(v), { params: { rule: "plainText" } });

/** Removes what `plainText` refuses, for names that come from elsewhere (file names). */
export const stripControls = (value: string) => value.replace(new RegExp(CONTROL_OR_BIDI.source, "g"), "");

/** A rule for arrays of items with ids: no id twice (items without an id are new ones). */
export const uniqueIds = { params: { rule: "uniqueIds" } } as const;

/** 413 envelope when the body is over `maxSize` bytes (checked while streaming, not only by Content-Length). */
export const limit = (maxSize: number) => bodyLimit({ maxSize, onError: (c) => fail(c as never, Code.PAYLOAD_TOO_LARGE) });

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
export function invalid(ctx: FailCtx, issues: { path: string; message: string }[]) {
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
