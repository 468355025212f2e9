// Dates on the admin screens, by the shop's calendar (London), the same on the server and in the
// browser (both carry the full time-zone data), so a server-rendered page hydrates unchanged.
import { SHOP_TIME_ZONE } from "./dashboard.ts";

const dateFormat = new Intl.DateTimeFormat("en-GB", { timeZone: SHOP_TIME_ZONE, day: "numeric", month: "short", year: "numeric" });
const dateTimeFormat = new Intl.DateTimeFormat("en-GB", {
  timeZone: SHOP_TIME_ZONE,
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});
const dayFormat = new Intl.DateTimeFormat("en-GB", { timeZone: "UTC", day: "numeric", month: "short" });

/** "23 Nov 2026". */
export function formatAdminDate(iso: string): string {
  return dateFormat.format(new Date(iso));
}

/** "23 Nov 2026, 14:05" (London time). */
export function formatAdminDateTime(iso: string): string {
  return dateTimeFormat.format(new Date(iso));
}

/** A calendar day ("2026-11-23") as "23 Nov", for chart labels. */
export function formatChartDay(day: string): string {
  return dayFormat.format(new Date(`${day}T00:00:00Z`));
}
