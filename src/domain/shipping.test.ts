import { describe, expect, it } from "vitest";
import { chooseShipping } from "./checkout.ts";
import { normaliseCountry } from "./country-spellings.ts";
import { checkout, shipping as shippingMessages } from "./messages/checkout.ts";
import { COUNTRIES } from "./countries.ts";
import {
  DEFAULT_ITEM_GRAMS,
  DEFAULT_COUNTRY,
  EU_COUNTRIES,
  FIXED_RATE_SHIPPING,
  SHIPPING_NOTICE,
  SHIPPING_RESTRICTIONS,
  estimateItemGrams,
  estimateParcelGrams,
  expressFromStandardPence,
  quoteAllShipping,
  quoteShipping,
  shippingRestriction,
  weightTierPence,
  type ShippingResult,
} from "./shipping.ts";

const item = (name: string, quantity = 1) => ({ name, quantity });
const quote = (country: string, items = [item("Leather Belt")], method: "standard" | "express" = "standard") =>
  quoteShipping({ country, items }, method);
const must = (result: ShippingResult | null): ShippingResult => {
  expect(result).not.toBeNull();
  return result as ShippingResult;
};

describe("free standard shipping zones (storefront.md section 9)", () => {
  it("ships free to the United Kingdom in 7-14 business days", () => {
    expect(quote("United Kingdom")).toEqual({
      cost: "Free",
      amount: 0,
      note: "Free standard shipping to the United Kingdom",
      estimatedDays: "7-14 business days",
      carrier: "Royal Mail",
      restricted: false,
      restrictionReason: null,
    });
  });

  it("ships free to every one of the 27 EU member states in 10-18 business days", () => {
    expect(EU_COUNTRIES).toHaveLength(27);
    for (const country of EU_COUNTRIES) {
      const result = must(quote(country, [item("Wool Suit", 10)]));
      expect(result.amount, country).toBe(0);
      expect(result.cost).toBe(shippingMessages.free);
      expect(result.estimatedDays).toBe("10-18 business days");
    }
  });

  it("ships free to the United States in 8-16 business days", () => {
    const result = must(quote("United States", [item("Wool Suit", 10)]));
    expect(result.amount).toBe(0);
    expect(result.estimatedDays).toBe("8-16 business days");
  });

  it("does not treat European countries outside the EU as EU", () => {
    expect(must(quote("Norway")).amount).toBe(700);
    expect(must(quote("Iceland")).amount).toBe(325);
    expect(must(quote("Serbia")).amount).toBe(325);
  });

  it("offers no express service in a free zone", () => {
    expect(quote("United Kingdom", [item("Suit")], "express")).toBeNull();
    expect(quote("France", [item("Suit")], "express")).toBeNull();
    expect(quote("United States", [item("Suit")], "express")).toBeNull();
  });

  it("does not depend on what is in the cart", () => {
    expect(must(quote("United Kingdom", []))).toEqual(must(quote("United Kingdom", [item("Suit", 50)])));
  });
});

describe("fixed-rate countries (storefront.md section 9)", () => {
  const table: [string, number, number][] = [
    ["Australia", 850, 1850],
    ["Canada", 750, 1650],
    ["Japan", 950, 1950],
    ["Switzerland", 650, 1450],
    ["Norway", 700, 1550],
    ["New Zealand", 900, 1900],
    ["Singapore", 600, 1350],
    ["Hong Kong", 550, 1250],
  ];

  it("has exactly the eight countries of the spec", () => {
    expect(Object.keys(FIXED_RATE_SHIPPING).sort()).toEqual(table.map(([c]) => c).sort());
  });

  it.each(table)("%s costs %ip standard and %ip express", (country, standard, express) => {
    const heavyCart = [item("Wool Suit", 20)]; // the fixed rate ignores weight
    expect(quote(country, heavyCart, "standard")).toEqual({
      cost: `£${(standard / 100).toFixed(2)}`,
      amount: standard,
      note: shippingMessages.fixedRate(country),
      estimatedDays: "8-15 business days",
      carrier: "China Post",
      restricted: false,
      restrictionReason: null,
    });
    expect(quote(country, heavyCart, "express")).toEqual({
      cost: `£${(express / 100).toFixed(2)}`,
      amount: express,
      note: shippingMessages.fixedRate(country),
      estimatedDays: "5-10 business days",
      carrier: "DHL Express",
      restricted: false,
      restrictionReason: null,
    });
  });

  it("writes the cost with two decimals", () => {
    expect(must(quote("Norway")).cost).toBe("£7.00");
    expect(must(quote("Hong Kong", undefined, "express")).cost).toBe("£12.50");
  });
});

