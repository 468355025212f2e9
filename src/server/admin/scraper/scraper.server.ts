// The product URL scraper (admin.md sections 2, 5, 7 "scrape-product-url" and "Save a scraped
// product", 8): read a supplier's product page through the SSRF-safe fetch, take its product
// data, copy its picture (fetched under the same rules, re-encoded with sharp), and save the
// result as a product with the spec's fields. Decision 031 (network rules), 032 (pictures).
import { sql } from "drizzle-orm";
import sharp from "sharp";
import { guessScrapedCategory } from "../../../domain/admin/scraped-category.ts";
import { isBlankUrl, scrapedProductSchema } from "../../../domain/admin/scraped-product.ts";
import type { CategoryValue } from "../../../domain/categories.ts";
import { scraper } from "../../../domain/messages/admin.ts";
import { requestErrors } from "../../../domain/messages/requests.ts";
import { firstIssueMessage, parseRequest } from "../../../domain/schemas.ts";
import { penceToPounds } from "../../../domain/money.ts";
import { poundsToPence } from "../../../domain/pounds-input.ts";
import { withDerivedFields } from "../../catalog/product-fields.server.ts";
import type { Database } from "../../db/client.server.ts";
import { products } from "../../db/schema.ts";
import type { AdminViewer } from "../admin-guard.server.ts";
import { recordAdminAction } from "../audit/audit.server.ts";
import { extractProduct, type ProductSource } from "./extract-product.server.ts";
import { safeFetch, type FetchRefusal, type Resolver } from "./safe-fetch.server.ts";
import { diskImageStore, scrapedImageFolder, type ProductImageStore } from "./scraped-image-store.server.ts";

export const SCRAPE_LIMITS = {
  pageBytes: 2_000_000,
  imageBytes: 8_000_000,
  /** Each fetch (the page, then its picture), redirects included. */
  timeoutMs: 10_000,
  maxRedirects: 3,
  /** sharp refuses pictures above this many pixels before decoding them (a "pixel bomb"). */
  imagePixels: 40_000_000,
  /** Longest side of the stored picture. */
  imageEdge: 1600,
  urlLength: 2048,
} as const;

export type ScrapeLimits = { [K in keyof typeof SCRAPE_LIMITS]: number };

export type ScraperSettings = {
  images: ProductImageStore;
  /** The test switch (SCRAPER_ALLOW_HOSTS); empty in production. */
  allowHosts?: ReadonlySet<string>;
  resolve?: Resolver;
  limits?: Partial<ScrapeLimits>;
};

/** admin.md section 3 "Scraped product preview"; price in pounds as the spec's 'Price (GBP)'. */
export type ScrapedProduct = {
  name: string;
  price: number;
  image: string;
  category: CategoryValue | "";
  description: string;
  url: string;
  source: ProductSource;
};

export type ScrapeAnswer =
  | { success: true; product: ScrapedProduct; notice: string | null }
  | { success: false; error: string; status: 400 | 422 };

const HTTP_SCHEMES = new Set(["http:", "https:"]);

function refusalMessage(refusal: FetchRefusal, detail: string | undefined, limits: ScrapeLimits, maxBytes: number, kind: "page" | "image"): string {
  switch (refusal) {
    case "invalid_url":
      return scraper.invalidUrl;
    case "scheme":
      return scraper.onlyHttp;
    case "credentials":
      return scraper.credentials;
    case "port":
      return scraper.port;
    case "private_address":
      return scraper.privateAddress;
    case "dns":
      return scraper.dnsFailed;
    case "connect":
      return scraper.connectFailed;
    case "timeout":
      return scraper.timedOut(Math.round(limits.timeoutMs / 100) / 10);
    case "too_large":
      return scraper.tooLarge(Math.round(maxBytes / 100_000) / 10);
    case "content_type":
      return kind === "page" ? scraper.notHtml(detail ?? "another type") : scraper.notImage(detail ?? "another type");
    case "too_many_redirects":
      return scraper.tooManyRedirects(limits.maxRedirects);
    case "http_status":
      return scraper.httpStatus(detail ?? "an error");
  }
}

function decodePage(body: Buffer, charset: string | null): string {
  // The header's charset, else a <meta charset> near the top, else UTF-8.
  const declared = charset ?? /<meta[^>]+charset\s*=\s*["']?([\w.:-]+)/i.exec(body.subarray(0, 2048).toString("latin1"))?.[1] ?? "utf-8";
  try {
    return new TextDecoder(declared).decode(body);
  } catch {
    return new TextDecoder("utf-8").decode(body);
  }
}

/** The URL as typed, or the refusal: blank or unparseable is the spec's "Please enter a valid URL". */
function parseTypedUrl(input: unknown): { url: string } | { error: string; status: 400 | 422 } {
  if (isBlankUrl(input)) return { error: scraper.invalidUrl, status: 400 };
  const text = (input as string).trim();
  if (text.length > SCRAPE_LIMITS.urlLength) return { error: scraper.invalidUrl, status: 400 };
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { error: scraper.invalidUrl, status: 400 };
  }
  if (!HTTP_SCHEMES.has(url.protocol)) return { error: scraper.onlyHttp, status: 422 };
  if (url.hostname === "") return { error: scraper.invalidUrl, status: 400 };
  return { url: url.href };
}

