// Texts of storefront discovery: the header search, its suggestions, the search page, sort and
// filters (issue 16, an addition beyond the spec: every text here is ours).
// Spec texts are typed once, in src/domain/messages/ (one module per feature: see messages/README.md).
// The header's own search box texts are in layout.ts: the header is on every page, and a module
// the header imports is downloaded whole by every page.

/** The suggestions under the header's search box. */
export const searchSuggestions = {
  products: "Products",
  categories: "Categories",
  listLabel: "Suggestions",
  /** Read out when the list changes, so a screen-reader user knows there is something below. */
  available: (count: number): string => (count === 0 ? "No suggestions" : `${count} ${count === 1 ? "suggestion" : "suggestions"}, use the arrow keys to choose`),
} as const;

/** The /search page. */
export const searchPage = {
  title: "Search",
  heading: "Search",
  resultsHeading: (q: string): string => `Results for "${q}"`,
  /** Like the category page's 'Showing X - Y of N products in {category}'. */
  showingResults: (from: number, to: number, total: number, q: string): string => `Showing ${from} - ${to} of ${total} results for "${q}"`,
  noResults: (q: string): string => `No results for "${q}"`,
  noResultsHint: "Check the spelling or try a shorter word. Or browse a category:",
  prompt: "Type a product, a colour or a category above. Or browse a category:",
  browseCategories: "Browse categories",
  searchAgain: "Search again",
} as const;

/** Sort and filters on the category and search pages. */
export const discoveryControls = {
  sortBy: "Sort by",
  apply: "Apply",
  filters: "Filters",
  /** The product grid's heading, for screen readers only: the cards' h3 titles need an h2 above them. */
  productsHeading: "Products",
  loadingFilters: "Loading filters...",
  size: "Size",
  colour: "Colour",
  price: "Price",
  minPrice: (symbol: string): string => `Min (${symbol})`,
  maxPrice: (symbol: string): string => `Max (${symbol})`,
  priceRange: (min: string, max: string): string => `Prices here run from ${min} to ${max}`,
  applyPrice: "Apply price",
  availability: "Availability",
  inStock: "In stock only",
  onSale: "On sale",
  activeFilters: "Active filters",
  clearAll: "Clear all",
  removeFilter: (label: string): string => `Remove filter: ${label}`,
  showResults: (count: number): string => `Show ${count} ${count === 1 ? "result" : "results"}`,
  closeFilters: "Close filters",
  openFilters: (active: number): string => (active > 0 ? `Filters (${active})` : "Filters"),
  noMatches: "No products match these filters",
  noMatchesHint: "Remove a filter or clear them all to see more.",
  chipSize: (size: string): string => `Size ${size}`,
  chipMinPrice: (amount: string): string => `From ${amount}`,
  chipMaxPrice: (amount: string): string => `Up to ${amount}`,
  chipPriceRange: (min: string, max: string): string => `${min} - ${max}`,
  invalidView: "This view could not be shown",
  backToUnfiltered: (label: string): string => `Back to ${label}`,
} as const;
