// How search text is read (issue 16): the words the database matches, and which categories a word
// names. The database does the matching itself (full-text search with English stemming, trigram
// similarity for typos; docs/search.md); this module decides what it is asked.

import { CATEGORIES, type CategoryValue } from "./categories.ts";
import { NAME_TO_FAMILY } from "./colours.ts";

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

// Every product here is menswear, so these words narrow nothing: "men's suit" is a search for
// suits. They are left out when the search has other words (alone they are matched as typed).
const SHOP_WIDE_WORDS = new Set(["men", "mens", "man", "male", "gent", "gents", "gentleman", "gentlemen", "menswear"]);

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
  /** The colour a misspelling of one means ("whte" -> "white"), matched as well as the word. */
  colour: string | null;
};

function singular(word: string): string {
  if (word.length > 4 && word.endsWith("ies")) return `${word.slice(0, -3)}y`;
  if (word.length > 3 && /(?:ss|sh|ch|x)es$/.test(word)) return word.slice(0, -2);
  if (word.length > 3 && word.endsWith("s") && !word.endsWith("ss")) return word.slice(0, -1);
  return word;
}

/**
 * Whether `a` becomes `b` in at most `limit` edits: a letter added, dropped or changed, or two
 * neighbours swapped ("tei" -> "tie"), each one edit (optimal string alignment distance).
 */
function editDistanceWithin(a: string, b: string, limit: number): boolean {
  if (Math.abs(a.length - b.length) > limit) return false;
  let beforePrevious: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    let best = i;
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, (beforePrevious[j - 2] ?? 0) + 1);
      current.push(value);
      best = Math.min(best, value);
    }
    if (best > limit) return false;
    beforePrevious = previous;
    previous = current;
  }
  return (previous[b.length] ?? Infinity) <= limit;
}

/**
 * A rough sound of a word: its first letter, then its consonants, doubled ones once ("wh" at the
 * start read as "w"): "sute" and "suit" are "st", "tye" and "tie" "t", "wite" and "white" "wt".
 */
function soundOf(word: string): string {
  const w = word.replace(/^wh/, "w").replace(/ph/g, "f").replace(/ck/g, "k");
  return `${w.slice(0, 1)}${w.slice(1).replace(/[aeiouy]/g, "")}`.replace(/(.)\1+/g, "$1");
}

/**
 * How far a typed word may be from a known one. "strict": one typo in a word of 5 letters or more
 * ("blazr", "shooes"). "forgiving" (a search that found nothing as typed): also one typo in a word
 * of 4 letters ("shrt", "suts") and two swapped letters in a word of 3 ("tei"): one letter changed
 * in a short word is often another word ("coat", "boot"). "misspelt" (a word no listable product
 * contains, so it cannot be another word of the shop): one typo at any length of 3 or more ("sut",
 * "tye"), or the same sound ("sute" -> suit, "wite" -> white).
 */
export type TypoLevel = "strict" | "forgiving" | "misspelt";

function oneTypoApart(typed: string, known: string, level: TypoLevel): boolean {
  if (typed.length >= 5 && editDistanceWithin(typed, known, 1)) return true;
  if (level === "misspelt") {
    if (typed.length < 3 || known.length < 3 || Math.abs(typed.length - known.length) > 2) return false;
    return editDistanceWithin(typed, known, 1) || soundOf(typed) === soundOf(known);
  }
  if (level === "strict") return false;
  if (typed.length === 4) return editDistanceWithin(typed, known, 1);
  return typed.length === 3 && typed.length === known.length && [...typed].sort().join("") === [...known].sort().join("") && editDistanceWithin(typed, known, 1);
}

// Each term as written and in the singular, so a typo is measured against "suits" as well as "suit".
const TERMS: readonly { term: string; category: CategoryValue }[] = CATEGORIES.flatMap((category) =>
  [category.label.toLowerCase(), category.value.toLowerCase().replace(/[-_]/g, " "), ...CATEGORY_TERMS[category.value]].flatMap((term) =>
    [...new Set([term, singular(term)])].map((form) => ({ term: form, category: category.value })),
  ),
);

/**
 * The categories a phrase names: exactly or as a plural ("suits"), or with a typo the level allows
 * (`oneTypoApart`: "blazr"; forgiving, also "shrt", "suts", "tei"; misspelt, also "sut", "sute").
 * With `prefix`, also a category term the
 * phrase begins ("bla" while typing "blazer").
 */
export function categoriesNamed(phrase: string, options: { prefix?: boolean; typos?: TypoLevel } = {}): CategoryValue[] {
  const written = phrase.toLowerCase().trim().replace(/[-_]+/g, " ").replace(/\s+/g, " ");
  const key = singular(written);
  if (key === "") return [];
  const found = new Set<CategoryValue>();
  const level = options.typos ?? "strict";
  for (const { term, category } of TERMS) {
    if (term === key || term === written) found.add(category);
    else if (oneTypoApart(written, term, level) || oneTypoApart(key, term, level)) found.add(category);
    else if (options.prefix && key.length >= 2 && term.startsWith(key)) found.add(category);
  }
  return [...found];
}

