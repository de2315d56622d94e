/**
 * Units in the page's language (docs/decisions/0039): one helper for every length shown to a member,
 * so Korean reads "30.0초" and "2분 30초" and English "30.0 s" and "2 min 30 s". Numbers through Intl, so
 * thousands are grouped as each language groups them. In English a number and its unit are joined by a no-break
 * space (U+00A0), so a narrow line never leaves the unit alone ("2 / s" on a phone's STS result).
 */
const NBSP = "\u00a0";
const numberFormats = new Map<string, Intl.NumberFormat>();

function numberFormat(locale: string, digits: number) {
  const key = `${locale}:${digits}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale === "ko" ? "ko-KR" : "en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits });
    numberFormats.set(key, format);
  }
  return format;
}

const ko = (locale: string) => locale.toLowerCase().startsWith("ko");

/** A number of seconds with `digits` decimals: "30.0초" / "30.0 s". */
export function formatSeconds(seconds: number, locale: string, digits = 1) {
  const n = numberFormat(ko(locale) ? "ko" : "en", digits).format(Number.isFinite(seconds) ? seconds : 0);
  return ko(locale) ? `${n}초` : `${n}${NBSP}s`;
}

/** A length as people read it, in whole seconds: "2분 30초", "45초", "3분" / "2 min 30 s", "45 s", "3 min". */
export function formatDuration(seconds: number, locale: string) {
  const s = Math.max(0, Math.round(Number.isFinite(seconds) ? seconds : 0));
  const m = Math.floor(s / 60);
  const r = s % 60;
  const n = numberFormat(ko(locale) ? "ko" : "en", 0);
  if (ko(locale)) return m === 0 ? `${r}초` : r === 0 ? `${n.format(m)}분` : `${n.format(m)}분 ${r}초`;
  return m === 0 ? `${r}${NBSP}s` : r === 0 ? `${n.format(m)}${NBSP}min` : `${n.format(m)}${NBSP}min ${r}${NBSP}s`;
}
