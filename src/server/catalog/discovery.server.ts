import { inArray, sql, type SQL } from "drizzle-orm";
import { categoryLabel, findCategory, type Category, type CategoryValue } from "../../domain/categories.ts";
import { swatchPaint, type ColourFamily } from "../../domain/colours.ts";
import { searchWords, wordsToCheck, type SearchWord } from "../../domain/discovery-search.ts";
import { compareSizes } from "../../domain/discovery-sizes.ts";
import {
  COLOUR_FAMILY_LABELS,
  COLOUR_FAMILY_ORDER,
  EMPTY_FILTERS,
  MAX_SEARCH_LENGTH,
  MIN_SUGGESTION_LENGTH,
  normaliseSearchText,
  type DiscoveryFilters,
  type DiscoveryQuery,
} from "../../domain/discovery.ts";
import { priceWithMarkup } from "../../domain/markup.ts";
import { gbpAtLeast, gbpAtMost } from "../../domain/money.ts";
import { pageCount } from "../../domain/pagination.ts";
import type { DbOrTx } from "../db/client.server.ts";
import { rowsOf } from "../db/raw-rows.server.ts";
import { products } from "../db/schema.ts";
import { getPriceSettings } from "../settings/price-settings.server.ts";
import { listable, storefrontColumns } from "./catalog.server.ts";
import type { DiscoveryCache } from "./discovery-cache.server.ts";
import { imagesOf, productImageColumns } from "./product-fields.server.ts";
import { colourForFilter, picturesForColourFilter } from "../../domain/card-pictures.ts";
import { toStorefrontProduct, type StorefrontProduct, type StorefrontProductRow } from "./storefront-product.server.ts";

export type FacetOption<T> = { value: T; label: string; count: number };

export type DiscoveryFacets = {
  /** In size order: XS..3XL, jacket sizes (36R..), collars, waists, shoe sizes, then the rest. */
  sizes: FacetOption<string>[];
  /** The families present, in family order, labelled with the family's display name. */
  colours: (FacetOption<ColourFamily> & { swatch: string })[];
  /** Pence at the price the shopper pays, over the result without the price filter. */
  price: { min: number; max: number } | null;
  /** How many of the result are in stock. */
  inStock: number;
  /** How many of the result are on sale. */
  onSale: number;
};

export type DiscoveryPage = {
  products: StorefrontProduct[];
  total: number;
  page: number;
  pageSize: number;
  pageCount: number;
  facets: DiscoveryFacets;
};

export type Suggestions = {
  products: { id: string; name: string; category: string; categoryLabel: string; price: number; image: string | null; href: string }[];
  categories: { label: string; href: string }[];
};

export const MAX_SUGGESTED_PRODUCTS = 5;
export const MAX_SUGGESTED_CATEGORIES = 3;

/** Thrown for a search text longer than MAX_SEARCH_LENGTH (routes answer 400 before calling). */
export class SearchTooLongError extends Error {}

// Relevance of one matched product to one word: full-text rank (name weighted over category and
// colours, over description), plus how close the name is to the word for typos. Summed over the
// words, so "navy suit" ranks navy suits first. A word that names a category puts the products it
// names, by their category or their own name, before those that only mention it: CATEGORY_FIT is
// more than any word's rank and likeness together, so it sorts in tiers. "navy suit" lists a navy
// three-piece (a suit by its category) before a navy tie whose description says "suit", and "white
// shirt" the white-wear "Pure White Linen Shirt" (a shirt by its name) among the shirts.
const RANK_WEIGHTS = sql.raw(`'{0.1, 0.2, 0.4, 1.0}'::float4[]`);
const TYPO_WEIGHT = 0.5;
const CATEGORY_FIT = 10;

type WordSql = { match: SQL; score: SQL };

// Suggestions match what a shopper sees in a suggestion (name, category, colours: weights A and B),
// not the description: fewer, better candidates to rank while typing.
type WordMode = { prefix: boolean; suggestion: boolean };

function tsQuery(word: SearchWord, mode: WordMode): SQL {
  // Words are letters and digits only (searchWords splits on everything else), so a query built
  // from one cannot carry tsquery syntax. A stop word being typed is matched as a plain prefix: the
  // English dictionary would drop it and match nothing.
  const weights = mode.suggestion ? "AB" : "";
  if (mode.prefix) return sql`to_tsquery(${word.stop ? "simple" : "english"}::regconfig, ${`${word.match}:*${weights}`})`;
  if (mode.suggestion) return sql`to_tsquery('english', ${`${word.match}:${weights}`})`;
  return sql`plainto_tsquery('english', ${word.match})`;
}

