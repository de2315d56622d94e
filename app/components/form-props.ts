/*
 * conform's prop helpers (`getFormProps`, `getInputProps`, `getSelectProps`, `getTextareaProps` of @conform-to/react
 * 1.21) for the metadata of useSchemaForm, written for the browsers we build for: conform ships them compiled to ES5
 * with Babel's object-spread helper, 1.0 KB gzip as a chunk of its own on every form page; these are about a third of
 * that inside the form hook's chunk (docs/decisions/0059). tests/unit/form-props.test.ts holds them to
 * conform's over every kind of field and option the pages use.
 */

import type { Constraint } from "./schema-form";

/** What the helpers read of a field's (or the form's) metadata. */
type Meta = {
  id: string;
  errorId: string;
  errors?: string[] | undefined;
  valid: boolean;
};
type FieldMeta = Meta & Constraint & { name: string; formId: string; initialValue?: unknown };
type FormMeta = Meta & { onSubmit: (event: React.FormEvent<HTMLFormElement>) => void; noValidate: boolean };

type AriaOptions = {
  /** false: no aria attributes at all. */
  ariaAttributes?: boolean;
  /** "allErrors": invalid when the field or anything below it has an error. */
  ariaInvalid?: "errors" | "allErrors";
  /** More ids for aria-describedby. */
  ariaDescribedBy?: string;
};

/** The props without the keys whose value is undefined (as conform's `simplify`). */
function defined<T extends object>(props: T): T {
  for (const key in props) if (props[key] === undefined) delete props[key];
  return props;
}

function aria(meta: Meta, options: AriaOptions = {}, field = false) {
  if (options.ariaAttributes !== undefined && !options.ariaAttributes) return {};
  const invalid = options.ariaInvalid === "allErrors" ? !meta.valid : meta.errors !== undefined;
  const describedBy = options.ariaDescribedBy;
  return {
    "aria-invalid": (field && invalid) || undefined,
    "aria-describedby": invalid ? `${meta.errorId} ${describedBy ?? ""}`.trim() : describedBy,
  };
}

const control = (meta: FieldMeta, options?: AriaOptions) => ({
  required: meta.required || undefined,
  id: meta.id,
  name: meta.name,
  form: meta.formId,
  ...aria(meta, options, true),
});

export function getFormProps(meta: FormMeta, options?: AriaOptions) {
  return defined({ id: meta.id, onSubmit: meta.onSubmit, noValidate: meta.noValidate, ...aria(meta, options) });
}

type InputOptions = AriaOptions & { type: React.HTMLInputTypeAttribute; value?: string | boolean };

export function getInputProps(meta: FieldMeta, options: InputOptions) {
  const props: ReturnType<typeof control> &
    Omit<Constraint, "required"> & {
      type: React.HTMLInputTypeAttribute;
      value?: string;
      defaultChecked?: boolean;
      defaultValue?: string;
      key?: string;
    } = {
    ...control(meta, options),
    type: options.type,
    minLength: meta.minLength,
    maxLength: meta.maxLength,
    min: meta.min,
    max: meta.max,
    step: meta.step,
    pattern: meta.pattern,
    multiple: meta.multiple,
    accept: meta.accept,
  };
  if (options.value === undefined || options.value) {
    if (options.type === "checkbox" || options.type === "radio") {
      props.value = typeof options.value === "string" ? options.value : "on";
      props.defaultChecked = Array.isArray(meta.initialValue)
        ? meta.initialValue.includes(options.value)
        : meta.initialValue === props.value;
    } else if (typeof meta.initialValue === "string") props.defaultValue = meta.initialValue;
  }
  return defined(props);
}

type ValueOptions = AriaOptions & { value?: boolean };

export function getSelectProps(meta: FieldMeta, options: ValueOptions = {}) {
  const props: ReturnType<typeof control> & { multiple?: boolean; defaultValue?: string | string[] } = {
    ...control(meta, options),
    multiple: meta.multiple,
  };
  if (options.value === undefined || options.value)
    props.defaultValue = Array.isArray(meta.initialValue)
      ? meta.initialValue.map((item) => `${item ?? ""}`)
      : (meta.initialValue as { toString(): string } | null | undefined)?.toString();
  return defined(props);
}

export function getTextareaProps(meta: FieldMeta, options: ValueOptions = {}) {
  const props: ReturnType<typeof control> & { minLength?: number; maxLength?: number; defaultValue?: string } = {
    ...control(meta, options),
    minLength: meta.minLength,
    maxLength: meta.maxLength,
  };
  if (options.value === undefined || options.value)
    props.defaultValue = (meta.initialValue as { toString(): string } | null | undefined)?.toString();
  return defined(props);
}
