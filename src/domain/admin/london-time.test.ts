import { describe, expect, it } from "vitest";
import { formatLondonDateTime, formatLondonSpreadsheetTime, londonOffsetMinutes } from "./london-time.ts";

describe("formatLondonDateTime (admin.md section 2: MMM dd, yyyy HH:mm)", () => {
  it("shows winter times as UTC", () => {
    expect(formatLondonDateTime("2026-11-23T14:05:00Z")).toBe("Nov 23, 2026 14:05");
    expect(formatLondonDateTime("2026-01-02T00:00:00Z")).toBe("Jan 02, 2026 00:00");
  });

  it("adds an hour in British Summer Time, changing at 01:00 UTC on the last Sundays of March and October", () => {
    expect(formatLondonDateTime("2026-07-01T23:30:00Z")).toBe("Jul 02, 2026 00:30");
    expect(londonOffsetMinutes(new Date("2026-03-29T00:59:59Z"))).toBe(0);
    expect(londonOffsetMinutes(new Date("2026-03-29T01:00:00Z"))).toBe(60);
    expect(londonOffsetMinutes(new Date("2026-10-25T00:59:59Z"))).toBe(60);
    expect(londonOffsetMinutes(new Date("2026-10-25T01:00:00Z"))).toBe(0);
  });

  it("agrees with the time-zone database through a whole year", () => {
    const format = new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/London", hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
    for (let hour = 0; hour < 24 * 366; hour += 7) {
      const date = new Date(Date.UTC(2027, 0, 1) + hour * 3_600_000 + 17 * 60_000);
      expect(formatLondonDateTime(date.toISOString()).slice(-5)).toBe(format.format(date));
    }
  });

  it("leaves an unreadable date empty", () => {
    expect(formatLondonDateTime("not a date")).toBe("");
  });
});

describe("formatLondonSpreadsheetTime (the orders export)", () => {
  it("writes London time as a spreadsheet reads a date and time", () => {
    expect(formatLondonSpreadsheetTime("2026-11-27T08:06:18.562Z")).toBe("2026-11-27 08:06:18");
    expect(formatLondonSpreadsheetTime("2026-07-01T23:30:05Z")).toBe("2026-07-02 00:30:05");
    expect(formatLondonSpreadsheetTime("nonsense")).toBe("");
  });
});
