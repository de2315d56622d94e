import type { FormMetadata, SubmissionResult } from "@conform-to/react";
import { useEffect, useLayoutEffect, useRef, useState, type FormEvent } from "react";
import type { z } from "zod/v4";

/** What an action answers for a form: conform's reply, or nothing before the first submit. */
export type LastResult = SubmissionResult<string[]> | undefined;

/** A field's HTML constraints, as conform's `getZodConstraint` gives them. */
export type Constraint = {
  required?: boolean;
  minLength?: number;
  maxLength?: number;
  min?: string | number;
  max?: string | number;
  step?: string | number;
  multiple?: boolean;
  pattern?: string;
  accept?: string;
};

/**
 * A form's schema as the browser sees it (docs/decisions/0049): its constraints, produced ahead of time
 * from the zod schema (app/lib/form-specs.ts, held to the schemas by tests/unit/form-specs.test.ts), and the schema
 * itself behind `import()`, loaded when the member first focuses the form. So no page loads zod on its first load.
 */
export type FormSpec<S> = { constraint: Record<string, Constraint>; load: () => Promise<S> };

type Schema = z.ZodType<Record<string, unknown>>;
type Errors = Record<string, string[]>;
type Keys = Record<string, string>;
type Segment = string | number;
/** conform's intents (a page's form sends only `validate`: a field's check; the others come in an action's answer). */
type Intent =
  | { type: "validate"; payload: { name?: string } }
  | { type: "update"; payload: { name?: string; index?: number; value?: unknown } }
  | { type: "insert"; payload: { name: string; index?: number; defaultValue?: unknown } }
  | { type: "remove"; payload: { name: string; index: number } }
  | { type: "reorder"; payload: { name: string; from: number; to: number } };
type Result = Omit<SubmissionResult<string[]>, "intent" | "error" | "initialValue"> & {
  intent?: Intent | null;
  error?: Record<string, string[] | null>;
  initialValue?: unknown;
};
type State = {
  /** What the inputs start from: the action's echo of what was sent (no JavaScript), else the defaults; lists change it. */
  initialValue: unknown;
  /** What the form holds now (updated on input; read by pages that switch on a choice or count characters). */
  value: unknown;
  /** Errors of the validated fields only, by field name (`paragraphs[0].text`). */
  error: Errors;
  validated: Record<string, boolean>;
  status: "success" | "error" | undefined;
  /** conform's keys: `""` after a reset (every field gets a new key), one per list item (new on insert, moved on reorder). */
  key: Keys;
};

const INTENT = "__intent__";
let lastKey = 0;
const newKey = () => (++lastKey).toString(36);

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  !!value && typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype;

/** A field name's path, as conform reads it: `a[0].b` is `["a", 0, "b"]`, `a[].b` is `["a", "", "b"]`. */
const parsePath = (name: string): Segment[] =>
  Array.from(name.matchAll(/([^.[\]]+)|\[(\d*)\]/g), ([, key, index]) => key ?? (index ? Number(index) : ""));
const formatPath = (path: Segment[]) =>
  path.reduce<string>((name, s) => (typeof s === "number" ? `${name}[${s}]` : s === "" ? `${name}[]` : name ? `${name}.${s}` : s), "");
const getPath = (tree: unknown, name: string) =>
  parsePath(name).reduce<unknown>((node, s) => (node == null ? undefined : (node as Record<Segment, unknown>)[s]), tree);
/** `name` is `prefix` or below it. */
const isPathPrefix = (name: string, prefix: string) => {
  const path = parsePath(name);
  return parsePath(prefix).every((s, i) => path[i] === s);
};

/** The tree with `fn` applied at `path` (copied along the path, or changed in place when `copy` is false). */
function setPath(tree: unknown, path: Segment[], fn: (value: unknown) => unknown, copy = true): unknown {
  if (!path.length) return fn(tree);
  const [head, ...rest] = path as [Segment, ...Segment[]];
  const node = (
    Array.isArray(tree) ? (copy ? [...tree] : tree) : isPlainObject(tree) ? (copy ? { ...tree } : tree) : typeof head === "number" ? [] : {}
  ) as Record<Segment, unknown>;
  node[head] = setPath(node[head], rest, fn, copy);
  return node;
}

/** conform's `serialize` of a default value. */
function serialize(value: unknown): unknown {
  if (isPlainObject(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, serialize(v)]));
  if (Array.isArray(value)) return value.map(serialize);
  if (value instanceof Date) return value.toISOString();
  if (typeof value === "boolean") return value ? "on" : undefined;
  if (typeof value === "number" || typeof value === "bigint") return value.toString();
  return value ?? undefined;
}