function wordSql(word: SearchWord, mode: WordMode): WordSql {
  const query = tsQuery(word, mode);
  const parts: SQL[] = [sql`${products.searchDocument} @@ ${query}`];
  const scores: SQL[] = [sql`ts_rank(${RANK_WEIGHTS}, ${products.searchDocument}, ${query})`];
  if (word.colour !== null) {
    const colour = tsQuery({ ...word, match: word.colour }, mode);
    parts.push(sql`${products.searchDocument} @@ ${colour}`);
    scores.push(sql`ts_rank(${RANK_WEIGHTS}, ${products.searchDocument}, ${colour})`);
  }
  if (word.typos) {
    parts.push(sql`${word.match} <% lower(${products.name})`);
    scores.push(sql`word_similarity(${word.match}, lower(${products.name})) * ${sql.raw(String(TYPO_WEIGHT))}`);
  }
  if (word.categories.length > 0) {
    const categories = sql.join(
      word.categories.map((c) => sql`${c}`),
      sql`, `,
    );
    parts.push(sql`${products.category} in (${categories})`);
    // The name, category and colours only (weights A and B), as a suggestion reads them.
    const named = tsQuery(word, { prefix: mode.prefix, suggestion: true });
    scores.push(sql`(case when ${products.category} in (${categories}) or ${products.searchDocument} @@ ${named} then ${sql.raw(String(CATEGORY_FIT))} else 0 end)`);
  }
  return { match: sql`(${sql.join(parts, sql` or `)})`, score: sql.join(scores, sql` + `) };
}

type SearchSql = { match: SQL; score: SQL } | null;

/**
 * The words of the text that no listable product contains (full text: name, category, colours,
 * description; the last word as a prefix while typing), among those a misspelling could mean more
 * (`wordsToCheck`): one statement, one index probe of `products_search_document_idx` per word, and
 * none for a text of known words. Trigram likeness does not count: "wite" is like "with".
 */
async function misspeltWords(db: DbOrTx, text: string, options: { prefix: boolean; cache?: DiscoveryCache }): Promise<Set<string>> {
  const checked = wordsToCheck(text, { prefix: options.prefix });
  if (checked.length === 0) return new Set();
  const words = searchWords(text, { prefix: options.prefix });
  const probe = async () => {
    const known = checked.map((text, n) => {
      const i = words.findIndex((w) => w.text === text);
      const query = tsQuery(words[i]!, { prefix: options.prefix && i === words.length - 1, suggestion: false });
      return sql`exists (select 1 from ${products} where ${listable} and ${products.searchDocument} @@ ${query}) as ${sql.identifier(`k${n}`)}`;
    });
    const [row] = rowsOf<Record<string, boolean>>(await db.execute(sql`select ${sql.join(known, sql`, `)}`));
    return checked.filter((_, n) => row?.[`k${n}`] !== true);
  };
  const key = `misspelt:${options.prefix}:${text}`;
  return new Set(options.cache ? await options.cache.remember(key, probe) : await probe());
}

/**
 * The search's match and score over the given words (every word must match, or any when `any`).
 * The last word is a prefix while the shopper types (suggestions), and in a search's second try
 * (`lastAsPrefix`): "nav" submitted finds what its suggestions showed.
 */
function searchSql(words: SearchWord[], options: { any: boolean; suggestion: boolean; lastAsPrefix?: boolean }): SearchSql {
  if (words.length === 0) return null;
  const prefix = options.suggestion || options.lastAsPrefix === true;
  const each = words.map((word, i) => wordSql(word, { prefix: prefix && i === words.length - 1, suggestion: options.suggestion }));
  return {
    match: sql`(${sql.join(
      each.map((w) => w.match),
      options.any ? sql` or ` : sql` and `,
    )})`,
    // Not guarded by each word's match: a word that does not match ranks 0 by ts_rank and under the
    // typo threshold by similarity, and evaluating the matches again cost more than the rank.
    score: sql`(${sql.join(
      each.map((w) => sql`(${w.score})`),
      sql` + `,
    )})`,
  };
}

