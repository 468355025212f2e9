// Texts of the admin Discounts screen (admin.md section 2 "Admin Discounts"). The texts checkout
// shares (the spec's messages of section 8) are in discounts.ts; these are the admin page's own,
// apart so that no storefront page downloads them.

const stillOpenCheckouts = (minutes: number): string => `Checkouts already opened with it may still be paid with it for up to ${minutes} minutes.`;

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
  // ours: a save from an edit dialog opened before someone else saved the same code (nothing saved).
  changedMeanwhile: (fields: string): string =>
    `Someone else changed this code while you were editing: its ${fields}. Nothing was saved. Check what it is now and save again to replace their change with yours.`,
  /** Under a field both changed: what the code has now. */
  changedTo: (now: string): string => `Now ${now}, changed by someone else. Saving again replaces it with yours.`,
  /** The fields as a sentence names them. */
  fieldNames: {
    code: "code",
    description: "description",
    discount_type: "discount type",
    discount_value: "discount value",
    min_order_amount: "minimum order amount",
    usage_limit: "usage limit",
    expires_at: "expiry date",
    is_active: "Active switch",
  },
  /** How a field's value reads in changedTo. */
  noValue: "empty",
  noMinimum: "no minimum",
  unlimitedUses: "unlimited",
  noExpiry: "no expiry",
  on: "on",
  off: "off",
  versionsSeenInvalid: "versions_seen must be the versions object the code was read with", // ours: the JSON API's body
  /**
   * Under the Active switch and in the deactivate confirmation: a checkout already open keeps the
   * discount it showed (it is charged what it showed) while its payment page lasts.
   */
  stillOpenCheckouts,
  activeHint: (minutes: number): string => `Switched off, shoppers can no longer apply it. ${stillOpenCheckouts(minutes)}`,
  /** Under Used/Limit, which counts paid uses: the orders that carry the code, and how many of them were never paid. */
  usedOn: (orders: number, unpaid: number): string => `Used on ${orders} ${orders === 1 ? "order" : "orders"}${unpaid > 0 ? ` (${unpaid} not paid)` : ""}`,
} as const;
