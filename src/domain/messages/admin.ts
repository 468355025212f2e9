// Texts of the admin area and the catalogue tools (admin.md).
// Spec texts are typed once, in src/domain/messages/ (one module per feature: see messages/README.md).
import { discounts } from "./discounts.ts";

/** admin.md section 2 "Route table" sidebar and "Admin login", section 6, section 8. */
export const adminAccess = {
  dashboard: "Dashboard",
  products: "Products",
  orders: "Orders",
  stripe: "Stripe",
  discounts: "Discounts",
  customers: "Customers",
  settings: "Settings",
  logout: "Logout",
  adminEmail: "Admin Email",
  password: "Password",
  accessAdminPanel: "Access Admin Panel",
  authenticating: "Authenticating...",
  backToStore: "Back to Store",
  accessDenied: "Access denied. Admin privileges required.",
  accessDeniedTitle: "Access Denied",
  accessDeniedBody: "You do not have admin privileges to view this page.", // ours, paraphrased in the spec
} as const;

/**
 * What the dashboard's Customers and the Customers screen's Total Customers count: buyers, as
 * their revenue and order figures count paid orders. Those who only left checkouts unpaid (or
 * were refunded in full) are said, not counted.
 */
function payingCustomersNote(notPaying: number, shown: string): string {
  const counted = "Different e-mail addresses with at least one paid order.";
  if (notPaying === 0) return counted;
  return `${counted} ${shown} more ${notPaying === 1 ? "has" : "have"} orders never paid or refunded in full, listed but not counted.`;
}

/** admin.md section 2 "Admin dashboard", section 8 "Refresh clicked". */
export const adminDashboard = {
  refreshData: "Refresh Data",
  refreshing: "Refreshing data...",
  // ours: the spec names six cards without saying which (decision 021 says why these six).
  title: "Dashboard",
  subtitle: "How the shop is doing, in pounds. Figures refresh every 30 seconds while this page is open.",
  stats: {
    revenue: { label: "Revenue", explanation: "Paid orders, all time: goods and shipping after discounts, less refunds." },
    orders: { label: "Orders", explanation: "Orders paid for, all time, whatever their status (a cancelled order still counts until it is refunded in full). Checkouts never paid and orders refunded in full are not counted." },
    awaiting: { label: "Awaiting fulfilment", explanation: "Paid orders (refunded in part included) not yet shipped, delivered or cancelled." },
    averageOrderValue: { label: "Average order value", explanation: "Revenue divided by paid orders." },
    customers: { label: "Customers", explanation: (notPaying: number, shown: string): string => payingCustomersNote(notPaying, shown) },
    products: { label: "Products", explanation: "On sale in the shop (active, with an image) of all products." },
  },
  recentOrders: "Recent orders",
  recentOrdersNote: "The 5 newest orders, paid or not.",
  orderStatusKind: "Order",
  paymentStatusKind: "Payment",
  viewAllOrders: "View all orders",
  chartTitle: "Revenue and orders, last 30 days",
  chartDescription: (revenue: string, orders: number, ordersShown: string): string =>
    `Paid revenue and paid orders per day for the last 30 days, London time: ${revenue} from ${ordersShown} ${orders === 1 ? "order" : "orders"} in total.`,
  chartRevenue: "Revenue",
  chartOrders: "Orders",
  chartTable: "Show the figures as a table",
  day: "Day",
  noOrders: "No orders yet",
  noOrdersBody: "Orders appear here once customers make purchases. The figures above count from the first paid order.",
  order: "Order",
  customer: "Customer",
  total: "Total",
  status: "Status",
  payment: "Payment",
  placed: "Placed",
  lastUpdated: (time: string): string => `Updated ${time}`,
} as const;

/** admin.md section 2 "Admin Orders", section 8. */
export const adminOrders = {
  title: "Orders",
  searchPlaceholder: "Search by customer name, email, or order ID...",
  // Ours: what the search finds beyond the spec's placeholder.
  searchHint: "Also finds a postcode, a discount code, a tracking number or a product.",
  searchLabel: "Search orders",
  statusFilter: "Status filter",
  allOrders: "All Orders",
  noOrders: "No orders found",
  noOrdersNote: "Orders will appear here once customers make purchases.", // ours
  noMatch: "No orders match your search criteria",
  // Ours: a Dashboard figure's orders (/admin/orders?show=), named and explained as the figure is,
  // and offered above the search as the list's views.
  showPaid: "Paid orders",
  views: "Order views",
  viewAll: "All orders",
  /** The status filter's first choice within a view: "All Orders" there would say the view is not applied. */
  anyStatus: "Any status",
  /** A Dashboard figure's list with nothing in it and nothing else asked: not "no match" for a search never typed. */
  showEmpty: "No orders here right now",
  loading: "Loading orders",
  unknownCustomer: "Unknown Customer",
  unknown: "Unknown",
  noEmail: "No email",
  /** An order kept after its customer's personal data was erased (src/domain/admin/personal-data.ts). */
  erasedCustomer: "Erased customer",
  erasedEmail: "Personal data erased",
  unknownProduct: "Unknown Product",
  statusUpdated: "Order status updated successfully",
  statusUpdateFailed: "Failed to update order status",
  loadFailed: (message: string): string => `Error loading orders: ${message}`,
  // Ours: two customers may share a name; the e-mail keeps each group's landmark its own.
  // ours: a customer's orders split across pages say so, or "4 orders" above two read as a mistake.
  groupOrderCount: (count: number, shown: number): string =>
    `${count} ${count === 1 ? "order" : "orders"}${shown < count ? `, ${shown} on this page` : ""}`,
  customerGroupLabel: (title: string, email: string): string => (email && email !== title ? `Orders of ${title} (${email})` : `Orders of ${title}`),
} as const;

