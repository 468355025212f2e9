// Every user-facing text of the two product specs, typed once (ARCHITECTURE.md "Spec texts are
// exact"; STYLE.md "Spec texts live once"). Texts quoted in the specs are verbatim; texts the
// specs only describe ("a 'check back soon' text", "an order-email message") are ours and are
// marked "ours" so nobody mistakes them for spec wording.
// This module imports nothing so any other domain module (and the browser) can use it.

/** Screens shared by the storefront and the admin area (storefront.md section 2, admin.md 2). */
export const general = {
  errorScreen: "Something went wrong, please try refreshing the page",
  refreshPage: "Refresh Page",
  notFoundTitle: "Oops! Page not found",
  backHome: "Return to Home", // ours: the 404 page's link home
} as const;

/** storefront.md section 2 "Navigation bar", "Home", "Product card". */
export const navigation = {
  home: "Home",
  signIn: "Sign In",
  signOut: "Sign Out",
  shopNow: "Shop Now",
  viewAll: "View All",
} as const;

export const productCard = {
  noImage: "No image available",
  newBadge: "New",
  save: (amount: string): string => `Save ${amount}`,
  moreColours: (count: number): string => `+${count}`,
} as const;

/** storefront.md section 2 "Category page" and section 8 "Other". */
export const categoryPage = {
  genericHeading: "Products",
  errorLoading: "Error loading products",
  showingProducts: (from: number, to: number, total: number, category: string): string =>
    `Showing ${from} - ${to} of ${total} products in ${category}`,
  pageOf: (page: number, totalPages: number): string => `Page ${page} of ${totalPages}`,
  noneFound: (category: string): string => `No ${category} found`,
  checkBackSoon: "New pieces arrive all the time, so check back soon.", // ours
  previous: "Previous",
  next: "Next",
} as const;

/** storefront.md section 2 "Product detail" and section 8 "Images", "Other". */
export const productDetail = {
  loading: "Loading product...",
  notFound: "Product not found",
  noImages: "No images available",
  imageUnavailable: "Image unavailable",
  imageCounter: (current: number, total: number): string => `${current} / ${total}`,
  saleBadge: "Sale",
  save: "Save",
  multiMarker: "Multi",
  inStock: "In Stock",
  outOfStock: "Out of Stock",
  buyNow: "Buy Now",
  addToCart: "Add to Cart",
  share: "Share",
  youMayAlsoLike: "You May Also Like",
  selectionRequiredTitle: "Selection Required",
  selectionRequired: "Please make all required selections before adding to cart or purchasing.",
  /** 'Please select size and color / size / color to continue'; null when nothing is missing. */
  selectionHint: (needsSize: boolean, needsColour: boolean): string | null => {
    if (needsSize && needsColour) return "Please select size and color to continue";
    if (needsSize) return "Please select size to continue";
    if (needsColour) return "Please select color to continue";
    return null;
  },
  linkCopied: "Product link copied to clipboard!",
} as const;

/** storefront.md section 4 "Cart", section 5 "Add to cart", section 8 "Cart". */
export const cart = {
  empty: "Your cart is empty",
  continueShopping: "Continue Shopping",
  subtotal: "Subtotal",
  shipping: "Shipping",
  free: "Free",
  total: "Total",
  proceedToCheckout: "Proceed to Checkout",
  adding: "Adding...",
  addedToCart: (productName: string): string => `${productName} added to cart!`,
  addFailed: "Failed to add item to cart. Please try again.",
  removed: "Item removed from cart",
  selectSize: "Please select a size before adding to cart",
  selectColour: "Please select a color before adding to cart",
  selectAllOptions: "Please select all required options",
  transferred: "Cart items transferred to your account!",
  updateFailed: "Could not update your cart. Please try again.", // ours
  loadFailed: "Could not load your cart. Please try again.", // ours
  nothingAvailable: "None of these items can be bought right now. Remove them to continue.", // ours
} as const;

/**
 * The cart endpoints' refusals (docs/api.md "Cart"). All ours except `productNotFound`, which is
 * the spec's product text: the spec shows no server-side cart checks (storefront.md section 6),
 * so it gives no wording for them. "color" is spelt as in the spec's own cart texts.
 */
