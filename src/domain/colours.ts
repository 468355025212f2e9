// Colour families (storefront.md section 9 "Colour families": colour names map to 14 families
// with fixed hex values). Used for the colour dots on product cards and the swatches on the
// product page.

export type ColourFamily =
  | "red"
  | "blue"
  | "green"
  | "yellow"
  | "orange"
  | "purple"
  | "pink"
  | "black"
  | "white"
  | "gray"
  | "brown"
  | "gold"
  | "silver"
  | "multicolor";

export const COLOUR_FAMILIES: Readonly<Record<ColourFamily, string>> = {
  red: "#DC2626",
  blue: "#2563EB",
  green: "#16A34A",
  yellow: "#FACC15",
  orange: "#F97316",
  purple: "#9333EA",
  pink: "#EC4899",
  black: "#000000",
  white: "#FFFFFF",
  gray: "#6B7280",
  brown: "#8B5A2B",
  gold: "#D4AF37",
  silver: "#C0C0C0",
  // A single hex is needed for places that take one colour; swatches draw MULTICOLOUR_GRADIENT.
  multicolor: "#C026D3",
};

/** What a multicolor swatch paints (storefront.md section 2 "a 'Multi' marker for multicolor"). */
export const MULTICOLOUR_GRADIENT =
  "conic-gradient(#DC2626, #FACC15, #16A34A, #2563EB, #9333EA, #DC2626)";

/** Swatch colour for a name that belongs to no family. */
export const FALLBACK_COLOUR_HEX = "#D1D5DB";

/** storefront.md section 9 "Up to 4 colour dots per card". */
export const MAX_COLOUR_DOTS = 4;

// Names compared without case, spaces, hyphens or other punctuation: "Multi-Color",
// "multi colour" and "MULTICOLOR" are one key. Whole names are looked up first so that
// "Rose Gold" is gold (not pink) and "Off White" white; then each word of the name, last word
// first, because English puts the colour noun last ("Dark Navy", "Wine Red", "Light Blue").
const NAME_TO_FAMILY: Readonly<Record<string, ColourFamily>> = {
  // red
  red: "red", burgundy: "red", maroon: "red", wine: "red", crimson: "red", scarlet: "red",
  cherry: "red", ruby: "red", oxblood: "red", claret: "red", brick: "red",
  // blue
  blue: "blue", navy: "blue", navyblue: "blue", royal: "blue", royalblue: "blue", denim: "blue",
  denimblue: "blue", sky: "blue", skyblue: "blue", babyblue: "blue", cobalt: "blue",
  azure: "blue", indigo: "blue", teal: "blue", turquoise: "blue", aqua: "blue", cyan: "blue",
  sapphire: "blue", petrol: "blue",
  // green
  green: "green", olive: "green", emerald: "green", mint: "green", sage: "green", lime: "green",
  forest: "green", khakigreen: "green", army: "green", jade: "green", bottlegreen: "green",
  // yellow
  yellow: "yellow", mustard: "yellow", lemon: "yellow",
  // orange
  orange: "orange", coral: "orange", peach: "orange", rust: "orange", apricot: "orange",
  copper: "orange", tangerine: "orange",
  // purple
  purple: "purple", violet: "purple", lavender: "purple", lilac: "purple", plum: "purple",
  mauve: "purple", aubergine: "purple", eggplant: "purple",
  // pink
  pink: "pink", rose: "pink", blush: "pink", fuchsia: "pink", magenta: "pink", salmon: "pink",
  // black
  black: "black", jet: "black", jetblack: "black", onyx: "black", ebony: "black",
  // white: cream and ivory are white, as in the suit import (admin.md section 5 Cream -> White)
  white: "white", offwhite: "white", cream: "white", ivory: "white", snow: "white",
  pearl: "white", eggshell: "white",
  // gray
  gray: "gray", grey: "gray", charcoal: "gray", slate: "gray", ash: "gray", graphite: "gray",
  gunmetal: "gray", smoke: "gray",
  // brown: khaki and beige are brown, as in the suit import (admin.md section 5)
  brown: "brown", khaki: "brown", beige: "brown", tan: "brown", camel: "brown", taupe: "brown",
  chocolate: "brown", coffee: "brown", mocha: "brown", cognac: "brown", chestnut: "brown",
  sand: "brown", mahogany: "brown", bronze: "brown", stone: "brown", nude: "brown",
  // gold
  gold: "gold", golden: "gold", rosegold: "gold", champagne: "gold",
  // silver
  silver: "silver", platinum: "silver", chrome: "silver", steel: "silver",
  // multicolor (admin.md section 5: Multi-color and Traditional Print -> Multicolor)
  multi: "multicolor", multicolor: "multicolor", multicolour: "multicolor",
  multicolored: "multicolor", multicoloured: "multicolor", traditionalprint: "multicolor",
  print: "multicolor", printed: "multicolor", rainbow: "multicolor", assorted: "multicolor",
  mixed: "multicolor",
};

function compact(text: string): string {
  return text.toLowerCase().replace(/[^a-z]/g, "");
}

function familyOfPart(part: string): ColourFamily | null {
  const whole = NAME_TO_FAMILY[compact(part)];
  if (whole !== undefined) return whole;
  const words = part.toLowerCase().split(/[^a-z]+/).filter((w) => w !== "");
  for (let i = words.length - 1; i >= 0; i -= 1) {
    const family = NAME_TO_FAMILY[words[i] ?? ""];
    if (family !== undefined) return family;
  }
  return null;
}

/**
 * The family of a colour name ("Navy" -> blue, "Rose Gold" -> gold, "multi-color" ->
 * multicolor), or null when the name means nothing to us. A name listing colours of different
 * families ("Black/White", "Red & Gold", "Navy and Grey") is multicolor; one listing shades of
 * a single family ("Navy/Blue") stays in that family.
 */
export function colourFamily(name: string): ColourFamily | null {
  const whole = familyOfPart(name);
  const parts = name.split(/\s*(?:[/&+,|]|\band\b|\bwith\b)\s*/i).filter((p) => p.trim() !== "");
  if (parts.length <= 1) return whole;
  const families = new Set<ColourFamily>();
  for (const part of parts) {
    const family = familyOfPart(part);
    if (family !== null) families.add(family);
  }
  if (families.size > 1) return "multicolor";
  const [only] = families;
  return only ?? whole;
}

/** The family hex for a colour name, or FALLBACK_COLOUR_HEX for an unknown name. */
export function colourHex(name: string): string {
  const family = colourFamily(name);
  return family === null ? FALLBACK_COLOUR_HEX : COLOUR_FAMILIES[family];
}

/** Whether a colour name is multicolor (storefront.md section 2 "a 'Multi' marker"). */
export function isMulticolour(name: string): boolean {
  return colourFamily(name) === "multicolor";
}

/**
 * The colour dots of a product card: the first MAX_COLOUR_DOTS colours and how many more the
 * '+N' label counts (storefront.md section 2 "Up to 4 colour dots plus '+N' for the rest").
 */
export function colourDots(colours: readonly string[], max: number = MAX_COLOUR_DOTS): {
  shown: string[];
  more: number;
} {
  return { shown: colours.slice(0, max), more: Math.max(0, colours.length - max) };
}
