import { describe, expect, it } from "vitest";
import { formatAdminDateTime } from "./date-time.ts";

describe("admin date and time", () => {
  it("shows day, month, year and a 24-hour UTC time", () => {
    expect(formatAdminDateTime("2026-11-23T09:05:00Z")).toBe("23 Nov 2026, 09:05 UTC");
    expect(formatAdminDateTime("2026-01-01T23:59:59.999Z")).toBe("1 Jan 2026, 23:59 UTC");
  });

  it("shows nothing for an unreadable date", () => {
    expect(formatAdminDateTime("not a date")).toBe("");
  });
});
