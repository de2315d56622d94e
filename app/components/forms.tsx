import { useTranslation } from "react-i18next";

type Errors = string[] | undefined;

/**
 * Field errors: keys of the common bundle's `validation` group (client and zod checks) or messages
 * the api already localized.
 */
export function ErrorList({ id, errors }: { id?: string; errors: Errors }) {
  const { t } = useTranslation();
  const list = (errors ?? []).filter(Boolean);
  if (list.length === 0) return null;
  return (
    <ul id={id} className="mt-1 space-y-0.5 text-sm text-red-600" role="alert">
      {list.map((e) => (
        <li key={e}>{e.startsWith("validation.") ? t(e) : e}</li>
      ))}
    </ul>
  );
}

type InputProps = React.InputHTMLAttributes<HTMLInputElement> & { id: string; key?: string | null };

/** A labelled input with its help text and errors, wired with aria-invalid / aria-describedby. */
export function Field({ label, inputProps, errors, help, className = "" }: { label: string; inputProps: InputProps; errors: Errors; help?: string; className?: string }) {
  const { key, ...props } = inputProps;
  const errorId = errors?.length ? `${props.id}-error` : undefined;
  const helpId = help ? `${props.id}-help` : undefined;
  return (
    <div className={className}>
      <label htmlFor={props.id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <input
        key={key ?? undefined}
        {...props}
        aria-invalid={errorId ? true : undefined}
        aria-describedby={[helpId, errorId].filter(Boolean).join(" ") || undefined}
        className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 text-base shadow-sm focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-100 aria-[invalid]:border-red-500 read-only:bg-slate-50"
      />
      {help ? (
        <p id={helpId} className="mt-1 text-xs text-slate-500">
          {help}
        </p>
      ) : null}
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}

/** A checkbox with its label (and an optional link after it). */
export function CheckboxField({ label, inputProps, after }: { label: string; inputProps: InputProps; after?: React.ReactNode }) {
  const { key, ...props } = inputProps;
  return (
    <div className="flex items-center gap-2">
      <input key={key ?? undefined} {...props} type="checkbox" className="h-4 w-4 rounded border-slate-300 accent-brand-600" />
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
            <label key={item.code} htmlFor={id} className="inline-flex cursor-pointer items-center gap-1.5 rounded-full border border-slate-300 px-3 py-1.5 text-sm has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50">
              <input id={id} type={type} name={name} value={item.code} defaultChecked={selected.includes(item.code)} className="accent-brand-600" />
              {item.name}
            </label>
          );
        })}
      </div>
      <ErrorList errors={errors} />
    </fieldset>
  );
}

export function SubmitButton({ children, name, value, variant = "primary", className = "" }: { children: React.ReactNode; name?: string; value?: string; variant?: "primary" | "secondary" | "danger"; className?: string }) {
  const styles = {
    primary: "bg-brand-600 text-white hover:bg-brand-700",
    secondary: "border border-slate-300 bg-white text-slate-800 hover:bg-slate-50",
    danger: "bg-red-600 text-white hover:bg-red-700",
  }[variant];
  return (
    <button type="submit" name={name} value={value} className={`inline-flex w-full items-center justify-center rounded-lg px-4 py-2.5 text-sm font-semibold ${styles} ${className}`}>
      {children}
    </button>
  );
}