describe("item weight from the product name", () => {
  it.each([
    ["Navy Suit", 1500],
    ["Three-Piece Suits Bundle", 1500],
    ["Denim Jacket", 1500],
    ["Wool Overcoat", 1500],
    ["Tweed Waistcoat", 1500],
    ["Camel Coat", 1500],
    ["Oxford Shirt", 500],
    ["Linen Shirts", 500],
    ["Slim Trousers", 500],
    ["Chino Pant", 500],
    ["Silk Tie", 100],
    ["Bow", 100],
    ["Pocket Square", 100],
    ["Silver Cufflinks", 100],
    ["Leather Shoe", 1200],
    ["Chelsea Boots", 1200],
    ["Steel Watch", 150],
    ["Gold Watches", 150],
    ["Travel Accessory", 150],
    ["Accessories Box", 150],
    ["Leather Belt", 200],
    ["Agbada", 200],
    ["", 200],
  ])("%s weighs %i g", (name, grams) => {
    expect(estimateItemGrams(name)).toBe(grams);
  });

  it("ignores case", () => {
    expect(estimateItemGrams("NAVY SUIT")).toBe(1500);
    expect(estimateItemGrams("silk TIE")).toBe(100);
  });

  it("finds the words inside longer words, so compound names are not under-charged as 'other'", () => {
    expect(estimateItemGrams("Overshirt")).toBe(500);
    expect(estimateItemGrams("Silk Bowtie")).toBe(100);
    expect(estimateItemGrams("Shoelace")).toBe(1200);
    expect(estimateItemGrams("Suitcase")).toBe(1500);
    expect(estimateItemGrams("T-Shirt")).toBe(500);
    expect(estimateItemGrams("Shirt,Tie")).toBe(500);
  });

  it("lets the heaviest group win when a name has words of several groups", () => {
    expect(estimateItemGrams("Shirt and Tie Set")).toBe(500);
    expect(estimateItemGrams("Tie and Shoe Gift Box")).toBe(1200);
    expect(estimateItemGrams("Suit with Pocket Square")).toBe(1500);
    expect(estimateItemGrams("Watch and Cufflink Set")).toBe(150);
    expect(estimateItemGrams("Boots and Suit Bag")).toBe(1500);
  });

  it("weighs a name without any of the words as its category's pieces: a blazer, an Oxford, a kaftan, an agbada", () => {
    expect(estimateItemGrams("Hartley Navy Hopsack Blazer", "blazers")).toBe(1200);
    expect(estimateItemGrams("Hampton Cap-Toe Oxford", "shoes")).toBe(1200);
    expect(estimateItemGrams("Lagos Embroidered Cotton Kaftan", "kaftan")).toBe(700);
    expect(estimateItemGrams("Oba Royal Agbada", "Traditional Wear")).toBe(1200);
    expect(estimateItemGrams("Straight Leg Selvedge Jeans", "denim")).toBe(800);
    // The words still decide where a name has them, and a name alone is the spec's "other".
    expect(estimateItemGrams("Silk Tie", "accessories")).toBe(100);
    expect(estimateItemGrams("Oba Royal Agbada")).toBe(DEFAULT_ITEM_GRAMS);
    expect(estimateItemGrams("Mystery Piece", "no-such-category")).toBe(DEFAULT_ITEM_GRAMS);
    expect(estimateItemGrams("Mystery Piece", "constructor")).toBe(DEFAULT_ITEM_GRAMS);
    // An agbada set to Accra is no longer posted as light as a tie: 1.2 kg is the 1-2 kg tier.
    expect(weightTierPence(estimateParcelGrams([{ name: "Eko Embroidered Agbada Set", category: "Traditional Wear", quantity: 1 }]))).toBe(1500);
  });

  it("multiplies by quantity and sums the cart", () => {
    expect(estimateParcelGrams([item("Suit", 2), item("Tie", 3), item("Belt", 1)])).toBe(3000 + 300 + 200);
    expect(estimateParcelGrams([])).toBe(0);
  });

  it("counts nothing for quantities that are not positive whole numbers", () => {
    expect(estimateParcelGrams([item("Suit", 0), item("Suit", -2), item("Suit", Number.NaN)])).toBe(0);
    expect(estimateParcelGrams([item("Shirt", 2.9)])).toBe(1000);
  });

  it("adds weights in whole grams, so ten 0.1 kg ties are exactly 1 kg (0.1 x 10 is not 1 in floating point)", () => {
    expect(0.1 + 0.1 + 0.1).not.toBe(0.3);
    expect(estimateParcelGrams(Array.from({ length: 10 }, () => item("Tie")))).toBe(1000);
    expect(weightTierPence(estimateParcelGrams(Array.from({ length: 10 }, () => item("Tie"))))).toBe(950);
  });
});

