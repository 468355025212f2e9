// What a refusal of a malformed request may say: the shop's own sentences, never zod's English.

/** zod's wording as its locale puts a refusal, and the number it quotes for "a safe integer". */
export const ZOD_WORDING = /Invalid input|expected|received|Too big|Too small|Invalid option|Invalid string|Unrecognized key|9007199254740991/;

/** The plain texts of a messages module (its functions need arguments). */
export const textsOf = (messages: Record<string, unknown>): string[] => Object.values(messages).filter((value): value is string => typeof value === "string");

/** A product id no catalogue holds: the requests below are refused before any product is read. */
export const PRODUCT_ID = "0b8e6f1c-2d3a-4b5c-8d6e-7f8091a2b3c4";

/** A guest cart line as the browser sends it, valid in every field. */
export const VALID_LINE = { product_id: PRODUCT_ID, quantity: 1, selected_size: "40R", selected_color: "Navy" };

/** A checkout request as the checkout page sends it, valid in every field: each test breaks one. */
export const VALID_CHECKOUT = {
  source: "cart",
  items: [VALID_LINE],
  customerInfo: { firstName: "Ama", lastName: "Owusu", email: "ama@example.com", phone: "" },
  shippingAddress: { address: "1 Savile Row", city: "London", state: "", postalCode: "W1S 3PR", country: "United Kingdom" },
  shippingMethod: "standard",
};