/** conform's `normalize`: no empty strings, empty lists or objects, nulls or empty files. */
function normalize(value: unknown): unknown {
  if (isPlainObject(value)) {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value).sort()) {
      const v = normalize(value[key]);
      if (v !== undefined) out[key] = v;
    }
    return Object.keys(out).length ? out : undefined;
  }
  if (Array.isArray(value)) return value.length ? value.map(normalize) : undefined;
  if (value === "" || value === null || (typeof File !== "undefined" && value instanceof File && value.size === 0)) return undefined;
  return value;
}

/** A new key for every list item in `value` (conform's `getDefaultKey`), named below `prefix`. */
function listKeys(value: unknown, prefix = "", keys: Keys = {}): Keys {
  if (Array.isArray(value))
    value.forEach((item, i) => {
      keys[`${prefix}[${i}]`] = newKey();
      listKeys(item, `${prefix}[${i}]`, keys);
    });
  else if (isPlainObject(value)) for (const [k, v] of Object.entries(value)) listKeys(v, prefix ? `${prefix}.${k}` : k, keys);
  return keys;
}

/** What a form's values are in `formData`, as conform reads them (its `getSubmissionContext`). */
function payloadOf(formData: FormData) {
  const payload: Record<string, unknown> = {};
  const fields = new Set<string>();
  for (const [name, next] of formData.entries()) {
    if (name === INTENT || name === "__state__") continue;
    fields.add(name);
    setPath(
      payload,
      parsePath(name),
      (prev) => (prev === undefined ? next : Array.isArray(prev) ? prev.concat(next) : [prev, next]),
      false,
    );
  }
  return { payload, fields: [...fields] };
}

/** A form's state before any answer, or after a reset (every field then has a new key). */
const fresh = (defaults: unknown, reset: boolean): State => ({
  initialValue: defaults,
  value: defaults,
  error: {},
  validated: {},
  status: undefined,
  key: reset ? { "": newKey(), ...listKeys(defaults) } : listKeys(defaults),
});

/** conform's `handleIntent`: what an intent (or a submit, none) does to the form's state; `meta` is a copy it may change. */
function handleIntent(meta: State, intent: Intent | null | undefined, fields: string[] | undefined): State {
  const validate = (names: string[]) => names.forEach((name) => (meta.validated[name] = true));
  if (!intent || (intent.type === "validate" && !intent.payload.name)) validate([...Object.keys(meta.error), ...(fields ?? [])]);
  else if (intent.type === "validate") validate([intent.payload.name!]);
  const validatedFields = (fields ?? []).filter((name) => meta.validated[name]);
  meta.error = Object.fromEntries(
    Object.entries(meta.error).filter(([name]) => meta.validated[name] || validatedFields.some((field) => isPathPrefix(name, field))),
  );
  return meta;
}

/** conform's `createFormMeta`: the state a form starts from, with the action's answer if there is one. */
export function createMeta(defaults: unknown, lastResult: Result | undefined): State {
  const meta = fresh(defaults, false);
  if (!lastResult) return meta;
  const initialValue = lastResult.initialValue ?? defaults;
  const error = { ...lastResult.error } as Errors;
  const validated = { ...lastResult.state?.validated };
  return handleIntent(
    { ...meta, initialValue, value: initialValue, status: lastResult.status, validated, error },
    lastResult.intent,
    lastResult.fields,
  );
}

/** conform's `report` of a result onto the form's state. */
export function report(prev: State, result: Result, defaults: unknown): State {
  if (result.initialValue === null) return fresh(defaults, true);
  const error: Errors = {};
  for (const [name, e] of Object.entries(result.error ?? {})) {
    const list = e === null ? prev.error[name] : e;
    if (list) error[name] = list;
  }
  const next: State = {
    ...prev,
    status: result.status,
    value: result.initialValue !== undefined ? result.initialValue : prev.value,
    validated: { ...prev.validated, ...result.state?.validated },
    error,
  };
  return handleIntent(next, result.intent, result.fields);
}

const useSafeLayoutEffect = typeof document === "undefined" ? useEffect : useLayoutEffect;

const formElement = (id: string) => (typeof document === "undefined" ? null : (document.forms.namedItem(id) as HTMLFormElement | null));
const focusFirstError = (id: string, error: Errors) => {
  for (const el of Array.from(formElement(id)?.elements ?? []) as HTMLInputElement[]) {
    if (el.name && error[el.name]) return el.focus();
  }
};

type Store = State & { id: string; defaults: unknown };
type Live = { id: string; spec: FormSpec<Schema>; onBlur: boolean; store: Store; set: (fn: (prev: Store) => Store) => void };
type Parse = (formData: FormData) => { reply: () => SubmissionResult<string[]> };