const COLOUR_WORDS: readonly string[] = Object.keys(NAME_TO_FAMILY).filter((name) => name.length >= 4);

/**
 * The colour a misspelt word means ("whte" -> white, "navvy" -> navy), when it is one typo from
 * exactly one colour name of 4 letters or more (for a misspelt word, a typo or the same sound: of
 * "wite"'s near colours, white and wine, only white sounds the same); null for a colour spelt
 * right, or none or several.
 */
export function colourMeant(word: string, level: "forgiving" | "misspelt" = "forgiving"): string | null {
  if (word.length < 4 || Object.hasOwn(NAME_TO_FAMILY, word)) return null;
  const near = COLOUR_WORDS.filter((name) => oneTypoApart(word, name, level));
  if (near.length === 1) return near[0] ?? null;
  const alike = near.filter((name) => soundOf(name) === soundOf(word));
  return alike.length === 1 ? (alike[0] ?? null) : null;
}

type ReadOptions = {
  /** The last word is still being typed (suggestions). */
  prefix?: boolean;
  /** A second try after the search as typed found nothing. */
  forgiving?: boolean;
  /** Words no listable product contains (`wordsToCheck`, asked of the database): read as misspellings. */
  misspelt?: ReadonlySet<string>;
};

/**
 * The words of a search, lower case, without stop words and punctuation, at most MAX_SEARCH_WORDS.
 * `forgiving` reads them for a second try when the search as typed found nothing: shorter words
 * may be typos of a category, and a misspelt colour is matched as the colour. A word in `misspelt`
 * is read as a misspelling from the first try, whatever the other words found ("wite shirt").
 */
export function searchWords(q: string, options: ReadOptions = {}): SearchWord[] {
  const raw = q
    .toLowerCase()
    // Accents off Latin letters ("agbádá", "kaftán", "crème"): the catalogue's names are written
    // without them, and a shopper's keyboard may add them. Other scripts' marks stay.
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .normalize("NFKC")
    // A word holds its marks: Devanagari's vowel signs are marks, not breaks between words.
    .split(/[^\p{L}\p{M}\p{N}]+/u)
    .filter((w) => w !== "");
  // While typing, the last word is a prefix even when it is (so far) a stop word: "navy s" is on its way to "navy suit".
  const kept = raw.filter((w, i) => !STOP_WORDS.has(w) || (options.prefix === true && i === raw.length - 1));
  const narrowing = kept.filter((w) => !SHOP_WIDE_WORDS.has(w));
  const words = (narrowing.length > 0 ? narrowing : kept).slice(-MAX_SEARCH_WORDS);
  return words.map((text, i) => {
    const pair = i + 1 < words.length ? `${text} ${words[i + 1]}` : null;
    const last = i === words.length - 1;
    const misspelt = options.misspelt?.has(text) === true && !STOP_WORDS.has(text);
    const forgiving = options.forgiving === true;
    const typos: TypoLevel = misspelt ? "misspelt" : forgiving ? "forgiving" : "strict";
    const categories = new Set([
      ...categoriesNamed(text, { prefix: options.prefix === true && last, typos }),
      ...(pair === null ? [] : categoriesNamed(pair, { typos: forgiving ? "forgiving" : "strict" })),
    ]);
    return {
      text,
      match: SPELLINGS[text] ?? text,
      typos: text.length >= MIN_TYPO_WORD_LENGTH,
      categories: [...categories],
      stop: STOP_WORDS.has(text),
      // A word still being typed is a prefix, not a misspelling, unless no product has a word it begins.
      colour: misspelt ? colourMeant(text, "misspelt") : forgiving && !(options.prefix === true && last) ? colourMeant(text) : null,
    };
  });
}

/**
 * The words whose reading as a misspelling would find something more (a category or a colour they
 * may mean: "sute", "tye", "wite"), so the database is asked whether any listable product contains
 * them; a word the catalogue contains is never read as another ("wool" stays wool).
 */
export function wordsToCheck(q: string, options: { prefix?: boolean } = {}): string[] {
  const asTyped = searchWords(q, options);
  const all = new Set(asTyped.map((w) => w.text));
  const asMisspelt = searchWords(q, { ...options, misspelt: all });
  return asTyped.flatMap((word, i) => {
    const other = asMisspelt[i];
    const more = other !== undefined && (other.colour !== null || other.categories.some((c) => !word.categories.includes(c)));
    return more ? [word.text] : [];
  });
}
