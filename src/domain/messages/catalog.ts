// Texts of browsing: product cards, category pages, the product page and Buy Now (storefront.md sections 2, 5, 8).
// Spec texts are typed once, in src/domain/messages/ (one module per feature: see messages/README.md).
import { PRODUCT_NOT_FOUND } from "./cart.ts";

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
  notFound: PRODUCT_NOT_FOUND,
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
  // ours: the card's button for a product whose size or colour must be chosen on its page.
  chooseOptions: "Choose options",
  viewProduct: "View product",
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

/** Texts of the product page the spec does not give (all ours). */
export const productPageCopy = {
  breadcrumb: "Breadcrumb",
  colour: "Colour",
  size: "Size",
  quantity: "Quantity",
  decreaseQuantity: "Decrease quantity",
  increaseQuantity: "Increase quantity",
  colourVariants: "Colours",
  showColour: (colour: string): string => `Show ${colour}`,
  // ours (issue 15, item 11): Buy Now asks for the address on the payment page and ships only where standard shipping is free.
  buyNowShipping: "Buy Now ships free to the UK, the EU and the USA. For other destinations, add to cart and check out.",
  // ours (issue 15, item 17): a chosen colour without a photo of its own.
  noPhotoOfColour: (colour: string, pictured: string | null): string =>
    pictured ? `No photo of ${colour} yet: the picture shows ${pictured}.` : `No photo of ${colour} yet.`,
  previousImage: "Previous image",
  nextImage: "Next image",
  showImage: (n: number, total: number): string => `Show image ${n} of ${total}`,
  imageAlt: (name: string, n: number, total: number): string => `${name}, image ${n} of ${total}`,
  description: "Description",
  specifications: "Specifications",
  material: "Material",
  pattern: "Pattern",
  occasion: "Occasion",
  care: "Care",
  notFoundBody: "This product may have sold out or been removed. Have a look at the rest of the collection.",
  shareFailed: "Could not share this product. You can copy the address from your browser's address bar.",
  sizeGuide: "Size guide",
} as const;

// In a module of its own so that checkout, which needs only these, does not load the rest.
export { buyNow } from "./buy-now.ts";
