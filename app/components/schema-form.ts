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
 * A form's schema as the browser sees it (issue 19, docs/decisions/0049): its constraints, produced ahead of time
 * from the zod schema (app/lib/form-specs.ts, held to the schemas by tests/unit/form-specs.test.ts), and the schema
 * itself behind `import()`, loaded when the member first focuses the form. So no page loads zod on its first load.
 */
export type FormSpec<S> = { constraint: Record<string, Constraint>; load: () => Promise<S> };

type Schema = z.ZodType<Record<string, unknown>>;
type Values = Record<string, unknown>;
type Errors = Record<string, string[]>;
type State = {
  /** What the inputs start from: the action's echo of what was sent (no JavaScript), else the defaults. */
  initialValue: Values;
  /** What the form holds now (updated on input; read by pages that switch on a choice). */
  value: Values;
  /** Errors of the validated fields only. */
  error: Errors;
  validated: Record<string, boolean>;
  status: "success" | "error" | undefined;
  /** Bumped when the action asks for a reset (`reply({ resetForm: true })`): every field gets a new key. */
  resets: number;
};

/** conform's `serialize` of a default value, for the flat values our forms use. */
function serialize(value: unknown): unknown {
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "bigint") return value.toString();
  if (typeof value === "boolean") return value ? "on" : undefined;
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(serialize);
  if (value && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, serialize(v)]));
  return undefined;
}

/** conform's `report` of a result onto the form's state (`createFormMeta` when `prev` is the fresh state). */
function report(prev: State, result: LastResult & object, defaults: Values): State {
  if (result.initialValue === null)
    return { initialValue: defaults, value: defaults, error: {}, validated: {}, status: undefined, resets: prev.resets + 1 };
  const validated = { ...prev.validated, ...result.state?.validated };
  const error: Errors = {};
  for (const [name, e] of Object.entries(result.error ?? {})) {
    const list = e === null ? prev.error[name] : e;
    if (list) error[name] = list;
  }
  // No intent (a submit): every field with an error and every field sent counts as validated.
  if (!result.intent) for (const name of [...Object.keys(error), ...(result.fields ?? [])]) validated[name] = true;
  for (const name of Object.keys(error)) if (!validated[name]) delete error[name];
  return {
    ...prev,
    value: result.initialValue !== undefined ? (result.initialValue as Values) : prev.value,
    error,
    validated,
    status: result.status,
  };
}

const useSafeLayoutEffect = typeof document === "undefined" ? useEffect : useLayoutEffect;

type Parse = (formData: FormData) => { reply: () => SubmissionResult<string[]> };

/**
 * The form setup of every form of the app, in the shape of conform's `useForm` (`form`, `fields`; the pages spread
 * them with conform's `getFormProps`/`getInputProps`/`getSelectProps`/`getTextareaProps`), without conform's form
 * engine and without zod on the first load (docs/decisions/0049): ids, names, constraints, `noValidate`, initial values and the
 * action's errors (`lastResult`, parsed on the server with `parseWithZod`) render the same on the server and in the
 * browser. The schema is loaded on the member's first focus of the form; from then on the form is checked in the
 * browser as before: `validate: "onBlur"` checks a field when it is left and again on each input after an error,
 * `"onSubmit"` (the default) on submit only. A submit before it has loaded goes to the action, which checks it.
 */
