import { useTranslation } from "react-i18next";
import { formatDuration } from "~/lib/units";

export const STS_STEPS = ["studio", "check", "voice", "process", "result"] as const;
export type StsStep = (typeof STS_STEPS)[number];

/** m:ss */
export const clock = (seconds: number) => `${Math.floor(seconds / 60)}:${String(Math.floor(seconds % 60)).padStart(2, "0")}`;

/** A length as people read it, in the page's language ("2분 30초", "2 min 30 s"). */
export function useDuration() {
  const { i18n } = useTranslation();
  return (seconds: number) => formatDuration(seconds, i18n.language);
}

/** The five steps of the STS flow (spec section 2), the current one marked. */
export function Stepper({ current }: { current: StsStep }) {
  const { t } = useTranslation("studio");
  return (
    <StepPills
      steps={STS_STEPS}
      at={STS_STEPS.indexOf(current)}
      label={(n) => t("sts.stepOf", { n })}
      name={(s) => t(`sts.steps.${s}`)}
      testId="sts-steps"
    />
  );
}

/** A flow's steps as numbered pills (the STS studio's and the labs pages'), the one at `at` marked as the current step. */
export function StepPills<S extends string>({
  steps,
  at,
  label,
  name,
  testId,
}: {
  steps: readonly S[];
  at: number;
  label: (n: number) => string;
  name: (step: S) => string;
  testId: string;
}) {
  return (
    <ol className="mt-4 flex flex-wrap gap-2 text-xs" aria-label={label(at + 1)} data-testid={testId}>
      {steps.map((step, i) => (
        <li
          key={step}
          aria-current={i === at ? "step" : undefined}
          className={`rounded-full px-3 py-1 font-medium ${i === at ? "bg-brand-600 text-white" : i < at ? "bg-brand-50 text-brand-700" : "bg-slate-100 text-slate-600"}`}
        >
          {i + 1}. {name(step)}
        </li>
      ))}
    </ol>
  );
}
