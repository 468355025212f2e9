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

const pad = (value: number) => String(value).padStart(2, "0");

/** The instant's London wall-clock time, read through the UTC getters; null for a date that cannot be read. */
function londonWallClock(iso: string): Date | null {
  const utc = new Date(iso);
  if (Number.isNaN(utc.getTime())) return null;
  return new Date(utc.getTime() + londonOffsetMinutes(utc) * 60_000);
}

/** "2026-11-23T14:05:00Z" -> "Nov 23, 2026 14:05"; "" for a date that cannot be read. */
export function formatLondonDateTime(iso: string): string {
  const local = londonWallClock(iso);
  if (!local) return "";
  return `${MONTHS[local.getUTCMonth()]} ${pad(local.getUTCDate())}, ${local.getUTCFullYear()} ${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}`;
}

/** "2026-07-01T23:30:05Z" -> "2026-07-02 00:30:05": London time as a spreadsheet reads a date and time. */
export function formatLondonSpreadsheetTime(iso: string): string {
  const local = londonWallClock(iso);
  if (!local) return "";
  return `${local.getUTCFullYear()}-${pad(local.getUTCMonth() + 1)}-${pad(local.getUTCDate())} ${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}:${pad(local.getUTCSeconds())}`;
}
