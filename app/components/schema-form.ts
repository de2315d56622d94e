import { useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod/v4";

/** What an action answers for a form: conform's reply, or nothing before the first submit. */
export type LastResult = SubmissionResult<string[]> | undefined;

/**
 * The conform setup of every form of the app: client validation with the form's zod schema (the
 * action parses the same schema with `parseWithZod`), its constraints, and the action's answer as
 * `lastResult`. `validate: "onBlur"` checks a field when it is left and again on each input after an
 * error; `"onSubmit"` (the default) checks on submit only.
 */
export function useSchemaForm<S extends z.ZodType<Record<string, unknown>>>(
  id: string,
  schema: S,
  lastResult: LastResult,
  options: { validate?: "onBlur" | "onSubmit"; defaultValue?: Partial<z.input<S>> } = {},
) {
  const onBlur = options.validate === "onBlur";
  return useForm<z.input<S> & Record<string, unknown>, z.output<S>>({
    id,
    lastResult,
    constraint: getZodConstraint(schema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: onBlur ? "onBlur" : "onSubmit",
    ...(onBlur ? { shouldRevalidate: "onInput" as const } : {}),
    ...(options.defaultValue ? { defaultValue: options.defaultValue as never } : {}),
  });
}
