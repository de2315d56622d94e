import { SERVICE_TIME_ZONE, TIME_ZONE_COOKIE } from "~/lib/time";

/** Longer than any IANA zone's name (the longest has 32 characters). */
const MAX_NAME = 64;
const NAME = /^[A-Za-z][A-Za-z0-9_+\-/]*$/;

/** A zone name Intl knows, in its canonical spelling; null for anything else (the cookie is the browser's to write). */
export function checkedTimeZone(value: string | null | undefined): string | null {
  if (!value || value.length > MAX_NAME || !NAME.test(value)) return null;
  try {
    return new Intl.DateTimeFormat("en-US", { timeZone: value }).resolvedOptions().timeZone;
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
