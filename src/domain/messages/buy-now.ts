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
