import { describe, expect, it } from "vitest";
import { versionTime } from "~/components/studio/editor/version-time";
import { formatDate, formatDateTime, formatTime, SERVICE_TIME_ZONE, type Clock } from "~/lib/time";
import { checkedTimeZone, readerTimeZone } from "~/utils/time-zone.server";

// 21:16:05 in Seoul, 04:16:05 in Los Angeles (PST), on either side of a date line for the US.
const winter = Date.UTC(2026, 2, 1, 12, 16, 5);
// A summer evening in Seoul: the previous day's morning in Los Angeles (PDT).
const summer = "2026-07-14T00:05:00.000Z";

const seoul = (options: Intl.DateTimeFormatOptions, locale = "ko-KR") =>
  new Intl.DateTimeFormat(locale, { ...options, timeZone: "Asia/Seoul" });

describe("Korean readers", () => {
  // Whatever zone the browser named, Korean pages read Korea's time, as the pages always wrote it.
  const clocks: Clock[] = [
    { locale: "ko", timeZone: SERVICE_TIME_ZONE },
    { locale: "ko", timeZone: "America/Los_Angeles" },
  ];
  it.each(clocks)("read the text the pages wrote before, in Seoul ($timeZone named)", (clock) => {
    for (const at of [winter, summer]) {
      const ms = new Date(at).getTime();
      expect(formatDate(at, clock)).toBe(seoul({ dateStyle: "medium" }).format(ms));
      expect(formatDate(at, clock, "long")).toBe(seoul({ dateStyle: "long" }).format(ms));
      // What toLocaleDateString and toLocaleString (no options) wrote on the admin pages.
      expect(formatDate(at, clock)).toBe(new Date(at).toLocaleDateString("ko-KR", { timeZone: "Asia/Seoul" }));
      expect(formatDateTime(at, clock, { seconds: true })).toBe(new Date(at).toLocaleString("ko-KR", { timeZone: "Asia/Seoul" }));
      expect(formatDateTime(at, clock)).toBe(seoul({ dateStyle: "medium", timeStyle: "short" }).format(ms));
      expect(formatDateTime(at, clock, { date: "short" })).toBe(seoul({ dateStyle: "short", timeStyle: "short" }).format(ms));
      expect(formatDateTime(at, clock, { date: "short", seconds: true })).toBe(
        seoul({ dateStyle: "short", timeStyle: "medium" }).format(ms),
      );
      expect(formatTime(at, clock)).toBe(seoul({ timeStyle: "short" }).format(ms));
      expect(versionTime(ms, clock)).toBe(seoul({ dateStyle: "short", timeStyle: "short" }, "sv-SE").format(ms));
    }
    expect(versionTime(winter, clock)).toBe("2026-03-01 21:16");
  });
});

describe("English readers", () => {
  const home: Clock = { locale: "en", timeZone: SERVICE_TIME_ZONE };
  const la: Clock = { locale: "en", timeZone: "America/Los_Angeles" };

  it("read Seoul's time named by its zone until their browser names theirs", () => {
    expect(formatTime(winter, home)).toMatch(/^9:16\sPM GMT\+9$/);
    expect(formatDateTime(winter, home)).toMatch(/^Mar 1, 2026, 9:16\sPM GMT\+9$/);
    expect(formatDateTime(winter, home, { date: "short", seconds: true })).toMatch(/^3\/1\/26, 9:16:05\sPM GMT\+9$/);
    expect(versionTime(winter, home)).toMatch(/^3\/1\/26, 9:16\sPM GMT\+9$/);
  });

  it("read the same words as before, with the zone's name after the time", () => {
    const before = seoul({ dateStyle: "medium", timeStyle: "short" }, "en-US").format(winter);
    expect(formatDateTime(winter, home)).toBe(`${before} GMT+9`);
    expect(formatDate(winter, home, "long")).toBe(seoul({ dateStyle: "long" }, "en-US").format(winter));
  });

  it("read their own zone's time when the browser named it", () => {
    expect(formatTime(winter, la)).toMatch(/^4:16\sAM PST$/);
    expect(formatDateTime(summer, la)).toMatch(/^Jul 13, 2026, 5:05\sPM PDT$/);
    expect(formatDateTime(summer, { locale: "en", timeZone: "Europe/Berlin" })).toMatch(/^Jul 14, 2026, 2:05\sAM GMT\+2$/);
  });

  it("read a date without a zone's name, on their own calendar", () => {
    expect(formatDate(summer, la)).toBe("Jul 13, 2026");
    expect(formatDate(summer, home)).toBe("Jul 14, 2026");
  });
});

it("writes nothing for no date or an invalid one", () => {
  const clock: Clock = { locale: "en", timeZone: SERVICE_TIME_ZONE };
  for (const value of [null, undefined, "", "not a date", Number.NaN]) {
    expect(formatDate(value, clock)).toBe("");
    expect(formatDateTime(value, clock)).toBe("");
    expect(formatTime(value, clock)).toBe("");
  }
});

describe("the tz cookie", () => {
  const request = (cookie?: string) => new Request("https://voice.example/studio", { headers: cookie ? { Cookie: cookie } : {} });

  it("names the reader's zone, as the browser wrote it", () => {
    expect(readerTimeZone(request("lng=en; tz=America%2FLos_Angeles; country=US"))).toBe("America/Los_Angeles");
    expect(readerTimeZone(request("tz=Europe/Berlin"))).toBe("Europe/Berlin");
    expect(readerTimeZone(request("tz=Etc%2FGMT%2B5"))).toBe("Etc/GMT+5");
    expect(readerTimeZone(request("tz=UTC"))).toBe("UTC");
  });

  it("is Seoul's when there is none", () => {
    expect(readerTimeZone(request())).toBe("Asia/Seoul");
    expect(readerTimeZone(request("lng=en; xtz=America/New_York"))).toBe("Asia/Seoul");
  });

  it("is ignored when it names no zone Intl knows", () => {
    const hostile = [
      "tz=",
      "tz=Mars%2FOlympus_Mons",
      "tz=%3Cscript%3Ealert(1)%3C%2Fscript%3E",
      "tz=Asia%2FSeoul%0D%0ASet-Cookie%3A%20a%3Db",
      "tz=..%2F..%2Fetc%2Fpasswd",
      "tz=%2B09%3A00",
      "tz=%E0%A4%A",
      `tz=${"A".repeat(100_000)}`,
      `tz=America%2F${"x".repeat(60)}`,
      "tz=Asia/Seoul%00",
    ];
    for (const cookie of hostile) expect(readerTimeZone(request(cookie)), cookie).toBe("Asia/Seoul");
  });

  it("is checked by Intl and kept as the browser wrote it", () => {
    expect(checkedTimeZone("Europe/Kiev")).toBe("Europe/Kiev");
    expect(checkedTimeZone("Asia/Nowhere")).toBeNull();
    expect(checkedTimeZone(null)).toBeNull();
  });
});
