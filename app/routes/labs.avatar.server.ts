import { parseWithZod, readForm } from "~/utils/parse-form.server";
import { data, redirect, type ActionFunctionArgs, type AppLoadContext, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { fixedT, getLocale } from "~/i18n/i18n.server";
import { avatarPath, type AvatarStep } from "~/lib/labs";
import { AvatarTalkSchema } from "~/lib/labs-schemas";
import { PICKER_VOICES, usageLimitFor, type UsageDialogData } from "~/lib/studio";
import { api, requireData } from "~/utils/api.server";
import { generationJob } from "~/utils/jobs.server";
import { loadProfile, requireUser } from "~/utils/auth.server";
import { sealedCookie } from "~/utils/sealed.server";
import { labsStep, labsStepAction } from "~/utils/labs-steps.server";
import { setToast } from "~/utils/toast.server";
import { Code } from "#contracts/codes";

/**
 * Avatar talk (/labs/avatar, app/routes/labs.avatar.tsx; docs/decisions/0041): choose an avatar,
 * record or upload speech, the file check, choose a voice, the conversion, the avatar speaking the result.
 * The speech steps are the STS studio's api (`/studio/sts/*`, charged as conversion time); the search
 * params name the step (`avatar`, `id`, `source`, `step=voice`, `job`, `result`).
 */

/**
 * The shared letter this avatar talk answers (docs/decisions/0047): the share page's "reply with a
 * video letter" opens `/labs/avatar?reply=<share id>`; the id is kept in this cookie through the five steps
 * (their links and forms do not carry it) until the result is shared back as the reply, or the member stops. Sealed
 * docs/decisions/0053: only an id this loader checked is read back.
 */
const replyCookie = sealedCookie<{ share: string }>("labs_reply", { path: "/labs", maxAge: 2 * 60 * 60 });
const SHARE_ID = /^[A-Za-z0-9_-]{22}$/;

/** The shared letter being answered, or null (none, expired, or a cookie this app did not seal). */
export async function replyId(request: Request, context: AppLoadContext) {
  const value = await replyCookie.read(request, context).catch(() => null);
  return typeof value?.share === "string" && SHARE_ID.test(value.share) ? value.share : null;
}

export async function setReply(args: LoaderFunctionArgs | ActionFunctionArgs, id: string | null) {
  if (id) await replyCookie.write(args.request, args.context, { share: id });
  else await replyCookie.clear(args.request, args.context);
}

export async function loader(args: LoaderFunctionArgs) {
  await requireUser(args);
  const url = new URL(args.request.url);
  const q = url.searchParams;
  // Answering a shared letter: remembered (while it is still shared), and the address goes on without it.
  const reply = q.get("reply");
  if (reply !== null) {
    const shared = SHARE_ID.test(reply) ? await api(args, "GET /share/:id", { params: { id: reply } }) : null;
    await setReply(args, shared?.success ? reply : null);
    if (!shared?.success) {
      const t = fixedT(await getLocale(args.request, args.context), "labs");
      await setToast(args.request, args.context, { key: "error", params: { message: t("letter.reply.gone") } });
    }
    q.delete("reply");
    throw redirect(avatarPath(Object.fromEntries(q)));
  }
  const answering = await replyId(args.request, args.context);
  const [avatarId, id, sourceId, jobId, resultId] = ["avatar", "id", "source", "job", "result"].map((k) => q.get(k));
  const [profile, plans, avatars] = await Promise.all([
    loadProfile(args),
    api(args, "GET /utils/planlist"),
    api(args, "GET /labs/avatars"),
  ]);
  const list = requireData(avatars);
  const avatar = avatarId ? (list.avatars.find((a) => a.id === avatarId) ?? null) : null;
  // An avatar id that is not one of the defaults or the member's own (another member's, a deleted one): choose again.
  if (avatarId && !avatar) throw redirect(avatarPath({}));
  const [source, job, result, voices, replyTo] = await Promise.all([
    avatar && sourceId ? api(args, "GET /studio/sts/sources/:id", { params: { id: sourceId } }) : null,
    avatar && jobId ? generationJob(args, jobId) : null,
    avatar && resultId ? api(args, "GET /studio/inferences/:id", { params: { id: resultId } }) : null,
    avatar && sourceId && q.get("step") === "voice" ? api(args, "GET /voices", { query: PICKER_VOICES }) : null,
    answering ? api(args, "GET /share/:id", { params: { id: answering } }) : null,
  ]);
  for (const answer of [source, job, result]) if (answer && !answer.success) requireData<unknown>(answer);
  if (job?.data?.status === "completed" && job.data.inferenceId)
    throw redirect(avatarPath({ avatar: avatarId, id, source: sourceId, result: job.data.inferenceId }));
  const allowance = (plans.data?.find((p) => p.plan === profile.plan)?.plan_time ?? 0) * 60;
  const step: AvatarStep = labsStep("avatar", { chosen: !!avatar, result, job, source, voice: q.get("step") === "voice" });
  const t = fixedT(await getLocale(args.request, args.context), "labs");
  // `?delete=<id>`: the confirmation before one of the member's own avatars is deleted.
  const deleting = step === "avatar" ? (list.avatars.find((a) => a.kind === "own" && a.id === q.get("delete")) ?? null) : null;
  return {
    deleting,
    // The shared letter answered, while it is still shared.
    replyTo: replyTo?.success && replyTo.data ? { share_id: replyTo.data.share_id, voiceName: replyTo.data.voice.name } : null,
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
  const formData = await readForm(args.request);
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
      const stored = await api(args, "POST /labs/avatars", { form });
      if (!stored.success || !stored.data) return refused("avatar", stored);
      throw redirect(avatarPath({ avatar: stored.data.id }));
    }
    case "delete-avatar": {
      const answer = await api(args, "DELETE /labs/avatars/:id", { params: { id: value.avatar_id } });
      if (answer.success) await setToast(args.request, args.context, { key: "deleted" });
      else await setToast(args.request, args.context, { key: "error", params: { message: answer.message } });
      throw redirect(avatarPath({}));
    }
    case "stop-reply": {
      await setReply(args, null);
      throw redirect(avatarPath(Object.fromEntries(q)));
    }
    case "share":
    case "unshare": {
      const share = value.intent === "share";
      const resultId = q.get("result") ?? "";
      // Shared back as the reply to the letter this avatar talk answers, linked like a voice reply.
      const answering = share ? await replyId(args.request, args.context) : null;
      const answer = await api(args, share ? "POST /studio/inferences/:id/share" : "DELETE /studio/inferences/:id/share", {
        params: { id: resultId },
        query: { reply_to: answering ?? undefined },
      });
      if (answer.success) await setToast(args.request, args.context, { key: share ? "shared" : "unshared" });
      else await setToast(args.request, args.context, { key: "error", params: { message: answer.message } });
      // Answered (or the original is no longer shared): the reply is done either way.
      if (answering && (answer.success || answer.code === Code.REPLY_TARGET_GONE)) await setReply(args, null);
      throw redirect(avatarPath({ avatar, id: q.get("id"), source: q.get("source"), result: resultId }));
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
