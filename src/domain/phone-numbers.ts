// Phone numbers as people write them, for every phone field (checkout, contact, sign-up, the
// payment page and the shop's own number in settings). The shop only shows and passes the number
// on (to the carrier, on the contact page), so the rule is loose enough for any country's way of
// writing one and strict enough to keep out what is not a number at all ("abc", 40 digits).

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
