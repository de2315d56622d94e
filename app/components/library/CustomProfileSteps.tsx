import { getFormProps, getInputProps } from "~/components/form-props";
import { Form, Link } from "@remix-run/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ErrorList, Field, SubmitButton, useSchemaForm, type LastResult } from "~/components/forms";
import { AnotherSegment } from "~/components/library/AnotherSegment";
import { ProfileImageInput } from "~/components/library/ProfileImageInput";
import { Section } from "~/components/shell/Page";
import { CUSTOM_VOICE, CUSTOM_VOICE_LIBRARY as LIBRARY } from "~/lib/custom-voices";
import * as specs from "~/lib/form-specs/custom-voices";
import type { CustomVoice } from "#contracts/custom-voices";

/**
 * Custom voice creation's last steps: the profile and "done". Loaded when first shown (
 * docs/decisions/0050: import them from components/library/wizard-on-use.tsx, never from here).
 */

export function ProfileStep({
  voice,
  lastResult,
  segmentError,
}: {
  voice: CustomVoice;
  lastResult: LastResult;
  /** Why another part of the files could not be taken (the api's message), if it was asked for and refused. */
  segmentError: string | null;
}) {
  const { t } = useTranslation("custom-voices");
  const [form, fields] = useSchemaForm("profile", specs.CustomProfileSchema, lastResult, { validate: "onBlur" });
  const [name, setName] = useState("");
  return (
    <Section id="profile" title={t("steps.3")}>
      <p className="mt-1 text-sm text-slate-600">{t("profile.help")}</p>
      <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="mt-4 space-y-4" data-testid="profile-form">
        <input type="hidden" name="intent" value="profile" />
        <Field
          label={t("profile.name")}
          help={t("profile.nameHelp", { max: CUSTOM_VOICE.nameMax, count: [...name].length })}
          inputProps={{ ...getInputProps(fields.name, { type: "text" }), onInput: (e) => setName(e.currentTarget.value) }}
          errors={fields.name.errors}
        />
        <Field
          label={t("profile.intro")}
          help={t("profile.introHelp", { max: CUSTOM_VOICE.introMax })}
          inputProps={getInputProps(fields.intro, { type: "text" })}
          errors={fields.intro.errors}
        />
        <ProfileImageInput
          inputProps={getInputProps(fields.image, { type: "file" })}
          errors={fields.image.errors}
          fallback={voice.profileImageURL ? { src: voice.profileImageURL, alt: t("profile.defaultImage") } : undefined}
        />
        {voice.audioURL ? (
          <div>
            <p className="text-sm font-medium text-slate-800">{t("profile.preview")}</p>
            <audio
              // Another part of the files is another preview at the same address: a new element loads it again.
              key={voice.segment?.index ?? 0}
              controls
              preload="none"
              src={voice.audioURL}
              className="mt-2 w-full"
              aria-label={t("profile.preview")}
            />
            {voice.segment ? (
              <p className="mt-2 text-sm text-slate-600" data-testid="voice-segment">
                {t("profile.segment", {
                  file: voice.segment.file,
                  start: voice.segment.start.toFixed(1),
                  end: voice.segment.end.toFixed(1),
                  n: voice.segment.index + 1,
                  count: voice.segment.choices,
                })}
              </p>
            ) : null}
          </div>
        ) : null}
        <ErrorList errors={form.errors} />
        <SubmitButton className="sm:w-auto">{t("profile.save")}</SubmitButton>
      </Form>
      <AnotherSegment choices={voice.segment?.choices ?? 0} label={t("profile.anotherSegment")} error={segmentError} />
    </Section>
  );
}

export function DoneStep({ voice }: { voice: CustomVoice }) {
  const { t } = useTranslation("custom-voices");
  return (
    <Section id="done" title={t("done.title")}>
      <div className="mt-3 flex items-center gap-3">
        <img src={voice.profileImageURL} alt="" width={56} height={56} className="size-14 shrink-0 rounded-full ring-1 ring-slate-200" />
        <div className="min-w-0">
          <p className="truncate font-semibold" data-testid="custom-voice-name">
            {voice.name}
          </p>
          <p className="truncate text-sm text-slate-600">{voice.intro}</p>
        </div>
      </div>
      <p className="mt-3 text-sm text-slate-600">{t("done.text", { name: voice.name })}</p>
      {voice.audioURL ? (
        <audio
          controls
          preload="none"
          src={voice.audioURL}
          className="mt-3 w-full"
          aria-label={t("done.listen")}
          data-testid="custom-voice-audio"
        />
      ) : null}
      {/* "Use this voice" is the library's one action (docs/decisions/0030). */}
      <Form method="post" action="/dashboard/library?index" className="mt-5 flex flex-wrap gap-3">
        <input type="hidden" name="intent" value="use" />
        <input type="hidden" name="voice_id" value={voice.id} />
        <SubmitButton name="to" value="tts" className="sm:w-auto">
          {t("done.useTts")}
        </SubmitButton>
        <SubmitButton name="to" value="sts" variant="secondary" className="sm:w-auto">
          {t("done.useSts")}
        </SubmitButton>
      </Form>
      <div className="mt-4 flex flex-wrap gap-4 text-sm">
        <Link to={LIBRARY} className="text-brand-700 underline">
          {t("toLibrary")}
        </Link>
        <Form method="post">
          <input type="hidden" name="intent" value="restart" />
          <button type="submit" className="text-brand-700 underline">
            {t("done.another")}
          </button>
        </Form>
      </div>
    </Section>
  );
}
