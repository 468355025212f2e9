import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parse } from "csv-parse/sync";
import { afterEach, describe, expect, it } from "vitest";
import { isValidImageUrl } from "../../domain/images.ts";
import { kaftanDiscountPercentage } from "../../domain/kaftan.ts";
import { normaliseSuitColours } from "../../domain/suit-colours.ts";
import {
  readSeedCatalogue,
  readSeedCategory,
  SEED_CATEGORIES,
  SEED_CATEGORY_FILES,
  SEED_IMAGE_URL_PREFIX,
  type SeedProduct,
} from "./seed-catalogue.server.ts";

const SEED_DIR = fileURLToPath(new URL("../../../seed/", import.meta.url));
const DATA_DIR = path.join(SEED_DIR, "data");
const IMAGES_DIR = path.join(SEED_DIR, "images");

const catalogue = readSeedCatalogue();
const inCategory = (category: string) => catalogue.filter((product) => product.category === category);
const byName = (name: string): SeedProduct => {
  const product = catalogue.find((candidate) => candidate.name === name);
  if (!product) throw new Error(`no seed product named ${name}`);
  return product;
};

const tempDirs: string[] = [];
afterEach(() => {
  for (const dir of tempDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A copy of seed/data in a temp dir, with one file replaced. */
function seedDirWith(file: string, content: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), "seed-"));
  tempDirs.push(dir);
  cpSync(DATA_DIR, path.join(dir, "data"), { recursive: true });
  writeFileSync(path.join(dir, "data", file), content);
  return dir;
}

describe("the seed catalogue", () => {
  it("has every category, stored exactly, with the spec's counts", () => {
    expect(new Set(catalogue.map((product) => product.category))).toEqual(new Set(SEED_CATEGORIES));
    expect(SEED_CATEGORIES).toEqual([
      "suits",
      "blazers",
      "shirts",
      "shoes",
      "ties",
      "kaftan",
      "Traditional Wear",
      "denim",
      "white-wear",
      "accessories",
    ]);
    expect(inCategory("suits")).toHaveLength(8);
    expect(inCategory("ties")).toHaveLength(9);
    expect(inCategory("denim")).toHaveLength(17);
    expect(inCategory("kaftan").length).toBeGreaterThanOrEqual(15);
    for (const category of ["blazers", "shirts", "shoes", "Traditional Wear", "white-wear", "accessories"]) {
      expect(inCategory(category).length, category).toBeGreaterThanOrEqual(6);
    }
  });

  it("gives every product a different name, ignoring case", () => {
    const names = catalogue.map((product) => product.name.trim().toLowerCase());
    expect(new Set(names).size).toBe(names.length);
  });

  it("prices in whole positive pence, with any original price above the price (a shirt's may equal it)", () => {
    for (const product of catalogue) {
      expect(Number.isInteger(product.pricePence) && product.pricePence > 0, product.name).toBe(true);
      if (product.originalPricePence != null) {
        expect(Number.isInteger(product.originalPricePence), product.name).toBe(true);
        // admin.md section 5: a shirt's original price falls back to its price.
        if (product.category === "shirts") expect(product.originalPricePence, product.name).toBeGreaterThanOrEqual(product.pricePence);
        else expect(product.originalPricePence, product.name).toBeGreaterThan(product.pricePence);
      }
    }
    // Base prices are pounds x 100: the Kensington suit is £199.00, its original £249.00.
    expect(byName("Kensington Navy Two-Piece Suit")).toMatchObject({ pricePence: 19900, originalPricePence: 24900 });
  });

  it("fills the fields a storefront and the admin screens read", () => {
    for (const product of catalogue) {
      expect(product.description?.trim(), product.name).toBeTruthy();
      expect(product.availableColors?.length, product.name).toBeGreaterThan(0);
      expect(product.availableSizes?.length, product.name).toBeGreaterThan(0);
      expect(product.inStock, product.name).toBe(true);
      expect(product.isActive, product.name).toBe(true);
      expect(Number.isInteger(product.stock) && (product.stock ?? 0) > 0, product.name).toBe(true);
      if (product.rating != null) {
        expect(product.rating, product.name).toBeGreaterThanOrEqual(0);
        expect(product.rating, product.name).toBeLessThanOrEqual(5);
        expect(Math.round(product.rating * 10), product.name).toBe(product.rating * 10);
      }
    }
  });

  it("gives every product at least two local images that exist in seed/images", () => {
    for (const product of catalogue) {
      const images = product.productImages ?? [];
      expect(images.length, product.name).toBeGreaterThanOrEqual(2);
      expect(product.productGallery, product.name).toEqual(images);
      expect(product.image, product.name).toBe(images[0]);
      for (const url of images) {
        expect(url.startsWith("/images/products/"), url).toBe(true);
        expect(isValidImageUrl(url), url).toBe(true);
        expect(existsSync(path.join(IMAGES_DIR, url.slice(SEED_IMAGE_URL_PREFIX.length))), url).toBe(true);
      }
    }
  });

  it("ships no image that no product uses, and keeps the images small", () => {
    const used = new Set(catalogue.flatMap((product) => product.productImages ?? []));
    const files = readdirSync(IMAGES_DIR).filter((file) => file.endsWith(".svg"));
    expect(files.map((file) => `${SEED_IMAGE_URL_PREFIX}${file}`).filter((url) => !used.has(url))).toEqual([]);
    const total = readdirSync(IMAGES_DIR).reduce((sum, file) => sum + statSync(path.join(IMAGES_DIR, file)).size, 0);
    expect(total).toBeLessThan(1.5 * 1024 * 1024);
  });

  it("has images that are self-contained SVG illustrations with a title", () => {
    for (const file of readdirSync(IMAGES_DIR)) {
      const svg = readFileSync(path.join(IMAGES_DIR, file), "utf8");
      expect(svg, file).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 800 1000" role="img"/);
      expect(svg, file).toMatch(/<title id="t">[^<]+<\/title>/);
      // The only URL allowed is the SVG namespace: no external images, fonts or raster data.
      expect(svg.replace('xmlns="http://www.w3.org/2000/svg"', ""), file).not.toMatch(/https?:|data:|<image|<text|@import/i);
    }
  });

  it("never points at the internet", () => {
    for (const file of readdirSync(DATA_DIR)) {
      const text = readFileSync(path.join(DATA_DIR, file), "utf8");
      expect(text, file).not.toContain("http://");
      expect(text, file).not.toContain("https://");
    }
    const loaded = JSON.stringify(catalogue);
    expect(loaded).not.toContain("http://");
    expect(loaded).not.toContain("https://");
    for (const product of catalogue) {
      if (product.productUrl != null) expect(product.productUrl, product.name).toMatch(/^\/[^/\\]/);
    }
  });

  it("is reproducible: reading it twice gives the same products", () => {
    expect(readSeedCatalogue()).toEqual(catalogue);
  });
});

