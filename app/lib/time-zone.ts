// The reader's time zone as every page needs it (the root writes the cookie), apart from the formatters in
// app/lib/time.ts, which only the pages that show a date load.

/** The service's zone: Korean readers' always, and everyone's until their browser names theirs. */
export const SERVICE_TIME_ZONE = "Asia/Seoul";
/** Where the browser names its zone (set by `rememberTimeZone`, checked by app/utils/time-zone.server.ts). */
export const TIME_ZONE_COOKIE = "tz";

/** Tells the server the browser's zone for the pages it renders from now on (the cookie lasts a year). */
export function rememberTimeZone() {
  const zone = encodeURIComponent(Intl.DateTimeFormat().resolvedOptions().timeZone ?? "");
  const secure = location.protocol === "https:" ? "; secure" : "";
  if (zone) document.cookie = `${TIME_ZONE_COOKIE}=${zone}; path=/; max-age=31536000; samesite=lax${secure}`;
}
