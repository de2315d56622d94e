import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { type LastResult } from "~/components/forms";
import { TagsForm, WizardSteps } from "~/components/library/Wizard";
import { OpenProfileStep, OpenRecordingStep } from "~/components/library/wizard-on-use";
import { PageHeading } from "~/components/shell/Page";
import { pageMetaTags } from "~/utils/seo";
import type { action, loader } from "./dashboard.library.open.server";
import * as specs from "~/lib/form-specs/library";

export { action, loader } from "./dashboard.library.open.server";

export const handle = { i18n: ["common", "account", "library", "studio"] };

export const meta = pageMetaTags;

const STEPS = [1, 2, 3] as const;

/** The open voice wizard (spec: tag settings, AI voice creation, profile); every step works without JavaScript but recording. */
export default function OpenVoiceWizard() {
  const { step, tags, draft, draftGone } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("library");
  const lastResult = (intent: string) => (actionData?.intent === intent ? actionData.result : undefined);
  return (
    <main className="max-w-3xl space-y-6 px-4 py-8 sm:px-6">
      <PageHeading
        title={t("wizard.title")}
        description={t("wizard.intro")}
        actions={
          <Link to="/dashboard/library?tab=open" className="text-sm text-brand-700 underline">
            {t("detail.back")}
          </Link>
        }
      />
      <WizardSteps step={step} labels={STEPS.map((n) => t(`wizard.steps.${n}`))} label={t("wizard.stepOf", { n: step })} />
      {step === 1 ? <TagsStep tags={tags} lastResult={lastResult("tags")} /> : null}
      {step === 2 ? (
        <OpenRecordingStep
          draft={draft}
          draftGone={draftGone}
          lastResult={lastResult("recording")}
          segmentError={lastResult("segment")?.error?.[""]?.[0] ?? null}
          facts={actionData?.facts ?? null}
        />
      ) : null}
      {step === 3 && draft && tags ? <OpenProfileStep draft={draft} lastResult={lastResult("publish")} /> : null}
      <Form method="post" className="text-right">
        <input type="hidden" name="intent" value="restart" />
        <button type="submit" className="text-sm text-slate-500 underline">
          {t("wizard.restart")}
        </button>
      </Form>
    </main>
  );
}

function TagsStep({ tags, lastResult }: { tags: ReturnType<typeof useLoaderData<typeof loader>>["tags"]; lastResult: LastResult }) {
  const { t } = useTranslation("library");
  return (
    <TagsForm
      id="tags"
      intent="tags"
      schema={specs.OpenVoiceTagsSchema}
      lastResult={lastResult}
      saved={tags ?? null}
      title={t("wizard.steps.1")}
      help={t("wizard.tagsHelp")}
      next={t("wizard.next")}
      moodsName="features"
      moodsLegend={t("wizard.moods")}
      categoriesLegend={t("wizard.categories")}
    />
  );
}
