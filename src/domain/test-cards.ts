// The card rules of the built-in `local` payment page (README "Payments"): it takes the usual
// test cards, never real ones. Pure, so the page and its tests share them.

export const TEST_CARDS = {
  succeeds: "4242424242424242",
  declined: "4000000000000002",
} as const;

export const cardMessages = {
  invalidNumber: "Your card number is invalid.",
  declined: "Your card was declined.",
  invalidExpiry: "Your card's expiry date is invalid.",
  expired: "Your card has expired.",
  invalidCvc: "Your card's security code is invalid.",
  nameRequired: "Please enter the name on the card.",
  testCardsOnly: "This test payment page takes test cards only, such as 4242 4242 4242 4242.",
} as const;

export type CardInput = { number: string; expiry: string; cvc: string; name: string };
/** `declined`: the bank's refusal of a card typed in full, which the order's timeline records. */
export type CardProblem = { field: keyof CardInput; message: string; declined?: true };

export function cardDigits(number: string): string {
  return number.replace(/[\s-]/g, "");
}

/** The Luhn checksum every card number satisfies. */
export function passesLuhn(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** "MM/YY" or "MM / YYYY", valid through the end of that month. */
export function parseExpiry(expiry: string): { month: number; year: number } | null {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(expiry);
  if (!match) return null;
  const month = Number(match[1]);
  const year = match[2]!.length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  if (month < 1 || month > 12) return null;
  return { month, year };
}

/**
 * Every field of the card that is wrong, in the form's order, so the page marks them all at once;
 * none when the card would be charged. The bank only sees a card typed in full: declined and
 * not-a-test-card come alone.
 */
export function cardProblems(card: CardInput, now: Date): CardProblem[] {
  const problems: CardProblem[] = [];
  const digits = cardDigits(card.number);
  if (!passesLuhn(digits)) problems.push({ field: "number", message: cardMessages.invalidNumber });
  const expiry = parseExpiry(card.expiry);
  if (!expiry) problems.push({ field: "expiry", message: cardMessages.invalidExpiry });
  else if (Date.UTC(expiry.year, expiry.month, 1) <= now.getTime()) problems.push({ field: "expiry", message: cardMessages.expired });
  if (!/^\d{3,4}$/.test(card.cvc.trim())) problems.push({ field: "cvc", message: cardMessages.invalidCvc });
  if (card.name.trim() === "") problems.push({ field: "name", message: cardMessages.nameRequired });
  if (problems.length > 0) return problems;
  if (digits === TEST_CARDS.declined) return [{ field: "number", message: cardMessages.declined, declined: true }];
  if (digits !== TEST_CARDS.succeeds) return [{ field: "number", message: cardMessages.testCardsOnly }];
  return [];
}