/** admin.md section 2 "Admin Customers", section 8. */
export const adminCustomers = {
  title: "Customers",
  refresh: "Refresh",
  totalCustomers: "Total Customers",
  totalRevenue: "Total Revenue",
  avgOrderValue: "Avg Order Value",
  totalOrders: "Total Orders",
  totalSpent: "Total Spent",
  lastOrder: "Last Order",
  never: "Never",
  // Ours: the figures count paid orders; a customer whose orders were never paid says so.
  nonePaid: "None counted",
  unpaidOrders: (n: number): string => `+${n} unpaid or refunded`,
  noCustomers: "No customers found",
  noMatch: "No customers match your search",
  tryAgain: "Try Again",
  loadFailed: (message: string): string => `Error loading customer data: ${message}`,
  // ours
  searchLabel: "Search customers",
  searchPlaceholder: "Search by name, email or phone...",
  search: "Search",
  phone: "Phone",
  noPhone: "No phone",
  recentOrders: "Recent orders",
  viewOrders: "View orders",
  hasAccount: "Has an account",
  guest: "Guest (no account)",
  countedNote: "Totals count paid orders only, less any part refunded; orders awaiting payment, failed or refunded in full are listed but not counted.",
  summaryNotes: {
    totalCustomers: (notPaying: number, shown: string): string => payingCustomersNote(notPaying, shown),
    totalRevenue: "All paid orders, from every customer.",
    avgOrderValue: "Total revenue divided by total orders.",
    totalOrders: "Paid orders, from every customer.",
  },
  summaryWhileSearching: "The four figures cover every customer; the search narrows the list below.",
  showing: (from: number, to: number, total: number, totalShown: string): string =>
    total === 1 ? "Showing the only customer" : `Showing ${from}-${to} of ${totalShown} customers, highest spend first`,
  unpaid: "not paid",
  // Ours: the privacy page's "Your rights" (UK GDPR subject access and erasure), on each card.
  downloadData: "Download data",
  eraseData: "Erase personal data",
  eraseTitle: (email: string): string => `Erase the personal data of ${email}?`,
  eraseBody:
    "Their account, sessions, cart, contact messages and the e-mails sent to them are deleted. Their orders stay in the shop's accounts (amounts, items, dates, status, delivery country) with the name, e-mail, phone and address taken out, and no longer list under them. This cannot be undone: download their data first if they asked for a copy.",
  eraseConfirmLabel: (email: string): string => `Type ${email} to confirm`,
  eraseConfirmMismatch: "Type the e-mail address exactly as shown.",
  erase: "Erase personal data",
  erasing: "Erasing…",
  cancel: "Cancel",
  close: "Close",
  eraseFailed: "The personal data could not be erased. Nothing was changed; try again.",
  heldOrders: "Orders that still need their details:",
  // Ours: a request from someone Customers does not list (no orders: a contact message, an account, a note).
  lookupTitle: "Someone not listed here? Look up an e-mail address",
  lookupNote: "Customers lists people with orders. For a request from anyone else (a contact message, an account without orders), look their e-mail address up to download or erase what the shop holds.",
  lookupLabel: "E-mail address to look up",
  lookupPlaceholder: "name@example.com",
  lookupButton: "Look up",
  lookupHolds: (email: string): string => `The shop holds data about ${email}.`,
  holdsNothing: (email: string): string => `The shop holds nothing about ${email}.`,
} as const;

/** admin.md section 2 "Admin Stripe", section 8. */
export const adminPayments = {
  syncProducts: "Sync Products to Stripe",
  totalRevenue: "Total Revenue",
  totalOrders: "Total Orders",
  paidOrders: "Paid Orders",
  pendingOrders: "Pending Orders",
  recentTransactions: "Recent Transactions",
  noTransactions: "No transactions found",
  loadFailedTitle: "Error Loading Data",
  loadFailed: "There was an issue loading the Stripe data",
  syncSucceeded: "Products synced to Stripe successfully!",
  syncFailed: "Failed to sync products to Stripe",
  refreshing: "Refreshing data...",
  // ours
  refresh: "Refresh",
  title: "Stripe",
  subtitle: "Payments of every order, newest first. Amounts in pounds.",
  searchLabel: "Search transactions",
  searchPlaceholder: "Search by name, email or order ID...",
  // Ours: the search finds a payment session too, said below the box (a phone cut it off in the placeholder).
  searchHint: "Also finds a payment session ID.",
  search: "Search",
  orderId: "Order ID",
  customer: "Customer",
  items: "Items",
  amount: "Amount",
  paymentStatus: "Payment Status",
  orderStatus: "Order Status",
  date: "Date",
  actions: "Actions",
  viewDetails: "View Details",
  itemCount: (items: number): string => `${items} item${items === 1 ? "" : "s"}`,
  noMatchNote: "No order matches this search.",
  noTransactionsNote: "Payments appear here once customers check out.",
  cardNotes: {
    totalRevenue: "Paid orders only, less refunds.",
    totalOrders: "Every order, paid or not.",
    paidOrders: "Paid, including partly refunded.",
    pendingOrders: "Checkouts awaiting payment.",
  },
  // Ours: Total Orders says what it is made of, so the cards add up; a part
  // that is none is left out, paid and awaiting payment (the cards beside it) always said.
  totalOrdersMadeOf: (parts: readonly string[]): string => `Every order: ${parts.join(", ")}.`,
  ordersPart: {
    paid: (shown: string): string => `${shown} paid`,
    pending: (shown: string): string => `${shown} awaiting payment`,
    refunded: (shown: string): string => `${shown} refunded in full`,
    failed: (shown: string): string => `${shown} with a failed payment`,
    cancelledUnpaid: (shown: string): string => `${shown} cancelled before payment`,
  },
  localProvider:
    "Payments go through the built-in local payment provider (no STRIPE_SECRET_KEY is set), so there is no Stripe account to send products to.",
  nothingToSync: "Payments go through the built-in local payment provider: there is nothing to sync to Stripe.",
  syncStarted: "Syncing products to Stripe...",
  syncProgress: (done: number, total: number): string => `Syncing products to Stripe: ${done} of ${total}`,
  syncAlreadyRunning: "A sync of products to Stripe is already running.",
  showing: (from: number, to: number, total: number, totalShown: string): string =>
    total === 1 ? "Showing the only transaction" : `Showing ${from}-${to} of ${totalShown} transactions, newest first`,
  londonTime: "Times are London time.",
} as const;