describe("weight tiers (storefront.md section 9)", () => {
  it.each([
    [0, 325],
    [1, 325],
    [500, 325], // exactly 0.5 kg is "up to 0.5 kg"
    [501, 950],
    [510, 950], // 0.51 kg
    [1000, 950],
    [1001, 1500],
    [2000, 1500],
    [2001, 2500],
    [5000, 2500],
    [5001, 4500],
    [100000, 4500],
  ])("%i g costs %ip standard", (grams, pence) => {
    expect(weightTierPence(grams)).toBe(pence);
  });

  it("charges express at 1.8 times standard, rounded to the penny", () => {
    expect(expressFromStandardPence(325)).toBe(585);
    expect(expressFromStandardPence(950)).toBe(1710);
    expect(expressFromStandardPence(1500)).toBe(2700);
    expect(expressFromStandardPence(2500)).toBe(4500);
    expect(expressFromStandardPence(4500)).toBe(8100);
    expect(expressFromStandardPence(1)).toBe(2); // 1.8 -> 2
    expect(expressFromStandardPence(5)).toBe(9); // 9.0
    expect(expressFromStandardPence(25)).toBe(45); // exactly 45
    expect(expressFromStandardPence(7)).toBe(13); // 12.6 -> 13
  });

  it("quotes a 0.5 kg parcel in the first tier and 0.51 kg in the second", () => {
    const halfKilo = [item("Shirt")]; // 500 g
    const justOver = [item("Shirt"), item("Belt") /* 200 g */];
    expect(must(quote("Brazil", halfKilo)).amount).toBe(325);
    expect(must(quote("Brazil", [...halfKilo, item("Tie")])).amount).toBe(950); // 600 g
    expect(must(quote("Brazil", justOver)).amount).toBe(950);
  });

  it("quotes every boundary through quoteShipping", () => {
    expect(must(quote("Ghana", [item("Jacket")])).amount).toBe(1500); // 1.5 kg
    expect(must(quote("Ghana", [item("Tie", 10)])).amount).toBe(950); // exactly 1 kg
    expect(must(quote("Ghana", [item("Tie", 11)])).amount).toBe(1500); // 1.1 kg
    expect(must(quote("Ghana", [item("Tie", 20)])).amount).toBe(1500); // exactly 2 kg
    expect(must(quote("Ghana", [item("Tie", 21)])).amount).toBe(2500);
    expect(must(quote("Ghana", [item("Tie", 50)])).amount).toBe(2500); // exactly 5 kg
    expect(must(quote("Ghana", [item("Tie", 51)])).amount).toBe(4500);
  });

  it("returns the full standard and express results", () => {
    const cart = [item("Navy Suit"), item("Silk Tie", 2)]; // 1.7 kg
    expect(quote("Ghana", cart, "standard")).toEqual({
      cost: "£15.00",
      amount: 1500,
      note: "Based on an estimated parcel weight of 1.7 kg",
      estimatedDays: "10-21 business days",
      carrier: "China Post",
      restricted: false,
      restrictionReason: null,
    });
    expect(quote("Ghana", cart, "express")).toEqual({
      cost: "£27.00",
      amount: 2700,
      note: "Based on an estimated parcel weight of 1.7 kg",
      estimatedDays: "5-12 business days",
      carrier: "DHL Express",
      restricted: false,
      restrictionReason: null,
    });
  });

  it("quotes an empty cart in the first tier", () => {
    expect(must(quote("India", [])).amount).toBe(325);
  });

  it("treats a destination it does not know as 'all other destinations'", () => {
    expect(must(quote("Atlantis", [item("Suit")])).amount).toBe(1500);
  });
});

