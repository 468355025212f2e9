// Phone numbers as people write them, for every phone field (checkout, contact, sign-up, the
// payment page and the shop's own number in settings). The shop only shows and passes the number
// on (to the carrier, on the contact page), so the rule is loose enough for any country's way of
// writing one and strict enough to keep out what is not a number at all ("abc", 40 digits).
// Numbers are stored in ASCII digits (digits.ts): the forms convert other scripts' digits first.
import { withAsciiDigits } from "./digits.ts";

/** Digits with spaces, dots, dashes, slashes and brackets between them, an optional leading +, and an optional extension ("ext. 12", "x12"). */
const PHONE_PATTERN = /^\+?[\d\s()./-]+?(?:\s*(?:ext\.?|x)\s*\d{1,6})?$/i;
const EXTENSION = /(?:ext\.?|x)\s*\d+$/i;

/** Niue's numbers have 4 digits; E.164 allows 15, after an international prefix written as 00. */
const MIN_DIGITS = 4;
const MAX_DIGITS = 15;

export function isPhoneNumber(text: string): boolean {
  if (!PHONE_PATTERN.test(text)) return false;
  const digits = text.replace(EXTENSION, "").replace(/\D/g, "").replace(/^00/, "");
  return digits.length >= MIN_DIGITS && digits.length <= MAX_DIGITS;
}

// ITU country calling codes are prefix-free: 1 and 7 stand alone, these 44 take two digits, and
// every other code takes three.
const TWO_DIGIT_CALLING_CODES = new Set(
  "20 27 30 31 32 33 34 36 39 40 41 43 44 45 46 47 48 49 51 52 53 54 55 56 57 58 60 61 62 63 64 65 66 81 82 84 86 90 91 92 93 94 95 98".split(" "),
);
/** Shorter than this, a number without its prefix would match too much to be worth searching by. */
const NATIONAL_MIN_DIGITS = 7;

/**
 * The digits a phone number typed into a search (in any script's digits) shares with the same number stored in any format:
 * the national significant number, without the international prefix and
 * country code ("+44 7700 900321", "0044 7700 900321") or the trunk 0 ("07700 900321"): all three
 * give "7700900321", which the stored digits of "+44 7700 900321" and of "07700900321" both contain.
 * Any other run of digits is itself. Null when the text is not written like a phone number.
 */
export function phoneSearchDigits(text: string): string | null {
  const trimmed = withAsciiDigits(text).trim();
  if (!/^[+(\d][\d\s()./-]*$/.test(trimmed)) return null;
  const digits = trimmed.replace(/\D/g, "");
  if (digits.length === 0) return null;
  const international = trimmed.startsWith("+") ? digits : digits.startsWith("00") ? digits.slice(2) : null;
  if (international !== null) {
    const codeLength = international[0] === "1" || international[0] === "7" ? 1 : TWO_DIGIT_CALLING_CODES.has(international.slice(0, 2)) ? 2 : 3;
    const national = international.slice(codeLength);
    return national.length >= NATIONAL_MIN_DIGITS ? national : international;
  }
  if (digits.startsWith("0") && digits.length - 1 >= NATIONAL_MIN_DIGITS) return digits.slice(1);
  return digits;
}
