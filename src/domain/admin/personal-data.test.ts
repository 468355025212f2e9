import { describe, expect, it } from "vitest";
import {
  CHECKOUT_OPEN_MS,
  confirmsErasure,
  ERASED_TEXT,
  erasedCustomer,
  erasedShippingAddress,
  erasureBlockers,
  erasureNeedles,
  erasureRefusalMessage,
  holdsAddress,
  isErasedEmail,
  parseCustomerEmail,
  personalDataFileName,
  personalValuesIn,
  redactJson,
  redactText,
  refusedAfterErasure,
  type ErasureOrder,
} from "./personal-data.ts";

const now = new Date("2026-11-29T12:00:00Z");
const order = (fields: Partial<ErasureOrder>): ErasureOrder => ({
  id: "00000000-0000-0000-0000-00001a2b3c4d",
  status: "delivered",
  paymentStatus: "paid",
  createdAt: new Date(now.getTime() - 10 * CHECKOUT_OPEN_MS),
  checkoutClosed: false,
  refundOutstanding: false,
  ...fields,
});

describe("when erasure must wait", () => {
  it("lets orders that are delivered, shipped, cancelled, refunded or never paid go", () => {
    const done = [
      order({ status: "delivered" }),
      order({ status: "shipped" }),
      order({ status: "completed" }),
      order({ status: "cancelled", paymentStatus: "refunded" }),
      order({ status: "pending", paymentStatus: "failed" }),
      order({ status: "pending", paymentStatus: "pending" }),
    ];
    expect(erasureBlockers(done, now)).toEqual([]);
  });

  it("refuses while an order is paid and not yet sent, naming the order", () => {
    const blockers = erasureBlockers([order({ status: "processing" }), order({ id: "x-partly", status: "pending", paymentStatus: "partially_refunded" })], now);
    expect(blockers.map((b) => b.reason)).toEqual(["to_ship", "to_ship"]);
    expect(blockers[0]!.number).toBe("#1A2B3C4D");
    expect(erasureRefusalMessage(blockers)).toContain("#1A2B3C4D (paid and not yet shipped)");
  });

  it("refuses while a refund is not settled, even on a delivered order", () => {
    expect(erasureBlockers([order({ status: "delivered", paymentStatus: "partially_refunded", refundOutstanding: true })], now).map((b) => b.reason)).toEqual(["refund_pending"]);
  });

  it("refuses while a checkout opened within the day may still be paid, not once it closed or ran out", () => {
    const recent = new Date(now.getTime() - 60_000);
    expect(erasureBlockers([order({ status: "pending", paymentStatus: "pending", createdAt: recent })], now).map((b) => b.reason)).toEqual(["awaiting_payment"]);
    expect(erasureBlockers([order({ status: "pending", paymentStatus: "pending", createdAt: recent, checkoutClosed: true })], now)).toEqual([]);
  });

  it("says 'it' for one order and 'them' for several", () => {
    const one = erasureBlockers([order({ status: "processing" })], now);
    expect(erasureRefusalMessage(one)).toMatch(/has an order .* settle it first/);
    const two = erasureBlockers([order({ status: "processing" }), order({ status: "processing" })], now);
    expect(erasureRefusalMessage(two)).toMatch(/has orders .* settle them first/);
  });
});

describe("what an erased order keeps", () => {
  it("keeps the delivery country alone and the e-mail marker, which is no address", () => {
    expect(erasedShippingAddress({ firstName: "Ama", address: "1 Savile Row", city: "London", postalCode: "W1S 3PR", country: "United Kingdom", phone: "0207" })).toEqual({
      address: "",
      city: "",
      postalCode: "",
      country: "United Kingdom",
    });
    expect(erasedShippingAddress(null)).toBeNull();
    expect(erasedCustomer()).toEqual({ firstName: "", lastName: "", email: "erased" });
    expect(erasedCustomer().email).not.toContain("@");
    expect(isErasedEmail(" Erased ")).toBe(true);
    expect(isErasedEmail("erased@example.com")).toBe(false);
  });
});

describe("the typed confirmation", () => {
  it("must be the person's e-mail, whatever its case or surrounding spaces", () => {
    expect(confirmsErasure("  AMA@Example.com ", "ama@example.com")).toBe(true);
    expect(confirmsErasure("ama@example.co", "ama@example.com")).toBe(false);
    // As the card shows an international domain, or as it is stored.
    expect(confirmsErasure("kofi@bücher.de", "kofi@xn--bcher-kva.de")).toBe(true);
    expect(confirmsErasure("kofi@xn--bcher-kva.de", "kofi@xn--bcher-kva.de")).toBe(true);
    expect(confirmsErasure("", "")).toBe(false);
  });
});