/** admin.md section 2 "Security page", section 8 "Diagnostics". */
export const adminDiagnostics = {
  enabled: "Enabled",
  issues: "Issues",
  configured: "Configured",
  missing: "Missing",
  completed: "Security and performance tests completed",
  failed: "Failed to run tests",
} as const;

/** admin.md section 2 "Admin Products page" scraper card, section 5, section 8. */
export const scraper = {
  title: "Product URL Scraper",
  placeholder: "Enter product URL...",
  scrape: "Scrape",
  saveToDatabase: "Save to Database",
  errorTitle: "Error",
  invalidUrl: "Please enter a valid URL",
  scrapeFailed: "Failed to scrape product data",
  saveFailed: "Failed to save product to database",
  scraped: "Product scraped successfully",
  saved: "Product added to database successfully",
  // ours: the card's labels and the reasons a scrape or a save is refused (decision 031)
  subtitle: "Paste the address of a product page on a supplier's site: its name, price, picture and description are read from the page.",
  urlLabel: "Product URL",
  scraping: "Scraping...",
  saving: "Saving...",
  preview: "Preview",
  price: "Price",
  category: "Category",
  description: "Description",
  noDescription: "No description on the page.",
  chooseCategory: "Choose a category",
  sourcePage: "Source page",
  foundIn: (source: string): string => `Read from the page's ${source}`,
  onlyHttp: "Only http:// and https:// addresses can be scraped",
  credentials: "Addresses with a user name or password cannot be scraped",
  port: "Only sites on the standard web ports (80 and 443) can be scraped",
  privateAddress: "This address points to this server or a private network and cannot be scraped",
  dnsFailed: "The site's address could not be found",
  connectFailed: "Could not connect to the site",
  timedOut: (seconds: number): string => `The site took too long to answer (more than ${seconds} seconds)`,
  tooLarge: (megabytes: number): string => `The page is too large to scrape (more than ${megabytes} MB)`,
  notHtml: (type: string): string => `The address is not a web page (it answered with ${type})`,
  notImage: (type: string): string => `The picture is not a JPEG, PNG, WebP, GIF or AVIF image (it answered with ${type})`,
  tooManyRedirects: (limit: number): string => `The page redirected more than ${limit} times`,
  httpStatus: (status: string): string => `The site answered with HTTP ${status}`,
  noProduct: "No product found on this page: it has no schema.org Product data, Open Graph tags or product microdata",
  noPrice: "Found the product but no price on this page",
  imageNotCopied: (reason: string): string => `The product's picture could not be copied (${reason}). You can save it without a picture and add one later.`,
  otherCurrency: (currency: string): string => `The page's price is in ${currency}, not pounds: check the price before saving.`,
  duplicate: (name: string): string => `A product named "${name}" already exists`,
  nameRequired: "The product needs a name",
  priceRequired: "Please enter a price above zero",
  categoryRequired: "Please choose one of the shop's categories",
  imageNotCopiedByScraper: "The picture must be one the scraper copied",
} as const;

/**
 * A payment provider as the owner knows it, not its id ("local" is the built-in test page): as a
 * label, and inside a sentence.
 */
export function providerName(provider: string, { inSentence = false } = {}): string {
  if (provider === "stripe") return "Stripe";
  if (provider === "local") return inSentence ? "the built-in test payments" : "Built-in test payments";
  return provider;
}

/** admin.md section 2 "Admin Products page", section 5. */
export const adminProducts = {
  title: "Products",
  subtitle: "Manage your product catalog",
  // Ours: the fold that holds the spec's bulk upload and URL scraper once the shop has products.
  bulkToolsTitle: "Add products in bulk",
  bulkToolsNote: "Seed catalogues, Bulk Product Upload and the Product URL Scraper",
  addProduct: "Add Product",
  allCategories: "All Categories",
  loading: "Loading products...",
  empty: "No products found in this category",
  noImage: "No image available",
  notListedNoImage: "Not in the shop: no image",
  inStock: "In Stock",
  outOfStock: "Out of Stock",
  view: "View",
  edit: "Edit",
  delete: "Delete",
  confirmDelete: "Are you sure you want to delete this product?",
  spreadsheet: "Spreadsheet", // ours: the catalogue CSV export and import
  // Ours: the card leads with what shoppers pay, and says how it comes from the entered price.
  basePrice: (base: string, markupPercent: number) => `Base ${base} + ${markupPercent}% markup`,
  stockCount: (stock: number) => `${stock} in stock`,
} as const;

/** The kinds of product the seed imports name in their messages (admin.md section 8). */
export type ImportKind =
  | "kaftan"
  | "traditional wear"
  | "suit"
  | "shoe"
  | "accessory"
  | "shirt"
  | "white-wear";

