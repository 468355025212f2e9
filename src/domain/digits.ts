// Numbers as shoppers abroad type them: an Arabic keyboard gives Arabic-Indic digits (٠١٢٣), a
// Persian or Urdu one Extended Arabic-Indic digits (۰۱۲۳), a Hindi one Devanagari digits (०१२३),
// and a Japanese or Chinese input method full-width ones (０１２３, with ＋ and －). Carriers'
// systems, the admin's phone search and the postcode patterns read ASCII digits only, so a phone
// number or postcode is kept in ASCII whatever keyboard typed it.

/** The zero of each run of ten decimal digits read here; full-width forms are NFKC's. */
const DIGIT_ZEROS = [0x0660, 0x06f0, 0x0966] as const;
const NATIVE_DIGIT = /[\u0660-\u0669\u06f0-\u06f9\u0966-\u096f]/g;

/**
 * The text with those digits as ASCII digits, and full-width characters (digits, ＋, －, brackets,
 * letters) as their ASCII forms; everything else as it was.
 */
export function withAsciiDigits(text: string): string {
  return text.normalize("NFKC").replace(NATIVE_DIGIT, (digit) => {
    const code = digit.charCodeAt(0);
    const zero = DIGIT_ZEROS.find((start) => code >= start && code <= start + 9) ?? code;
    return String(code - zero);
  });
}