describe("taking a person's details out of free text", () => {
  const needles = erasureNeedles({ email: "ama@example.com", names: ["Ama Owusu"], phones: ["+44 20 7946 0000"], addressParts: ["1 Savile Row", "W1S 3PR"] });

  it("replaces the e-mail, the name, the phone in either spelling and the street and postcode", () => {
    const note = "Ama Owusu (ama@example.com, 442079460000) asked to leave it at 1 Savile Row, W1S3PR; Owusu will sign.";
    const redacted = redactText(note, needles);
    expect(redacted).toBe(`${ERASED_TEXT} (${ERASED_TEXT}, ${ERASED_TEXT}) asked to leave it at ${ERASED_TEXT}, ${ERASED_TEXT}; ${ERASED_TEXT} will sign.`);
  });

  it("matches whole words only, so other words that contain a name are left", () => {
    expect(redactText("Ordered on Amazon by Ama", needles)).toBe(`Ordered on Amazon by ${ERASED_TEXT}`);
  });

  it("takes out the whole address, and never the part of another person's address that spells it", () => {
    const byAddress = erasureNeedles({ email: "ama@example.com", names: [], phones: [], addressParts: [] });
    expect(redactText("Write to ama@example.com. Or big.ama@example.com, ama@example.com.gh.", byAddress)).toBe(`Write to ${ERASED_TEXT}. Or big.ama@example.com, ama@example.com.gh.`);
    expect(holdsAddress('{"email":"Ama@Example.com"}', "ama@example.com")).toBe(true);
    expect(holdsAddress("email-change:ama@example.com", "ama@example.com")).toBe(true);
    for (const other of ["big.ama@example.com", "ama@example.com.gh", "ama@example.community", "x+ama@example.com"]) expect(holdsAddress(other, "ama@example.com")).toBe(false);
  });

  it("redacts every string of a JSON value and keeps its keys and other values", () => {
    expect(redactJson({ note: "Call Ama", total: 1999, lines: ["ama@example.com"], ok: true, gone: null }, needles)).toEqual({
      note: `Call ${ERASED_TEXT}`,
      total: 1999,
      lines: [ERASED_TEXT],
      ok: true,
      gone: null,
    });
  });

  it("leaves parts too short to be safe and text without needles as it was", () => {
    expect(erasureNeedles({ email: "a@b.c", names: ["J Li"], phones: ["123"], addressParts: [] })).toEqual(["a@b.c", "j li", "li"]);
    expect(redactText("nothing here", [])).toBe("nothing here");
  });
});

describe("the customer a request names", () => {
  it("takes an address as Customers keys it and refuses anything else", () => {
    expect(parseCustomerEmail(" Ama@Example.com ")).toEqual({ ok: true, email: "ama@example.com" });
    expect(parseCustomerEmail("Kofi@Bücher.de")).toEqual({ ok: true, email: "kofi@xn--bcher-kva.de" });
    for (const bad of [undefined, "", "erased", "a@b@c", "x".repeat(250) + "@b.co", 42]) expect(parseCustomerEmail(bad).ok).toBe(false);
  });

  it("names the download after the person and the day, safe for any file system", () => {
    expect(personalDataFileName("o'neill+shop@example.com", "2026-11-29")).toBe("personal-data-o_neill_shop@example.com-2026-11-29.json");
  });
});

describe("details a record held before they changed", () => {
  it("finds the values under a person's keys at any depth, and nothing else", () => {
    const before = { shippingAddress: { firstName: "Ama", address: "16 Old Road", postalCode: "W1 1AA", country: "United Kingdom" }, status: "processing", lines: [{ phone: "0207 946 0000", quantity: 2 }] };
    expect(personalValuesIn(before).sort()).toEqual(["0207 946 0000", "16 Old Road", "Ama", "W1 1AA"]);
    expect(personalValuesIn("plain")).toEqual([]);
  });
});

describe("the statuses an erased order may take", () => {
  const erased = (status: string) => ({ customerEmail: "erased", status });
  it("refuses the statuses that would have it packed or sent: there is no one to send it to", () => {
    for (const from of ["pending", "cancelled"]) {
      for (const to of ["processing", "shipped", "delivered"]) expect(refusedAfterErasure(erased(from), to), `${from} to ${to}`).toBe(true);
    }
    expect(refusedAfterErasure(erased("shipped"), "processing")).toBe(true);
  });

  it("allows pending and cancelled, the status it has, and delivered for a parcel that left before the erasure", () => {
    for (const from of ["pending", "processing", "shipped", "delivered", "cancelled"]) {
      expect(refusedAfterErasure(erased(from), "pending")).toBe(false);
      expect(refusedAfterErasure(erased(from), "cancelled")).toBe(false);
      expect(refusedAfterErasure(erased(from), from)).toBe(false);
    }
    expect(refusedAfterErasure(erased("shipped"), "delivered")).toBe(false);
    expect(refusedAfterErasure(erased("delivered"), "shipped")).toBe(false);
  });

  it("leaves any other order free to take any status", () => {
    for (const to of ["processing", "shipped", "delivered"]) expect(refusedAfterErasure({ customerEmail: "ama@example.com", status: "cancelled" }, to)).toBe(false);
  });
});

describe("an address typed into a note", () => {
  const email = "kofi@xn--bcher-kva.de";
  it("is found in any case and with its domain in either script, never inside another address", () => {
    expect(holdsAddress("Ring KOFI@Bücher.de about it", email)).toBe(true);
    expect(holdsAddress("Ring kofi@XN--BCHER-KVA.DE about it", email)).toBe(true);
    expect(holdsAddress("Copy to big.kofi@bücher.de", email)).toBe(false);
    expect(holdsAddress("Copy to kofi@bücher.de.example", email)).toBe(false);
  });

  it("is replaced whole by the marker, in either form, the rest of the note kept", () => {
    expect(redactText("Gift from Kofi@Bücher.de, and kofi@xn--bcher-kva.de. Copy big.kofi@bücher.de", [email])).toBe(
      `Gift from ${ERASED_TEXT}, and ${ERASED_TEXT}. Copy big.kofi@bücher.de`,
    );
  });
});