async function copyPicture(settings: ScraperSettings, limits: ScrapeLimits, imageUrl: string): Promise<{ url: string } | { error: string }> {
  const fetched = await safeFetch(imageUrl, {
    accept: "image",
    maxBytes: limits.imageBytes,
    timeoutMs: limits.timeoutMs,
    maxRedirects: limits.maxRedirects,
    allowHosts: settings.allowHosts,
    resolve: settings.resolve,
  });
  if (!fetched.ok) return { error: refusalMessage(fetched.refusal, fetched.detail, limits, limits.imageBytes, "image") };
  try {
    // Re-encoding drops whatever else the file carried (metadata, trailing data, animation frames).
    const webp = await sharp(fetched.body, { limitInputPixels: limits.imagePixels, animated: false, failOn: "error" })
      .rotate()
      .resize({ width: limits.imageEdge, height: limits.imageEdge, fit: "inside", withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer();
    return { url: await settings.images.put(webp, "webp") };
  } catch {
    return { error: scraper.notImage(fetched.contentType) };
  }
}

/** POST /api/admin/products/scrape: never throws; every failure is `success: false` with a reason. */
export async function scrapeProductPage(settings: ScraperSettings, input: unknown): Promise<ScrapeAnswer> {
  const limits: ScrapeLimits = { ...SCRAPE_LIMITS, ...settings.limits };
  const typed = parseTypedUrl(input);
  if ("error" in typed) return { success: false, error: typed.error, status: typed.status };
  const page = await safeFetch(typed.url, {
    accept: "html",
    maxBytes: limits.pageBytes,
    timeoutMs: limits.timeoutMs,
    maxRedirects: limits.maxRedirects,
    allowHosts: settings.allowHosts,
    resolve: settings.resolve,
  });
  if (!page.ok) {
    const status = page.refusal === "invalid_url" ? 400 : 422;
    return { success: false, error: refusalMessage(page.refusal, page.detail, limits, limits.pageBytes, "page"), status };
  }
  const found = extractProduct(decodePage(page.body, page.charset), page.url);
  if (found.source === null || found.name === null) return { success: false, error: scraper.noProduct, status: 422 };
  const pence = found.price === null ? null : poundsToPence(found.price);
  if (pence === null || pence <= 0) return { success: false, error: scraper.noPrice, status: 422 };

  const notices: string[] = [];
  if (found.currency && found.currency.toUpperCase() !== "GBP") notices.push(scraper.otherCurrency(found.currency.toUpperCase()));
  let image = "";
  if (found.image) {
    const copied = await copyPicture(settings, limits, found.image);
    if ("url" in copied) image = copied.url;
    else notices.push(scraper.imageNotCopied(copied.error));
  }
  return {
    success: true,
    product: {
      name: found.name.slice(0, 200),
      price: Number(penceToPounds(pence)),
      image,
      category: guessScrapedCategory(found.name, found.pageCategory) ?? "",
      description: (found.description ?? "").slice(0, 5000),
      url: page.url,
      source: found.source,
    },
    notice: notices.length > 0 ? notices.join(" ") : null,
  };
}

export type SaveAnswer =
  | { success: true; product: { id: string; name: string } }
  | { success: false; error: string; status: 400 | 409 };

/**
 * POST /api/admin/products/scraped (admin.md section 7 "Save a scraped product"): Product Name,
 * Price (GBP), original_price = the price, Product Image, category, description, Product URL,
 * in stock, active, stock 10 (section 9). A name already in the catalogue is refused, as the
 * imports skip one (section 5); an advisory lock on the name makes two saves of one product at
 * the same moment create it once.
 */
export async function saveScrapedProduct(db: Database, admin: AdminViewer, images: ProductImageStore, input: unknown): Promise<SaveAnswer> {
  const parsed = parseRequest(scrapedProductSchema, input ?? {}, requestErrors.unreadable);
  if (!parsed.success) return { success: false, error: firstIssueMessage(parsed.error), status: 400 };
  const product = parsed.data;
  // The picture must be one the scraper copied here: a saved product never points at the supplier.
  if (product.image !== "" && !(await images.has(product.image))) return { success: false, error: scraper.imageNotCopiedByScraper, status: 400 };
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`product-name:${product.name.toLowerCase()}`}))`);
    const existing = await tx
      .select({ id: products.id })
      .from(products)
      .where(sql`lower(${products.name}) = ${product.name.toLowerCase()}`)
      .limit(1);
    if (existing.length > 0) return { success: false as const, error: scraper.duplicate(product.name), status: 409 as const };
    const values = withDerivedFields({
      name: product.name,
      pricePence: product.price,
      originalPricePence: product.price,
      image: product.image === "" ? null : product.image,
      category: product.category,
      description: product.description,
      productUrl: product.url,
      inStock: true,
      isActive: true,
      stock: 10,
    });
    const [created] = await tx.insert(products).values(values).returning({ id: products.id, name: products.name });
    await recordAdminAction(tx, {
      adminId: admin.userId,
      adminEmail: admin.email,
      action: "product.created_from_url",
      subjectType: "product",
      subjectId: created!.id,
      before: null,
      after: { name: product.name, pricePence: product.price, category: product.category, image: values.image, productUrl: product.url, stock: 10 },
    });
    return { success: true as const, product: { id: created!.id, name: created!.name } };
  });
}

/** The scraper as the running shop configures it: pictures under DATA_DIR, the test switch from the environment. */
export function scraperSettingsFor(config: { dataDir: string; scraperAllowHosts: readonly string[] }): ScraperSettings {
  return { images: diskImageStore(scrapedImageFolder(config.dataDir)), allowHosts: new Set(config.scraperAllowHosts) };
}
