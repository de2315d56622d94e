/**
 * The page and section markup of the signed-in pages (settings, withdrawal, my plan, plans, home):
 * one heading and one card look, so the pages differ only in what they say.
 */

/**
 * A page's h1, alone or with a line under it and actions on the right (buttons, a back link).
 * `testId` marks the h1.
 */
export function PageHeading({
  title,
  description,
  actions,
  testId,
}: {
  title: React.ReactNode;
  description?: React.ReactNode;
  actions?: React.ReactNode;
  testId?: string;
}) {
  const h1 = (
    <h1 className="text-2xl font-bold" data-testid={testId}>
      {title}
    </h1>
  );
  if (!description && !actions) return h1;
  return (
    <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-2">
      {description ? (
        <div>
          {h1}
          <p className="mt-1 text-slate-600">{description}</p>
        </div>
      ) : (
        h1
      )}
      {actions}
    </div>
  );
}

/**
 * A titled section of a page, labelled by its h2 (`${id}-title`). `card` (the default) draws the white
 * card; `warning` the amber notice; `plain` no frame (the dashboard home's lists).
 */
export function Section({
  id,
  title,
  tone = "card",
  className = "",
  aside,
  children,
}: {
  id: string;
  title: React.ReactNode;
  tone?: "card" | "warning" | "plain";
  className?: string;
  /** Beside the title, on the right (a "see all" link). */
  aside?: React.ReactNode;
  children: React.ReactNode;
}) {
  const frame = {
    card: "rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200",
    warning: "rounded-2xl bg-amber-50 p-5 ring-1 ring-amber-200",
    plain: "",
  }[tone];
  const heading = (
    <h2 id={`${id}-title`} className={tone === "warning" ? "font-semibold text-amber-900" : "text-lg font-semibold"}>
      {title}
    </h2>
  );
  return (
    <section aria-labelledby={`${id}-title`} className={`${frame} ${className}`.trim() || undefined}>
      {aside ? (
        // At 360 px a long title takes the line and the aside goes under it, whole (it was broken into two lines).
        <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
          {heading}
          <span className="whitespace-nowrap">{aside}</span>
        </div>
      ) : (
        heading
      )}
      {children}
    </section>
  );
}
