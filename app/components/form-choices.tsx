import { ErrorList, type Errors, type InputProps } from "~/components/forms";

/*
 * Checkboxes and choice groups: in a module of their own, so the pages without them (most) do not load
 * them with forms.tsx.
 */

export function CheckboxField({ label, inputProps, after }: { label: string; inputProps: InputProps; after?: React.ReactNode }) {
  const { key, ...props } = inputProps;
  return (
    // The box beside the label's first line: centred, it sat between the lines of a label that wraps (at 360 px).
    <div className="flex items-start gap-2">
      <input
        key={key ?? undefined}
        {...props}
        type="checkbox"
        className="mt-0.5 h-4 w-4 shrink-0 rounded border-slate-300 accent-brand-600"
      />
      <label htmlFor={props.id} className="text-sm text-slate-800">
        {label}
      </label>
      {after}
    </div>
  );
}

/** Checkboxes or radios for a list of {code, name}, as one fieldset. */
export function ChoiceGroup({
  legend,
  name,
  items,
  selected,
  type = "checkbox",
  errors,
  idPrefix,
}: {
  legend: string;
  name: string;
  items: { code: string; name: string }[];
  selected: string[];
  type?: "checkbox" | "radio";
  errors?: Errors;
  idPrefix: string;
}) {
  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-800">{legend}</legend>
      <div className="mt-2 flex flex-wrap gap-2">
        {items.map((item) => {
          const id = `${idPrefix}-${item.code || "none"}`;
          return (
            <label
              key={item.code}
              htmlFor={id}
              className="inline-flex cursor-pointer items-center gap-1.5 rounded-full border border-slate-300 px-3 py-1.5 text-sm has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
            >
              <input
                id={id}
                type={type}
                name={name}
                value={item.code}
                defaultChecked={selected.includes(item.code)}
                className="accent-brand-600"
              />
              {item.name}
            </label>
          );
        })}
      </div>
      <ErrorList errors={errors} />
    </fieldset>
  );
}
