// The pages' prop helpers (app/components/form-props.ts, docs/decisions/0059) held to conform's own over every branch
// they have: valid and refused fields, constraints, checkboxes and radios (one value or a list), selects and
// textareas with and without a value, and conform's aria options. Same props, in the same order (the order of the
// HTML's attributes).
import * as conform from "@conform-to/react";
import { describe, expect, it } from "vitest";
import * as ours from "~/components/form-props";

type Meta = Parameters<typeof ours.getInputProps>[0];

const field = (extra: Partial<Meta> = {}): Meta => ({
  id: "f-email",
  name: "email",
  formId: "f",
  errorId: "f-email-error",
  valid: true,
  errors: undefined,
  initialValue: undefined,
  ...extra,
});

const fields: Record<string, Meta> = {
  "empty and valid": field(),
  "with a value": field({ initialValue: "a@b.co" }),
  refused: field({ errors: ["validation.email"], valid: false, initialValue: "x" }),
  "invalid below only": field({ valid: false }),
  constrained: field({ required: true, minLength: 2, maxLength: 500, min: 0, max: 10, step: 0.5, pattern: "[a-z]+", accept: "audio/*" }),
  "a list": field({ initialValue: ["a", "b"], multiple: true }),
  "a number as a value": field({ initialValue: 3 as unknown as string }),
  "a null value": field({ initialValue: null }),
  "a list with an empty item": field({ initialValue: ["a", undefined] }),
};

const ariaOptions = [
  {},
  { ariaAttributes: false },
  { ariaAttributes: true },
  { ariaInvalid: "allErrors" as const },
  { ariaDescribedBy: "f-email-help" },
  { ariaInvalid: "allErrors" as const, ariaDescribedBy: "f-email-help" },
];

/** Props as ordered entries, functions compared by identity. */
const entries = (props: object) => Object.entries(props);

describe("the prop helpers give what conform's give", () => {
  for (const [label, meta] of Object.entries(fields)) {
    it(`inputs: ${label}`, () => {
      for (const aria of ariaOptions)
        for (const type of ["text", "email", "hidden", "range", "file", "checkbox", "radio"] as const)
          for (const value of [undefined, false, true, "a", "on", "b"])
            expect(entries(ours.getInputProps(meta, { ...aria, type, value })), JSON.stringify({ aria, type, value })).toEqual(
              entries(conform.getInputProps(meta as never, { ...aria, type, value } as never)),
            );
    });

    it(`selects and textareas: ${label}`, () => {
      for (const aria of ariaOptions)
        for (const value of [undefined, false, true]) {
          const options = { ...aria, value };
          expect(entries(ours.getSelectProps(meta, options)), JSON.stringify(options)).toEqual(
            entries(conform.getSelectProps(meta as never, options as never)),
          );
          expect(entries(ours.getTextareaProps(meta, options)), JSON.stringify(options)).toEqual(
            entries(conform.getTextareaProps(meta as never, options as never)),
          );
        }
      expect(entries(ours.getSelectProps(meta))).toEqual(entries(conform.getSelectProps(meta as never)));
      expect(entries(ours.getTextareaProps(meta))).toEqual(entries(conform.getTextareaProps(meta as never)));
    });
  }

  it("forms", () => {
    const onSubmit = () => {};
    for (const form of [
      { id: "f", errorId: "f-error", valid: true, errors: undefined, onSubmit, noValidate: true },
      { id: "f", errorId: "f-error", valid: false, errors: ["auth.invalid"], onSubmit, noValidate: true },
      { id: "f", errorId: "f-error", valid: false, errors: undefined, onSubmit, noValidate: false },
    ])
      for (const aria of [undefined, ...ariaOptions])
        expect(entries(ours.getFormProps(form, aria)), JSON.stringify({ form, aria })).toEqual(
          entries(conform.getFormProps(form as never, aria as never)),
        );
  });

  it("the comparison can fail: a refused field is invalid and described by its errors", () => {
    const props = ours.getInputProps(fields.refused!, { type: "email" });
    expect(props).toEqual({
      id: "f-email",
      name: "email",
      form: "f",
      "aria-invalid": true,
      "aria-describedby": "f-email-error",
      type: "email",
      defaultValue: "x",
    });
    expect(ours.getInputProps(fields["with a value"]!, { type: "checkbox", value: "a@b.co" })).toMatchObject({ defaultChecked: true });
  });
});
