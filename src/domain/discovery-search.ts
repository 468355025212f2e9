// How search text is read (issue 16): the words the database matches, and which categories a word
// names. The database does the matching itself (full-text search with English stemming, trigram
// similarity for typos; docs/search.md); this module decides what it is asked.

import { CATEGORIES, type CategoryValue } from "./categories.ts";

/** More words than this are not a search but a paste; the rest are ignored. */
export const MAX_SEARCH_WORDS = 8;
/** Words shorter than this are matched exactly: trigram similarity of a 3-letter word is noise. */
export const MIN_TYPO_WORD_LENGTH = 4;

// The stop words of PostgreSQL's English dictionary: it drops them from a query, so a word that
// matches nothing must not make the whole search match nothing.
const STOP_WORDS = new Set([
  "i", "me", "my", "myself", "we", "our", "ours", "ourselves", "you", "your", "yours", "yourself",
  "yourselves", "he", "him", "his", "himself", "she", "her", "hers", "herself", "it", "its", "itself",
  "they", "them", "their", "theirs", "themselves", "what", "which", "who", "whom", "this", "that", "these",
  "those", "am", "is", "are", "was", "were", "be", "been", "being", "have", "has", "had", "having", "do",
  "does", "did", "doing", "a", "an", "the", "and", "but", "if", "or", "because", "as", "until", "while",
  "of", "at", "by", "for", "with", "about", "against", "between", "into", "through", "during", "before",
  "after", "above", "below", "to", "from", "up", "down", "in", "out", "on", "off", "over", "under", "again",
  "further", "then", "once", "here", "there", "when", "where", "why", "how", "all", "any", "both", "each",
  "few", "more", "most", "other", "some", "such", "no", "nor", "not", "only", "own", "same", "so", "than",
  "too", "very", "s", "t", "can", "will", "just", "don", "should", "now",
]);

// Words a shopper types for a category besides its label: a match ranks the category's products
// as if the word were in their names' category.
const CATEGORY_TERMS: Readonly<Record<CategoryValue, readonly string[]>> = {
  suits: ["suit", "tuxedo", "tux", "dinner suit", "three piece", "two piece", "waistcoat"],
  blazers: ["blazer", "jacket", "sport coat", "sports coat", "dinner jacket"],
  shirts: ["shirt", "dress shirt", "oxford shirt"],
  shoes: ["shoe", "footwear", "loafer", "oxford", "brogue", "boot", "derby", "monk", "sneaker", "trainer"],
  ties: ["tie", "necktie", "bow tie", "bowtie"],
  kaftan: ["kaftan", "caftan"],
  "Traditional Wear": ["traditional", "agbada", "dashiki", "kente", "senator"],
  denim: ["denim", "jean", "jeans"],
  "white-wear": ["white wear", "whitewear", "all white"],
  accessories: ["accessory", "accessories", "belt", "cufflink", "pocket square", "wallet", "watch", "bracelet", "scarf"],
};

// Spellings the English dictionary of the database does not join to the colour families' names.
const SPELLINGS: Readonly<Record<string, string>> = {
  grey: "gray",
  multicolour: "multicolor",
  multicoloured: "multicolor",
  colour: "color",
  caftan: "kaftan",
};

export type SearchWord = {
  /** The word as typed, lower case. */
  text: string;
  /** The word to match (a British spelling turned into the one the data uses). */
  match: string;
  /** Whether a misspelling of it may match names (trigram similarity). */
  typos: boolean;
  /** The categories this word names, alone or with the next word ("bow tie"). */
  categories: CategoryValue[];
  /** A stop word kept only as the prefix being typed ("navy s"): matched without stemming. */
  stop: boolean;
};

function singular(word: string): string {
  if (word.length > 4 && word.endsWith("ies")) return `${word.slice(0, -3)}y`;
  if (word.length > 3 && /(?:ss|sh|ch|x)es$/.test(word)) return word.slice(0, -2);
  if (word.length > 3 && word.endsWith("s") && !word.endsWith("ss")) return word.slice(0, -1);
  return word;
}

/** Levenshtein distance, stopping early once it is more than `limit`. */
function editDistanceWithin(a: string, b: string, limit: number): boolean {
  if (Math.abs(a.length - b.length) > limit) return false;
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    let best = i;
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const value = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost);
      current.push(value);
      best = Math.min(best, value);
    }
    if (best > limit) return false;
    previous = current;
  }
  return (previous[b.length] ?? Infinity) <= limit;
}

const TERMS: readonly { term: string; category: CategoryValue }[] = CATEGORIES.flatMap((category) =>
  [category.label.toLowerCase(), category.value.toLowerCase().replace(/[-_]/g, " "), ...CATEGORY_TERMS[category.value]].map((term) => ({
    term: singular(term),
    category: category.value,
  })),
);

/**
 * The categories a phrase names: exactly or as a plural ("suits"), or with one typo in a word of 5
 * letters or more ("blazr", "shooes"). With `prefix`, also a category term the phrase begins
 * ("bla" while typing "blazer").
 */
export function categoriesNamed(phrase: string, options: { prefix?: boolean } = {}): CategoryValue[] {
  const key = singular(phrase.toLowerCase().trim().replace(/[-_]+/g, " ").replace(/\s+/g, " "));
  if (key === "") return [];
  const found = new Set<CategoryValue>();
  for (const { term, category } of TERMS) {
    if (term === key) found.add(category);
    else if (key.length >= 5 && editDistanceWithin(key, term, 1)) found.add(category);
    else if (options.prefix && key.length >= 2 && term.startsWith(key)) found.add(category);
  }
  return [...found];
}

/** The words of a search, lower case, without stop words and punctuation, at most MAX_SEARCH_WORDS. */
export function searchWords(q: string, options: { prefix?: boolean } = {}): SearchWord[] {
  const raw = q
    .toLowerCase()
    .normalize("NFKC")
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w !== "");
  // While typing, the last word is a prefix even when it is (so far) a stop word: "navy s" is on its way to "navy suit".
  const words = raw.filter((w, i) => !STOP_WORDS.has(w) || (options.prefix === true && i === raw.length - 1)).slice(-MAX_SEARCH_WORDS);
  return words.map((text, i) => {
    const pair = i + 1 < words.length ? `${text} ${words[i + 1]}` : null;
    const last = i === words.length - 1;
    const categories = new Set([
      ...categoriesNamed(text, { prefix: options.prefix === true && last }),
      ...(pair === null ? [] : categoriesNamed(pair)),
    ]);
    return {
      text,
      match: SPELLINGS[text] ?? text,
      typos: text.length >= MIN_TYPO_WORD_LENGTH,
      categories: [...categories],
      stop: STOP_WORDS.has(text),
    };
  });
}