export const cartErrors = {
  productNotFound: productDetail.notFound,
  signInRequired: "Please sign in to see your saved cart", // ours
  outOfStock: "Sorry, this item is out of stock", // ours
  noLongerAvailable: "This item is no longer available", // ours
  /** A guest line whose product the shop no longer has at all (used as its name). */
  unknownItem: "Item no longer available", // ours
  invalidSize: "That size is not available for this item", // ours
  invalidColour: "That color is not available for this item", // ours
  invalidQuantity: (max: number): string => `Quantity must be a whole number from 1 to ${max}`, // ours
  /** Refusal of an add or a quantity change above the line's limit, min(99, stock). */
  stockLimit: (limit: number, alreadyInCart: number): string => {
    // ours
    const base = limit <= 0 ? "Sorry, this item is out of stock" : `Only ${limit} left in stock`;
    if (alreadyInCart <= 0 || limit <= 0) return base;
    return `${base}, and you already have ${alreadyInCart} in your cart`;
  },
  /** Refusal above MAX_LINE_QUANTITY when the stock is not what limits it. */
  lineLimit: (max: number, alreadyInCart: number): string =>
    alreadyInCart > 0
      ? `You can have at most ${max} of one item in your cart, and you already have ${alreadyInCart}` // ours
      : `You can have at most ${max} of one item in your cart`, // ours
  lineNotFound: "This item is not in your cart", // ours
  tooManyLines: (max: number): string => `A cart can hold at most ${max} different items`, // ours
  invalidLines: "The cart items could not be read", // ours
} as const;

/** Refusals shared by the JSON endpoints that change something (docs/api.md). All ours. */
export const apiErrors = {
  invalidJson: "The request body must be valid JSON", // ours
  jsonRequired: "Please send the request as JSON (Content-Type: application/json)", // ours
  tooLarge: "The request is too large", // ours
  crossOrigin: "Requests from other sites are not allowed", // ours
  methodNotAllowed: "Method not allowed", // ours
} as const;

/** storefront.md section 4 "Product page selection", section 5 "Buy Now", section 8 "Buy Now". */
export const buyNow = {
  processing: "Processing...",
  selectSize: "Please select a size",
  selectSizeBeforeCheckout: "Please select a size before proceeding to checkout",
  selectColour: "Please select a color",
  selectColourBeforeCheckout: "Please select a color before proceeding to checkout",
  productNotFound: "Product not found",
  creatingSession: "Creating checkout session...",
  redirecting: "Redirecting to payment...",
  /** 'Checkout failed: {message or Network error}'. */
  checkoutFailed: (message?: string | null): string =>
    `Checkout failed: ${message && message.trim() !== "" ? message : "Network error"}`,
  noResponse: "No response from checkout service",
  checkoutError: (error: string): string => `Checkout error: ${error}`,
  invalidResponse: "Invalid checkout response - no URL provided",
} as const;

/** Shipping texts (storefront.md section 9 "Shipping"). */
export const shipping = {
  free: cart.free,
  // ours: the spec asks for "a note [that] says final shipping is calculated by the payment
  // provider".
  notice:
    "Shipping shown here is an estimate. The final shipping cost is calculated by our payment provider when you pay.",
  notAvailable: "Not available", // ours: cost text of a restricted destination
  supplierPolicyRestriction: "Supplier policy restriction",
  logisticsLimitations: "Logistics limitations",
  freeStandardTo: (destination: string): string => `Free standard shipping to ${destination}`, // ours
  fixedRate: (country: string): string => `Fixed-rate shipping to ${country}`, // ours
  byWeight: (weightText: string): string => `Based on an estimated parcel weight of ${weightText}`, // ours
  businessDays: (from: number, to: number): string => `${from}-${to} business days`,
} as const;

