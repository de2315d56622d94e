// useSchemaForm (app/components/schema-form.ts, docs/decisions/0049) held to conform's useForm: the same form rendered
// with each, for the app's own schemas (flat, a file, a nested list) and the actions' answers it meets (none, refused
// fields, a form error, a reset), gives the same props from
// conform's getFormProps/getInputProps/getSelectProps/getTextareaProps, the same metadata (values, errors, keys,
// validity) and the same HTML. Then the same answers arriving one after another (conform's `onUpdate` and our
// `report`) leave the two forms alike after each step. A conform upgrade or a change to the hook cannot drift silently.
import {
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  useForm,
  type FieldMetadata,
  type FormMetadata,
  type SubmissionResult,
} from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { renderToString } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import type { z } from "zod/v4";
import { createMeta, metadata, report, useSchemaForm } from "~/components/schema-form";
import { EditorSchema, ReviewSchema, UploadSchema } from "~/lib/studio-schemas";
import { LoginSchema } from "~/utils/user-validation";

type AnyForm = FormMetadata<Record<string, unknown>, string[]>;
type AnyField = FieldMetadata<string, Record<string, unknown>, string[]> & {
  getFieldList: () => AnyField[];
  getFieldset: () => Record<string, AnyField>;
};
type Reply = SubmissionResult<string[]>;
type Case<S extends z.ZodType<Record<string, unknown>>> = {
  schema: S;
  defaultValue?: Record<string, unknown>;
  /** The fields a page renders: names below the form (lists are walked with getFieldList). */
  draw: (form: AnyForm, fields: Record<string, AnyField>) => Record<string, unknown>[];
};

/** Every prop conform's helpers give a field, and the metadata pages read, for the comparison and the HTML. */
function describeField(field: AnyField, as: "input" | "select" | "textarea" | "file" = "input") {
  const props =
    as === "select"
      ? getSelectProps(field)
      : as === "textarea"
        ? getTextareaProps(field)
        : getInputProps(field, { type: as === "file" ? "file" : "text" });
  return {
    as,
    props,
    meta: {
      id: field.id,
      name: field.name,
      formId: field.formId,
      errorId: field.errorId,
      descriptionId: field.descriptionId,
      initialValue: field.initialValue,
      value: field.value,
      errors: field.errors,
      allErrors: field.allErrors,
      valid: field.valid,
      key: field.key,
    },
  };
}
function describeForm(form: AnyForm) {
  return {
    props: getFormProps(form),
    meta: {
      id: form.id,
      errorId: form.errorId,
      errors: form.errors,
      allErrors: form.allErrors,
      valid: form.valid,
      status: form.status,
      key: form.key,
      initialValue: form.initialValue,
      value: form.value,
    },
  };
}

const paragraphFields = ["id", "text", "voice_id", "style", "lang", "pitch", "tempo", "pause_ms"] as const;
const cases = {
  login: {
    schema: LoginSchema,
    draw: (_, f) => [describeField(f.email!), describeField(f.password!)],
  } satisfies Case<typeof LoginSchema>,
  review: {
    schema: ReviewSchema,
    defaultValue: { score: 4, text: "good" },
    draw: (_, f) => [describeField(f.score!), describeField(f.text!, "textarea")],
  } satisfies Case<typeof ReviewSchema>,
  upload: {
    schema: UploadSchema,
    draw: (_, f) => [describeField(f.file!, "file"), describeField(f.method!)],
  } satisfies Case<typeof UploadSchema>,
  editor: {
    schema: EditorSchema,
    defaultValue: {
      paragraphs: [
        { id: "p1", text: "첫 문단", voice_id: "v1", style: "neutral", lang: "ko", pitch: 0, tempo: 1, pause_ms: 300 },
        { id: "p2", text: "", voice_id: "v2", style: "happy", lang: "en", pitch: -2, tempo: 1.5, pause_ms: 0 },
      ],
    },
    draw: (_, f) => [
      describeField(f.paragraphs!),
      ...f.paragraphs!.getFieldList().flatMap((item) => {
        const p = item.getFieldset();
        return [
          describeField(item),
          ...paragraphFields.map((name) =>
            describeField(p[name]!, name === "text" ? "textarea" : name === "style" || name === "lang" ? "select" : "input"),
          ),
        ];
      }),
    ],
  } satisfies Case<typeof EditorSchema>,
} as const;