/**
 * What the form does in the browser, made once per form and reading the render's latest props from `live`: the
 * schema loaded on use, checks, intents (conform's `dispatch`), and the document's listeners.
 */
function createEngine(live: { current: Live }) {
  let parse: Parse | null = null;
  /**
   * A submit or an action's answer starts a new round: a field's check asked before it (its schema still loading) is
   * stale when the schema arrives, and is dropped rather than reported over the answer (it would wipe the answer's
   * form error, which the client's schema does not know).
   */
  let round = 0;
  const update = (fn: (prev: State, defaults: unknown) => State) =>
    live.current.set((prev) => ({ ...fn(prev, prev.defaults), id: prev.id, defaults: prev.defaults }));
  const load = () => {
    if (parse) return Promise.resolve(parse);
    return Promise.all([live.current.spec.load(), import("@conform-to/zod/v4")]).then(
      ([schema, { parseWithZod }]) => (parse = (formData) => parseWithZod(formData, { schema })),
    );
  };
  /** conform's `submit` with `onValidate`: the schema's answer reported onto the form. */
  const run = (formData: FormData) => {
    const result = parse!(formData).reply() as Result;
    update((prev, defaults) => report(prev, { ...result, status: result.status === "success" ? undefined : result.status }, defaults));
    return result;
  };
  /** An intent button (a field's check, conform's `form.validate`): done here, never sent to the action. */
  const dispatch = (form: HTMLFormElement, serialized: string) => {
    const formData = new FormData(form);
    formData.set(INTENT, serialized);
    if (parse) run(formData);
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const form = event.currentTarget;
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    if (submitter?.name === INTENT) {
      event.preventDefault();
      return dispatch(form, submitter.value);
    }
    round++;
    // A button that skips the browser's checks (`formnovalidate`: a wizard's Back) skips the schema's too.
    if (!parse || submitter?.formNoValidate) return;
    const formData = new FormData(form);
    if (submitter?.name && !formData.getAll(submitter.name).includes(submitter.value)) formData.append(submitter.name, submitter.value);
    const result = run(formData);
    if (result.status !== "success") {
      event.preventDefault();
      focusFirstError(live.current.id, (result.error ?? {}) as Errors);
    }
  };
  /** The document's listeners for the form `id`: the schema loaded on first focus, checks on blur and input, values, reset. */
  const listen = (id: string) => {
    const ours = (event: Event) => {
      const el = event.target as HTMLInputElement;
      return el?.form?.id === id && el.name ? el : null;
    };
    const onFocus = (event: Event) => {
      if (ours(event)) load().catch(() => (parse = null));
    };
    const onBlurOrInput = (event: Event) => {
      const el = ours(event);
      if (!el?.form || el.name === INTENT) return;
      const form = el.form;
      const { onBlur, store } = live.current;
      const on = event.type === "input" ? "input" : "blur";
      if (on === "input") {
        const { payload } = payloadOf(new FormData(form));
        if (JSON.stringify(normalize(payload)) !== JSON.stringify(normalize(store.value))) update((prev) => ({ ...prev, value: payload }));
      }
      if (!onBlur || (store.validated[el.name] ? on !== "input" : on !== "blur")) return;
      const asked = round;
      load()
        .then(() => asked === round && dispatch(form, JSON.stringify({ type: "validate", payload: { name: el.name } })))
        .catch(() => undefined);
    };
    const onReset = (event: Event) => {
      if ((event.target as HTMLFormElement)?.id === id && !event.defaultPrevented) update((_, defaults) => fresh(defaults, true));
    };
    document.addEventListener("focusin", onFocus);
    document.addEventListener("focusout", onBlurOrInput);
    document.addEventListener("input", onBlurOrInput);
    document.addEventListener("reset", onReset);
    return () => {
      document.removeEventListener("focusin", onFocus);
      document.removeEventListener("focusout", onBlurOrInput);
      document.removeEventListener("input", onBlurOrInput);
      document.removeEventListener("reset", onReset);
    };
  };
  /** An action's answer, as conform's `onUpdate` reports a new `lastResult`. */
  const answer = (result: Result) => {
    round++;
    const next = report(live.current.store, result, live.current.store.defaults);
    update(() => next);
    if (result.status === "error") focusFirstError(live.current.id, next.error);
  };
  return { dispatch, onSubmit, listen, answer };
}

