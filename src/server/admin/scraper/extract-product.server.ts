// What a supplier's product page says about its product (issue 13 "URL scraper"): schema.org
// Product JSON-LD first (including @graph and arrays, offers with price and priceCurrency), then
// Open Graph and product meta tags, then microdata; each field from the first source that has it.
// Pure: HTML text in, plain data out (unit-tested beside this file). cheerio (parse5 underneath)
// reads the page as a browser would, broken markup and character references included.
import * as cheerio from "cheerio";

export type ProductSource = "json-ld" | "open-graph" | "microdata";

export type ExtractedProduct = {
  name: string | null;
  /** The price as the page writes it, normalised to a plain decimal ("1299.00"). */
  price: string | null;
  currency: string | null;
  /** Absolute http(s) URL, resolved against the page's address. */
  image: string | null;
  description: string | null;
  /** The page's own category or breadcrumb text, a hint for choosing ours. */
  pageCategory: string | null;
  /** Where the name came from; null when the page describes no product. */
  source: ProductSource | null;
};

type Fields = Omit<ExtractedProduct, "source">;
const EMPTY: Fields = { name: null, price: null, currency: null, image: null, description: null, pageCategory: null };

// A page is at most 2 MB, but a JSON-LD block can nest deeply: bound the walk.
const MAX_JSON_NODES = 5_000;
const MAX_JSON_DEPTH = 12;

function clean(value: unknown): string | null {
  if (typeof value !== "string" && typeof value !== "number") return null;
  const text = String(value).replace(/\s+/g, " ").trim();
  return text === "" ? null : text;
}

/**
 * "£1,299.00", "1.299,00 €", "49,99", 49.9 -> "1299.00", "1299.00", "49.99", "49.90". The last
 * "." or "," followed by one or two digits at the end is the decimal point; other separators are
 * thousands. Null when no positive amount is there.
 */
export function normalisePrice(value: unknown): string | null {
  if (typeof value === "number") return Number.isFinite(value) && value > 0 ? value.toFixed(2) : null;
  if (typeof value !== "string") return null;
  const digits = value.replace(/[^\d.,]/g, "");
  const match = /^(.*?)(?:[.,](\d{1,2}))?$/.exec(digits);
  if (!match) return null;
  const whole = (match[1] ?? "").replace(/[.,]/g, "");
  if (!/^\d+$/.test(whole) && !(whole === "" && match[2])) return null;
  const pence = (match[2] ?? "").padEnd(2, "0");
  const amount = `${whole === "" ? "0" : String(Number(whole))}.${pence}`;
  return Number(amount) > 0 ? amount : null;
}

