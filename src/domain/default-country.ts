// Apart from the list of destinations (countries.ts), so a page that needs only the default does
// not carry the 241 names in its JavaScript: the checkout gets the list from its loader.

/** storefront.md section 3 "Shipping address": the country defaults to the United Kingdom. */
export const DEFAULT_COUNTRY = "United Kingdom";
