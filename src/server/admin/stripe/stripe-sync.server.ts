// Sync Products to Stripe (admin.md sections 2 and 7, "sync-products-to-stripe"; decision 036):
// every active product becomes a Stripe Product with one active GBP Price at its storefront price
// (base plus markup, what checkout charges). Idempotent by construction: the Stripe Product's id
// is derived from ours (`shop_<product id>`, with metadata.product_id beside it), so a second run
// finds what the first made instead of searching (Stripe's search index lags by up to a minute).
// A changed price gets a new Price, made the default, and the old ones are archived (Stripe
// Prices cannot change their amount). Products no longer active are archived in Stripe.
import type Stripe from "stripe";
import { asc, gt } from "drizzle-orm";
import { priceWithMarkup } from "../../../domain/markup.ts";
import type { Database } from "../../db/client.server.ts";
import { imagesOf, productImageColumns } from "../../catalog/product-fields.server.ts";
import { products } from "../../db/schema.ts";
import { getPriceSettings } from "../../settings/price-settings.server.ts";
import { sameList } from "../../../domain/same-list.ts";

export type StripeSyncProgress = {
  done: number;
  total: number;
  created: number;
  updated: number;
  unchanged: number;
  archived: number;
  pricesCreated: number;
  pricesArchived: number;
  failed: { productId: string; name: string; error: string }[];
};

export type StripeSyncOptions = {
  /** Makes every create request of this run idempotent on Stripe's side (a retried run is safe). */
  runId: string;
  /** The shop's public address: product images are sent to Stripe as absolute URLs. */
  publicUrl: string;
  /** Called after each product; the job records it so the page can show how far it got. */
  onProgress?: (progress: StripeSyncProgress) => Promise<void> | void;
  batchSize?: number;
};

/** The id of our product's Stripe Product (Stripe allows ids of our choosing). */
export function stripeProductId(productId: string): string {
  return `shop_${productId}`;
}

const MAX_STRIPE_IMAGES = 8;
const STRIPE_TEXT_MAX = 5000;

type ProductRow = Pick<typeof products.$inferSelect, "id" | "name" | "description" | "image" | "productUrl" | "productImages" | "productGallery" | "pricePence" | "isActive">;

function absoluteImages(product: ProductRow, publicUrl: string): string[] {
  const urls: string[] = [];
  // The same images, in the same order, as the storefront shows.
  for (const image of imagesOf(product)) {
    try {
      const url = new URL(image, publicUrl);
      if (url.protocol === "https:" || url.protocol === "http:") urls.push(url.href);
    } catch {
      // An image we cannot address is left out; the product still syncs.
    }
    if (urls.length === MAX_STRIPE_IMAGES) break;
  }
  return urls;
}

function isMissing(error: unknown): boolean {
  const failure = error as { statusCode?: number; code?: string } | null;
  return failure?.statusCode === 404 || failure?.code === "resource_missing";
}

async function retrieveProduct(stripe: Stripe, id: string): Promise<Stripe.Product | null> {
  try {
    return await stripe.products.retrieve(id);
  } catch (error) {
    if (isMissing(error)) return null;
    throw error;
  }
}

async function syncOne(stripe: Stripe, product: ProductRow, unitAmount: number, options: StripeSyncOptions, progress: StripeSyncProgress) {
  const id = stripeProductId(product.id);
  const existing = await retrieveProduct(stripe, id);
  if (!product.isActive) {
    if (existing?.active) {
      await stripe.products.update(id, { active: false });
      progress.archived++;
    } else progress.unchanged++;
    return;
  }
  const name = product.name.slice(0, STRIPE_TEXT_MAX);
  const description = product.description.trim().slice(0, STRIPE_TEXT_MAX);
  const images = absoluteImages(product, options.publicUrl);
  let changed = false;
  if (!existing) {
    await stripe.products.create(
      { id, name, ...(description ? { description } : {}), images, active: true, metadata: { product_id: product.id } },
      { idempotencyKey: `sync-${options.runId}-product-${product.id}` },
    );
    progress.created++;
  } else if (existing.name !== name || (existing.description ?? "") !== description || !sameList(existing.images, images) || !existing.active || existing.metadata.product_id !== product.id) {
    await stripe.products.update(id, { name, description: description || "", images, active: true, metadata: { product_id: product.id } });
    changed = true;
  }

  const active = await stripe.prices.list({ product: id, active: true, limit: 100 });
  const current = active.data.find((price) => price.currency === "gbp" && price.unit_amount === unitAmount && price.type === "one_time") ?? active.data.find((price) => price.currency === "gbp" && price.unit_amount === unitAmount);
  let priceId = current?.id;
  if (!priceId) {
    const created = await stripe.prices.create(
      { product: id, currency: "gbp", unit_amount: unitAmount, metadata: { product_id: product.id } },
      { idempotencyKey: `sync-${options.runId}-price-${product.id}-${unitAmount}` },
    );
    priceId = created.id;
    progress.pricesCreated++;
    changed = true;
  }
  // The default price first: Stripe will not archive a product's default price.
  const defaultPrice = typeof existing?.default_price === "string" ? existing.default_price : existing?.default_price?.id;
  if (defaultPrice !== priceId) await stripe.products.update(id, { default_price: priceId });
  for (const price of active.data) {
    if (price.id === priceId) continue;
    await stripe.prices.update(price.id, { active: false });
    progress.pricesArchived++;
    changed = true;
  }
  if (existing) {
    if (changed) progress.updated++;
    else progress.unchanged++;
  }
}

/**
 * Runs one sync over the whole catalogue, a batch of products at a time (keyset on id). A product
 * Stripe refuses is reported in `failed` and the others go on; the caller decides what the run's
 * outcome is (any failure: "Failed to sync products to Stripe").
 */
export async function syncProductsToStripe(db: Database, stripe: Stripe, options: StripeSyncOptions): Promise<StripeSyncProgress> {
  const { markupPercent } = await getPriceSettings(db);
  const total = await db.$count(products);
  const progress: StripeSyncProgress = { done: 0, total, created: 0, updated: 0, unchanged: 0, archived: 0, pricesCreated: 0, pricesArchived: 0, failed: [] };
  await options.onProgress?.({ ...progress, failed: [...progress.failed] });
  const batchSize = options.batchSize ?? 100;
  let after = "";
  for (;;) {
    const batch: ProductRow[] = await db
      .select({
        id: products.id,
        name: products.name,
        description: products.description,
        ...productImageColumns,
        pricePence: products.pricePence,
        isActive: products.isActive,
      })
      .from(products)
      .where(gt(products.id, after))
      .orderBy(asc(products.id))
      .limit(batchSize);
    if (batch.length === 0) break;
    for (const product of batch) {
      try {
        await syncOne(stripe, product, priceWithMarkup(product.pricePence, markupPercent), options, progress);
      } catch (error) {
        progress.failed.push({ productId: product.id, name: product.name, error: (error instanceof Error ? error.message : String(error)).slice(0, 300) });
      }
      progress.done++;
      await options.onProgress?.({ ...progress, failed: [...progress.failed] });
    }
    after = batch.at(-1)!.id;
  }
  return progress;
}
