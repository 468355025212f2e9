// Every schema that reads a request answers a malformed one with a sentence of ours, never with
// zod's own wording ("Invalid input: expected object, received null", "Too big: expected int to be
// <=9007199254740991"): docs/api.md promises the shop's messages. Each valid request is broken
// field by field with wrong types, nulls, huge numbers and arrays where objects belong.
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { parseSettingsChange } from "./admin/settings.ts";
import { productInputSchema, productRefusal } from "./admin/product-input.ts";
import { scrapedProductSchema } from "./admin/scraped-product.ts";
import { addToCartSchema, guestCartRequestSchema, lineQuantitySchema, MAX_GUEST_LINES, MAX_LINE_QUANTITY } from "./cart.ts";
import { checkoutRequestSchema } from "./checkout.ts";
import { parseDiscountCode } from "./admin/discount-form.ts";
import { FIELD_LIMITS } from "./field-limits.ts";
import { adminSettings } from "./messages/admin-settings.ts";
import { adminProductEditor, scraper } from "./messages/admin.ts";
import { cartErrors } from "./messages/cart.ts";
import { checkout, checkoutRequestErrors } from "./messages/checkout.ts";
import { contact } from "./messages/contact.ts";
import { discounts } from "./messages/discounts.ts";
import { validation } from "./messages/forms.ts";
import { requestErrors } from "./messages/requests.ts";
import { PRODUCT_LIST_MAX_PAGE_SIZE, contactMessageSchema, firstIssueMessage, parseRequest, productListQuerySchema } from "./schemas.ts";
import { controlCharactersMessage } from "./text-rules.ts";
import { PRODUCT_ID, textsOf, VALID_CHECKOUT, VALID_LINE, ZOD_WORDING } from "../../tests/helpers/refusals.ts";


const HOSTILE: unknown[] = [
  null,
  true,
  0,
  -1,
  1.5,
  1e308,
  -1e308,
  Number.MAX_SAFE_INTEGER + 2,
  Number.NaN,
  "",
  " ",
  "\u0000",
  "x".repeat(10_000),
  [],
  [null],
  [1],
  ["x"],
  {},
  { a: 1 },
];

/** Every copy of `base` with one value (at any depth) or the whole of it replaced by a hostile one. */
function variants(base: unknown): unknown[] {
  const out: unknown[] = [...HOSTILE];
  if (Array.isArray(base)) {
    base.forEach((item, index) => {
      for (const replaced of variants(item)) out.push(base.map((other, at) => (at === index ? replaced : other)));
    });
  } else if (base !== null && typeof base === "object") {
    for (const [key, value] of Object.entries(base)) {
      for (const replaced of variants(value)) out.push({ ...base, [key]: replaced });
    }
  }
  return out;
}

/** The messages a refusal of these variants gave (each distinct one once). */
function refusals(base: unknown, refuse: (input: unknown) => string | null, extra: unknown[] = []): Set<string> {
  const messages = new Set<string>();
  for (const input of [...variants(base), ...extra]) {
    const message = refuse(input);
    if (message !== null) messages.add(message);
  }
  return messages;
}

const firstMessageOf = (schema: z.ZodType) => (input: unknown) => {
  const parsed = schema.safeParse(input);
  return parsed.success ? null : firstIssueMessage(parsed.error);
};

/** Every message is one of `ours`, and none is zod's. */
function expectOurs(messages: Set<string>, ours: readonly string[]) {
  expect(messages.size).toBeGreaterThan(0);
  for (const message of messages) {
    expect(message).not.toMatch(ZOD_WORDING);
    expect(ours).toContain(message);
  }
}

/** The messages a text field may give: required, too long, characters not allowed, not text. */
const textMessages = (field: string, max: number, required?: string) => [
  validation.tooLong(field, max),
  controlCharactersMessage(field),
  validation.notText(field),
  ...(required ? [required] : []),
];

const hostileTexts = HOSTILE.filter((value): value is string => typeof value === "string");

const line = { ...VALID_LINE, created_at: "2026-06-01T10:00:00.000Z" };

describe("parseRequest", () => {
  const schema = z.object({ own: z.string({ error: "Own message" }), bare: z.int().max(10) });

  it("gives an issue without a message of ours the fallback, never zod's text", () => {
    const parsed = parseRequest(schema, { own: "x", bare: 1e308 }, "Fallback");
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => issue.message)).toEqual(["Fallback", "Fallback"]);
    expect(firstIssueMessage(parseRequest(schema, null, "Fallback").error!)).toBe("Fallback");
  });

  it("keeps the schema's own message where it has one", () => {
    expect(firstIssueMessage(parseRequest(schema, { own: 5, bare: 1 }, "Fallback").error!)).toBe("Own message");
    expect(parseRequest(schema, { own: "x", bare: 2 }, "Fallback").data).toEqual({ own: "x", bare: 2 });
  });
});