/** The smallest base price whose storefront price is at least `pence`. */
function basePriceAtLeast(pence: number, markupPercent: number): number {
  let base = Math.max(0, Math.floor((pence * 100) / (100 + markupPercent)) - 2);
  while (priceWithMarkup(base, markupPercent) < pence) base += 1;
  return base;
}

/** The largest base price whose storefront price is at most `pence` (-1 when none is). */
function basePriceAtMost(pence: number, markupPercent: number): number {
  let base = Math.floor((pence * 100) / (100 + markupPercent)) + 2;
  while (base >= 0 && priceWithMarkup(base, markupPercent) > pence) base -= 1;
  return base;
}

type FilterSql = { size: SQL; colour: SQL; price: SQL; inStock: SQL; onSale: SQL };

const TRUE = sql`true`;
const IN_STOCK = sql`(${products.inStock} and ${products.stock} > 0)`;
const ON_SALE = sql`(${products.originalPricePence} is not null and ${products.originalPricePence} > ${products.pricePence})`;

function textArray(values: readonly string[]): SQL {
  return sql`array[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`;
}

function filterSql(filters: DiscoveryFilters, settings: { markupPercent: number; exchangeRate: number }): FilterSql {
  const bounds: SQL[] = [];
  // Bounds typed in cedis are turned into the storefront pence they mean, then into base pence.
  const { markupPercent, exchangeRate } = settings;
  if (filters.minPrice !== null) {
    const pence = gbpAtLeast(filters.minPrice, filters.priceCurrency, exchangeRate);
    bounds.push(sql`${products.pricePence} >= ${basePriceAtLeast(pence, markupPercent)}`);
  }
  if (filters.maxPrice !== null) {
    const pence = gbpAtMost(filters.maxPrice, filters.priceCurrency, exchangeRate);
    bounds.push(sql`${products.pricePence} <= ${pence < 0 ? -1 : basePriceAtMost(pence, markupPercent)}`);
  }
  return {
    size: filters.sizes.length > 0 ? sql`${products.availableSizes} && ${textArray(filters.sizes)}` : TRUE,
    colour: filters.colours.length > 0 ? sql`${products.colourFamilies} && ${textArray(filters.colours)}` : TRUE,
    price: bounds.length > 0 ? sql`(${sql.join(bounds, sql` and `)})` : TRUE,
    inStock: filters.inStock ? IN_STOCK : TRUE,
    onSale: filters.onSale ? ON_SALE : TRUE,
  };
}

const newestOrder = sql`${products.createdAt} desc nulls last, ${products.id}`;

/** The same orders over the columns of scanScope's scope (a search's page is picked there). */
function scopeOrderSql(sort: DiscoveryQuery["sort"]): SQL {
  switch (sort) {
    case "newest":
      return sql`created_at desc nulls last, id`;
    case "price-asc":
      return sql`price, id`;
    case "price-desc":
      return sql`price desc, id desc`;
    case "featured":
      return sql`score desc, created_at desc nulls last, id`;
  }
}

/** The orders of a category page (no search: Featured is the category page's own order, newest first). */
function categoryOrderSql(sort: DiscoveryQuery["sort"]): SQL {
  switch (sort) {
    case "featured":
    case "newest":
      return newestOrder;
    case "price-asc":
      return sql`${products.pricePence}, ${products.id}`;
    case "price-desc":
      // The id descending too: one backward scan of products_category_price_idx, no sort.
      return sql`${products.pricePence} desc, ${products.id} desc`;
  }
}

type FacetRow = {
  total: number | string;
  min_price: number | null;
  max_price: number | null;
  in_stock: number | string;
  on_sale: number | string;
  sizes: unknown;
  colours: unknown;
  page_ids: string[] | string | null;
};

function jsonList<T>(value: unknown): T[] {
  if (value === null || value === undefined) return [];
  return (typeof value === "string" ? JSON.parse(value) : value) as T[];
}

/** A text[] as a driver returns it: an array, or PostgreSQL's text form of one (ids need no quoting). */
function idList(value: string[] | string | null | undefined): string[] {
  if (value === null || value === undefined) return [];
  if (Array.isArray(value)) return value;
  const inner = value.replace(/^\{|\}$/g, "");
  return inner === "" ? [] : inner.split(",").map((id) => id.replace(/^"|"$/g, ""));
}

