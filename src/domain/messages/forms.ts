// Texts of the data error mapper and field validation (storefront.md section 8; ours).
// Spec texts are typed once, in src/domain/messages/ (one module per feature: see messages/README.md).

/** storefront.md section 8 "Data error mapper". */
export const dataErrors = {
  duplicate: "This item already exists. Please try again.",
  foreignKey: "Unable to complete operation due to data dependencies.",
  notFound: "The requested item was not found.",
  permission: "You do not have permission to perform this action.",
  network: "Network connection issue. Please check your internet connection.",
  unexpected: "An unexpected error occurred. Please try again.",
} as const;

/** Field validation texts the specs leave to us (all ours). */
export const validation = {
  invalidEmail: "Please enter a valid email address",
  // The same words as the shop's own number in Settings: every phone field takes the same numbers.
  invalidPhone: "Please enter a phone number (digits, spaces, + ( ) - .), or leave it empty",
  firstNameRequired: "First name is required",
  lastNameRequired: "Last name is required",
  emailRequired: "Email is required",
  passwordRequired: "Password is required",
  passwordTooShort: (min: number): string => `Password must be at least ${min} characters`,
  passwordsDiffer: "The two passwords do not match. Please type the same password twice.",
  resetLinkInvalid: "This password reset link has expired or has already been used. Please ask for a new one.",
  passwordOnlySpaces: "Password cannot be only spaces. Please choose one with letters, numbers or symbols.",
  currentPasswordRequired: "Current password is required",
  confirmPasswordRequired: "Please type the new password again",
  passwordUnchanged: "The new password is the one you have now. Please choose a different one.",
  passwordTooCommon: "This password is one of the most common passwords and easy to guess. Please choose another.",
  tooLong: (field: string, max: number): string => `${field} must be at most ${max} characters`,
  notText: (field: string): string => `${field} must be text`,
  invalidPage: "Page must be a whole number of at least 1",
  invalidPageSize: (max: number): string => `Page size must be a whole number from 1 to ${max}`,
} as const;

// ---------------------------------------------------------------------------------------------
// Admin (admin.md)
// ---------------------------------------------------------------------------------------------