describe("cart requests (docs/api.md Cart)", () => {
  it("POST /api/cart/items: the product, size, colour and quantity messages", () => {
    const messages = refusals({ productId: PRODUCT_ID, size: "40R", colour: "Navy", quantity: 1 }, firstMessageOf(addToCartSchema));
    expectOurs(messages, [
      requestErrors.jsonObjectRequired,
      cartErrors.productNotFound,
      cartErrors.invalidSize,
      cartErrors.invalidColour,
      cartErrors.invalidQuantity(MAX_LINE_QUANTITY),
      controlCharactersMessage("Size"),
      controlCharactersMessage("Colour"),
    ]);
    expect(firstMessageOf(addToCartSchema)({ productId: PRODUCT_ID, quantity: 1e308 })).toBe("Quantity must be a whole number from 1 to 99");
    // A body that is no object is said to be one, not "Product not found" on a 400.
    for (const body of [null, [], "x"]) expect(firstMessageOf(addToCartSchema)(body)).toBe(requestErrors.jsonObjectRequired);
    expect(firstMessageOf(addToCartSchema)({ productId: PRODUCT_ID, size: "One\u0000Size" })).toBe(controlCharactersMessage("Size"));
  });

  it("PATCH /api/cart/items/:id: the quantity message", () => {
    expectOurs(refusals({ quantity: 2 }, firstMessageOf(lineQuantitySchema)), [requestErrors.jsonObjectRequired, cartErrors.invalidQuantity(MAX_LINE_QUANTITY)]);
  });

  it("POST /api/cart/price and /api/cart/merge: 'The cart items could not be read', a null line included", () => {
    const messages = refusals({ lines: [line] }, firstMessageOf(guestCartRequestSchema), [{ lines: Array.from({ length: MAX_GUEST_LINES + 1 }, () => line) }]);
    expectOurs(messages, [cartErrors.invalidLines, cartErrors.tooManyLines(MAX_GUEST_LINES)]);
    expect(firstMessageOf(guestCartRequestSchema)({ lines: [null] })).toBe("The cart items could not be read");
  });
});

describe("checkout requests (POST /api/checkout and /api/checkout/discount)", () => {
  const request = { ...VALID_CHECKOUT, items: [line], discountCode: "SAVE10" };

  it("answers every malformed field with the field's own message, as checkout.server.ts shows it", () => {
    const messages = refusals(request, firstMessageOf(checkoutRequestSchema), [
      { ...request, items: Array.from({ length: MAX_GUEST_LINES + 1 }, () => line) },
      { ...request, shippingMethod: "free" },
    ]);
    expectOurs(messages, [
      checkoutRequestErrors.requestUnreadable,
      checkoutRequestErrors.sourceInvalid,
      checkoutRequestErrors.shippingMethodInvalid,
      cartErrors.invalidLines,
      cartErrors.tooManyLines(MAX_GUEST_LINES),
      checkout.customerInfoRequired,
      checkout.shippingInfoRequired,
      ...textMessages("First name", FIELD_LIMITS.name, checkout.customerInfoRequired),
      ...textMessages("Last name", FIELD_LIMITS.name),
      ...textMessages("Email", FIELD_LIMITS.email),
      validation.invalidEmail,
      ...textMessages("Phone", FIELD_LIMITS.phone),
      ...textMessages("Street address", FIELD_LIMITS.address, checkout.streetRequired),
      ...textMessages("City", FIELD_LIMITS.city, checkout.cityRequired),
      ...textMessages("State", FIELD_LIMITS.state),
      ...textMessages("Postal/ZIP code", FIELD_LIMITS.postalCode, checkout.postalCodeRequired),
      ...textMessages("Country", FIELD_LIMITS.country, checkout.countryRequired),
      ...hostileTexts.map((text) => checkout.countryNotInList(text.trim())),
      discounts.notFound,
      ...textMessages("Discount code", FIELD_LIMITS.discountCode),
    ]);
  });

  it("names the shipping methods, the source and the body the reviewer sent", () => {
    const refuse = firstMessageOf(checkoutRequestSchema);
    expect(refuse({ ...request, shippingMethod: "free" })).toBe("Please choose standard or express shipping");
    expect(refuse({ ...request, source: "basket" })).toBe(checkoutRequestErrors.sourceInvalid);
    expect(refuse({ ...request, items: [null] })).toBe(cartErrors.invalidLines);
    expect(refuse({ ...request, discountCode: "X".repeat(51) })).toBe("Discount code must be at most 50 characters");
    expect(refuse({ ...request, discountCode: 10 })).toBe(discounts.notFound);
    expect(refuse([request])).toBe(checkoutRequestErrors.requestUnreadable);
  });
});