/** The facets with the price range still in base pence (the markup is applied by the caller). */
type Scan = { total: number; facets: DiscoveryFacets; basePrice: { min: number; max: number } | null; pageIds: string[] | null };

/**
 * The total and the facets in one statement over the matched products (category, search): each
 * facet's counts with every other filter applied but not its own, so a shopper can add a second
 * size or widen the price after narrowing by colour. For a search, the same statement also picks
 * the page's ids from the matched rows (`paging.order` over the scope's columns), so the search is run
 * once; a category page is paged from its listing index instead, by its own statement.
 */
async function scanScope(
  db: DbOrTx,
  scope: SQL,
  f: FilterSql,
  search: SearchSql,
  paging: { order: SQL; limit: number; offset: number } | null,
): Promise<Scan> {
  const result = await db.execute(sql`
    with scope as materialized (
      select ${products.id} as id, ${products.pricePence} as price, ${products.availableSizes} as sizes,
        ${products.colourFamilies} as colours, ${IN_STOCK} as stocked, ${ON_SALE} as sale,
        ${f.size} as f_size, ${f.colour} as f_colour, ${f.price} as f_price, ${f.inStock} as f_stock, ${f.onSale} as f_sale
        ${paging === null ? sql`` : sql`, ${products.createdAt} as created_at, ${search === null ? sql`0` : search.score} as score`}
      from ${products} where ${scope}
    )
    select
      count(*) filter (where f_size and f_colour and f_price and f_stock and f_sale) as total,
      min(price) filter (where f_size and f_colour and f_stock and f_sale) as min_price,
      max(price) filter (where f_size and f_colour and f_stock and f_sale) as max_price,
      count(*) filter (where f_size and f_colour and f_price and stocked and f_sale) as in_stock,
      count(*) filter (where f_size and f_colour and f_price and f_stock and sale) as on_sale,
      (select json_agg(json_build_array(value, n)) from (select value, count(*) as n from (
        select unnest(sizes) as value from scope where f_colour and f_price and f_stock and f_sale) as v group by value) as s) as sizes,
      (select json_agg(json_build_array(value, n)) from (select value, count(*) as n from (
        select unnest(colours) as value from scope where f_size and f_price and f_stock and f_sale) as v group by value) as c) as colours
      ${
        paging === null
          ? sql``
          : sql`, array(select id from scope where f_size and f_colour and f_price and f_stock and f_sale
              order by ${paging.order} limit ${paging.limit} offset ${paging.offset}) as page_ids`
      }
    from scope
  `);
  const [row] = rowsOf<FacetRow>(result);
  const sizes = jsonList<[string, number]>(row?.sizes)
    .filter(([value]) => value.trim() !== "")
    .sort(([a], [b]) => compareSizes(a, b))
    .map(([value, count]) => ({ value, label: value, count: Number(count) }));
  const colourCounts = new Map(jsonList<[string, number]>(row?.colours).map(([value, count]) => [value, Number(count)]));
  const colours = COLOUR_FAMILY_ORDER.filter((family) => colourCounts.has(family)).map((family) => ({
    value: family,
    label: COLOUR_FAMILY_LABELS[family],
    count: colourCounts.get(family) ?? 0,
    swatch: swatchPaint(family),
  }));
  const min = row?.min_price ?? null;
  const max = row?.max_price ?? null;
  return {
    total: Number(row?.total ?? 0),
    facets: {
      sizes,
      colours,
      price: null,
      inStock: Number(row?.in_stock ?? 0),
      onSale: Number(row?.on_sale ?? 0),
    },
    basePrice: min === null || max === null ? null : { min: Number(min), max: Number(max) },
    pageIds: paging === null ? null : idList(row?.page_ids),
  };
}

function scopeSql(category: CategoryValue | null, search: SearchSql): SQL {
  const parts: SQL[] = [listable];
  if (category !== null) parts.push(sql`${products.category} = ${category}`);
  if (search !== null) parts.push(search.match);
  return sql.join(parts, sql` and `);
}

/**
 * One page of a category or search view: the listable products of the category (or of all) that
 * match the search text and every filter, in the chosen order with the id as the tie-break, so
 * pages never repeat or skip a product; with the total and the facets. Featured is relevance for a
 * search and the category page's own order (newest first) otherwise. A page past the end comes back
 * empty; `pageCount` tells the caller where the end is.
 *
 * Words must all match; when that finds nothing and there were several, any word may (ranked by
 * how many match and how well), so "navy suit xyz" still finds navy suits.
 */
