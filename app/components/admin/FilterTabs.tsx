import { Link } from "@remix-run/react";

/** A console list's filter as links (`?status=`), the current one marked: works without JavaScript. */
export function FilterTabs<S extends string>({
  label,
  path,
  values,
  current,
  name,
}: {
  label: string;
  path: string;
  values: readonly S[];
  current: S;
  name: (value: S) => string;
}) {
  return (
    <nav aria-label={label} className="mt-4">
      <ul className="flex flex-wrap gap-2">
        {values.map((s) => (
          <li key={s}>
            <Link
              to={`${path}?status=${s}`}
              aria-current={s === current ? "page" : undefined}
              className={`block rounded-full border px-3 py-1 text-sm ${s === current ? "border-brand-600 bg-brand-50 font-semibold text-brand-700" : "border-slate-300 bg-white text-slate-700"}`}
            >
              {name(s)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
