import { useTranslation } from "react-i18next";
import { ChoiceGroup } from "~/components/forms";
import { Recorder } from "~/components/studio/Sts";
import { FILTERS } from "~/lib/library";

/**
 * What the voice wizards share (the open voice wizard, /dashboard/library/open, and custom voice creation,
 * /dashboard/custom): the row of steps, the voice's tags as choice groups, and the recording panel.
 */

/** The steps, the current one marked (`aria-current="step"`), the done ones tinted. */
export function WizardSteps({ step, labels, label }: { step: number; labels: string[]; label: string }) {
  const columns = labels.length === 4 ? "grid-cols-4" : "grid-cols-3";
  return (
    <ol className={`grid ${columns} gap-2 text-center text-xs sm:text-sm`} aria-label={label} data-testid="wizard-steps">
      {labels.map((name, i) => {
        const n = i + 1;
        return (
          <li
            key={n}
            aria-current={n === step ? "step" : undefined}
            className={`rounded-lg px-1 py-2 font-medium sm:px-2 ${n === step ? "bg-brand-600 text-white" : n < step ? "bg-brand-50 text-brand-700" : "bg-slate-100 text-slate-500"}`}
          >
            <span className="block text-[11px] opacity-80">{n}</span>
            {name}
          </li>
        );
      })}
    </ol>
  );
}

type Errors = string[] | undefined;
type Tag = "lang" | "tone" | "gender" | "age";

/**
 * A voice's tags as the library names them (labels from the library bundle): language, tone, gender and age as
 * radios, moods and content categories as checkboxes. `moodsName` is the field of the moods (the open voice
 * form says `features`); `genders` narrows the genders offered (a custom voice is male or female).
 */
export function TagChoices({
  selected,
  errors,
  moodsName,
  moodsLegend,
  categoriesLegend,
  genders = FILTERS.gender,
}: {
  selected: (name: string) => string[];
  errors: Partial<Record<string, Errors>>;
  moodsName: string;
  moodsLegend: string;
  categoriesLegend: string;
  genders?: readonly string[];
}) {
  const { t } = useTranslation("library");
  const items = (name: keyof typeof FILTERS, codes: readonly string[] = FILTERS[name]) =>
    codes.map((code) => ({ code, name: t(`tags.${name}.${code}`) }));
  const radio = (name: Tag, codes?: readonly string[]) => (
    <ChoiceGroup
      legend={t(`tags.${name}.label`)}
      name={name}
      type="radio"
      items={items(name, codes)}
      selected={selected(name)}
      idPrefix={name}
      errors={errors[name]}
    />
  );
  return (
    <>
      {radio("lang")}
      {radio("tone")}
      {radio("gender", genders)}
      {radio("age")}
      <ChoiceGroup
        legend={moodsLegend}
        name={moodsName}
        items={items("mood")}
        selected={selected(moodsName)}
        idPrefix="mood"
        errors={errors[moodsName]}
      />
      <ChoiceGroup
        legend={categoriesLegend}
        name="categories"
        items={items("category")}
        selected={selected("categories")}
        idPrefix="category"
        errors={errors.categories}
      />
    </>
  );
}

/** Recording in the browser (the studio's `Recorder`), with what to do instead without JavaScript. */
export function RecordPanel({
  title,
  noScript,
  maxSeconds,
  busy,
  onRecorded,
}: {
  title: string;
  noScript: string;
  maxSeconds: number;
  busy: boolean;
  onRecorded: (file: File) => void;
}) {
  return (
    <div className="rounded-xl p-4 ring-1 ring-slate-200">
      <h3 className="font-semibold">{title}</h3>
      <div className="mt-3">
        <noscript>
          <p className="text-sm text-slate-600">{noScript}</p>
        </noscript>
        <Recorder maxSeconds={maxSeconds} busy={busy} onRecorded={onRecorded} />
      </div>
    </div>
  );
}

/** What a choice group shows as chosen: the form's current value (after a failed submit), else what was saved. */
export function chosen(current: unknown, saved: unknown): string[] {
  const value = current !== undefined ? current : saved;
  if (value === undefined || value === null) return [];
  return (Array.isArray(value) ? value : [value]).map(String);
}