export async function discoverProducts(
  db: DbOrTx,
  input: {
    category: CategoryValue | null;
    query: DiscoveryQuery;
    pageSize: number;
    /** Keeps the counts (and a search's page of ids) a few seconds (decision 040); none: computed every time. */
    cache?: DiscoveryCache;
  },
  now = new Date(),
): Promise<DiscoveryPage> {
  const { query, pageSize } = input;
  const text = normaliseSearchText(query.q);
  if (text.length > MAX_SEARCH_LENGTH) throw new SearchTooLongError(`search longer than ${MAX_SEARCH_LENGTH} characters`);
  // The price settings are read beside the search unless a price bound needs the markup first.
  const settingsRead = getPriceSettings(db);
  settingsRead.catch(() => undefined); // awaited below; this only keeps an early failure from being unhandled
  const priceBounded = query.filters.minPrice !== null || query.filters.maxPrice !== null;
  const bounding = priceBounded ? await settingsRead : { markupPercent: 0, exchangeRate: 1 };
  const filters = filterSql(query.filters, bounding);
  const misspelt = await misspeltWords(db, text, { prefix: false, cache: input.cache });
  const words = searchWords(text, { misspelt });
  const page = Math.max(1, Math.floor(query.page));

  const paging = { limit: pageSize, offset: (page - 1) * pageSize };
  // Everything the counts depend on: the category, the search words as matched, the filters, and
  // the markup and rate a price bound was turned into base pence with. A search's page of ids also depends
  // on the order and the page. The rows themselves are read afresh on every request.
  const countsKey = JSON.stringify([input.category, words, query.filters, priceBounded ? [bounding.markupPercent, bounding.exchangeRate] : null]);
  const remember = <T>(key: string, compute: () => Promise<T>): Promise<T> => (input.cache ? input.cache.remember(key, compute) : compute());
  const run = async (search: SearchSql, attempt: "all" | "forgiving" | "any"): Promise<Omit<Scan, "pageIds"> & { rows: StorefrontProductRow[] }> => {
    const scope = scopeSql(input.category, search);
    if (search !== null) {
      const scan = await remember(`search:${countsKey}:${attempt}:${query.sort}:${paging.limit}:${paging.offset}`, () =>
        scanScope(db, scope, filters, search, { order: scopeOrderSql(query.sort), ...paging }),
      );
      const ids = scan.pageIds ?? [];
      // Still listable: the ids may have been kept a moment (decision 040) and the product since hidden.
      const found = ids.length === 0 ? [] : await db.select(storefrontColumns).from(products).where(sql`${inArray(products.id, ids)} and ${listable}`);
      const byId = new Map(found.map((row) => [row.id, row]));
      return { ...scan, rows: ids.flatMap((id) => byId.get(id) ?? []) };
    }
    const where = sql.join([scope, filters.size, filters.colour, filters.price, filters.inStock, filters.onSale], sql` and `);
    const [scan, rows] = await Promise.all([
      remember(`category:${countsKey}`, () => scanScope(db, scope, filters, null, null)),
      db.select(storefrontColumns).from(products).where(where).orderBy(categoryOrderSql(query.sort)).limit(paging.limit).offset(paging.offset),
    ]);
    return { ...scan, rows };
  };

  // Search text of stop words or punctuation only matches nothing (not everything).
  if (text !== "" && words.length === 0) {
    return { products: [], total: 0, page, pageSize, pageCount: 0, facets: { sizes: [], colours: [], price: null, inStock: 0, onSale: 0 } };
  }
  let result = await run(searchSql(words, { any: false, suggestion: false }), "all");
  if (result.total === 0 && words.length > 0) {
    // Nothing as typed: once more forgiving short typos and misspelt colours, the last word as a
    // prefix, and then any word.
    const forgiving = searchWords(text, { forgiving: true, misspelt });
    result = await run(searchSql(forgiving, { any: false, suggestion: false, lastAsPrefix: true }), "forgiving");
    if (result.total === 0 && forgiving.length > 1) result = await run(searchSql(forgiving, { any: true, suggestion: false, lastAsPrefix: true }), "any");
  }
  const settings = await settingsRead;
  const { basePrice } = result;
  return {
    products: result.rows.map((row) => {
      const product = toStorefrontProduct(row, settings, now);
      const families = query.filters.colours;
      const filterColour = colourForFilter(product.images, product.colors, families) ?? undefined;
      return { ...product, images: picturesForColourFilter(product.images, product.colors, families), ...(filterColour ? { filterColour } : {}) };
    }),
    total: result.total,
    page,
    pageSize,
    pageCount: pageCount(result.total, pageSize),
    facets: {
      ...result.facets,
      price: basePrice === null ? null : { min: priceWithMarkup(basePrice.min, settings.markupPercent), max: priceWithMarkup(basePrice.max, settings.markupPercent) },
    },
  };
}

