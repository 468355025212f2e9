// The category of a scraped product, chosen from words in its name (admin.md section 2 scraper
// card: the preview shows a category; the supplier's page does not use the shop's categories).
// The rules run in order and the first that matches wins, so "Tie Clip" is an accessory, not a
// tie, "Suit Jacket" a suit, and "White Linen Shirt" white wear. Words are whole words, so
// "jumpsuit" is not a suit and "tiepin" is not a tie.
import type { CategoryValue } from "../categories.ts";

type Rule = { category: CategoryValue; words?: readonly string[]; phrases?: readonly string[]; allOf?: readonly [readonly string[], readonly string[]] };

const RULES: readonly Rule[] = [
  { category: "accessories", phrases: ["tie clip", "tie bar", "tie pin", "pocket square", "pocket squares"], words: ["tiepin", "tieclip"] },
  { category: "kaftan", words: ["kaftan", "kaftans", "caftan", "caftans"] },
  {
    category: "Traditional Wear",
    words: ["agbada", "dashiki", "dashikis", "kente", "ankara", "senator", "boubou", "babban", "riga", "isiagu", "traditional", "kufi", "smock", "fugu"],
  },
  { category: "ties", words: ["tie", "ties", "necktie", "neckties", "bowtie", "bowties", "cravat", "cravats"] },
  {
    category: "shoes",
    words: ["shoe", "shoes", "loafer", "loafers", "brogue", "brogues", "boot", "boots", "sneaker", "sneakers", "trainer", "trainers", "derby", "derbies", "moccasin", "moccasins", "sandal", "sandals", "slipper", "slippers", "footwear", "mules", "espadrilles"],
    phrases: ["oxford shoe", "oxford shoes", "monk strap", "monk straps", "chelsea boot"],
  },
  {
    category: "accessories",
    words: ["belt", "belts", "cufflink", "cufflinks", "watch", "watches", "wallet", "wallets", "bag", "bags", "hat", "hats", "cap", "caps", "scarf", "scarves", "sunglasses", "socks", "bracelet", "bracelets", "ring", "rings", "necklace", "chain", "braces", "suspenders", "gloves", "umbrella", "briefcase", "accessory", "accessories", "handkerchief", "fedora"],
  },
  { category: "denim", words: ["denim", "jeans", "jean", "chambray"] },
  { category: "suits", words: ["suit", "suits", "tuxedo", "tuxedos", "tux", "waistcoat", "three-piece", "two-piece"] },
  { category: "blazers", words: ["blazer", "blazers", "jacket", "jackets", "sportcoat"], phrases: ["sport coat", "sports coat", "sports jacket"] },
  { category: "white-wear", allOf: [["white", "ivory"], ["shirt", "shirts", "trousers", "pants", "linen", "set", "outfit", "tunic", "shorts", "chinos"]] },
  { category: "shirts", words: ["shirt", "shirts", "t-shirt", "t-shirts", "tee", "tees", "polo", "polos", "henley", "overshirt"] },
];

/** Lower-case words of a text; hyphenated words are kept whole and also split ("t-shirt", "t", "shirt"). */
function wordsOf(text: string): string[] {
  const words: string[] = [];
  for (const raw of text.toLowerCase().split(/[^\p{L}\p{N}-]+/u)) {
    const word = raw.replace(/^-+|-+$/g, "");
    if (word === "") continue;
    words.push(word);
    if (word.includes("-")) words.push(...word.split("-").filter((part) => part !== ""));
  }
  return words;
}

function matches(rule: Rule, words: readonly string[], spaced: string): boolean {
  if (rule.phrases?.some((phrase) => spaced.includes(` ${phrase} `))) return true;
  if (rule.words?.some((word) => words.includes(word))) return true;
  if (rule.allOf) {
    const [first, second] = rule.allOf;
    return first.some((word) => words.includes(word)) && second.some((word) => words.includes(word));
  }
  return false;
}

/** The shop category a product name points at, or null when no word of it names one. */
export function categoryFromProductName(name: string): CategoryValue | null {
  const words = wordsOf(name);
  const spaced = ` ${words.filter((word) => !word.includes("-")).join(" ")} `;
  return RULES.find((rule) => matches(rule, words, spaced))?.category ?? null;
}

/**
 * The name first; when it names no category, the page's own category or breadcrumb text
 * ("Men > Footwear > Loafers"), read with the same words.
 */
export function guessScrapedCategory(name: string, pageCategory?: string | null): CategoryValue | null {
  return categoryFromProductName(name) ?? (pageCategory ? categoryFromProductName(pageCategory) : null);
}