/** admin.md section 2 "Bulk import buttons", "Admin Products page" panel, section 8. */
export const imports = {
  bulkUploadTitle: "Bulk Product Upload",
  uploadAllMissing: "Upload All Missing Products",
  uploadingAll: "Uploading All Products...",
  errorDetails: "Error Details",
  addShoes: "Add New Shoe Products",
  addingShoes: "Adding Shoes...",
  addAccessories: "Add New Accessory Products",
  addingAccessories: "Adding Accessories...",
  addShirts: "Add New Shirt Products",
  addingShirts: "Adding Shirts...",
  addWhiteWear: "Add New White-Wear Products",
  addingWhiteWear: "Adding White-Wear...",
  kaftanSucceeded: (added: number, skipped: number): string =>
    `Successfully added ${added} kaftan products! (${skipped} skipped)`,
  traditionalWearSucceeded: (added: number): string =>
    `Successfully added ${added} traditional wear products to kaftan category!`,
  /** Shoe, accessory, shirt and white-wear imports. */
  succeededWithDuplicates: (kind: ImportKind, added: number, skipped: number): string =>
    `Successfully added ${added} ${kind} products! (${skipped} skipped as duplicates)`,
  /** The shirt import lists the rows it skipped instead of counting them (admin.md section 8). */
  shirtsSucceeded: (added: number, skippedNames: readonly string[]): string =>
    skippedNames.length === 0
      ? `Successfully added ${added} shirt products!`
      : `Successfully added ${added} shirt products! (skipped: ${skippedNames.join(", ")})`,
  suitCompleted: (added: number, skipped: number, errors: number): string =>
    `Suit products import completed! Added: ${added}, Skipped: ${skipped}, Errors: ${errors}`,
  suitSomeErrors: "Some products had errors. Check console for details.",
  failed: (kind: ImportKind): string => `Failed to add ${kind} products. Check console for details.`,
} as const;

/** The admin shell beyond the spec's sidebar (ours): the Security link, API refusals. */
export const adminShell = {
  security: "Security",
  adminPanel: "Admin",
  openMenu: "Open menu",
  closeMenu: "Close menu",
  showPassword: "Show password",
  hidePassword: "Hide password",
  /** The admin layout's first link, past the sidebar to the page (ours; the storefront's reads the same). */
  skipToContent: "Skip to content",
  signInRequired: "Admin sign-in required.",
  /** A form sent after the session ended (Logout in another tab, a password change elsewhere, 7 days idle): the page stays (ours). */
  sessionEnded: "Your session has ended. Sign in again, then save.",
  sessionEndedTitle: "Sign in again",
  signInAgain: "Sign in",
  signingInAgain: "Signing in...",
  notNow: "Not now",
  /** The sign-in dialog's ×: a name of its own beside the form's "Not now". */
  closeSignIn: "Close",
  /** After the sign-in over the page: nothing was saved by it. */
  signedInAgain: "Signed in again. Nothing was saved yet: save again to keep your changes.",
  /** Back or a link while a dialog the owner typed in is open (ours; the title is the product editor's "Leave without saving?"). */
  leaveDialogNote: (dialog: string): string => `What you typed in the ${dialog} form has not been saved.`,
  /** Every admin page while the built-in test provider takes the payments (no STRIPE_SECRET_KEY). */
  testPayments: "Test payments: no money is taken. Set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET to take card payments.",
  /** An /admin address no screen has (ours). */
  pageNotFound: "Page not found",
  backToDashboard: "Back to the dashboard",
  /** Beside a list's search box while it narrows the list (ours): the list as it was. */
  clearSearch: "Clear",
} as const;