/** storefront.md section 5 "Checkout" and section 8 "Checkout page". */
export const checkout = {
  customerInfoRequired: "Please fill in all required customer information",
  shippingInfoRequired: "Please fill in all required shipping information",
  cartEmpty: cart.empty,
  streetRequired: "Street address is required",
  cityRequired: "City is required",
  postalCodeRequired: "Postal/ZIP code is required",
  countryRequired: "Country is required",
  shippingNotAvailable: (country: string, reason: string): string =>
    `Shipping not available to ${country}: ${reason}`,
  cannotShipTo: (country: string): string =>
    `Cannot ship to ${country}. Please select a different shipping address.`,
  failed: "Failed to process checkout. Please try again.",
  processing: "Processing...",
  discountCodeRequired: "Please enter a discount code.", // ours
  fixCartFirst: "Some items in your cart cannot be bought as they are. Please update your cart first.", // ours
  paymentCancelled: "Payment cancelled. Your order was not placed and you have not been charged.", // ours
  cartRestored: "Your cart is just as you left it.", // ours
  discountApplied: (code: string): string => `Discount code ${code} applied.`, // ours
  expressNotOffered: (country: string): string => `Express shipping is not offered to ${country}; standard shipping there is free.`, // ours
  shippingNotice: shipping.notice,
} as const;

/** storefront.md section 2 "Order confirmation" and section 8 "Confirmation". */
export const confirmation = {
  processingOrder: "Processing your order...",
  verificationFailed: "Payment verification failed. Please contact support.",
  unableToVerify: "Unable to verify payment. Please contact support if you were charged.",
  issueConfirming: "There was an issue confirming your order. Please contact support.",
  paymentProcessing: "Payment is being processed...",
  paymentConfirmed: "Payment confirmed! Your order is being processed.",
  /** `amount` is pounds without the symbol, e.g. "123.45" (penceToPounds). */
  orderConfirmed: (orderRef: string, itemCount: number, amount: string): string =>
    `Order ${orderRef} confirmed! ${itemCount} item(s) totaling £${amount}`,
  orderEmail: "A confirmation email with your order details is on its way.", // ours
  // ours: the last unit went to another shopper while this one paid (apply-payment "oversold").
  soldOutRefunded: "Sorry, an item in your order sold out while you were paying. Your order was not placed and your payment is being refunded in full.",
  orderNumber: (number: string): string => `Order ${number}`, // ours
  redirecting: "Taking you back to the shop...", // ours
} as const;

/** The built-in test payment page /pay/{sessionId} (README "Payments"). All ours. */
export const paymentPage = {
  testBadge: "Test payment",
  sessionNotFound: "Payment session not found",
  sessionNotFoundBody: "This payment link is not valid. If you were checking out, please start again from your cart.",
  sessionExpired: "This payment session has expired",
  sessionExpiredBody: "You have not been charged. Your items can be bought again from your cart.",
  backToCart: "Back to cart",
  pay: (amount: string): string => `Pay ${amount}`,
  processing: "Processing...",
  cancel: "Cancel and return to the shop",
  problemTitle: "Your payment could not be made",
  testCardsHint: "This is a test payment page: no real card is charged. Use 4242 4242 4242 4242 for a payment that succeeds, or 4000 0000 0000 0002 for one that is declined, with any future expiry date and any 3-digit CVC.",
  countryNotOffered: "Please choose a country from the list",
} as const;

/** Looking up an order by its number and e-mail (/orders/lookup). All ours. */
export const orderLookup = {
  title: "Track your order",
  intro: "Enter your order number (from your confirmation email) and the email address you used at checkout.",
  numberRequired: "Please enter your order number",
  notFound: "We could not find an order with that number and e-mail address.",
  submit: "Find my order",
  searching: "Searching...",
} as const;

/** A signed-in shopper's orders (/account/orders). All ours. */
export const accountOrders = {
  title: "My orders",
  empty: "You have not placed any orders yet",
  emptyBody: "When you buy something, your order and its progress will appear here.",
  trackLink: "Track your order",
} as const;

/** storefront.md section 4 "Authentication", section 8 "Sign in and sign up". */
export const auth = {
  signIn: "Sign In",
  signUp: "Sign Up",
  invalidCredentials: "Invalid email or password. Please check your credentials and try again.",
  accountExists: "An account with this email already exists. Please sign in instead.",
  unexpected: "An unexpected error occurred",
  signUpSuccess: "Account created successfully! Please check your email to verify your account.",
  signOut: "Sign Out",
  // ours
  tooManyAttempts: "Too many attempts. Please wait a few minutes and try again.",
  emailNotVerified: "Please verify your email address first. We have sent you a new link.",
  emailVerified: "Thank you, your email address is verified.",
  signingIn: "Signing in...",
  creatingAccount: "Creating account...",
} as const;

