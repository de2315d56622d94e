import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import type { AvatarList } from "../../contracts/labs";
import type { JobState } from "../../contracts/jobs";
import type { VoicePage } from "../../contracts/voices";
import { fixedT, getLocale } from "~/i18n/i18n.server";
import { AvatarTalkSchema, avatarPath, type AvatarStep } from "~/lib/labs";
import { PICKER_VOICES, usageLimitFor, type StsSource, type StudioResult, type UsageDialogData } from "~/lib/studio";
import { api, requireData } from "~/utils/api.server";
import { loadProfile, requireUser } from "~/utils/auth.server";
import { labsStepAction } from "~/utils/labs-steps.server";

/**
 * Avatar talk (/labs/avatar, app/routes/labs.avatar.tsx; issue 20, docs/decisions/0041): choose an avatar,
 * record or upload speech, the file check, choose a voice, the conversion, the avatar speaking the result.
 * The speech steps are the STS studio's api (`/studio/sts/*`, charged as conversion time); the search
 * params name the step (`avatar`, `id`, `source`, `step=voice`, `job`, `result`).
 */

export async function loader(args: LoaderFunctionArgs) {
  await requireUser(args);
  const q = new URL(args.request.url).searchParams;
  const [avatarId, id, sourceId, jobId, resultId] = ["avatar", "id", "source", "job", "result"].map((k) => q.get(k));
  const [profile, plans, avatars] = await Promise.all([
    loadProfile(args),
    api<{ plan: string; plan_time: number }[]>(args, "/utils/planlist"),
    api<AvatarList>(args, "/labs/avatars"),
  ]);
  const list = requireData(avatars);
  const avatar = avatarId ? (list.avatars.find((a) => a.id === avatarId) ?? null) : null;
  // An avatar id that is not one of the defaults or the member's own (another member's, a deleted one): choose again.
  if (avatarId && !avatar) throw redirect(avatarPath({}));
  const [source, job, result, voices] = await Promise.all([
    avatar && sourceId ? api<StsSource>(args, `/studio/sts/sources/${encodeURIComponent(sourceId)}`) : null,
    avatar && jobId ? api<JobState>(args, `/studio/jobs/${encodeURIComponent(jobId)}`) : null,
    avatar && resultId ? api<StudioResult>(args, `/studio/inferences/${encodeURIComponent(resultId)}`) : null,
    avatar && sourceId && q.get("step") === "voice" ? api<VoicePage>(args, PICKER_VOICES) : null,
  ]);
  for (const answer of [source, job, result]) if (answer && !answer.success) requireData<unknown>(answer);
  if (job?.data?.status === "completed" && job.data.inferenceId)
    throw redirect(avatarPath({ avatar: avatarId, id, source: sourceId, result: job.data.inferenceId }));
  const allowance = (plans.data?.find((p) => p.plan === profile.plan)?.plan_time ?? 0) * 60;
  const step: AvatarStep = !avatar
    ? "avatar"
    : result
      ? "result"
      : job
        ? "process"
        : source && q.get("step") === "voice"
          ? "voice"
          : source
            ? "check"
            : "record";
  const t = fixedT(await getLocale(args.request, args.context), "labs");
  return {
    step,
    avatars: list.avatars,
    avatarLimit: list.limit,
    avatar,
    source: source?.data ?? null,
    job: job?.data && jobId ? { ...job.data, id: jobId } : null,
    result: result?.data ?? null,
    voices: voices?.data?.voices ?? [],
    remaining: Math.max(0, allowance - profile.plan_time),
    meta: { title: t("avatar.metaTitle"), description: t("avatar.metaDescription") },
  };
}

/** Upload an avatar, upload (or record) speech, convert it. */
export async function action(args: ActionFunctionArgs) {
  await requireUser(args);
  const q = new URL(args.request.url).searchParams;
  const avatar = q.get("avatar");
  const formData = await args.request.formData();
  const submission = parseWithZod(formData, { schema: AvatarTalkSchema });
  if (submission.status !== "success") {
    const form = formData.get("intent");
    if (form === "avatar" || form === "upload" || form === "convert")
      return data({ form, result: submission.reply(), usage: null as UsageDialogData }, { status: 400 });
    throw redirect(avatarPath({ avatar }));
  }
  const value = submission.value;
  const refused = (form: "avatar", answer: { code: number; message: string }) => {
    const kind = usageLimitFor(answer.code);
    const usage: UsageDialogData = kind ? { kind, message: answer.message } : null;
    return data({ form, result: submission.reply(kind ? {} : { formErrors: [answer.message] }), usage }, { status: 400 });
  };
  switch (value.intent) {
    case "avatar": {
      const form = new FormData();
      form.set("file", value.avatar);
      const stored = await api<{ id: string }>(args, "/labs/avatars", { form });
      if (!stored.success || !stored.data) return refused("avatar", stored);
      throw redirect(avatarPath({ avatar: stored.data.id }));
    }
    default:
      return labsStepAction(
        args,
        value,
        (o) => submission.reply(o),
        (p) => avatarPath({ avatar, ...p }),
      );
  }
}
