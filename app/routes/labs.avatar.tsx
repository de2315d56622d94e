import { getFormProps, getInputProps } from "~/components/form-props";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { Avatar } from "#contracts/labs";
import { ErrorList, SubmitButton, useSchemaForm } from "~/components/forms";
import { LabsHeading } from "~/components/labs/LabsHeading";
import { AvatarResult, DeleteAvatarDialog } from "~/components/labs/on-use";
import { StepPills, useDuration } from "~/components/studio/Sts";
import { ProcessStep, RecordOrUploadLater as RecordOrUpload, SourceCheck, VoiceChoice } from "~/components/studio/sts-on-use";
import { UsageDialog } from "~/components/studio/on-use";
import * as specs from "~/lib/form-specs/labs";
import { AVATAR_STEPS, avatarPath, type AvatarStep } from "~/lib/labs";
import { pageMetaTags } from "~/utils/seo";
import type { action, loader } from "./labs.avatar.server";

export const handle = { i18n: ["common", "studio", "labs"] };

export { action, loader } from "./labs.avatar.server";
export const meta = pageMetaTags;

/** Avatar talk (spec: labs avatar talk): choose avatar, record, check, choose voice, result. */
export default function AvatarTalk() {
  const { step, avatars, avatarLimit, avatar, source, job, result, voices, remaining, deleting, replyTo } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("labs");
  const duration = useDuration();
  const closeTo = avatarPath({
    avatar: avatar?.id,
    id: source?.project_id,
    source: source?.source_id,
    step: step === "voice" ? "voice" : null,
  });
  return (
    <main className="mx-auto max-w-5xl px-4 py-8 sm:px-6">
      <LabsHeading
        back={{ to: "/labs", label: t("area.title") }}
        title={t("avatar.title")}
        intro={t("avatar.intro")}
        remaining={t("avatar.remaining", { time: duration(remaining) })}
      />
      {replyTo ? <ReplyBanner voiceName={replyTo.voiceName} shareId={replyTo.share_id} /> : null}
      <AvatarStepper current={step} />
      {avatar && step !== "avatar" ? (
        <p className="mt-3 text-sm" data-testid="chosen-avatar">
          {t("avatar.chosen", { name: avatar.name })}{" "}
          <Link to={avatarPath({})} className="text-brand-700 underline">
            {t("avatar.change")}
          </Link>
        </p>
      ) : null}
      {actionData?.usage ? <UsageDialog kind={actionData.usage.kind} message={actionData.usage.message} closeTo={closeTo} /> : null}
      {step === "avatar" ? <ChooseAvatar avatars={avatars} limit={avatarLimit} /> : null}
      {step === "avatar" && deleting ? <DeleteAvatarDialog avatar={deleting} /> : null}
      {step === "record" && avatar ? <RecordOrUpload remaining={remaining} /> : null}
      {step === "check" && avatar && source ? (
        <SourceCheck
          source={source}
          remaining={remaining}
          next={avatarPath({ avatar: avatar.id, id: source.project_id, source: source.source_id, step: "voice" })}
          another={avatarPath({ avatar: avatar.id, id: source.project_id })}
        />
      ) : null}
      {step === "voice" && avatar && source ? (
        <VoiceChoice
          source={source}
          voices={voices}
          back={avatarPath({ avatar: avatar.id, id: source.project_id, source: source.source_id })}
        />
      ) : null}
      {step === "process" && avatar && job ? (
        <ProcessStep
          job={job}
          retry={avatarPath({ avatar: avatar.id, id: source?.project_id, source: source?.source_id, step: "voice" })}
        />
      ) : null}
      {step === "result" && avatar && result ? <AvatarResult avatar={avatar} result={result} replying={!!replyTo} /> : null}
    </main>
  );
}

/** Answering a shared letter: what is answered, and a way to stop (a form: works without JavaScript). */
function ReplyBanner({ voiceName, shareId }: { voiceName: { ko: string; en: string }; shareId: string }) {
  const { t, i18n } = useTranslation("labs");
  return (
    <div
      className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-2 rounded-lg bg-brand-50 p-3 text-sm text-brand-900 ring-1 ring-brand-200"
      data-testid="reply-banner"
    >
      <p className="min-w-0 flex-1">
        {t("letter.reply.banner", { voice: voiceName[i18n.language === "en" ? "en" : "ko"] })}{" "}
        <a href={`/share/${encodeURIComponent(shareId)}`} className="font-medium underline">
          {t("letter.reply.original")}
        </a>
      </p>
      <Form method="post">
        <input type="hidden" name="intent" value="stop-reply" />
        <button type="submit" className="rounded-lg bg-white px-3 py-1.5 text-xs font-semibold ring-1 ring-brand-200">
          {t("letter.reply.stop")}
        </button>
      </Form>
    </div>
  );
}