describe("suits.csv", () => {
  it("has at least 16 columns on every row", () => {
    const rows = parse(readFileSync(path.join(DATA_DIR, "suits.csv"), "utf8"), { skip_empty_lines: true, relax_column_count: true });
    expect(rows.length).toBe(9); // header + 8 suits
    for (const row of rows) expect(row.length).toBeGreaterThanOrEqual(16);
  });

  it("lists normalised suit colours", () => {
    expect(byName("Kensington Navy Two-Piece Suit").availableColors).toEqual(["Navy", "Charcoal"]);
    expect(byName("Henley Khaki Linen Suit").availableColors).toEqual(["Brown", "White", "Navy"]);
    expect(byName("Accra Traditional Print Three-Piece").availableColors).toEqual(["Multicolor", "Navy"]);
    expect(byName("Camden Denim Blue Cotton Suit").availableColors).toEqual(["Blue", "Charcoal"]);
    expect(byName("Belgravia Cream Wedding Suit").availableColors).toEqual(["White", "Brown"]);
    for (const suit of inCategory("suits")) {
      const colours = suit.availableColors ?? [];
      expect(normaliseSuitColours(colours), suit.name).toEqual(colours);
    }
  });

  it("keeps the CSV's specifications, sales and discount", () => {
    const suit = byName("Kensington Navy Two-Piece Suit");
    expect(suit.specifications).toEqual({
      material: "Super 110s wool",
      pattern: "Solid",
      occasion: "Business, weddings",
      care: "Dry clean only",
    });
    expect(suit).toMatchObject({ soldQuantity: 1240, numberOfSales: 1240, discountPercentage: 20, reviewCount: 312, rating: 4.7 });
    expect(suit.availableSizes).toContain("40R");
  });

  it("rejects a row with fewer than 16 columns, naming the file and row", () => {
    const header = readFileSync(path.join(DATA_DIR, "suits.csv"), "utf8").split("\n")[0];
    const dir = seedDirWith("suits.csv", `${header}\nShort Suit,/product-source/short-suit,199.00,,,,4.5,10,Navy,40R,A suit.,Wool,Solid,Business\n`);
    expect(() => readSeedCatalogue(dir)).toThrow(/suits\.csv row 1 \("Short Suit"\).*14 columns.*at least 16/);
    expect(() => readSeedCategory("suits", dir)).toThrow(/suits\.csv/);
  });

  it("rejects a discount that does not match the prices", () => {
    const text = readFileSync(path.join(DATA_DIR, "suits.csv"), "utf8").replace(",199.00,249.00,20,", ",199.00,249.00,35,");
    expect(() => readSeedCategory("suits", seedDirWith("suits.csv", text))).toThrow(/suits\.csv row 1 .*discount/);
  });
});

