import { Form } from "@remix-run/react";
import { ErrorList, SubmitButton } from "~/components/forms";

/**
 * "Another part of the recording" under a cloned voice's preview (the open voice wizard, the custom voice's profile
 * step): a plain form posting `intent=segment`, shown when the recording holds more than one candidate clip, and the
 * api's message when it could not take one.
 */
export function AnotherSegment({ choices, label, error }: { choices: number; label: string; error: string | null }) {
  return (
    <>
      {choices > 1 ? (
        <Form method="post" className="mt-2">
          <SubmitButton name="intent" value="segment" variant="secondary">
            {label}
          </SubmitButton>
        </Form>
      ) : null}
      {error ? <ErrorList errors={[error]} /> : null}
    </>
  );
}
