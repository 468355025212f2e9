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
export type CardCheck = { ok: true } | { ok: false; field: keyof CardInput; message: string; declined?: boolean };

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

export function checkCard(card: CardInput, now: Date): CardCheck {
  const digits = cardDigits(card.number);
  if (!passesLuhn(digits)) return { ok: false, field: "number", message: cardMessages.invalidNumber };
  const expiry = parseExpiry(card.expiry);
  if (!expiry) return { ok: false, field: "expiry", message: cardMessages.invalidExpiry };
  const endOfMonth = Date.UTC(expiry.year, expiry.month, 1);
  if (endOfMonth <= now.getTime()) return { ok: false, field: "expiry", message: cardMessages.expired };
  if (!/^\d{3,4}$/.test(card.cvc.trim())) return { ok: false, field: "cvc", message: cardMessages.invalidCvc };
  if (card.name.trim() === "") return { ok: false, field: "name", message: cardMessages.nameRequired };
  if (digits === TEST_CARDS.declined) return { ok: false, field: "number", message: cardMessages.declined, declined: true };
  if (digits !== TEST_CARDS.succeeds) return { ok: false, field: "number", message: cardMessages.testCardsOnly };
  return { ok: true };
}