describe("storefront forms and queries", () => {
  it("contact: the spec's message, or the field's own", () => {
    const base = { firstName: "Kwame", lastName: "Mensah", email: "kwame@example.com", phone: "", subject: "Sizing", message: "Does it run small?" };
    const refuse = (input: unknown) => {
      const parsed = parseRequest(contactMessageSchema, input, contact.missingInfo);
      return parsed.success ? null : firstIssueMessage(parsed.error);
    };
    expectOurs(refusals(base, refuse), [
      contact.missingInfo,
      validation.invalidEmail,
      ...textMessages("First name", FIELD_LIMITS.name),
      ...textMessages("Last name", FIELD_LIMITS.name),
      ...textMessages("Email", FIELD_LIMITS.email),
      ...textMessages("Phone", FIELD_LIMITS.phone),
      ...textMessages("Subject", FIELD_LIMITS.subject),
      ...textMessages("Message", FIELD_LIMITS.message),
    ]);
    expect(refuse({ ...base, phone: 5 })).toBe("Phone must be text");
  });

  it("GET /api/products: the page, page size and category messages", () => {
    const refuse = (input: unknown) => {
      const parsed = parseRequest(productListQuerySchema, input, requestErrors.unreadable);
      return parsed.success ? null : firstIssueMessage(parsed.error);
    };
    expectOurs(refusals({ category: "suits", page: "1", pageSize: "12" }, refuse, [{ page: "1e308" }, { pageSize: "9007199254740993" }]), [
      requestErrors.unreadable,
      validation.invalidPage,
      validation.invalidPageSize(PRODUCT_LIST_MAX_PAGE_SIZE),
      ...textMessages("Category", FIELD_LIMITS.name),
    ]);
  });
});

describe("admin JSON bodies", () => {
  it("products: every refusal has a headline of ours, a body that is no object included", () => {
    const base = { name: "Navy Suit", description: "Wool", category: "suits", price: "199.99", originalPrice: "", colours: ["Navy"], sizes: "40R", stock: 3, isActive: true, gallery: [] };
    const refuse = (input: unknown) => {
      const parsed = productInputSchema.safeParse(input);
      return parsed.success ? null : productRefusal(parsed.error).error;
    };
    const messages = refusals(base, refuse);
    for (const message of messages) expect(message).not.toMatch(ZOD_WORDING);
    expect(refuse([])).toBe(requestErrors.jsonObjectRequired);
    expect(refuse(null)).toBe(requestErrors.jsonObjectRequired);
    expect(refuse({ ...base, description: 5 })).toBe(validation.notText("Description"));
    expect(refuse({ ...base, stock: 1e308 })).toBe(adminProductEditor.stockInvalid);
    // The review's requests: text where JSON has a number or a boolean, a negative price.
    expect(refuse({ ...base, stock: "5" })).toBe(adminProductEditor.stockNotNumber);
    expect(refuse({ ...base, isActive: "yes" })).toBe(adminProductEditor.activeInvalid);
    expect(refuse({ ...base, price: -1 })).toBe(adminProductEditor.pricePositive);
    expect(refuse({ ...base, price: "-24.99" })).toBe(adminProductEditor.pricePositive);
  });

  it("scraped product: the card's messages", () => {
    const base = { name: "Navy Suit", price: 199.99, image: "", category: "suits", description: "Wool", url: "https://supplier.example/navy-suit" };
    const refuse = (input: unknown) => {
      const parsed = parseRequest(scrapedProductSchema, input, requestErrors.unreadable);
      return parsed.success ? null : firstIssueMessage(parsed.error);
    };
    expectOurs(refusals(base, refuse), [
      requestErrors.jsonObjectRequired,
      scraper.nameRequired,
      scraper.priceRequired,
      adminProductEditor.priceInvalid,
      adminProductEditor.priceTooHigh,
      scraper.categoryRequired,
      scraper.invalidUrl,
      scraper.imageNotCopiedByScraper,
      validation.tooLong("Name", 200),
      ...textMessages("Description", 5000),
    ]);
  });

  it("discount codes and settings: their own messages", () => {
    const discount = { code: "SAVE10", description: "", discount_type: "percentage", discount_value: "10", min_order_amount: "", usage_limit: "", expires_at: "", is_active: true };
    const discountMessages = refusals(discount, (input) => {
      const parsed = parseDiscountCode(input, "json");
      return parsed.ok ? null : parsed.message;
    });
    expectOurs(discountMessages, [
      ...textsOf(discounts),
      requestErrors.jsonObjectRequired,
      ...textMessages("Code", FIELD_LIMITS.discountCode),
      ...textMessages("Description", FIELD_LIMITS.discountDescription),
    ]);
    const settingsMessages = refusals({ markupPercent: 20, shopName: "Menswear", contactEmail: null, senderAddress: null }, (input) => {
      const parsed = parseSettingsChange(input);
      return parsed.ok ? null : parsed.message;
    });
    expectOurs(settingsMessages, [...textsOf(adminSettings), requestErrors.jsonObjectRequired]);
    expect(parseSettingsChange(null)).toEqual({ ok: false, errors: {}, message: requestErrors.jsonObjectRequired });
  });
});
