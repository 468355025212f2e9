// The Stripe screen's dates (admin.md section 2: "Date (format like MMM dd, yyyy HH:mm)"), in
// London time because that is the shop's clock. Computed by rule rather than with Intl, so the
// server's HTML and the browser's render agree to the character: UK summer
// time runs from 01:00 UTC on the last Sunday of March to 01:00 UTC on the last Sunday of October.

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

function lastSundayAtOneUtc(year: number, month: number): number {
  const lastDay = new Date(Date.UTC(year, month + 1, 0));
  return Date.UTC(year, month, lastDay.getUTCDate() - lastDay.getUTCDay(), 1);
}

/** Minutes London is ahead of UTC at this instant: 60 in summer time, else 0. */
export function londonOffsetMinutes(date: Date): number {
  const year = date.getUTCFullYear();
  const time = date.getTime();
  return time >= lastSundayAtOneUtc(year, 2) && time < lastSundayAtOneUtc(year, 9) ? 60 : 0;
}

/** "2026-11-23T14:05:00Z" -> "Nov 23, 2026 14:05"; "" for a date that cannot be read. */
export function formatLondonDateTime(iso: string): string {
  const utc = new Date(iso);
  if (Number.isNaN(utc.getTime())) return "";
  const local = new Date(utc.getTime() + londonOffsetMinutes(utc) * 60_000);
  const pad = (value: number) => String(value).padStart(2, "0");
  return `${MONTHS[local.getUTCMonth()]} ${pad(local.getUTCDate())}, ${local.getUTCFullYear()} ${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}`;
}