/**
 * The form setup of the app's forms, in the shape of conform's `useForm` (`form`, `fields`; the pages spread them with
 * the prop helpers of ./form-props, conform's `getFormProps`/`getInputProps`/`getSelectProps`/`getTextareaProps`), without
 * conform's form engine and without zod on the first load (docs/decisions/0049): ids, names, constraints, `noValidate`,
 * initial values, keys and the action's errors (`lastResult`, parsed on the server with `parseWithZod`) render the same
 * on the server and in the browser, held to conform's by tests/unit/schema-form.test.tsx. Nested fields (`getFieldset`,
 * `getFieldList`) work as conform's; the list and value intents (`form.insert`, `form.update`...) are not here: the one
 * form with a list, the TTS editor's, has a form of its own (docs/decisions/0059). The schema is loaded on the
 * member's first focus of the form; from then on the form is checked in the browser as before: `validate: "onBlur"`
 * checks a field when it is left and again on each input after that, `"onSubmit"` (the default) on submit only. A submit
 * before it has loaded goes to the action, which checks it. A new `id` starts the form again from `defaultValue`, as conform does.
 */
export function useSchemaForm<S extends Schema>(
  id: string,
  spec: FormSpec<S>,
  lastResult: LastResult,
  options: { validate?: "onBlur" | "onSubmit"; defaultValue?: Partial<z.input<S>> } = {},
) {
  const [stored, set] = useState<Store>(() => {
    const defaults = serialize(options.defaultValue) ?? {};
    return { ...createMeta(defaults, lastResult as Result | undefined), id, defaults };
  });
  let store = stored;
  if (store.id !== id) {
    const defaults = serialize(options.defaultValue) ?? {};
    store = { ...fresh(defaults, true), id, defaults };
    set(store);
  }
  const current: Live = { id, spec, onBlur: options.validate === "onBlur", store, set };
  const live = useRef(current);
  live.current = current;
  const [engine] = useState(() => createEngine(live));
  const seen = useRef({ id, lastResult });

  useSafeLayoutEffect(() => {
    const before = seen.current;
    seen.current = { id, lastResult };
    if (before.id === id && lastResult && lastResult !== before.lastResult) engine.answer(lastResult as Result);
  }, [engine, id, lastResult]);
  useEffect(() => engine.listen(id), [engine, id]);

  return metadata<S>(id, spec.constraint, store, engine);
}

/**
 * The `form` and `fields` of a form's state, as conform's metadata reads its state (exported for
 * tests/unit/schema-form.test.ts, which holds them to conform's).
 */
export function metadata<S extends Schema>(
  id: string,
  constraint: Record<string, Constraint>,
  store: State,
  engine: Pick<ReturnType<typeof createEngine>, "onSubmit">,
) {
  const initials = normalize(store.initialValue);
  const values = normalize(store.value);
  const keyOf = (name: string): string | undefined => {
    const path = parsePath(name);
    if (!path.length) return store.key[""];
    const parent = keyOf(formatPath(path.slice(0, -1)));
    return parent === undefined ? store.key[name] : `${parent}/${store.key[name] ?? path.at(-1)}`;
  };
  const constraintOf = (name: string): Constraint => {
    if (constraint[name]) return constraint[name];
    const path = parsePath(name);
    const i = path.findLastIndex((s) => typeof s === "number");
    if (i < 0) return {};
    path[i] = "";
    return constraintOf(formatPath(path));
  };
  const errorsBelow = (name: string) => Object.entries(store.error).filter(([key]) => isPathPrefix(key, name));
  const field = (name: string) => {
    const fieldId = name ? `${id}-${name}` : id;
    return {
      ...constraintOf(name),
      id: fieldId,
      name,
      formId: id,
      errorId: `${fieldId}-error`,
      descriptionId: `${fieldId}-description`,
      initialValue: getPath(initials, name),
      value: getPath(values, name),
      errors: store.error[name],
      key: keyOf(name),
      get valid() {
        return errorsBelow(name).length === 0;
      },
      get allErrors() {
        return Object.fromEntries(errorsBelow(name));
      },
      getFieldset: () => fieldset(name),
      getFieldList: () => {
        const list = getPath(initials, name) ?? [];
        if (!Array.isArray(list)) throw new Error("The initial value at the given name is not a list");
        return list.map((_, i): ReturnType<typeof field> => field(`${name}[${i}]`));
      },
    };
  };
  const fieldset = (prefix: string) =>
    new Proxy({} as Record<string, ReturnType<typeof field>>, {
      get: (_, key) => (typeof key === "string" ? field(prefix ? `${prefix}.${key}` : key) : undefined),
    });
  const form = {
    ...field(""),
    status: store.status,
    // As conform's `defaultNoValidate`: the server's messages (and the schema's once loaded) instead of the browser's.
    noValidate: true,
    onSubmit: engine.onSubmit,
  };
  type Form = FormMetadata<z.input<S> & Record<string, unknown>, string[]>;
  return [form as unknown as Form, fieldset("") as unknown as ReturnType<Form["getFieldset"]>] as const;
}
