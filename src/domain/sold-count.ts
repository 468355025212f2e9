// admin.md section 5: "Sold count is the first run of digits in the sold text, or 0 if none."

// A run of digits may contain thousands commas ("1,234 sold" is 1234, not 1): the seed lists
// and scraped listings write sales that way, and reading only "1" would under-report them a
// thousandfold. A comma counts only between a 1-3 digit head and groups of exactly three
// digits, so "12,5 sold" is still 12. Other suffixes are not interpreted: "10K+ sold" is 10.
const FIRST_NUMBER = /\d{1,3}(?:,\d{3})+(?!\d)|\d+/;

export function parseSoldCount(text: string | null | undefined): number {
  if (text == null) return 0;
  const match = FIRST_NUMBER.exec(text);
  if (match === null) return 0;
  const count = Number(match[0].replace(/,/g, ""));
  return Number.isSafeInteger(count) ? count : Number.MAX_SAFE_INTEGER;
}
