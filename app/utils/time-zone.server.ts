import { SERVICE_TIME_ZONE, TIME_ZONE_COOKIE } from "~/lib/time-zone";

/** Longer than any IANA zone's name (the longest has 32 characters). */
const MAX_NAME = 64;
const NAME = /^[A-Za-z][A-Za-z0-9_+\-/]*$/;

/**
 * A zone name Intl knows, as the browser wrote it (not Intl's canonical spelling, which a browser with older zone data
 * may not know: Europe/Kyiv for Europe/Kiev); null for anything else (the cookie is anyone's to write).
 */
export function checkedTimeZone(value: string | null | undefined): string | null {
  if (!value || value.length > MAX_NAME || !NAME.test(value)) return null;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: value });
    return value;
  } catch {
    return null;
  }
}

/** The zone the reader's browser named in the `tz` cookie (app/lib/time.ts), else the service's. */
export function readerTimeZone(request: Request): string {
  const prefix = `${TIME_ZONE_COOKIE}=`;
  const raw = (request.headers.get("Cookie") ?? "")
    .split(";")
    .map((c) => c.trim())
    .find((c) => c.startsWith(prefix))
    ?.slice(prefix.length);
  if (!raw || raw.length > MAX_NAME * 3) return SERVICE_TIME_ZONE;
  let value: string;
  try {
    value = decodeURIComponent(raw);
  } catch {
    return SERVICE_TIME_ZONE;
  }
  return checkedTimeZone(value) ?? SERVICE_TIME_ZONE;
}
