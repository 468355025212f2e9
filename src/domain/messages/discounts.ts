// Discount codes: the admin screens (admin.md sections 2, 5 and 8) and applying a code at
// checkout (ours: the specs show no checkout texts for codes) share these texts; they live apart
// from the admin texts so a storefront page never downloads those.

export const discounts = {
  createDiscount: "Create Discount",
  requiredFields: "Please fill in required fields",
  alreadyExists: "Discount code already exists",
  createFailed: "Failed to create discount code",
  created: "Discount code created successfully",
  updated: "Discount code updated successfully",
  // ours: Save pressed with nothing changed writes nothing, and says so.
  noChanges: "No changes to save",
  deleted: "Discount code deleted successfully",
  // ours: the spec shows no message when an update or delete fails (a defect we do not copy).
  updateFailed: "Failed to update discount code",
  deleteFailed: "Failed to delete discount code",
  unlimited: "∞",
  percentage: "Percentage",
  fixedAmount: "Fixed Amount",
  discountValue: "Discount Value",
  valueMustBePositive: "Discount value must be greater than 0", // ours
  percentageTooHigh: "A percentage discount cannot be more than 100%", // ours
  invalidAmount: "Please enter a valid amount", // ours
  percentageDecimals: "A percentage can have at most two decimal places, such as 12.5", // ours
  amountTooLarge: "Please enter an amount of at most £999,999.99", // ours
  minimumNotNegative: "Minimum order amount cannot be negative", // ours
  invalidUsageLimit: "Usage limit must be a whole number from 1 to 1,000,000", // ours
  // ours: the JSON API's body, where a number is a JSON number (the page's form sends text).
  usageLimitNotNumber: "Usage limit must be a number, such as 100, not text",
  valueNotNumber: "Discount value must be a number, such as 10, not text",
  minimumNotNumber: "Minimum order amount must be a number, such as 50, not text",
  invalidExpiryDate: "Please enter a valid expiry date", // ours
  invalidType: "Discount type must be percentage or fixed", // ours
  invalidActive: "Active must be true or false", // ours
  // ours: checkout texts for a code that cannot be used.
  notFound: "This discount code is not valid.",
  tooManyGuesses: "Too many codes that do not exist were tried. Please wait 15 minutes and try again.",
  tooManyHolds: "Too many checkouts with this kind of discount code from your connection. Please wait 30 minutes and try again.",
  inactive: "This discount code is not active.",
  expired: "This discount code has expired.",
  usedUp: "This discount code has reached its usage limit.",
  minimumNotReached: (minimumText: string): string =>
    `A minimum order of ${minimumText} is needed for this discount code.`,
} as const;
