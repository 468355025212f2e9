// Texts of the admin Discounts screen (admin.md section 2 "Admin Discounts"). The texts checkout
// shares (the spec's messages of section 8) are in discounts.ts; these are the admin page's own,
// apart so that no storefront page downloads them.

export const adminDiscounts = {
  title: "Discounts",
  // admin.md section 2: the table's columns and the form's fields.
  columns: {
    code: "Code",
    description: "Description",
    type: "Type",
    value: "Value",
    usage: "Used/Limit",
    status: "Status",
    actions: "Actions",
  },
  fields: {
    code: "Code",
    description: "Description",
    discountType: "Discount Type",
    minOrderAmount: "Minimum Order Amount",
    usageLimit: "Usage Limit",
    expiryDate: "Expiry Date",
    active: "Active",
  },
  // ours
  subtitle: "Codes shoppers type at checkout. A code's use is counted when its order is paid.",
  editDiscount: "Edit Discount",
  edit: "Edit",
  delete: "Delete",
  deactivate: "Deactivate",
  cancel: "Cancel",
  close: "Close",
  save: "Save Changes",
  saving: "Saving...",
  creating: "Creating...",
  deleting: "Deleting...",
  codeHint: "Letters are saved in upper case.",
  minOrderHint: "Leave empty for no minimum.",
  usageLimitHint: "Leave empty for unlimited use.",
  expiryHint: "The code works until the end of this day (London time). Leave empty for no expiry.",
  percentageHint: "From 0.01 to 100.",
  fixedHint: "In pounds, taken off the goods (never more than their total).",
  noDiscounts: "No discount codes yet",
  noDiscountsNote: "Create a code and shoppers can use it at checkout.",
  loadFailed: (message: string): string => `Error loading discount codes: ${message}`,
  notFound: "Discount code not found",
  minimum: (amount: string): string => `Min. order ${amount}`,
  expires: (date: string): string => `Expires ${date}`,
  expired: (date: string): string => `Expired ${date}`,
  editLabel: (code: string): string => `Edit ${code}`,
  deleteLabel: (code: string): string => `Delete ${code}`,
  confirmDeleteTitle: (code: string): string => `Delete ${code}?`,
  confirmDeleteBody: "Shoppers will no longer be able to use this code. This cannot be undone.",
  confirmDeactivateTitle: (code: string): string => `Deactivate ${code}?`,
  confirmDeactivateBody: (orders: number): string =>
    `This code is on ${orders} ${orders === 1 ? "order" : "orders"}, so it cannot be deleted: those orders keep their record of it. It will be deactivated instead, and shoppers will no longer be able to use it.`,
  deactivatedInstead: (code: string, orders: number): string =>
    `${code} is on ${orders} ${orders === 1 ? "order" : "orders"}, so it was deactivated instead of deleted`,
  /** Under Used/Limit, which counts paid uses: the orders that carry the code, and how many of them were never paid. */
  usedOn: (orders: number, unpaid: number): string => `Used on ${orders} ${orders === 1 ? "order" : "orders"}${unpaid > 0 ? ` (${unpaid} not paid)` : ""}`,
} as const;
