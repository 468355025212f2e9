// Dates and times on every admin screen, by the shop's clock (London: GMT in winter, BST in
// summer), so an order reads the same hour on Orders, the Dashboard and the audit trail. The same
// on the server and in the browser (both carry the full time-zone data), so a server-rendered page
// hydrates unchanged.
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

function readable(iso: string): Date | null {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** "23 Nov 2026"; "" for a date that cannot be read. */
export function formatAdminDate(iso: string): string {
  const date = readable(iso);
  return date ? dateFormat.format(date) : "";
}

/** "23 Nov 2026, 14:05" (London time); "" for a date that cannot be read. */
export function formatAdminDateTime(iso: string): string {
  const date = readable(iso);
  return date ? dateTimeFormat.format(date) : "";
}

/** A calendar day ("2026-11-23") as "23 Nov", for chart labels. */
export function formatChartDay(day: string): string {
  return dayFormat.format(new Date(`${day}T00:00:00Z`));
}