describe("JSON seed files", () => {
  it("reject a malformed row with the file, row and field", () => {
    const rows = JSON.parse(readFileSync(path.join(DATA_DIR, "ties.json"), "utf8")) as Record<string, unknown>[];
    rows[2] = { ...rows[2], price: -4 };
    const dir = seedDirWith("ties.json", JSON.stringify(rows));
    expect(() => readSeedCategory("ties", dir)).toThrow(/seed\/data\/ties\.json row 3 \("Pall Mall Pin Dot Tie"\): price/);
  });

  it("reject an image that is not a local product image", () => {
    const lines = readFileSync(path.join(DATA_DIR, "shoes.csv"), "utf8").split("\n");
    lines[1] = lines[1]!.replace("/images/products/hampton-cap-toe-oxford-1.svg", "https://example.com/a.jpg");
    expect(() => readSeedCategory("shoes", seedDirWith("shoes.csv", lines.join("\n")))).toThrow(/shoes\.csv row 1 .*images\.0/);
  });

  it("reject an unknown field, so a typo cannot silently drop data", () => {
    const rows = JSON.parse(readFileSync(path.join(DATA_DIR, "kaftan.json"), "utf8")) as Record<string, unknown>[];
    rows[0] = { ...rows[0], colour: ["Red"] };
    expect(() => readSeedCategory("kaftan", seedDirWith("kaftan.json", JSON.stringify(rows)))).toThrow(/kaftan\.json row 1/);
  });

  it("reject a duplicate name across the catalogue", () => {
    const rows = JSON.parse(readFileSync(path.join(DATA_DIR, "blazers.json"), "utf8")) as Record<string, unknown>[];
    rows[0] = { ...rows[0], name: "burlington navy silk tie" };
    expect(() => readSeedCatalogue(seedDirWith("blazers.json", JSON.stringify(rows)))).toThrow(/Duplicate seed product name/);
  });
});