/** storefront.md section 2 "Contact", section 5 "Contact", section 8 "Contact". */
export const contact = {
  missingInfoTitle: "Missing Information",
  missingInfo: "Please fill in all required fields.",
  errorTitle: "Error",
  failed: "Failed to send message. Please try again or contact us directly.",
  sentTitle: "Message Sent!",
  sentBody: "Thank you for getting in touch. We will reply within 24 hours.", // ours
} as const;

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
  firstNameRequired: "First name is required",
  lastNameRequired: "Last name is required",
  emailRequired: "Email is required",
  passwordRequired: "Password is required",
  passwordTooShort: (min: number): string => `Password must be at least ${min} characters`,
  tooLong: (field: string, max: number): string => `${field} must be at most ${max} characters`,
  invalidPage: "Page must be a whole number of at least 1",
  invalidPageSize: (max: number): string => `Page size must be a whole number from 1 to ${max}`,
} as const;

// ---------------------------------------------------------------------------------------------
// Admin (admin.md)
// ---------------------------------------------------------------------------------------------

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

/** admin.md section 2 "Admin dashboard", section 8 "Refresh clicked". */
export const adminDashboard = {
  refreshData: "Refresh Data",
  refreshing: "Refreshing data...",
} as const;

/** admin.md section 2 "Admin Orders", section 8. */
export const adminOrders = {
  title: "Orders",
  searchPlaceholder: "Search by customer name, email, or order ID...",
  allOrders: "All Orders",
  noOrders: "No orders found",
  noOrdersNote: "Orders will appear here once customers make purchases.", // ours
  noMatch: "No orders match your search criteria",
  loading: "Loading orders",
  unknownCustomer: "Unknown Customer",
  unknown: "Unknown",
  noEmail: "No email",
  unknownProduct: "Unknown Product",
  statusUpdated: "Order status updated successfully",
  statusUpdateFailed: "Failed to update order status",
  loadFailed: (message: string): string => `Error loading orders: ${message}`,
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
  noCustomers: "No customers found",
  noMatch: "No customers match your search",
  tryAgain: "Try Again",
  loadFailed: (message: string): string => `Error loading customer data: ${message}`,
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

/**
 * Discount codes: the admin screens (admin.md sections 2, 5 and 8) and applying a code at
 * checkout (ours: the specs show no checkout texts for codes).
 */
export const discounts = {
  createDiscount: "Create Discount",
  requiredFields: "Please fill in required fields",
  alreadyExists: "Discount code already exists",
  createFailed: "Failed to create discount code",
  created: "Discount code created successfully",
  updated: "Discount code updated successfully",
  deleted: "Discount code deleted successfully",
  // ours: the spec shows no message when an update or delete fails (a defect we do not copy).
  updateFailed: "Failed to update discount code",
  deleteFailed: "Failed to delete discount code",
  unlimited: "∞",
  valueMustBePositive: "Discount value must be greater than 0", // ours
  percentageTooHigh: "A percentage discount cannot be more than 100%", // ours
  invalidAmount: "Please enter a valid amount", // ours
  invalidUsageLimit: "Usage limit must be a whole number of at least 1", // ours
  invalidExpiryDate: "Please enter a valid expiry date", // ours
  // ours: checkout texts for a code that cannot be used.
  notFound: "This discount code is not valid.",
  inactive: "This discount code is not active.",
  expired: "This discount code has expired.",
  usedUp: "This discount code has reached its usage limit.",
  minimumNotReached: (minimumText: string): string =>
    `A minimum order of ${minimumText} is needed for this discount code.`,
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
} as const;

/** admin.md section 2 "Admin Products page", section 5. */
export const adminProducts = {
  title: "Products",
  subtitle: "Manage your product catalog",
  addProduct: "Add Product",
  allCategories: "All Categories",
  loading: "Loading products...",
  empty: "No products found in this category",
  noImage: "No image available",
  inStock: "In Stock",
  outOfStock: "Out of Stock",
  view: "View",
  edit: "Edit",
  delete: "Delete",
  confirmDelete: "Are you sure you want to delete this product?",
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
