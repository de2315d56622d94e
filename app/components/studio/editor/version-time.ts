import { formatDateTime, SERVICE_TIME_ZONE, type Clock } from "~/lib/time";

const seoulMinute = new Intl.DateTimeFormat("sv-SE", { dateStyle: "short", timeStyle: "short", timeZone: SERVICE_TIME_ZONE });

/**
 * When a version was saved: "2026-11-25 08:54" in Korea's time for Korean readers, "11/25/26, 8:54 AM EST"
 * (app/lib/time.ts) for others. Used by the version history (loaded on use) and the editor's loader, so the editor's
 * first load carries no date formatting.
 */
export const versionTime = (ms: number, clock: Clock) =>
  clock.locale === "ko" ? seoulMinute.format(ms) : formatDateTime(ms, clock, { date: "short" });
