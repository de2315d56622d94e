import { Link, useLocation, type LinkProps } from "@remix-run/react";
import { useTranslation } from "react-i18next";

// useSchemaForm (conform and zod) lives in its own module, so a page that only needs the components below does
// not load conform and zod (docs/decisions/0044). Imports from here keep working.
export { useSchemaForm, type LastResult } from "./schema-form";

export type Errors = string[] | undefined;

/** A translation key rather than a message: a dotted name without spaces, optionally `ns:` first. */
const KEY = /^(?:[A-Za-z][\w-]*:)?[A-Za-z]\w*(?:\.\w+)+$/;

/**
 * Field and form errors. An error is a translation key (zod messages and the keys an action sets) or a
 * message the api or the action already localized. Keys are read in `ns` (the common bundle unless
 * told), or in the namespace they name: `validation.required`, `errors.cardNumber` with `ns="billing"`,
 * `billing:errors.coupon`.
 */
export function ErrorList({ id, errors, ns = "common" }: { id?: string; errors: Errors; ns?: string }) {
  const { t } = useTranslation(ns);
  const list = (errors ?? []).filter(Boolean);
  if (list.length === 0) return null;
  return (
    <ul id={id} className="mt-1 space-y-0.5 text-sm text-red-600" role="alert">
      {list.map((e) => (
        <li key={e}>{KEY.test(e) ? t(e) : e}</li>
      ))}
    </ul>
  );
}

export type InputProps = React.InputHTMLAttributes<HTMLInputElement> & { id: string; key?: string | null };

/** A labelled input with its help text and errors, wired with aria-invalid / aria-describedby. */
export function Field({
  label,
  inputProps,
  errors,
  help,
  className = "",
  ns,
}: {
  label: string;
  inputProps: InputProps;
  errors: Errors;
  help?: string;
  className?: string;
  ns?: string;
}) {
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
      <ErrorList id={errorId} errors={errors} ns={ns} />
    </div>
  );
}

/** A checkbox with its label (and an optional link after it). */
type Variant = "primary" | "secondary" | "danger";

/** The looks of a button, shared by real buttons and links that look like one. */
const VARIANTS: Record<Variant, string> = {
  primary: "bg-brand-600 text-white hover:bg-brand-700",
  secondary: "border border-slate-300 bg-white text-slate-800 hover:bg-slate-50",
  danger: "bg-red-600 text-white hover:bg-red-700",
};

export function SubmitButton({
  children,
  name,
  value,
  variant = "primary",
  className = "",
}: {
  children: React.ReactNode;
  name?: string;
  value?: string;
  variant?: Variant;
  className?: string;
}) {
  return (
    <button
      type="submit"
      name={name}
      value={value}
      className={`inline-flex w-full items-center justify-center rounded-lg px-4 py-2.5 text-sm font-semibold ${VARIANTS[variant]} ${className}`}
    >
      {children}
    </button>
  );
}

/**
 * A link that looks like a button (a dialog's OK, "change plan", "register card"): navigation stays a
 * link, so it works without JavaScript. `outline` is the quiet look of secondary actions; `danger`
 * outlines in red.
 */
export function ButtonLink({ variant = "primary", className = "", ...props }: LinkProps & { variant?: Variant | "outline" }) {
  const look = {
    primary: VARIANTS.primary,
    secondary: VARIANTS.secondary,
    danger: "text-red-700 ring-1 ring-red-200",
    outline: "ring-1 ring-slate-300",
  }[variant];
  return (
    <Link
      {...props}
      className={`inline-flex items-center justify-center rounded-lg px-4 py-2 text-sm font-semibold ${look} ${className}`}
    />
  );
}

/**
 * The action of a form that posts to the page it is on, without the `?index` Remix adds on index routes (
 * docs/decisions/0039): the address bar keeps the page's own URL after a post without JavaScript. Only for index
 * routes with a path of their own (`dashboard.plan._index`: "plan"), which a POST to their bare path reaches.
 */
export function useSelfAction() {
  const { pathname, search } = useLocation();
  const params = new URLSearchParams(search);
  params.delete("index");
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
}
