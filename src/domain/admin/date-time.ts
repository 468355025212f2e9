// Dates and times on the admin screens (admin.md section 2: "order number, date and time"). Built
// by hand in UTC so the server's HTML and the browser's render are identical (no Intl/ICU or
// time-zone differences between them), and labelled UTC so nobody misreads the hour.

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** "2026-11-23T09:05:00Z" -> "23 Nov 2026, 09:05 UTC". */
export function formatAdminDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  const pad = (value: number) => String(value).padStart(2, "0");
  return `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}, ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())} UTC`;
}
