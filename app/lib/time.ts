import { useRootData } from "~/utils/root-data";
import { SERVICE_TIME_ZONE } from "./time-zone";

/**
 * Dates and times as every page shows them. Korean readers read Korea's time, unlabelled, as they always have.
 * English readers read their own zone once their browser has named it (the `tz` cookie), Korea's until then, and
 * every time names its zone ("9:16 PM PST", "9:16 PM GMT+9"): without it a reader abroad cannot tell whose 9:16 it
 * is. The zone comes from the root loader's data, so the browser hydrates with the zone the server rendered with.
 */

export { SERVICE_TIME_ZONE, TIME_ZONE_COOKIE } from "./time-zone";

/** Whose dates: the page's language and the reader's zone, as the server rendered them. */
export type Clock = { locale: string; timeZone: string };
export type DateStyle = "short" | "medium" | "long";
/** A moment: epoch milliseconds, an ISO timestamp or a Date (none, or an invalid one, reads as ""). */
type Moment = number | string | Date | null | undefined;

// `timeStyle` cannot be combined with `timeZoneName`, so English dates with a time are spelled as fields
// (the same text as `dateStyle` gives in en-US).
const EN_DATE = {
  short: { year: "2-digit", month: "numeric", day: "numeric" },
  medium: { year: "numeric", month: "short", day: "numeric" },
  long: { year: "numeric", month: "long", day: "numeric" },
} as const;
const EN_TIME = { hour: "numeric", minute: "2-digit", timeZoneName: "short" } as const;

const formats = new Map<string, Intl.DateTimeFormat>();
function format(value: Moment, clock: Clock, ko: Intl.DateTimeFormatOptions, en: Intl.DateTimeFormatOptions) {
  if (value == null) return "";
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return "";
  const korean = clock.locale === "ko";
  const tag = korean ? "ko-KR" : "en-US";
  const options = korean ? { ...ko, timeZone: SERVICE_TIME_ZONE } : { ...en, timeZone: clock.timeZone };
  const key = tag + JSON.stringify(options);
  let formatter = formats.get(key);
  if (!formatter) formats.set(key, (formatter = new Intl.DateTimeFormat(tag, options)));
  return formatter.format(date);
}

/** A day, e.g. "2026. 11. 23." / "Nov 23, 2026" (a date alone needs no zone's name). */
export const formatDate = (value: Moment, clock: Clock, style: DateStyle = "medium") =>
  format(value, clock, { dateStyle: style }, { dateStyle: style });

/** A day and its time, e.g. "2026. 11. 23. 오후 9:16" / "Nov 23, 2026, 9:16 PM PST". */
export function formatDateTime(
  value: Moment,
  clock: Clock,
  { date = "medium", seconds = false }: { date?: DateStyle; seconds?: boolean } = {},
) {
  return format(
    value,
    clock,
    { dateStyle: date, timeStyle: seconds ? "medium" : "short" },
    { ...EN_DATE[date], ...EN_TIME, ...(seconds ? { second: "2-digit" } : {}) },
  );
}

/** A time of day, e.g. "오후 9:16" / "9:16 PM PST". */
export const formatTime = (value: Moment, clock: Clock) => format(value, clock, { timeStyle: "short" }, EN_TIME);

/** The page's clock, from the root loader's data (Korea's until it has loaded). */
export function useClock(): Clock {
  const data = useRootData();
  return { locale: data?.locale ?? "ko", timeZone: data?.timeZone ?? SERVICE_TIME_ZONE };
}

/**
 * A time of day and, for English readers, its zone's name apart ("9:16 PM", "PST"): a narrow column may put the zone
 * on a line of its own, where "9:16 PM GMT+9" kept whole was wider than a phone's project list allows.
 */
export function formatTimeAndZone(value: Moment, clock: Clock): [time: string, zone: string] {
  const text = formatTime(value, clock);
  const at = clock.locale === "ko" ? -1 : text.lastIndexOf(" ");
  return at < 0 ? [text, ""] : [text.slice(0, at), text.slice(at + 1)];
}