/** The order screens beyond the spec's card (ours): details, fulfilment, labels, export, notes. */
export const adminFulfilment = {
  viewDetails: "View Details",
  printLabel: "Print Label",
  printLabels: (count: number): string => (count === 0 ? "Print labels" : `Print ${count} label${count === 1 ? "" : "s"}`),
  packingSlip: "Packing Slip",
  notPacked: (lines: string): string => `Not in this parcel (back in stock): ${lines}`,
  noDiscount: "None",
  exportCsv: "Export CSV",
  selectOrder: (number: string): string => `Select order ${number}`,
  ordersSelected: (count: number): string => `${count} ${count === 1 ? "order" : "orders"} selected`,
  // Ours: a morning's labels without ticking twenty boxes one by one, and why Print labels waits.
  selectAllOnPage: "Select all on this page",
  printLabelsHint: "Tick orders to print their labels",
  // Ours: "Select all" ticks every order, as Shopify's does; the bar says which of them the print leaves out, and why.
  selectionLeftOut: (count: number, reasons: string): string =>
    `${count === 1 ? "1 of them is left out of the print, as it" : `${count} of them are left out of the print, as they`} must not be sent: ${reasons}.`,
  selectionHeld: { cancelled: (n: number): string => `${n} cancelled`, refunded: (n: number): string => `${n} refunded in full`, unpaid: (n: number): string => `${n} not paid`, erased: (n: number): string => `${n} with the customer erased` },
  selectionPrintAnyway: "The print page can print them anyway.",
  status: "Status",
  // Ours: leaving with a status question open (the dropdown shows a status not yet saved).
  leaveStatusTitle: "Leave without saving the status?",
  leaveStatusNote: (numbers: string): string => `The new status of ${numbers} is waiting for your answer and has not been saved.`,
  markShippedTitle: "Mark as shipped",
  carrier: "Carrier",
  trackingNumber: "Tracking number",
  /** An order card's line under the address, once shipped with either. */
  shipment: (carrier: string | null, trackingNumber: string | null): string =>
    [carrier && `Carrier: ${carrier}`, trackingNumber && `Tracking number: ${trackingNumber}`].filter(Boolean).join(" · "),
  optional: "optional",
  confirmShipped: "Mark shipped",
  cancel: "Cancel",
  notes: "Internal notes",
  addNote: "Add note",
  notePlaceholder: "Visible to staff only",
  noteAdded: "Note added",
  noteEmpty: "Please write a note first",
  noteTooLong: (max: number): string => `A note can be at most ${max} characters`,
  timeline: "Timeline",
  payment: "Payment",
  orderNotFound: "Order not found",
  // ours: the print page opened with no order ticked (a bookmark, or the address typed)
  noOrdersChosen: "No orders chosen",
  noOrdersChosenNote: "Tick the orders to print on the Orders list, then press Print labels.",
  // ours: the timeline's entry for a payment attempt that failed (declined by the bank, or its
  // 3-D Secure check), while the order could still be paid
  paymentDeclined: "Payment attempt failed",
  paymentDeclinedDetail: (reason: string, stillOpen: boolean): string => (stillOpen ? `${reason} The customer may try again with another card.` : reason),
  // ours: the timeline's entry for a checkout that ended without payment
  paymentNotCompleted: "Payment not completed",
  paymentNotCompletedDetail: (cancelled: boolean): string =>
    cancelled ? "The checkout ended without payment, so the order was cancelled." : "The checkout ended without payment; the order's status was left as an admin had set it.",
  // ours: the timeline's entry for an unpaid order's payment page closed by an admin's cancel
  paymentPageClosed: "Payment page closed",
  paymentPageClosedDetail: "The order was cancelled while awaiting payment, so its payment page was closed: it can no longer be paid.",
  // ours (decision 058): the customer opened a newer checkout of the same cart, which closed this one
  replacedByNewerCheckout: (number: string): string => `The customer started a newer checkout of the same cart (order ${number}), which closed this one unpaid, so the cart could not be paid twice.`,
  // ours: the first entry of an order not paid yet, which read as if it had been
  placedAwaitingPayment: (amount: string, provider: string): string => `${amount} via ${provider}, awaiting payment`,
  placedVia: (amount: string, provider: string): string => `${amount} via ${provider}`,
  shipmentFieldTooLong: (field: string, max: number): string => `${field} can be at most ${max} characters`, // ours
  // ours: the Mark shipped panel of an order that is not paid
  unpaidShipWarning: (payment: string): string => `This order is not paid (payment: ${payment}). Ship it only if you know the money is coming.`,
  // A paid order is asked about first; cancelled without its refund, it stays flagged until refunded.
  // Ours: the packing slip names the sender too, so a customer knows where a return goes.
  slipFrom: "From (returns)",
  // Ours: a status chosen with the keyboard waits for Save (an arrow key alone changed it).
  confirmStatusTitle: "Change status",
  confirmStatusQuestion: (status: string): string => `Change the status to ${status}?`,
  reopenNote:
    "This order is cancelled. A customer e-mailed about that is e-mailed again that it is going ahead (or, marked shipped, that it is on its way). Items put back in stock when it was cancelled are taken from stock again.",
  // ours: reopening an order whose payment failed (or whose payment page an admin's cancel closed)
  reopenUnpaidNote: "This order is cancelled. Its payment did not go through and its payment page is closed, so reopened it still cannot be paid: the customer would need to check out again.",
  saveStatus: "Save status",
  cancelPaidTitle: "Cancel a paid order",
  // Cancelling offers Shopify's two choices (stock, e-mail); money moves only through a refund.
  cancelPaidWarning: "This order has been paid.",
  // ours: Shopify's cancel refunds in the same step; unticked, the money stays taken until a refund
  cancelRefund: (amount: string): string => `Refund ${amount} to the customer`,
  cancelNoRefund: "The payment stays taken: refund it later from the order's Payment section.",
  confirmCancelAndRefund: (amount: string): string => `Cancel order and refund ${amount}`,
  cancelRefundReason: "Order cancelled",
  cancelledAndRefunded: (amount: string): string => `Order cancelled and ${amount} refunded`,
  cancelRefundFailed: (reason: string): string => `The order was not cancelled: its refund did not go through. ${reason}`,
  refundedNotCancelled: (amount: string, reason: string): string => `${amount} was refunded, but the order was not cancelled: ${reason}`,
  cancelRefundedNote: "This order has been paid and its payment refunded.",
  cancelRestock: (units: number): string => `Put ${units === 1 ? "its 1 item" : `its ${units} items`} back in stock`,
  cancelNothingToRestock: "Its items are back in stock already.",
  cancelNotify: "E-mail the customer that the order will not be sent",
  // Ours: a cancel after the parcel left: nothing is "not sent", and nothing is back yet.
  cancelNotifySent: "E-mail the customer that the order is cancelled and asking for the parcel back",
  cancelAlreadySent: "This order has already been sent. Its items are not back in stock until the parcel is returned.",
  cancelNoEmail: "The order has no e-mail address, so the customer cannot be told.",
  cancelChoiceInvalid: (field: string): string => `${field} must be true or false`,
  customerNotNotified: "Customer not e-mailed.",
  freeShipping: "Free",
  keptOutOfStock: (units: number): string => `${units === 1 ? "1 item" : `${units} items`} left out of stock.`,
  takenFromStock: (lines: string): string => `Taken from stock again: ${lines}.`,
  // Ours: an erased order has no one to send it to (docs/deviations.md).
  erasedOrderNotSent: (status: string): string =>
    `This order's customer details were erased, so there is no name or address to send it to: it cannot be marked ${status}. Nothing was saved.`,
  // Ours: the shop gave this order's payment back when it arrived (decision 013), so nothing was paid or taken from stock.
  paymentGivenBackNote: "Its payment was given back when it arrived, and nothing was taken from stock: it stays cancelled. The customer needs to order again.",
  paymentGivenBackNotReopened: (status: string): string =>
    `This order's payment was given back when it arrived, and nothing was taken from stock for it: it cannot be marked ${status}. The customer needs to order again. Nothing was saved.`,
  // Ours: another admin (or tab) changed the order after this page showed it; nothing was saved.
  statusChangedMeanwhile: (status: string): string => `This order was changed meanwhile: it is now ${status}. Nothing was saved; check it and try again.`,
  trackingExpectedInvalid: "expected must be an object with carrier and trackingNumber, each text or null",
  trackingChangedMeanwhile: "Someone else changed this order's tracking meanwhile. Nothing was saved and the customer was not e-mailed; check the tracking shown now and try again.",
  reopenStockShort: (product: string, left: number): string =>
    `This order's items went back in stock when it was cancelled, and only ${left} of ${product} ${left === 1 ? "is" : "are"} left now: add stock before reopening it.`,
  backInStock: (units: number, of: number): string => (units === of ? "Back in stock" : `${units} of ${of} back in stock`),
  confirmCancel: "Cancel order",
  // Ours: a full refund leaves the status as it was; the owner is asked rather than it being changed for them.
  refundedOpenNote: "Refunded in full, but still marked to be sent. Cancel it if nothing is to be sent.",
  cancelThisOrder: "Cancel this order",
  keepOrder: "Keep order",
  printCancelledWarning: (numbers: string): string => `Cancelled, not to be sent: ${numbers}.`,
  printUnpaidWarning: (numbers: string): string => `Not paid yet: ${numbers}.`,
  printRefundedWarning: (numbers: string): string => `Refunded in full, nothing to send: ${numbers}.`,
  printErasedWarning: (numbers: string): string => `Customer's details erased, no one to send to: ${numbers}.`,
  // Ours: a sheet of an order that must not be sent stays off paper unless asked for, and says so on it then.
  printLeftOut: "Left out of this print.",
  printAnyway: "Print them anyway",
  printStamped: "Printed anyway, stamped DO NOT SHIP.",
  printLeaveOut: "Leave them out",
  stampCancelled: "CANCELLED – DO NOT SHIP",
  stampRefunded: "REFUNDED – DO NOT SHIP",
  stampUnpaid: "UNPAID – DO NOT SHIP",
  stampErased: "CUSTOMER ERASED – DO NOT SHIP",
  printReprintsWarning: (numbers: string): string => `Shipped already, marked as a reprint: ${numbers}.`,
  reprintShippedOn: (date: string): string => `Reprint – shipped on ${date}`,
  reprintShipped: "Reprint – already shipped",
  labelPhone: (phone: string): string => `Tel. ${phone}`,
  printNoSender: (sender: string): string => `No sender address is set, so the sender and returns block reads only "${sender}".`,
  setSenderAddress: "Set it in Settings",
  notRefundedBadge: (amount: string): string => `${amount} not refunded`,
  // Beside an order card's total in the list: what went back, so a part refund reads without opening the order.
  refundedOfTotal: (amount: string): string => `${amount} refunded`,
  cancelledNotRefunded: (amount: string): string => `This order is cancelled, but ${amount} of its payment has not been refunded.`,
  unknownStatus: "Unknown order status",
  backToOrders: "Back to orders",
  backToOrder: "Back to order",
  previous: "Previous",
  next: "Next",
  pageOf: (page: number, count: number): string => `Page ${page} of ${count}`,
  shippedMailSubject: (number: string): string => `Your order ${number} is on its way`,
  // Ours: correcting a shipped order's carrier or tracking number without shipping it again.
  editTracking: "Edit tracking",
  editTrackingTitle: "Edit tracking",
  saveTracking: "Save tracking",
  trackingNotifyCustomer: "Notify the customer",
  trackingNotifyHint: "E-mails the customer the new tracking details.",
  trackingSaved: "Tracking saved",
  // ours: the API takes both every time, so a field left out is not cleared unseen.
  trackingFieldMissing: (field: string): string => `${field} is missing: send it every time, empty or null to clear it`,
  trackingUnchanged: "The tracking is as it was: nothing to save.",
  trackingNotShipped: (status: string): string => `This order is ${status}: tracking can be changed once it is shipped.`,
  trackingChangedTitle: "Tracking changed",
  trackingChangedDetail: (before: string, after: string): string => `${before || "None"} → ${after || "None"}`,
  trackingUpdatedMailSubject: (number: string): string => `New tracking details for your order ${number}`,
} as const;