/**
 * conform's keys are random: each part of a key that is not a segment of the field's name (a list item's or a reset's
 * key) becomes its order of first appearance in one run (shared across the steps of a run).
 */
function keyNamer() {
  const seen = new Map<string, string>();
  return (value: unknown) =>
    JSON.parse(
      JSON.stringify(value, function (this: Record<string, unknown>, k, v: unknown) {
        if (typeof v === "function") return "[function]";
        if (k !== "key" || typeof v !== "string") return v;
        const segments = new Set(String(this.name ?? "").split(/[.[\]]+/));
        return v
          .split("/")
          .map((part) => {
            if (segments.has(part)) return part;
            if (!seen.has(part)) seen.set(part, `k${seen.size}`);
            return seen.get(part);
          })
          .join("/");
      }),
    ) as unknown;
}

type Drawn = { form: ReturnType<typeof describeForm>; fields: ReturnType<typeof describeField>[] };
function View({ drawn }: { drawn: Drawn }) {
  return (
    <form {...drawn.form.props}>
      {drawn.fields.map(({ as, props }, i) =>
        as === "select" ? (
          <select {...props} key={i}>
            <option value="neutral">neutral</option>
            <option value="happy">happy</option>
            <option value="ko">ko</option>
            <option value="en">en</option>
          </select>
        ) : as === "textarea" ? (
          <textarea {...props} key={i} />
        ) : (
          <input {...props} key={i} />
        ),
      )}
    </form>
  );
}

/** The constraints as app/lib/form-specs/* hold them: JSON, without getZodConstraint's own lookup of list items. */
const plainConstraint = (schema: z.ZodType) => JSON.parse(JSON.stringify(getZodConstraint(schema))) as ReturnType<typeof getZodConstraint>;

/** Renders the form once with conform's useForm and once with ours (as the server renders a page). */
function renderBoth<S extends z.ZodType<Record<string, unknown>>>(c: Case<S>, lastResult: Reply | undefined) {
  const constraint = plainConstraint(c.schema);
  const out: { conform?: Drawn & { form_: AnyForm; fields_: Record<string, AnyField> }; ours?: Drawn } = {};
  function Conform() {
    const [form, fields] = useForm({ id: "f", lastResult, constraint, defaultValue: c.defaultValue as never, shouldValidate: "onBlur" });
    const drawn = { form: describeForm(form as AnyForm), fields: c.draw(form as AnyForm, fields as never) as Drawn["fields"] };
    out.conform = { ...drawn, form_: form as AnyForm, fields_: fields as never };
    return <View drawn={drawn} />;
  }
  function Ours() {
    const spec = { constraint, load: async () => c.schema };
    const [form, fields] = useSchemaForm("f", spec, lastResult, {
      validate: "onBlur",
      defaultValue: c.defaultValue as never,
    });
    const drawn = { form: describeForm(form as AnyForm), fields: c.draw(form as AnyForm, fields as never) as Drawn["fields"] };
    out.ours = drawn;
    return <View drawn={drawn} />;
  }
  const html = { conform: renderToString(<Conform />), ours: renderToString(<Ours />) };
  return { html, conform: out.conform!, ours: out.ours! };
}

const data = (entries: [string, string | File][]) => {
  const fd = new FormData();
  for (const [k, v] of entries) fd.append(k, v);
  return fd;
};
const reply = (
  schema: z.ZodType,
  entries: [string, string | File][],
  options?: { formErrors?: string[]; fieldErrors?: Record<string, string[]>; resetForm?: boolean },
) => parseWithZod(data(entries), { schema: schema as typeof LoginSchema }).reply(options as never) as Reply;
const paragraph = (i: number, p: Record<string, string>) =>
  Object.entries(p).map(([k, v]): [string, string] => [`paragraphs[${i}].${k}`, v]);
const p0 = { id: "p1", text: "첫 문단", voice_id: "v1", style: "neutral", lang: "ko", pitch: "0", tempo: "1", pause_ms: "300" };
const p1 = { id: "p2", text: "", voice_id: "v2", style: "happy", lang: "en", pitch: "-2", tempo: "1.5", pause_ms: "0" };
const intent = (value: object): [string, string] => ["__intent__", JSON.stringify(value)];

