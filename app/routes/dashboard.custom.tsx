import { Form, Link, useActionData, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { type LastResult } from "~/components/forms";
import { NeedsStarterDialog, SlotsFullDialog } from "~/components/library/gate-on-use";
import { TagsForm, WizardSteps } from "~/components/library/Wizard";
import { CustomDoneStep, CustomGenerateStep, CustomProfileStep } from "~/components/library/wizard-on-use";
import { PageHeading } from "~/components/shell/Page";
import { CUSTOM_VOICE_LIBRARY as LIBRARY } from "~/lib/custom-voices";
import { type CustomDesign } from "~/lib/custom-voices-schemas";
import { pageMetaTags } from "~/utils/seo";
import type { loader as dashboardLoader } from "./dashboard";
import type { action, loader } from "./dashboard.custom.server";
import * as specs from "~/lib/form-specs/custom-voices";

export { action, loader } from "./dashboard.custom.server";

export const handle = { i18n: ["common", "account", "library", "studio", "custom-voices"] };

export const meta = pageMetaTags;

const STEPS = [1, 2, 3, 4] as const;

/**
 * Custom voice creation (spec sections 3, 5 and 8): design, generate, profile, done. Every step is a
 * plain form that works without JavaScript; with it, files are gathered (recorded or uploaded, listed, played,
 * removed) into the one file input, the consents move into a dialog, and the job's progress is live.
 */
export default function CustomVoicePage() {
  const { step, design, voice, job, failure, voiceGone, gate } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const parent = useRouteLoaderData<typeof dashboardLoader>("routes/dashboard");
  const { t } = useTranslation("custom-voices");
  const lastResult = (intent: string) => (actionData?.intent === intent ? (actionData.result ?? undefined) : undefined);
  // Before a voice exists: Free needs Starter (spec section 6), then a free slot; the api's refusal says the same.
  const free = (parent?.profile.plan ?? "Free") === "Free";
  const dialog = voice ? null : free || actionData?.gate === "starter" ? "starter" : (actionData?.gate ?? gate);
  return (
    <main className="max-w-3xl space-y-6 px-4 py-8 sm:px-6">
      <PageHeading
        title={t("title")}
        description={t("intro")}
        actions={
          <Link to={LIBRARY} className="text-sm text-brand-700 underline">
            {t("toLibrary")}
          </Link>
        }
      />
      <WizardSteps step={step} labels={STEPS.map((n) => t(`steps.${n}`))} label={t("stepOf", { n: step })} />
      {step === 1 ? <DesignStep design={design} lastResult={lastResult("design")} /> : null}
      {step === 2 ? (
        <CustomGenerateStep
          job={job}
          failure={failure}
          voiceGone={voiceGone}
          lastResult={lastResult("generate")}
          error={actionData?.error ?? null}
        />
      ) : null}
      {step === 3 && voice ? (
        <CustomProfileStep
          voice={voice}
          lastResult={lastResult("profile")}
          segmentError={lastResult("segment")?.error?.[""]?.[0] ?? null}
        />
      ) : null}
      {step === 4 && voice ? <CustomDoneStep voice={voice} /> : null}
      {step < 4 ? (
        <Form method="post" className="text-right">
          <input type="hidden" name="intent" value="restart" />
          <button type="submit" className="text-sm text-slate-500 underline">
            {t("restart")}
          </button>
        </Form>
      ) : null}
      {dialog === "starter" ? <NeedsStarterDialog closeTo="/dashboard/library" /> : null}
      {dialog === "slots" ? <SlotsFullDialog slots={parent?.profile.planState?.limits.customVoice ?? 0} closeTo={LIBRARY} /> : null}
    </main>
  );
}

function DesignStep({ design, lastResult }: { design: CustomDesign | null; lastResult: LastResult }) {
  const { t } = useTranslation("custom-voices");
  return (
    <TagsForm
      id="design"
      intent="design"
      schema={specs.CustomDesignSchema}
      lastResult={lastResult}
      saved={design}
      title={t("steps.1")}
      help={t("design.help")}
      next={t("next")}
      moodsName="moods"
      moodsLegend={t("design.moods")}
      categoriesLegend={t("design.categories")}
      genders={["male", "female"]}
    />
  );
}