/** The product editor, the Products page's own texts beyond the spec, and image uploads (ours). */
export const adminProductEditor = {
  newTitle: "Add Product",
  editTitle: "Edit product",
  backToProducts: "Back to products",
  searchLabel: "Search products",
  searchPlaceholder: "Search by product name...",
  search: "Search",
  categoryFilter: "Category filter",
  inactive: "Inactive",
  noMatch: (search: string): string => `No products match "${search}"`,
  // The spec's "No products found in this category" is for a category with none: a search, or
  // All Categories in an empty shop, gets words of its own.
  noMatchInCategory: (search: string, category: string): string => `No products in ${category} match "${search}"`,
  noMatchInCategoryNote: "Choose All Categories to search every category.",
  noMatchNote: "The search looks at product names in every category.",
  noProductsYet: "No products yet",
  noProductsYetNote: "Add a product, or load the built-in collections under 'Add products in bulk'.",
  showing: (from: number, to: number, total: number): string =>
    total === 1 ? "Showing the only product" : `Showing ${from}-${to} of ${total} products, newest first`,
  name: "Name",
  description: "Description",
  category: "Category",
  price: "Price (£)",
  // Ours: the editor works out what shoppers pay, and asks before unsaved changes are dropped.
  shopPrice: (price: string, markupPercent: number) => `Shoppers pay ${price} (with the ${markupPercent}% markup)`,
  shopPriceUnknown: (markupPercent: number) => `Shoppers pay this price plus the ${markupPercent}% markup`,
  leaveTitle: "Leave without saving?",
  leaveNote: "Your changes to this product have not been saved.",
  leave: "Leave",
  stay: "Stay",
  priceNote: "The base price; the shop adds the markup from the price settings.",
  originalPrice: "Original price (£)",
  originalPriceNote: "Optional: shown struck through when it is higher than the price, with the same markup added.",
  colours: "Colours",
  sizes: "Sizes",
  listNote: "Separate with commas, e.g. Black, Navy, Brown",
  stock: "Stock",
  active: "Active (shown in the shop)",
  gallery: "Images",
  galleryNote: "The first image is the main one. Drag images here or choose files; drag the thumbnails to reorder.",
  noImagesNote: "A product without an image is not listed in the shop.",
  chooseFiles: "Choose images",
  dropHere: "Drop images here",
  uploading: (count: number): string => `Uploading ${count} image${count === 1 ? "" : "s"}...`,
  imagesAdded: (added: number, total: number): string => `${added} image${added === 1 ? "" : "s"} added; ${total} in the gallery`,
  moveEarlier: "Move earlier",
  moveLater: "Move later",
  removeImage: "Remove image",
  imageLabel: (position: number, total: number): string => `Image ${position} of ${total}`,
  // Ours: what a screen reader hears after the buttons above (the focus stays with the image).
  imageMoved: (position: number, total: number): string => `Image moved to position ${position} of ${total}`,
  imageRemoved: "Image removed",
  save: "Save product",
  saving: "Saving...",
  cancel: "Cancel",
  created: "Product created",
  saved: "Product saved",
  /** Save pressed with nothing changed: nothing is written (no audit entry), as for a discount code. */
  noChanges: discounts.noChanges,
  deleted: "Product deleted",
  deactivated: "Product deactivated: it appears in orders, so it is kept for their history and hidden from the shop",
  deleteFailed: "Failed to delete product",
  deleteConfirmTitle: "Delete product",
  deleteNote: "This cannot be undone. Its uploaded images are removed too.",
  deactivateNote: (orders: number): string =>
    `This product appears in ${orders} order${orders === 1 ? "" : "s"}, so it will be deactivated (hidden from the shop) instead of deleted, keeping order history intact.`,
  confirmDelete: "Delete",
  confirmDeactivate: "Deactivate",
  notFound: "Product not found",
  fixErrors: "Please correct the highlighted fields",
  // Validation (the same zod rules in the browser and on the server).
  nameRequired: "Please enter a product name",
  categoryRequired: "Please choose a category",
  priceRequired: "Please enter a price",
  priceInvalid: "Please enter an amount in pounds, such as 24.99",
  pricePositive: "The price must be more than £0.00",
  originalPricePositive: "The original price must be more than £0.00 (or leave it blank)",
  priceTooHigh: "The price can be at most £100,000.00",
  originalBelowPrice: "The original price must be at least the price (or leave it blank)",
  stockInvalid: "Stock must be a whole number from 0 to 1,000,000",
  stockNotNumber: "Stock must be a number, such as 5, not text", // ours: the JSON API's body
  // Ours: orders, refunds or cancels moved the stock while the owner was changing it (nothing saved).
  stockMoved: (seen: number, now: number): string =>
    `The stock changed from ${seen} to ${now} while you were editing (orders, refunds or cancels). Check the stock and save again.`,
  stockSeenInvalid: "stockSeen must be the whole number of units the stock showed", // ours: the JSON API's body
  // Ours: another admin (or tab) saved a different value in a field the owner changed (nothing saved).
  changedMeanwhile: (fields: string): string =>
    `Someone else saved this product while you were editing and changed its ${fields} too. Nothing was saved: the marked fields still show your changes; save again to replace theirs.`,
  changedMeanwhileField: "Changed by someone else while you were editing: saving again replaces their change with yours.",
  detailLabels: {
    name: "name",
    description: "description",
    category: "category",
    pricePence: "price",
    originalPricePence: "original price",
    colours: "colours",
    sizes: "sizes",
    isActive: "active setting",
    gallery: "images",
  },
  versionsSeenInvalid: "versionsSeen must be the versions object the product was read with", // ours: the JSON API's body
  activeInvalid: "Active must be true or false",
  listTooLong: (field: string, max: number): string => `${field}: at most ${max} entries`,
  entryTooLong: (field: string, max: number): string => `${field}: each entry can be at most ${max} characters`,
  entryHoldsSeparator: (field: string): string => `${field}: an entry cannot hold a comma, a semicolon or a "|" (give each as an entry of its own)`,
  galleryTooLong: (max: number): string => `A product can have at most ${max} images`,
  galleryInvalid: "Each image must be an uploaded image or an image URL starting with http",
  // Uploads (POST /api/admin/uploads).
  uploadNoFiles: "Please choose at least one image to upload",
  uploadTooMany: (max: number): string => `Upload at most ${max} images at a time`,
  uploadTooLarge: (name: string, maxMb: number): string => `${name} is larger than ${maxMb} MB`,
  uploadNotImage: (name: string): string => `${name} is not an image we can read (use JPEG, PNG, WebP, AVIF, GIF or TIFF)`,
  uploadTooManyPixels: (name: string, maxMegapixels: number): string => `${name} has more than ${maxMegapixels} megapixels`,
  uploadTooSmall: (name: string, minSide: number): string => `${name} is smaller than ${minSide} x ${minSide} pixels`,
  uploadMultipartRequired: "Send the images as multipart/form-data in fields named files",
  uploadFailed: (name: string): string => `${name} could not be uploaded`,
  uploadStorageFailed: (name: string): string =>
    `${name} could not be stored: the server's disk is full or cannot be written to. Nothing was saved; tell whoever runs the shop's server.`,
  uploadGone: (days: number): string =>
    `An image added here is no longer on the server: images not saved with a product within ${days} days are removed. Remove it and upload it again.`,
} as const;