describe("restricted destinations (storefront.md section 9)", () => {
  const supplier: string[] = ["North Korea", "Iran", "Syria", "Cuba", "Afghanistan"];
  const logistics: string[] = ["Somalia", "Yemen"];

  it("lists the seven restriction records with their ISO codes", () => {
    expect(SHIPPING_RESTRICTIONS).toEqual([
      { country: "North Korea", countryCode: "KP", restricted: true, reason: "Supplier policy restriction" },
      { country: "Iran", countryCode: "IR", restricted: true, reason: "Supplier policy restriction" },
      { country: "Syria", countryCode: "SY", restricted: true, reason: "Supplier policy restriction" },
      { country: "Cuba", countryCode: "CU", restricted: true, reason: "Supplier policy restriction" },
      { country: "Afghanistan", countryCode: "AF", restricted: true, reason: "Supplier policy restriction" },
      { country: "Somalia", countryCode: "SO", restricted: true, reason: "Logistics limitations" },
      { country: "Yemen", countryCode: "YE", restricted: true, reason: "Logistics limitations" },
    ]);
  });

  it.each([
    ...supplier.map((c) => [c, shippingMessages.supplierPolicyRestriction] as const),
    ...logistics.map((c) => [c, shippingMessages.logisticsLimitations] as const),
  ])("refuses %s (%s) for both methods", (country, reason) => {
    for (const method of ["standard", "express"] as const) {
      const result = must(quote(country, [item("Suit")], method));
      expect(result.restricted).toBe(true);
      expect(result.restrictionReason).toBe(reason);
      expect(result.amount).toBe(0);
      expect(result.note).toBe(checkout.shippingNotAvailable(country, reason));
    }
  });

  it("finds restrictions by alias and code, as the server reads a typed destination", () => {
    const restricted = (typed: string) => shippingRestriction(normaliseCountry(typed) ?? typed);
    expect(restricted("DPRK")?.country).toBe("North Korea");
    expect(restricted("Democratic People's Republic of Korea")?.country).toBe("North Korea");
    expect(restricted("Islamic Republic of Iran")?.country).toBe("Iran");
    expect(restricted("Syrian Arab Republic")?.country).toBe("Syria");
    expect(restricted("ye")?.reason).toBe("Logistics limitations");
    expect(restricted(" cuba ")?.countryCode).toBe("CU");
    expect(chooseShipping("dprk", [item("Suit")], "standard")).toEqual({ ok: false, message: checkout.cannotShipTo("North Korea") });
  });

  it("does not restrict anywhere else", () => {
    expect(shippingRestriction("South Korea")).toBeNull();
    expect(shippingRestriction("Iraq")).toBeNull();
    expect(shippingRestriction("United Kingdom")).toBeNull();
    expect(shippingRestriction("")).toBeNull();
    expect(shippingRestriction("Atlantis")).toBeNull();
  });

  it("writes the spec's restriction note", () => {
    expect(must(quote("Yemen")).note).toBe("Shipping not available to Yemen: Logistics limitations");
  });
});

