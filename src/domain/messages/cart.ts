// Texts of the cart and its API (storefront.md sections 4, 5, 8).
// Spec texts are typed once, in src/domain/messages/ (one module per feature: see messages/README.md).

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
} as const;

/** The spec's product text, also the cart's refusal of a product the shop does not have. */
export const PRODUCT_NOT_FOUND = "Product not found";

// The two refusals the browser's cart code shows on every page stand alone, so that code carries
// them without the rest of `cartErrors` (which only the server and the cart page need).

/** Refusal of an add or a quantity change above the line's limit, min(99, stock). */
export const stockLimitMessage = (limit: number, alreadyInCart: number): string => {
  // ours
  const base = limit <= 0 ? "Sorry, this item is out of stock" : `Only ${limit} left in stock`;
  if (alreadyInCart <= 0 || limit <= 0) return base;
  return `${base}, and you already have ${alreadyInCart} in your cart`;
};

/** A new line past the cart's limit of different items (ours); apart, as the browser's add needs it alone. */
export const cartLinesLimitMessage = (max: number): string => `A cart can hold at most ${max} different items`;

/** Refusal above MAX_LINE_QUANTITY when the stock is not what limits it. */
export const lineLimitMessage = (max: number, alreadyInCart: number): string =>
  alreadyInCart > 0
    ? `You can have at most ${max} of one item in your cart, and you already have ${alreadyInCart}` // ours
    : `You can have at most ${max} of one item in your cart`; // ours

/**
 * The cart endpoints' refusals (docs/api.md "Cart"). All ours except `productNotFound`, which is
 * the spec's product text: the spec shows no server-side cart checks (storefront.md section 6),
 * so it gives no wording for them. "color" is spelt as in the spec's own cart texts.
 */
export const cartErrors = {
  productNotFound: PRODUCT_NOT_FOUND,
  signInRequired: "Please sign in to see your saved cart", // ours
  outOfStock: "Sorry, this item is out of stock", // ours
  noLongerAvailable: "This item is no longer available", // ours
  /** A guest line whose product the shop no longer has at all (used as its name). */
  unknownItem: "Item no longer available", // ours
  invalidSize: "That size is not available for this item", // ours
  invalidColour: "That color is not available for this item", // ours
  invalidQuantity: (max: number): string => `Quantity must be a whole number from 1 to ${max}`, // ours
  stockLimit: stockLimitMessage,
  lineLimit: lineLimitMessage,
  lineNotFound: "This item is not in your cart", // ours
  tooManyLines: cartLinesLimitMessage,
  invalidLines: "The cart items could not be read", // ours
} as const;

/** Refusals shared by the JSON endpoints that change something (docs/api.md). All ours. */
export const apiErrors = {
  invalidJson: "The request body must be valid JSON", // ours
  jsonRequired: "Please send the request as JSON (Content-Type: application/json)", // ours
  tooLarge: "The request is too large", // ours
  crossOrigin: "Requests from other sites are not allowed", // ours
  methodNotAllowed: "Method not allowed", // ours
  notFound: "Not found", // ours: an address under /api/ that no endpoint has
  unavailable: "The shop is temporarily unavailable, please try again in a moment", // ours
} as const;