/** Refunds of a paid order from its admin page and the API (ours: the spec has none; decision 035). */
export const adminRefunds = {
  idempotencyKeyTooLong: (max: number): string => `The Idempotency-Key can be at most ${max} characters`, // ours
  idempotencyKeyNotText: "The idempotency key must be text", // ours
  refund: "Refund",
  dialogTitle: "Refund this order",
  amount: "Amount (£)",
  amountHint: (remainder: string): string => `Up to ${remainder} can still be refunded.`,
  reason: "Reason",
  reasonPlaceholder: "Why the money goes back (the customer sees this in their e-mail)",
  restock: "Put the refunded items back in stock",
  // Ours, as Shopify's refund: the owner chooses the units, and the amount follows them.
  itemsToRefund: "Items to refund",
  itemsPaidAfterDiscount: "Prices are what the customer paid, after the order's discount.",
  refundUnits: (name: string, most: number): string => `Units of ${name} to refund, at most ${most}`,
  refundShipping: (amount: string): string => `Refund shipping (${amount})`,
  // Once the owner typed an amount, the units no longer change it: the suggestion is offered instead.
  suggested: (amount: string): string => `Suggested: ${amount}`,
  useSuggested: "use it",
  amountOrItems: "Choose the items to refund, or enter an amount",
  confirm: (amount: string): string => `Refund ${amount}`,
  confirmQuestion: (amount: string, provider: string): string => `Give ${amount} back to the customer through ${providerName(provider, { inSentence: true })}? This cannot be undone.`,
  restockNoneChosen: "Choose how many of each item to refund, or untick 'Put the refunded items back in stock'.",
  // Ours: what each line cost the customer, so a return is refunded at what was paid for it.
  lineBought: (units: number, amount: string): string => `${units} bought for ${amount}`,
  // Ours: after a part refund, each line says what of it was refunded and what is left.
  // Each refund records the units it covered, whether or not they went back to stock.
  lineRefunded: (units: number): string => `${units} refunded`,
  // Ours: shipping an earlier refund covered is not offered again.
  shippingRefunded: (amount: string): string => `Shipping (${amount}) refunded`,
  lineCancelledBack: (units: number): string => `${units} back in stock after the cancel, not refunded`,
  lineLeft: (units: number, amount: string): string => (units === 0 ? "nothing left" : `${units} left (${amount})`),
  refundedSoFarOf: (amount: string, total: string): string => `Refunded so far: ${amount} of ${total}.`,
  // The confirmation also says what the stock gains (ours), as plainly as the money.
  backToStock: (lines: string): string => `Back to stock: ${lines}.`,
  // "2 x Navy Suit (40R)": a line's units wherever they are counted (what was paid for, what goes
  // back to stock, what stays out of a parcel).
  unitsLine: (quantity: number, item: string): string => `${quantity} x ${item}`,
  nothingBackToStock: "Nothing goes back to stock.",
  unitsOf: (most: number): string => `of ${most}`,
  cancel: "Cancel",
  back: "Back",
  refunding: "Refunding...",
  continue: "Continue",
  refunded: (amount: string): string => `Refunded ${amount}`,
  amountInvalid: "Enter an amount in pounds, more than £0.00",
  amountFormat: "Enter the amount in pounds and pence, such as 12.50, with at most 2 decimal places",
  amountTooHigh: (remainder: string): string => `You can refund at most ${remainder}`,
  reasonRequired: "Please give a reason for the refund",
  reasonTooLong: (max: number): string => `A reason can be at most ${max} characters`,
  restockInvalid: "Choose how many units of each line go back to stock, at most what was bought",
  /** A restock asked for units of a line that a cancel or another refund has put back in stock since. */
  restockedMeanwhile: (back: number, product: string, left: number): string =>
    `${back} ${back === 1 ? "unit" : "units"} of ${product} ${back === 1 ? "was" : "were"} put back in stock meanwhile (the order was cancelled with its items restocked, or another refund restocked ${back === 1 ? "it" : "them"}). Nothing was refunded: refund without restocking ${back === 1 ? "it" : "them"}${left > 0 ? `, or restock at most ${left}` : ""}.`,
  unitsInvalid: "Choose how many units of each line to refund, as a list of order lines and units",
  unitsTooMany: (left: number): string => `You can refund at most ${left} more of that item: earlier refunds covered the rest`,
  restockBeyondUnits: "Only units being refunded can go back to stock",
  shippingNotBoolean: "shipping must be true or false",
  noShipping: "This order has no shipping to refund",
  shippingAlreadyRefunded: "Shipping has already been refunded for this order",
  notRefundable: "Only a paid order can be refunded",
  otherProvider: (provider: string): string => `This order was paid through the ${provider} payment provider, which this shop no longer uses: refund it there.`,
  underWay: "This refund is already under way",
  stuckInLog: (order: string, amount: string): string =>
    `Refund of ${amount} for order ${order} is still pending after 23 hours and is no longer asked again automatically: check it in the payment provider's dashboard.`,
  unconfirmed: "The payment provider did not confirm the refund. It stays pending and is asked again within a few minutes; nothing more is refunded for it.",
  nothingLeft: "This order has been refunded in full",
  nothingPaid: "Nothing was paid for this order (its total is £0.00), so there is nothing to refund",
  providerFailed: (message: string): string => `The payment provider refused the refund: ${message}`,
  automaticRefundFailed: "The automatic refund of this payment was refused by the payment provider. Give the money back by hand (for example in the Stripe dashboard), then note it here.",
  refundedSoFar: "Refunded",
  refundable: "Refundable",
  mailSubject: (number: string): string => `Refund for your order ${number}`,
  timelineTitle: (amount: string): string => `Refunded ${amount}`,
  timelineFailed: (amount: string): string => `Refund of ${amount} refused by the payment provider`,
} as const;
