/** A date as the pages show it (fixed to Korea's time zone, so the server and the browser agree). */
export function formatDay(ms: number, locale: string) {
  return new Intl.DateTimeFormat(locale === "ko" ? "ko-KR" : "en-US", { dateStyle: "medium", timeZone: "Asia/Seoul" }).format(new Date(ms));
}