/** The five steps of avatar talk (the shared `StepPills`); the conversion in progress belongs to "choose voice". */
function AvatarStepper({ current }: { current: AvatarStep }) {
  const { t } = useTranslation("labs");
  const at = AVATAR_STEPS.indexOf(current === "process" ? "voice" : current);
  return (
    <StepPills
      steps={AVATAR_STEPS}
      at={at}
      label={(n) => t("avatar.stepOf", { n })}
      name={(s) => t(`avatar.steps.${s}`)}
      testId="avatar-steps"
    />
  );
}

const card = "rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200";

/** An avatar's picture: a default's icon (an SVG made with it), a generic figure for one's own (no emoji). */
function AvatarIcon({ avatar }: { avatar: Avatar }) {
  if (avatar.iconURL)
    return <img src={avatar.iconURL} alt="" width={40} height={40} className="size-10 shrink-0 rounded-full" data-testid="avatar-icon" />;
  return (
    <svg viewBox="0 0 64 64" className="size-10 shrink-0" aria-hidden="true" data-testid="avatar-icon">
      <rect width="64" height="64" rx="32" className="fill-indigo-100" />
      <path d="M12 64c0-13 9-20 20-20s20 7 20 20z" className="fill-indigo-400" />
      <circle cx="32" cy="28" r="13" className="fill-indigo-300" />
    </svg>
  );
}

function ChooseAvatar({ avatars, limit }: { avatars: Avatar[]; limit: number }) {
  const { t } = useTranslation(["labs", "common"]);
  const actionData = useActionData<typeof action>();
  const [form, fields] = useSchemaForm(
    "avatar-upload",
    specs.AvatarUploadSchema,
    actionData?.form === "avatar" ? actionData.result : undefined,
  );
  const own = avatars.filter((a) => a.kind === "own").length;
  const errors = [...(fields.avatar.errors ?? []), ...(form.errors ?? [])].map((e) => (e.startsWith("validation.") ? t(`common:${e}`) : e));
  return (
    <div className="mt-6 grid gap-4 lg:grid-cols-2">
      <section className={card} aria-labelledby="choose-title">
        <h2 id="choose-title" className="font-semibold">
          {t("avatar.choose.title")}
        </h2>
        {/* A GET form: the choice is the next page's address, with or without JavaScript. */}
        <Form method="get" className="mt-3 space-y-3">
          <fieldset className="grid gap-2 sm:grid-cols-2">
            <legend className="sr-only">{t("avatar.choose.legend")}</legend>
            {avatars.map((a, i) => (
              <label
                key={a.id}
                className="flex cursor-pointer items-center gap-3 rounded-xl p-3 ring-1 ring-slate-200 has-[:checked]:ring-2 has-[:checked]:ring-brand-600"
              >
                <input type="radio" name="avatar" value={a.id} defaultChecked={i === 0} className="accent-brand-600" />
                <AvatarIcon avatar={a} />
                <span className="min-w-0 flex-1">
                  <span className="block truncate font-medium">{a.name}</span>
                  <span className="block text-xs text-slate-500">
                    {t(`avatar.choose.${a.kind}`)} · VRM {a.version} · {Math.max(1, Math.round(a.bytes / 1024))} KB
                  </span>
                </span>
                {/* One's own avatar can be deleted, after a confirmation (a dialog in the address: works without JavaScript). */}
                {a.kind === "own" ? (
                  <Link
                    to={avatarPath({ delete: a.id })}
                    preventScrollReset
                    className="shrink-0 rounded-lg px-2 py-1 text-xs font-semibold text-red-700 ring-1 ring-red-200"
                    aria-label={t("avatar.remove.link", { name: a.name })}
                    data-testid="avatar-delete"
                  >
                    {t("avatar.remove.short")}
                  </Link>
                ) : null}
              </label>
            ))}
          </fieldset>
          <SubmitButton className="sm:w-auto">{t("avatar.choose.next")} →</SubmitButton>
        </Form>
      </section>
      <section className={card} aria-labelledby="avatar-upload-title">
        <h2 id="avatar-upload-title" className="font-semibold">
          {t("avatar.upload.title")}
        </h2>
        <p className="mt-1 text-sm text-slate-600">{t("avatar.upload.help", { count: limit, own })}</p>
        <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="mt-3 space-y-3">
          <input type="hidden" name="intent" value="avatar" />
          <input
            {...getInputProps(fields.avatar, { type: "file" })}
            key={fields.avatar.key}
            accept=".vrm,model/gltf-binary"
            className="block w-full text-sm"
            aria-label={t("avatar.upload.file")}
          />
          <ErrorList id={fields.avatar.errorId} errors={errors.length ? errors : undefined} />
          <SubmitButton variant="secondary" className="sm:w-auto">
            {t("avatar.upload.submit")}
          </SubmitButton>
        </Form>
      </section>
    </div>
  );
}
