import { Link } from "@remix-run/react";

/** A labs step page's heading (avatar talk, the shorts): back link, title, intro and the conversion time left. */
export function LabsHeading({
  back,
  title,
  intro,
  remaining,
}: {
  back: { to: string; label: string };
  title: string;
  intro: string;
  remaining: string;
}) {
  return (
    <>
      <Link to={back.to} className="text-sm text-slate-600 underline">
        ← {back.label}
      </Link>
      <h1 className="mt-2 text-2xl font-bold">{title}</h1>
      <p className="mt-2 max-w-3xl text-sm text-slate-600">{intro}</p>
      <p className="mt-1 text-sm font-medium" data-testid="remaining">
        {remaining}
      </p>
    </>
  );
}