describe("per-category defaults (admin.md section 9)", () => {
  it("shoes: sizes 7-12, colours Black, Brown, Navy, Tan, original price 1.2 x price, stock 10-59", () => {
    const brogue = byName("Radcliffe Full Brogue");
    expect(brogue.availableColors).toEqual(["Black", "Brown", "Navy", "Tan"]);
    expect(brogue.availableSizes).toEqual(["7", "8", "9", "10", "11", "12"]);
    expect(brogue.originalPricePence).toBe(Math.round(brogue.pricePence * 1.2));
    expect(brogue.discountPercentage).toBe(17);
    for (const shoe of inCategory("shoes")) {
      expect(shoe.originalPricePence, shoe.name).toBeGreaterThan(shoe.pricePence);
    }
  });

  it("accessories: One Size, Silver, Gold, Black, Rose Gold, original price 1.2 x price", () => {
    const tieBar = byName("Brushed Tie Bar");
    expect(tieBar.availableColors).toEqual(["Silver", "Gold", "Black", "Rose Gold"]);
    expect(tieBar.availableSizes).toEqual(["One Size"]);
    expect(tieBar.originalPricePence).toBe(Math.round(tieBar.pricePence * 1.2));
    expect(byName("Sterling Round Cufflinks").availableSizes).toEqual(["One Size"]);
  });

  it("white-wear: White, Black, Blue, Gray and S-XXL when a row leaves them out", () => {
    const shirt = byName("Everyday Cotton Poplin Shirt");
    expect(shirt.availableColors).toEqual(["White", "Black", "Blue", "Gray"]);
    expect(shirt.availableSizes).toEqual(["S", "M", "L", "XL", "XXL"]);
  });

  it("shirts: rating 4.5 when not given, stock 100", () => {
    expect(byName("Poplin Formal Shirt with Double Cuffs").rating).toBe(4.5);
    for (const shirt of inCategory("shirts")) expect(shirt.stock, shirt.name).toBe(100);
  });

  it("denim: Blue, M/L/XL, rating 4, Unknown Store, standard shipping and returns, stock 50", () => {
    expect(byName("Classic Western Denim Shirt")).toMatchObject({
      availableColors: ["Blue"],
      availableSizes: ["M", "L", "XL"],
      rating: 4,
      storeName: "Unknown Store",
      shippingInformation: "Standard shipping",
      shippingInfo: "Standard shipping",
      returnRefundPolicy: "Standard return policy",
    });
    for (const denim of inCategory("denim")) expect(denim.stock, denim.name).toBe(50);
  });

  it("ties: One Size, rating 4.5, Fashion Store, free shipping, returns and a tags list", () => {
    expect(byName("Regent Burgundy Repp Stripe Tie")).toMatchObject({
      availableSizes: ["One Size"],
      rating: 4.5,
      storeName: "Fashion Store",
      shippingInformation: "Free shipping",
      returnRefundPolicy: "Return policy available",
    });
    expect(byName("Regent Burgundy Repp Stripe Tie").tags?.length).toBeGreaterThan(0);
    expect(byName("Fleet Street Grenadine Tie").storeName).toBe("Harlow & Finch Tailoring");
  });

  it("stock: 10-59 for shoes, accessories and white-wear, 50 for kaftan", () => {
    for (const product of [...inCategory("shoes"), ...inCategory("accessories"), ...inCategory("white-wear")]) {
      expect(product.stock, product.name).toBeGreaterThanOrEqual(10);
      expect(product.stock, product.name).toBeLessThanOrEqual(59);
    }
    expect(new Set(inCategory("shoes").map((shoe) => shoe.stock)).size).toBeGreaterThan(1);
    for (const kaftan of inCategory("kaftan")) expect(kaftan.stock, kaftan.name).toBe(50);
  });

  it("kaftan discount percentage comes from kaftanDiscountPercentage", () => {
    for (const kaftan of inCategory("kaftan")) {
      expect(kaftan.discountPercentage, kaftan.name).toBe(kaftanDiscountPercentage(kaftan.pricePence, kaftan.originalPricePence ?? null));
    }
    expect(byName("Lagos Embroidered Cotton Kaftan").discountPercentage).toBe(21);
    expect(byName("Ibadan Minimal Kaftan").discountPercentage).toBeNull();
  });

  it("reads the sold count from the sold text", () => {
    expect(byName("Tapered Stretch Jeans").soldQuantity).toBe(4120);
    expect(byName("Savoy Black Dinner Suit").soldQuantity).toBe(0);
  });
});

describe("readSeedCategory", () => {
  it("returns one category's products, as in the whole catalogue", () => {
    for (const category of SEED_CATEGORIES) {
      expect(readSeedCategory(category), category).toEqual(inCategory(category));
    }
  });

  it("matches the category without case and stores the canonical spelling", () => {
    expect(readSeedCategory("Kaftan").every((product) => product.category === "kaftan")).toBe(true);
    expect(readSeedCategory("traditional wear")[0]?.category).toBe("Traditional Wear");
  });

  it("rejects an unknown category", () => {
    expect(() => readSeedCategory("hats")).toThrow(/Unknown seed category "hats"/);
  });

  it("maps every category to a file in seed/data", () => {
    for (const file of Object.values(SEED_CATEGORY_FILES)) expect(existsSync(path.join(DATA_DIR, file)), file).toBe(true);
  });
});
