import { useTranslation } from "react-i18next";

/** A figure that never breaks across lines (its spaces made no-break). */
const whole = (text: string) => text.replace(/ /g, "\u00a0");

/**
 * A usage ring (spec section 9: progress rings show the remaining fraction). `total` -1 is
 * unlimited: a full ring and '∞'.
 */
export function UsageRing({
  name,
  label,
  used,
  total,
  format,
}: {
  name: string;
  label: string;
  used: number;
  total: number;
  format: (n: number) => string;
}) {
  const unlimited = total < 0;
  const remaining = unlimited ? Infinity : Math.max(0, total - used);
  const fraction = unlimited ? 1 : total === 0 ? 0 : Math.min(1, remaining / total);
  // Down, so 100% means nothing used (9,977 of 10,000 characters left read 100%).
  const percent = Math.floor(fraction * 100);
  const r = 34;
  const circumference = 2 * Math.PI * r;
  const { t } = useTranslation("billing");
  const remainingText = unlimited ? "∞" : format(remaining);
  const totalText = unlimited ? "∞" : format(total);
  return (
    <figure className="flex flex-col items-center text-center" data-testid={`usage-${name}`}>
      <div
        role="meter"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={total === 0 ? t("usage.none") : t("usage.left", { left: remainingText, total: totalText })}
        className="relative h-24 w-24"
      >
        <svg viewBox="0 0 80 80" className="h-24 w-24 -rotate-90" aria-hidden="true">
          <circle cx="40" cy="40" r={r} fill="none" strokeWidth="8" className="stroke-slate-200" />
          <circle
            cx="40"
            cy="40"
            r={r}
            fill="none"
            strokeWidth="8"
            strokeLinecap="round"
            strokeDasharray={circumference}
            strokeDashoffset={circumference * (1 - fraction)}
            className={fraction <= 0.1 ? "stroke-red-500" : "stroke-brand-600"}
          />
        </svg>
        <span className="absolute inset-0 grid place-items-center text-sm font-bold" data-testid="usage-remaining">
          {unlimited ? "∞" : `${percent}%`}
        </span>
      </div>
      <figcaption className="mt-2 text-sm">
        <span className="block font-medium text-slate-800">{label}</span>
        <span className="text-slate-600" data-testid="usage-figures">
          {/* What is left of what the plan gives ("2 min 58 s of 3 min left"; "0 / 3" read as used). Each figure whole: at
              360 px "3 min" was broken before "min". */}
          {total === 0 ? t("usage.none") : t("usage.left", { left: whole(remainingText), total: whole(totalText) })}
        </span>
      </figcaption>
    </figure>
  );
}