/**
 * What the search box offers while the shopper types: up to 5 listable products whose name,
 * category or colours (not description) match every word (the last one as a prefix: "navy bla"), best
 * first, and up to 3 categories the words name or the products belong to. Under 2 characters it
 * offers nothing.
 */
export async function suggestProducts(db: DbOrTx, q: string, cache?: DiscoveryCache): Promise<Suggestions> {
  const text = normaliseSearchText(q);
  if (text.length > MAX_SEARCH_LENGTH) throw new SearchTooLongError(`search longer than ${MAX_SEARCH_LENGTH} characters`);
  if (text.length < MIN_SUGGESTION_LENGTH) return { products: [], categories: [] };
  if (searchWords(text, { prefix: true }).length === 0) return { products: [], categories: [] };
  // Shoppers typing the same first letters ask for the same few products: kept a few seconds
  // (prices included; the cache is emptied when the catalogue or the price settings change).
  const suggest = async (): Promise<Suggestions> => {
    const misspelt = await misspeltWords(db, text, { prefix: true, cache });
    const found = await findSuggestions(db, searchWords(text, { prefix: true, misspelt }));
    if (found.products.length > 0) return found;
    // Nothing as typed: once more, forgiving short typos and misspelt colours ("shrt", "whte").
    const forgiving = await findSuggestions(db, searchWords(text, { prefix: true, forgiving: true, misspelt }));
    if (forgiving.products.length > 0) return forgiving;
    // Still no product: the first of what the results page lists for the same text (it also reads
    // descriptions and falls back to any word), so a search that finds something suggests some of it.
    const results = await discoverProducts(db, { category: null, query: { q: text, sort: "featured", filters: EMPTY_FILTERS, page: 1 }, pageSize: MAX_SUGGESTED_PRODUCTS, cache });
    const named = found.categories.length > 0 ? found.categories : forgiving.categories;
    return {
      products: results.products.map((p) => ({
        id: p.id,
        name: p.name,
        category: p.category,
        categoryLabel: categoryLabel(p.category),
        price: p.price,
        image: p.images[0] ?? null,
        href: `/product/${p.id}`,
      })),
      categories: named.length > 0 ? named : categoryLinks(results.products.map((p) => p.category)),
    };
  };
  return cache ? cache.remember(`suggest:${text}`, suggest) : suggest();
}

function categoryLinks(values: readonly string[]): Suggestions["categories"] {
  return [...new Set(values)]
    .map((value) => findCategory(value))
    .filter((c): c is Category => c !== null)
    .slice(0, MAX_SUGGESTED_CATEGORIES)
    .map((c) => ({ label: c.label, href: `/category/${c.slug}` }));
}

async function findSuggestions(db: DbOrTx, words: SearchWord[]): Promise<Suggestions> {
  const search = searchSql(words, { any: false, suggestion: true });
  if (search === null) return { products: [], categories: [] };
  const [rows, settings] = await Promise.all([
    db
      .select({
        id: products.id,
        name: products.name,
        category: products.category,
        pricePence: products.pricePence,
        ...productImageColumns,
      })
      .from(products)
      .where(sql`${listable} and ${search.match}`)
      .orderBy(sql`${search.score} desc, ${newestOrder}`)
      .limit(MAX_SUGGESTED_PRODUCTS),
    getPriceSettings(db),
  ]);
  const named = words.flatMap((word) => word.categories);
  const categories = categoryLinks([...named, ...rows.map((row) => row.category)]);
  return {
    products: rows.map((row) => ({
      id: row.id,
      name: row.name,
      category: row.category,
      categoryLabel: categoryLabel(row.category),
      price: priceWithMarkup(row.pricePence, settings.markupPercent),
      image: imagesOf(row)[0] ?? null,
      href: `/product/${row.id}`,
    })),
    categories,
  };
}