const answers: Record<keyof typeof cases, Record<string, Reply>> = {
  login: {
    refused: reply(LoginSchema, [
      ["email", "not-an-address"],
      ["password", ""],
    ]),
    "form error": reply(
      LoginSchema,
      [
        ["email", "a@b.co"],
        ["password", "pw"],
      ],
      { formErrors: ["auth.invalid"] },
    ),
    reset: reply(LoginSchema, [["email", "a@b.co"]], { resetForm: true }),
    "a field's check": reply(LoginSchema, [["email", "x"], intent({ type: "validate", payload: { name: "email" } })]),
  },
  review: {
    refused: reply(ReviewSchema, [
      ["score", "9"],
      ["text", "x".repeat(1001)],
    ]),
    success: reply(ReviewSchema, [["score", "5"]]),
    reset: reply(ReviewSchema, [["score", "5"]], { resetForm: true }),
  },
  upload: {
    refused: reply(UploadSchema, [
      ["file", new File([], "")],
      ["method", "upload"],
    ]),
    "field error": reply(UploadSchema, [["file", new File(["RIFF"], "a.wav")]], { fieldErrors: { file: ["sts.errors.unreadable"] } }),
  },
  editor: {
    refused: reply(EditorSchema, [...paragraph(0, { ...p0, pitch: "99" }), ...paragraph(1, { ...p1, voice_id: "" })]),
    reset: reply(EditorSchema, paragraph(0, p0), { resetForm: true }),
  },
};

describe("useSchemaForm renders as conform's useForm", () => {
  for (const [name, c] of Object.entries(cases) as [keyof typeof cases, Case<z.ZodType<Record<string, unknown>>>][]) {
    for (const [label, lastResult] of [["no answer yet", undefined], ...Object.entries(answers[name])] as [string, Reply | undefined][]) {
      it(`${name}: ${label}`, () => {
        const { html, conform, ours } = renderBoth(c, lastResult);
        expect(keyNamer()({ form: ours.form, fields: ours.fields })).toEqual(keyNamer()({ form: conform.form, fields: conform.fields }));
        expect(html.ours).toBe(html.conform);
      });
    }
  }

  it("the comparison can fail: a refused field's error and aria attributes show in both", () => {
    const { html, ours } = renderBoth(cases.login, answers.login.refused);
    expect(ours.fields[0]!.props).toMatchObject({ "aria-invalid": true, "aria-describedby": "f-email-error" });
    expect(html.ours).toContain('aria-invalid="true"');
    expect(renderBoth(cases.login, undefined).html.ours).not.toBe(html.ours);
  });
});

/** Answers one after another: conform's context (`onUpdate`, as its useForm reports a new `lastResult`) and our `report`. */
describe("useSchemaForm follows the answers as conform's useForm does", () => {
  const sequences: [keyof typeof cases, string[]][] = [
    ["login", ["refused", "a field's check", "form error", "reset", "refused"]],
    ["review", ["refused", "success", "refused", "reset"]],
    ["upload", ["refused", "field error", "refused"]],
    ["editor", ["refused", "reset", "refused"]],
  ];
  for (const [name, steps] of sequences) {
    it(`${name}: ${steps.join(", ")}`, () => {
      const c = cases[name] as Case<z.ZodType<Record<string, unknown>>>;
      const { conform } = renderBoth(c, undefined);
      const wrapped = conform.form_.context as unknown as Record<symbol, unknown>;
      const context = wrapped[Object.getOwnPropertySymbols(wrapped)[0]!] as {
        onUpdate: (options: { lastResult: Reply }) => void;
      };
      const constraint = plainConstraint(c.schema);
      const defaults = c.defaultValue
        ? JSON.parse(JSON.stringify(c.defaultValue, (_, v: unknown) => (typeof v === "number" ? String(v) : v)))
        : {};
      let state = createMeta(defaults, undefined);
      const engine = { onSubmit: () => undefined };
      const [nameConform, nameOurs] = [keyNamer(), keyNamer()];
      for (const step of steps) {
        const lastResult = answers[name][step]!;
        // conform's report looks for the form element; there is none on the server.
        vi.stubGlobal("document", { forms: { namedItem: () => null } });
        context.onUpdate({ lastResult });
        vi.unstubAllGlobals();
        state = report(state, lastResult as never, defaults);
        const [form, fields] = metadata("f", constraint, state, engine);
        const ours = { form: describeForm(form as AnyForm), fields: c.draw(form as AnyForm, fields as never) };
        const theirs = { form: describeForm(conform.form_), fields: c.draw(conform.form_, conform.fields_) };
        expect({ step, ...(nameOurs(ours) as object) }).toEqual({ step, ...(nameConform(theirs) as object) });
      }
    });
  }
});