function absoluteUrl(value: string | null, base: string): string | null {
  if (value === null) return null;
  try {
    const url = new URL(value, base);
    return url.protocol === "http:" || url.protocol === "https:" ? url.href : null;
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------------------------------------
// JSON-LD
// ---------------------------------------------------------------------------------------------

function typesOf(node: Record<string, unknown>): string[] {
  const type = node["@type"];
  const list = Array.isArray(type) ? type : [type];
  return list.filter((t): t is string => typeof t === "string").map((t) => t.replace(/^(?:https?:\/\/schema\.org\/|schema:)/i, "").toLowerCase());
}

function isProductNode(node: Record<string, unknown>): boolean {
  return typesOf(node).some((type) => type === "product" || type === "productgroup" || type === "individualproduct" || type === "productmodel");
}

/** Every object in a JSON-LD value, depth first: arrays, @graph, and nested values. */
function* jsonNodes(value: unknown, depth = 0, budget = { left: MAX_JSON_NODES }): Generator<Record<string, unknown>> {
  if (depth > MAX_JSON_DEPTH || budget.left <= 0) return;
  if (Array.isArray(value)) {
    for (const item of value) yield* jsonNodes(item, depth + 1, budget);
    return;
  }
  if (value === null || typeof value !== "object") return;
  budget.left--;
  const node = value as Record<string, unknown>;
  yield node;
  for (const [key, child] of Object.entries(node)) {
    if (key === "@context") continue;
    if (child !== null && typeof child === "object") yield* jsonNodes(child, depth + 1, budget);
  }
}

function firstText(value: unknown): string | null {
  if (Array.isArray(value)) {
    for (const item of value) {
      const text = firstText(item);
      if (text) return text;
    }
    return null;
  }
  if (value !== null && typeof value === "object") {
    const node = value as Record<string, unknown>;
    return clean(node.url) ?? clean(node.contentUrl) ?? clean(node["@id"]) ?? clean(node.name);
  }
  return clean(value);
}

function offerPrice(offers: unknown): { price: string | null; currency: string | null } {
  for (const offer of jsonNodes(offers)) {
    const spec = offer.priceSpecification;
    const specNode = (Array.isArray(spec) ? spec[0] : spec) as Record<string, unknown> | undefined;
    const price = normalisePrice(offer.price) ?? normalisePrice(offer.lowPrice) ?? normalisePrice(specNode?.price);
    if (price) return { price, currency: clean(offer.priceCurrency) ?? clean(specNode?.priceCurrency) };
  }
  return { price: null, currency: null };
}

function parseJsonLd(text: string): unknown {
  // Some sites wrap the block in an HTML comment or CDATA section.
  const trimmed = text.trim().replace(/^<!--|-->$/g, "").replace(/^\/\/\s*<!\[CDATA\[|\/\/\s*\]\]>$/g, "").trim();
  try {
    return JSON.parse(trimmed) as unknown;
  } catch {
    return null;
  }
}

function fromJsonLd(blocks: readonly string[]): Fields | null {
  for (const block of blocks) {
    const data = parseJsonLd(block);
    for (const node of jsonNodes(data)) {
      if (!isProductNode(node)) continue;
      const name = clean(node.name);
      if (!name) continue;
      const { price, currency } = offerPrice(node.offers);
      const category = firstText(node.category);
      return {
        name,
        price,
        currency,
        image: firstText(node.image),
        description: clean(node.description),
        pageCategory: category,
      };
    }
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// Open Graph and product meta tags
// ---------------------------------------------------------------------------------------------

function fromMeta(meta: ReadonlyMap<string, string>): Fields {
  const get = (...keys: string[]) => {
    for (const key of keys) {
      const value = clean(meta.get(key));
      if (value) return value;
    }
    return null;
  };
  const fields: Fields = {
    name: get("og:title", "twitter:title"),
    price: normalisePrice(get("product:price:amount", "og:price:amount", "product:sale_price:amount")),
    currency: get("product:price:currency", "og:price:currency"),
    image: get("og:image:secure_url", "og:image:url", "og:image", "twitter:image"),
    description: get("og:description", "twitter:description", "description"),
    pageCategory: get("product:category", "article:section"),
  };
  return fields;
}

// ---------------------------------------------------------------------------------------------
// Microdata
// ---------------------------------------------------------------------------------------------

const PRODUCT_ITEM_TYPE = /schema\.org\/(?:Product|ProductGroup|IndividualProduct)$/i;

function fromMicrodata($: cheerio.CheerioAPI): Fields | null {
  const product = $("[itemscope][itemtype]")
    .filter((_, element) => ($(element).attr("itemtype") ?? "").split(/\s+/).some((type) => PRODUCT_ITEM_TYPE.test(type.replace(/\/+$/, ""))))
    .first();
  if (product.length === 0) return null;
  const fields: Fields = { ...EMPTY };
  product.find("[itemprop]").each((_, element) => {
    const node = $(element);
    // The item a property belongs to is its nearest ancestor with itemscope. Names, pictures and
    // descriptions of nested items (a Brand's name, a Review's text) are not the product's; the
    // price may sit in a nested Offer.
    const owner = node.parent().closest("[itemscope]");
    const own = owner.length > 0 && owner.get(0) === product.get(0);
    const value =
      node.attr("content") ??
      (element.tagName === "img" ? node.attr("src") : undefined) ??
      (element.tagName === "link" || element.tagName === "a" ? node.attr("href") : undefined) ??
      (element.tagName === "data" || element.tagName === "meter" ? node.attr("value") : undefined) ??
      (node.is("[itemscope]") ? undefined : node.text());
    if (value === undefined) return;
    for (const prop of (node.attr("itemprop") ?? "").toLowerCase().split(/\s+/)) {
      if (prop === "name" && own) fields.name ??= clean(value);
      else if (prop === "description" && own) fields.description ??= clean(value);
      else if (prop === "image" && own) fields.image ??= clean(value);
      else if (prop === "category" && own) fields.pageCategory ??= clean(value);
      else if (prop === "price" || prop === "lowprice") fields.price ??= normalisePrice(value);
      else if (prop === "pricecurrency") fields.currency ??= clean(value);
    }
  });
  return fields.name ? fields : null;
}

// ---------------------------------------------------------------------------------------------

function merge(...sources: (Fields | null)[]): Fields {
  const result: Fields = { ...EMPTY };
  for (const source of sources) {
    if (!source) continue;
    for (const key of Object.keys(result) as (keyof Fields)[]) result[key] ??= source[key];
  }
  return result;
}

/** The product a page describes, each field from the first source (JSON-LD, meta tags, microdata) that has it. */
export function extractProduct(html: string, pageUrl: string): ExtractedProduct {
  const $ = cheerio.load(html);
  const jsonLd: string[] = [];
  $("script[type]").each((_, element) => {
    const type = ($(element).attr("type") ?? "").split(";")[0]!.trim().toLowerCase();
    if (type === "application/ld+json") jsonLd.push($(element).text());
  });
  const meta = new Map<string, string>();
  $("meta[content]").each((_, element) => {
    const tag = $(element);
    // Microdata's <meta itemprop> belongs to its item, not to the page.
    if (tag.is("[itemprop]")) return;
    const key = (tag.attr("property") ?? tag.attr("name") ?? "").trim().toLowerCase();
    // The first of a repeated tag wins (og:image is often repeated for a gallery).
    if (key !== "" && !meta.has(key)) meta.set(key, tag.attr("content") ?? "");
  });
  const fromLd = fromJsonLd(jsonLd);
  const fromOg = fromMeta(meta);
  const fromMd = fromMicrodata($);
  const source: ProductSource | null = fromLd ? "json-ld" : fromOg.name ? "open-graph" : fromMd ? "microdata" : null;
  const merged = merge(fromLd, fromOg, fromMd);
  return { ...merged, image: absoluteUrl(merged.image, pageUrl), source };
}
