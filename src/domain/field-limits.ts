// Kept apart from the zod schemas so a page can show a limit (maxLength) without downloading zod.

// Field limits: generous for people, small enough to keep junk out of the database and mails.
export const FIELD_LIMITS = {
  name: 100,
  email: 254, // RFC 5321 path limit
  phone: 40,
  subject: 200,
  message: 5000,
  address: 200,
  city: 100,
  state: 100,
  postalCode: 20,
  country: 100,
  discountCode: 50,
  discountDescription: 500,
  passwordMin: 8,
  passwordMax: 128, // better-auth's default maximum
} as const;