// The server reads a typed destination (the quote API, a provider's address) before the rules see
// it, through chooseShipping; the checkout page's select offers only listed names.
describe("country matching", () => {
  const quote = (typed: string, items = [item("Leather Belt")], method: "standard" | "express" = "standard") => {
    const choice = chooseShipping(typed, items, method);
    return choice.ok ? choice.quote : null;
  };

  it.each(["UK", "uk", "GB", "gb", "Great Britain", "England", "united kingdom", " United Kingdom ", "U.K."])(
    "%s is the United Kingdom",
    (country) => {
      expect(must(quote(country)).note).toBe("Free standard shipping to the United Kingdom");
    },
  );

  it.each(["USA", "usa", "US", "us", "United States of America", "UNITED STATES", "U.S.A."])("%s is the United States", (country) => {
    expect(must(quote(country)).estimatedDays).toBe("8-16 business days");
  });

  it("matches codes, accents and alternative names", () => {
    expect(must(quote("DE")).amount).toBe(0);
    expect(must(quote("Czech Republic")).amount).toBe(0);
    expect(must(quote("the Netherlands")).amount).toBe(0);
    expect(must(quote("hong kong")).amount).toBe(550);
    expect(must(quote("HK", undefined, "express")).amount).toBe(1250);
    expect(must(quote("new zealand")).amount).toBe(900);
  });

  it("uses the default country, the United Kingdom, when none is given (storefront.md section 3)", () => {
    expect(DEFAULT_COUNTRY).toBe("United Kingdom");
    const rules = (country: string) => quoteShipping({ country, items: [item("Leather Belt")] }, "standard");
    expect(rules("")).toEqual(rules("United Kingdom"));
    expect(rules("   ")).toEqual(rules("United Kingdom"));
  });
});

describe("quoteAllShipping", () => {
  it("quotes standard only in a free zone", () => {
    expect(quoteAllShipping({ country: "United Kingdom", items: [item("Suit")] })).toEqual({
      standard: quote("United Kingdom", [item("Suit")]),
      express: null,
      restricted: false,
      restrictionReason: null,
    });
  });

  it("quotes both methods elsewhere", () => {
    const all = quoteAllShipping({ country: "Canada", items: [item("Suit")] });
    expect(all.standard.amount).toBe(750);
    expect(all.express?.amount).toBe(1650);
    expect(all.restricted).toBe(false);
  });

  it("reports a restriction at the top level", () => {
    const all = quoteAllShipping({ country: "Somalia", items: [item("Suit")] });
    expect(all.restricted).toBe(true);
    expect(all.restrictionReason).toBe("Logistics limitations");
    expect(all.standard.restricted).toBe(true);
    expect(all.express?.restricted).toBe(true);
  });
});

describe("COUNTRIES", () => {
  it("is alphabetical, without repeats, and holds the 193 UN members and the other places post reaches", () => {
    expect([...COUNTRIES].sort((a, b) => a.localeCompare(b, "en"))).toEqual(COUNTRIES);
    expect(new Set(COUNTRIES).size).toBe(COUNTRIES.length);
    expect(COUNTRIES.length).toBeGreaterThanOrEqual(193);
    // ISO 3166-1 has 249 entries, some uninhabited (Bouvet Island, Heard Island).
    expect(COUNTRIES.length).toBeLessThan(249);
  });

  it("holds every country the shipping rules name, under the same spelling", () => {
    const named = [
      DEFAULT_COUNTRY,
      "United States",
      ...EU_COUNTRIES,
      ...Object.keys(FIXED_RATE_SHIPPING),
      ...SHIPPING_RESTRICTIONS.map((r) => r.country),
    ];
    for (const country of named) expect(COUNTRIES, country).toContain(country);
  });
});

describe("SHIPPING_NOTICE", () => {
  it("says the payment provider calculates the final shipping", () => {
    expect(SHIPPING_NOTICE).toBe(shippingMessages.notice);
    expect(SHIPPING_NOTICE).toMatch(/final shipping cost is calculated by our payment provider/);
  });
});