export function useSchemaForm<S extends Schema>(
  id: string,
  spec: FormSpec<S>,
  lastResult: LastResult,
  options: { validate?: "onBlur" | "onSubmit"; defaultValue?: Partial<z.input<S>> } = {},
) {
  const [defaults] = useState(() => (serialize(options.defaultValue ?? {}) ?? {}) as Values);
  const [state, setState] = useState<State>(() => {
    const fresh: State = { initialValue: defaults, value: defaults, error: {}, validated: {}, status: undefined, resets: 0 };
    if (!lastResult) return fresh;
    const initialValue = (lastResult.initialValue ?? defaults) as Values;
    return report({ ...fresh, initialValue, value: initialValue }, lastResult, defaults);
  });
  const parse = useRef<Parse | null>(null);
  const seen = useRef(lastResult);
  const live = useRef({ spec, onBlur: options.validate === "onBlur", state });
  live.current = { spec, onBlur: options.validate === "onBlur", state };

  const element = () => (typeof document === "undefined" ? null : (document.forms.namedItem(id) as HTMLFormElement | null));
  const focusFirstError = (error: Errors) => {
    for (const el of Array.from(element()?.elements ?? []) as HTMLInputElement[]) {
      if (el.name && error[el.name]) return el.focus();
    }
  };
  /** Checks the form in the browser: `name` marks one field as validated (blur, input); none is a submit. */
  const check = (form: HTMLFormElement, name?: string) => {
    const result = parse.current!(new FormData(form)).reply();
    const next = name
      ? { ...result, intent: { type: "validate" as const, payload: { name } }, state: { validated: { [name]: true } } }
      : result;
    const status = result.status === "success" ? undefined : result.status;
    setState((prev) => report(prev, { ...next, status, initialValue: undefined }, defaults));
    return result;
  };
  const load = () => {
    if (parse.current) return Promise.resolve(parse.current);
    return Promise.all([live.current.spec.load(), import("@conform-to/zod/v4")]).then(([schema, { parseWithZod }]) => {
      parse.current = (formData) => parseWithZod(formData, { schema });
      return parse.current;
    });
  };

  useSafeLayoutEffect(() => {
    if (lastResult === seen.current || !lastResult) return;
    seen.current = lastResult;
    const next = report(live.current.state, lastResult, defaults);
    setState(next);
    if (lastResult.status === "error") focusFirstError(next.error);
  }, [lastResult]);
  useEffect(() => {
    const ours = (event: Event) => {
      const el = event.target as HTMLInputElement;
      return el?.form?.id === id && el.name ? el : null;
    };
    const onFocus = (event: Event) => {
      if (ours(event)) load().catch(() => (parse.current = null));
    };
    const validates = (name: string, on: "blur" | "input") =>
      live.current.onBlur && (live.current.state.validated[name] ? on === "input" : on === "blur");
    const onBlurOrInput = (event: Event) => {
      const el = ours(event);
      if (!el?.form) return;
      const on = event.type === "input" ? "input" : "blur";
      if (on === "input") {
        const all = new FormData(el.form).getAll(el.name);
        const value = all.length > 1 ? all : all[0];
        if (live.current.state.value[el.name] !== value) setState((prev) => ({ ...prev, value: { ...prev.value, [el.name]: value } }));
      }
      if (!validates(el.name, on)) return;
      const form = el.form;
      load()
        .then(() => check(form, el.name))
        .catch(() => undefined);
    };
    const onReset = (event: Event) => {
      if ((event.target as HTMLFormElement)?.id !== id || event.defaultPrevented) return;
      setState((prev) => ({
        initialValue: defaults,
        value: defaults,
        error: {},
        validated: {},
        status: undefined,
        resets: prev.resets + 1,
      }));
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
  }, [id]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (!parse.current) return;
    const result = check(event.currentTarget);
    if (result.status !== "success") {
      event.preventDefault();
      focusFirstError((result.error ?? {}) as Errors);
    }
  };

  const { constraint } = spec;
  const field = (name: string) => {
    const errorId = `${id}-${name}-error`;
    return {
      ...constraint[name],
      id: `${id}-${name}`,
      name,
      formId: id,
      errorId,
      descriptionId: `${id}-${name}-description`,
      initialValue: state.initialValue[name],
      value: state.value[name],
      errors: state.error[name],
      valid: !state.error[name],
      key: state.resets ? `${state.resets}/${name}` : undefined,
    };
  };
  const fields = new Proxy({} as Record<string, ReturnType<typeof field>>, {
    get: (_, name) => (typeof name === "string" ? field(name) : undefined),
  });
  const form = {
    id,
    name: "",
    errorId: `${id}-error`,
    descriptionId: `${id}-description`,
    errors: state.error[""],
    allErrors: state.error,
    valid: Object.keys(state.error).length === 0,
    status: state.status,
    initialValue: state.initialValue,
    value: state.value,
    key: state.resets ? String(state.resets) : undefined,
    // As conform's `defaultNoValidate`: the server's messages (and the schema's once loaded) instead of the browser's.
    noValidate: true,
    onSubmit,
    getFieldset: () => fields,
  };
  type Form = FormMetadata<z.input<S> & Record<string, unknown>, string[]>;
  return [form as unknown as Form, fields as unknown as ReturnType<Form["getFieldset"]>] as const;
}
