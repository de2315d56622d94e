import { data, redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import type { SubmissionResult } from "@conform-to/react";
import { usageLimitFor, type UsageDialogData } from "~/lib/studio";
import { api } from "~/utils/api.server";
import { setToast } from "~/utils/toast.server";

/**
 * The STS steps of the labs pages (avatar talk, the shorts; docs/decisions/0041-0042): the
 * speech upload or recording (`/studio/sts/sources`), the conversion (`/sources/:id/convert`, the STS job
 * charged as conversion time) and the result's share link, each answered the same way on both pages.
 * `path` builds the page's address from the STS params; the page adds its own (`avatar`, `template`).
 */
export type LabsStep =
  { intent: "upload"; file: File; method: "record" | "upload" } | { intent: "convert"; voice_id: string } | { intent: "share" | "unshare" };

type Path = (q: { id?: string | null; source?: string | null; job?: string | null; result?: string | null }) => string;

export async function labsStepAction(
  args: ActionFunctionArgs,
  value: LabsStep,
  reply: (errors?: { formErrors?: string[] }) => SubmissionResult<string[]>,
  path: Path,
) {
  const q = new URL(args.request.url).searchParams;
  const refused = (form: "upload" | "convert", answer: { code: number; message: string }) => {
    const kind = usageLimitFor(answer.code);
    const usage: UsageDialogData = kind ? { kind, message: answer.message } : null;
    return data({ form, result: reply(kind ? {} : { formErrors: [answer.message] }), usage }, { status: 400 });
  };
  switch (value.intent) {
    case "upload": {
      const form = new FormData();
      form.set("file", value.file);
      form.set("method", value.method);
      const id = q.get("id");
      if (id) form.set("project_id", id);
      const checked = await api(args, "POST /studio/sts/sources", { form });
      if (!checked.success || !checked.data) return refused("upload", checked);
      throw redirect(path({ id: checked.data.project_id, source: checked.data.source_id }));
    }
    case "convert": {
      const sourceId = q.get("source") ?? "";
      const started = await api(args, "POST /studio/sts/sources/:id/convert", {
        params: { id: sourceId },
        body: { voice_id: value.voice_id },
      });
      if (!started.success || !started.data) return refused("convert", started);
      throw redirect(path({ id: q.get("id"), source: sourceId, job: started.data.job_id }));
    }
    case "share":
    case "unshare": {
      const share = value.intent === "share";
      const resultId = q.get("result") ?? "";
      const answer = await api(args, share ? "POST /studio/inferences/:id/share" : "DELETE /studio/inferences/:id/share", {
        params: { id: resultId },
      });
      if (answer.success) await setToast(args.request, args.context, { key: share ? "shared" : "unshared" });
      else await setToast(args.request, args.context, { key: "error", params: { message: answer.message } });
      throw redirect(path({ id: q.get("id"), source: q.get("source"), result: resultId }));
    }
  }
}

/**
 * Where a labs page is (avatar talk, the shorts): its own first step (`first`) until its avatar or template is
 * chosen, then the STS steps in the order the address reaches them: result, conversion, voice, file check, record.
 */
export function labsStep<F extends string>(
  first: F,
  at: { chosen: boolean; result: unknown; job: unknown; source: unknown; voice: boolean },
): F | "result" | "process" | "voice" | "check" | "record" {
  if (!at.chosen) return first;
  if (at.result) return "result";
  if (at.job) return "process";
  if (at.source) return at.voice ? "voice" : "check";
  return "record";
}
